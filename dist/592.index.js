export const id = 592;
export const ids = [592];
export const modules = {

/***/ 4592:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   describeSchedule: () => (/* binding */ describeSchedule)
/* harmony export */ });
/* harmony import */ var cronstrue__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2507);
/* harmony import */ var cronstrue__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(cronstrue__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var croner__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5814);
// The scan schedule in words and its next run. The service does not say which time zone its crontab
// uses (service-api.md is silent), so it is read as UTC, and the words say so.


function describeSchedule(crontab, enabled, now) {
    const expression = crontab.trim();
    return {
        crontab,
        enabled,
        description: describeCrontab(expression),
        nextRun: enabled ? nextRunAfter(expression, now) : null,
    };
}
/** "At 02:00, Monday through Friday (UTC)", or null when the expression cannot be read. */
function describeCrontab(expression) {
    if (expression === '')
        return null;
    try {
        const words = cronstrue__WEBPACK_IMPORTED_MODULE_0___default().toString(expression, {
            use24HourTimeFormat: true,
            verbose: false,
            throwExceptionOnParseError: true,
        });
        return `${words} (UTC)`;
    }
    catch {
        return null;
    }
}
/** ISO date-time of the first run after `now`, or null when unreadable or it never runs again. */
function nextRunAfter(expression, now) {
    if (expression === '')
        return null;
    try {
        // paused and without a callback: croner only computes dates, it starts no timer.
        const job = new croner__WEBPACK_IMPORTED_MODULE_1__/* .Cron */ .l4(expression, { timezone: 'UTC', paused: true });
        const next = job.nextRun(now);
        job.stop();
        return next ? next.toISOString() : null;
    }
    catch {
        return null;
    }
}


/***/ })

};
