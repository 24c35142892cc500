export const id = 697;
export const ids = [697];
export const modules = {

/***/ 725:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ plural),
/* harmony export */   Z: () => (/* binding */ formatNumber)
/* harmony export */ });
// Locale-independent numbers and plurals, shared by the policy's sentences and the reports.
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
/** `1,234.5`; `—` for a value that is not a finite number. */
function formatNumber(n) {
    return typeof n === 'number' && Number.isFinite(n) ? NUMBER.format(n) : '—';
}
/** `1 alert`, `2 alerts`; `plural` when the word does not take an `s`. */
function plural(count, singular, pluralForm = `${singular}s`) {
    return `${formatNumber(count)} ${count === 1 ? singular : pluralForm}`;
}


/***/ }),

/***/ 1305:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BV: () => (/* binding */ parsePackageIdentifier),
/* harmony export */   I0: () => (/* binding */ manifestLocator),
/* harmony export */   Y5: () => (/* binding */ packageMatches),
/* harmony export */   _O: () => (/* binding */ fallbackLocation),
/* harmony export */   e9: () => (/* binding */ repoRelativePath),
/* harmony export */   hD: () => (/* binding */ locationOf),
/* harmony export */   lL: () => (/* binding */ packageLabel),
/* harmony export */   nN: () => (/* binding */ packageVersionLabel),
/* harmony export */   v9: () => (/* binding */ FALLBACK_MANIFEST_PATH)
/* harmony export */ });
/* unused harmony export locateAlerts */
/**
 * Where an alert is located when the repository has no manifest the package search knows of. Every
 * repository that runs this action has a `.github/` folder, and no real file has this name, so the
 * location cannot be mistaken for a real manifest line; it never changes, so SARIF fingerprints stay stable.
 */
const FALLBACK_MANIFEST_PATH = '.github/security-gate';
/** Parses a package URL, `name@version` (also `@scope/name@version`, `group:artifact:version`) or a name. */
function parsePackageIdentifier(id) {
    const text = id.trim();
    if (/^pkg:/i.test(text))
        return parsePurl(text.slice(4));
    const at = text.lastIndexOf('@');
    // `@` at 0 starts an npm scope, not a version.
    const name = at > 0 ? text.slice(0, at) : text;
    const version = at > 0 ? text.slice(at + 1) || null : null;
    if (name === '')
        return null;
    // Maven coordinates: `group:artifact` or `group:artifact:version`.
    const parts = name.split(':');
    if ((parts.length === 2 || (parts.length === 3 && version === null)) && parts.every((p) => p !== '')) {
        const [group = '', artifact = '', coordinateVersion = null] = parts;
        return { ecosystem: null, name: artifact, version: version ?? coordinateVersion, namespace: group };
    }
    return { ecosystem: null, name, version, namespace: null };
}
/** `type/namespace/name@version?qualifiers#subpath` (after `pkg:`); qualifiers and subpath are ignored. */
function parsePurl(rest) {
    // The purl spec tolerates slashes after the scheme (`pkg://npm/...`).
    const body = (rest.split('#', 1)[0] ?? '').split('?', 1)[0]?.replace(/^\/+/, '') ?? '';
    const slash = body.indexOf('/');
    if (slash <= 0)
        return null;
    const ecosystem = body.slice(0, slash).toLowerCase();
    let path = body.slice(slash + 1);
    let version = null;
    const at = path.lastIndexOf('@');
    // An `@` right after a `/` is an unencoded npm scope (`pkg:npm/@babel/core`), not a version.
    if (at > 0 && path[at - 1] !== '/') {
        version = decode(path.slice(at + 1)) || null;
        path = path.slice(0, at);
    }
    const segments = path
        .split('/')
        .filter((s) => s !== '')
        .map(decode);
    const name = segments.pop();
    if (!name)
        return null;
    if (ecosystem === 'maven')
        return { ecosystem, name, version, namespace: segments.join('/') || null };
    // Elsewhere the namespace is part of the name the ecosystem uses: `@babel/core`, `github.com/gin-gonic/gin`.
    return { ecosystem, name: [...segments, name].join('/'), version, namespace: null };
}
function decode(s) {
    try {
        return decodeURIComponent(s);
    }
    catch {
        return s; // a stray `%` is taken literally rather than losing the identifier
    }
}
/** `lodash@4.17.20`, `org.apache.commons:commons-text@1.9`: the package as people write it. */
function packageLabel(identifier) {
    const id = parsePackageIdentifier(identifier);
    if (id === null)
        return identifier.trim();
    const name = id.namespace === null ? id.name : `${id.namespace}:${id.name}`;
    return id.version === null ? name : `${name}@${id.version}`;
}
// Names services and package URLs use for the same ecosystem; compared lower-cased.
const ECOSYSTEM_SYNONYMS = new Map([
    ['pip', 'pypi'],
    ['go', 'golang'],
    ['rubygems', 'gem'],
    ['crates', 'cargo'],
    ['crates.io', 'cargo'],
]);
function canonicalEcosystem(ecosystem) {
    const key = ecosystem?.trim().toLowerCase();
    if (!key)
        return null;
    return ECOSYSTEM_SYNONYMS.get(key) ?? key;
}
/** Go tags carry a `v` (`v1.6.0`) that other sources drop. */
function canonicalVersion(version) {
    return version
        .trim()
        .toLowerCase()
        .replace(/^v(?=\d)/, '');
}
/** Lower-cased; for PyPI also PEP 503 (`typing_extensions` is `typing-extensions`). */
function canonicalName(name, ecosystem) {
    const lower = name.trim().toLowerCase();
    return ecosystem === 'pypi' ? lower.replace(/[-_.]+/g, '-') : lower;
}
/** The part after the last `/` or `:`: a Maven artifact id without its group. */
function lastSegment(name) {
    return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf(':')) + 1);
}
/** Whether an SCA package is the one the identifier names. */
function packageMatches(id, pkg) {
    const idEcosystem = canonicalEcosystem(id.ecosystem);
    const pkgEcosystem = canonicalEcosystem(pkg.ecosystem);
    if (idEcosystem !== null && pkgEcosystem !== null && idEcosystem !== pkgEcosystem)
        return false;
    if (id.version !== null &&
        pkg.version.trim() !== '' &&
        canonicalVersion(id.version) !== canonicalVersion(pkg.version)) {
        return false;
    }
    const ecosystem = idEcosystem ?? pkgEcosystem;
    const target = canonicalName(pkg.name, ecosystem);
    const forms = id.namespace === null ? [id.name] : [id.name, `${id.namespace}:${id.name}`, `${id.namespace}/${id.name}`];
    if (forms.some((form) => canonicalName(form, ecosystem) === target))
        return true;
    // A Maven package may be listed as `group:artifact` while the identifier gives only the artifact.
    return ecosystem === 'maven' && id.namespace === null && lastSegment(target) === canonicalName(id.name, ecosystem);
}
/** Relative to the repository root with forward slashes, as annotations and SARIF want it. */
function repoRelativePath(path) {
    return path
        .trim()
        .replace(/\\/g, '/')
        .replace(/\/{2,}/g, '/')
        .replace(/^(\.\/|\/)+/, '');
}
function line(n) {
    return n !== null && Number.isFinite(n) ? Math.max(1, Math.floor(n)) : 1;
}
function column(n) {
    return n !== null && Number.isFinite(n) && n >= 1 ? Math.floor(n) : undefined;
}
/** `name@version` of an SCA package, or its name when it has no version. */
function packageVersionLabel(pkg) {
    return pkg.version.trim() === '' ? pkg.name : `${pkg.name}@${pkg.version}`;
}
/** The package's declaration, or null when the search gave no manifest path. */
function locationOf(pkg) {
    const path = repoRelativePath(pkg.manifestPath);
    if (path === '')
        return null;
    const startLine = line(pkg.manifestStartLine);
    const endLine = Math.max(startLine, line(pkg.manifestEndLine));
    const startColumn = column(pkg.manifestStartColumn);
    let endColumn = column(pkg.manifestEndColumn);
    // On one line, an end before the start is not a region.
    if (endLine === startLine && startColumn !== undefined && endColumn !== undefined && endColumn < startColumn) {
        endColumn = undefined;
    }
    const label = packageVersionLabel(pkg);
    return {
        path,
        startLine,
        endLine,
        ...(startColumn === undefined ? {} : { startColumn }),
        ...(endColumn === undefined ? {} : { endColumn }),
        package: label,
    };
}
/** Line 1 of the repository's first manifest, else of {@link FALLBACK_MANIFEST_PATH}. */
function fallbackLocation(packages = []) {
    const first = packages.map((p) => repoRelativePath(p.manifestPath)).find((path) => path !== '');
    return { path: first ?? FALLBACK_MANIFEST_PATH, startLine: 1, endLine: 1, package: null };
}
/** Candidate bucket: every true match shares it, so matching stays linear in alerts × bucket size. */
function bucketKey(name) {
    return lastSegment(canonicalName(name, 'pypi'));
}
/**
 * Where a package identifier is declared: one location per matching package (same file and line
 * once), else one fallback location. Many alerts name the same package: each identifier is parsed
 * and matched once.
 */
function manifestLocator(packages) {
    const buckets = new Map();
    for (const pkg of packages) {
        const key = bucketKey(pkg.name);
        const bucket = buckets.get(key);
        if (bucket)
            bucket.push(pkg);
        else
            buckets.set(key, [pkg]);
    }
    const fallback = fallbackLocation(packages);
    const found = new Map();
    const locate = (identifier) => {
        const id = parsePackageIdentifier(identifier);
        const candidates = id === null ? [] : (buckets.get(bucketKey(id.name)) ?? []);
        const locations = new Map();
        for (const pkg of candidates) {
            if (id === null || !packageMatches(id, pkg))
                continue;
            const location = locationOf(pkg);
            const key = location && `${location.path}\n${location.startLine}`;
            if (location && key && !locations.has(key))
                locations.set(key, location);
        }
        return locations.size > 0 ? [...locations.values()] : [{ ...fallback }];
    };
    return (identifier) => {
        let locations = found.get(identifier);
        if (!locations)
            found.set(identifier, (locations = locate(identifier)));
        return locations;
    };
}
/** Each alert with its `locations`; with `packages` null (the search was not read), unchanged. */
function locateAlerts(alerts, packages) {
    if (packages === null)
        return alerts;
    const locate = manifestLocator(packages);
    return alerts.map((e) => ({ ...e, locations: locate(e.package) }));
}


/***/ }),

/***/ 3863:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Am: () => (/* binding */ worseCopy),
/* harmony export */   M0: () => (/* binding */ meetsThreshold),
/* harmony export */   md: () => (/* binding */ worstFirst),
/* harmony export */   qJ: () => (/* binding */ alertSeverity),
/* harmony export */   qs: () => (/* binding */ severityRank)
/* harmony export */ });
/* unused harmony export severityFromScore */
// A Map, not an object literal: a service word like "constructor" must not hit Object.prototype.
const NAMED = new Map([
    ['critical', 'critical'],
    ['high', 'high'],
    ['medium', 'medium'],
    ['moderate', 'medium'], // GitHub advisories say "moderate"
    ['important', 'high'], // Red Hat and Microsoft say "important"
    ['low', 'low'],
]);
const RANK = { critical: 4, high: 3, medium: 2, low: 1, unknown: 0 };
/** Severity from a CVSS v3 score; anything not a positive finite number is `unknown`. */
function severityFromScore(score) {
    if (typeof score !== 'number' || !Number.isFinite(score) || score <= 0)
        return 'unknown';
    // Scores above 10 are out of the CVSS range; they still band as critical so a bad value cannot open the gate.
    if (score >= 9)
        return 'critical';
    if (score >= 7)
        return 'high';
    if (score >= 4)
        return 'medium';
    return 'low';
}
/** The named severity when the service gives a known word, else the score's band, else `unknown`. */
function alertSeverity(word, score) {
    return NAMED.get(typeof word === 'string' ? word.trim().toLowerCase() : '') ?? severityFromScore(score);
}
/** critical 4 … low 1, unknown 0. */
function severityRank(s) {
    return RANK[s];
}
/** Whether an alert of severity `s` fails a gate set at `t`. `unknown` fails only at `low`. */
function meetsThreshold(s, t) {
    if (t === 'none')
        return false;
    if (s === 'unknown')
        return t === 'low';
    return RANK[s] >= RANK[t];
}
/** Plain code-unit order: locale-free, so the order is the same on every runner. */
function compareText(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
/**
 * Worst first: severity, then score descending (no score last), then advisory id, then alert id,
 * so the order does not depend on the order the service returned the alerts in.
 */
function worstFirst(a, b) {
    const bySeverity = RANK[b.severity] - RANK[a.severity];
    if (bySeverity !== 0)
        return bySeverity;
    if (a.score !== b.score) {
        if (a.score === null)
            return 1;
        if (b.score === null)
            return -1;
        return b.score - a.score;
    }
    return compareText(a.advisory, b.advisory) || compareText(a.id, b.id);
}
/**
 * Of two copies of one alert, the one that counts (contract, "Duplicates"): alerted over not
 * alerted, then the higher severity, then the higher score.
 */
function worseCopy(a, b) {
    if (a.alerted !== b.alerted)
        return a.alerted ? a : b;
    if (a.severity !== b.severity)
        return RANK[a.severity] >= RANK[b.severity] ? a : b;
    return (b.score ?? -Infinity) > (a.score ?? -Infinity) ? b : a;
}


/***/ }),

/***/ 6697:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  evaluate: () => (/* binding */ evaluate),
  failureMessage: () => (/* reexport */ failureMessage),
  stepFails: () => (/* reexport */ stepFails)
});

// UNUSED EXPORTS: postureWindow

;// CONCATENATED MODULE: ./src/api/errors.ts
const KIND_ADVICE = {
    credentials: 'Check api-token-id and api-token-secret (and that the token may read this organization).',
    request: 'Check the inputs sent to the service (organization-id, repository-id, app-id).',
    server: 'The service is failing; try again later or raise max-retries.',
    network: "Check api-url and that the runner can reach the service (behind a proxy: https_proxy and no_proxy; an intercepting proxy's CA in NODE_EXTRA_CA_CERTS).",
    timeout: 'The service did not answer in time; raise request-timeout-seconds or try again later.',
    redirect: 'Point api-url at the final address of the service.',
    'invalid-response': 'The service answered something this action does not understand; check api-url.',
    'too-large': 'The answer was larger than this action reads; a page of alerts that large is asked for again in smaller pages, anything else is a fault of the service.',
    incomplete: 'The service did not return everything it announced, and the gate cannot vouch for what it did not see; try again, and report it to the service if it persists.',
};
class ApiError extends Error {
    endpoint;
    kind;
    detail;
    status;
    attempts;
    name = 'ApiError';
    constructor(endpoint, kind, detail, status = null, attempts = 1, 
    /** What it wraps, kept for the debug log (as anchore/scan-action does). */
    cause) {
        const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
        super(`${endpoint} failed${tries}: ${detail} ${KIND_ADVICE[kind]}`, cause === undefined ? undefined : { cause });
        this.endpoint = endpoint;
        this.kind = kind;
        this.detail = detail;
        this.status = status;
        this.attempts = attempts;
    }
}

;// CONCATENATED MODULE: ./src/api/redaction.ts
// A server may echo what it was sent; a token value must never reach a message, the summary or a
// file (contract). Redacted in every message and in every decoded string of the data, since JSON
// may spell a token with escapes (`\/`, `\u0026`) that raw text search misses.
/** Replaces every secret (of 4+ characters) in a text with `***`. */
function redactor(secrets) {
    const values = secrets.filter((t) => t.length >= 4);
    return (text) => values.some((t) => text.includes(t)) ? values.reduce((s, t) => s.split(t).join('***'), text) : text;
}
/**
 * Whether the raw JSON text could hold a secret once decoded: it does when a secret stands in it
 * as written or as JSON writes it, or when the text uses `\u` or `\/` escapes, which can spell
 * any character. Without any of them no decoded string can, and the walk of every string is skipped
 * (a page of 1,000 alerts has tens of thousands of strings).
 */
function mayHoldSecret(json, secrets) {
    if (json.includes('\\u') || json.includes('\\/'))
        return true;
    // A token as written and as JSON writes it: the same text for most tokens, so scanned once.
    const forms = new Set(secrets.filter((t) => t.length >= 4).flatMap((t) => [t, JSON.stringify(t).slice(1, -1)]));
    for (const form of forms)
        if (json.includes(form))
            return true;
    return false;
}
/** Applies `redact` to every string (keys too) of parsed JSON, in place; iterative, as JSON may nest deeply. */
function redactStrings(root, redact) {
    if (typeof root === 'string')
        return redact(root);
    const stack = [root];
    while (stack.length > 0) {
        const node = stack.pop();
        if (!node || typeof node !== 'object')
            continue;
        for (const key of Object.keys(node)) {
            const record = node;
            const value = record[key];
            if (typeof value === 'string')
                record[key] = redact(value);
            else if (value && typeof value === 'object')
                stack.push(value);
            const clean = redact(key);
            if (clean !== key) {
                record[clean] = record[key];
                delete record[key];
            }
        }
    }
    return root;
}

// EXTERNAL MODULE: ./src/api/transport.ts
var transport = __webpack_require__(3841);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core = __webpack_require__(8532);
// EXTERNAL MODULE: ./src/model.ts
var model = __webpack_require__(182);
// EXTERNAL MODULE: ./src/policy/severity.ts
var severity = __webpack_require__(3863);
;// CONCATENATED MODULE: ./src/api/schemas.ts
// Zod schemas of every request and response in shared/spec/service-api.md. Responses the action
// reads are turned into the model's own types here (wire data stops at this edge), keeping only
// the fields it uses; fields the spec does not list are accepted and dropped (zod's default).



// ---------- shared scalars ----------
/** `date` in the spec: YYYY-MM-DD. */
const isoDate = schemas/* string */.YjP().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');
/** `date-time` in the spec. Lenient on the exact ISO form (offsets, fractions), strict on being a date. */
const isoDateTime = schemas/* string */.YjP().refine((s) => !Number.isNaN(Date.parse(s)), 'expected an ISO 8601 date-time');
const id = schemas/* string */.YjP();
// Tolerant reader (contract, "Verdict integrity"): a number may come as a numeric string ("9.8");
// what only a report shows may be null, missing or unusable and reads as "not available" (null or
// empty); what the gate needs is required and makes the response, or the one alert, an error.
/** A number, also when sent as a numeric string. */
const numeric = schemas/* union */.KCZ([
    schemas/* number */.aig(),
    schemas/* string */.YjP()
        .trim()
        .regex(/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/, 'expected a number')
        .transform(Number),
]);
const count = numeric.pipe(schemas/* number */.aig().int().nonnegative());
/** Report-only number: null when missing, null or not a number. */
const statistic = numeric.nullable().catch(null);
/**
 * Text as JS can always encode it: a lone UTF-16 surrogate (valid in JSON, as `\ud800`) becomes
 * U+FFFD, or encodeURI would throw on it in a report link after the verdict was decided.
 */
const wellFormed = (s) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
/** Report-only text: '' when missing, null or not a string. */
const prose = schemas/* string */.YjP()
    .nullable()
    .catch(null)
    .transform((s) => wellFormed(s ?? ''));
/** Report-only list of strings: [] when missing or null; non-strings dropped. */
const strings = schemas/* array */.YOg(schemas/* unknown */.L5J())
    .nullable()
    .catch(null)
    .transform((items) => (items ?? []).filter((item) => typeof item === 'string'));
/**
 * Report-only long text (summary, description): longer than any report shows is cut here, so a
 * service that sends 100 KB descriptions does not fill the memory with them.
 */
const MAX_TEXT = 4096;
/** Links: the reports show at most ten; an advisory may list thousands. */
const MAX_REFERENCES = 20;
/** Report-only date-time: null when missing or not one (by its form: it is only shown). */
const when = schemas/* string */.YjP()
    .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/)
    .nullable()
    .catch(null);
/** An id that may come as a number. */
const anyId = schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* number */.aig().transform(String)]);
/** An id the action cannot do without: `message` when missing, null or empty. */
const requiredId = (message) => schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* number */.aig().transform(String)], { error: message }).pipe(schemas/* string */.YjP().trim().min(1, message));
/** Reads each element of an array on its own: one bad element does not spoil the others. */
function eachOf(read) {
    return schemas/* array */.YOg(schemas/* unknown */.L5J())
        .nullable()
        .transform((items) => (items ?? []).map(read));
}
/** An element read with `schema`, or what was wrong with it. */
function readWith(schema) {
    return (item) => {
        const parsed = schema.safeParse(item);
        return parsed.success ? (0,model/* success */.kX)(parsed.data) : (0,model/* failure */.V2)(parsed.error.issues.map(describeIssue).join('; '));
    };
}
/** Only the elements that could be read (for report-only lists, which may also be missing). */
function usable(schema) {
    return schemas/* array */.YOg(schemas/* unknown */.L5J())
        .nullish()
        .catch(null)
        .transform((items) => (items ?? []).map(readWith(schema)).flatMap((item) => (item.ok ? [item.value] : [])));
}
/** "metadata.id: expected string" */
function describeIssue(issue) {
    const path = issue.path
        .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i ? '.' : ''}${String(part)}`))
        .join('');
    return path ? `${path}: ${issue.message}` : issue.message;
}
/** The paging fields of the two paged searches (packages, alerts): request and response halves. */
const pageRequest = {
    organizationId: schemas/* string */.YjP().optional(),
    repositoryIds: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
    page: schemas/* number */.aig().int().min(1, 'page must be >= 1').optional(),
    pageSize: schemas/* number */.aig().int().min(1, 'pageSize must be >= 1').optional(),
};
/** totalCount decides how many pages there are and whether the read is complete: required. */
const pageResponse = {
    totalCount: count,
    page: statistic,
    /** The page size the server answered with; null when it did not say. */
    pageSize: numeric.pipe(schemas/* number */.aig().int().min(1)).nullable().catch(null),
};
// ---------- 1. stats/securityPosture ----------
/** A trend point's date: YYYY-MM-DD, or a date-time read as its date. */
const trendDate = schemas/* string */.YjP().transform((text, ctx) => {
    const date = /^\d{4}-\d{2}-\d{2}/.exec(text.trim())?.[0];
    if (date && !Number.isNaN(Date.parse(date)))
        return date;
    ctx.addIssue({ code: 'custom', message: 'expected a date' });
    return core/* NEVER */.tm;
});
const trendPointSchema = schemas/* object */.Ikc({ date: trendDate, openIssues: statistic, riskScore: statistic });
const postureRowSchema = schemas/* object */.Ikc({
    id: anyId,
    name: prose,
    riskScore: statistic,
    openIssues: statistic,
    criticalIssues: statistic,
});
const postureSchema = schemas/* object */.Ikc({
    summary: schemas/* object */.Ikc({
        overAllRiskScore: statistic,
        totalOpenIssues: statistic,
        criticalIssues: statistic,
        highIssues: statistic,
        mediumIssues: statistic,
        lowIssues: statistic,
        meanRemediationTime: statistic,
        riskTrend: schemas/* string */.YjP().nullable().catch(null),
    })
        .nullable()
        .catch(null)
        .transform((summary) => summary ?? emptySummary()),
    // Points without a date cannot be placed on the chart; the rest are put in date order.
    trends: usable(trendPointSchema).transform((points) => points.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))),
    repositoryRiskScores: usable(postureRowSchema),
});
function emptySummary() {
    return {
        overAllRiskScore: null,
        totalOpenIssues: null,
        criticalIssues: null,
        highIssues: null,
        mediumIssues: null,
        lowIssues: null,
        meanRemediationTime: null,
        riskTrend: null,
    };
}
const postureRequestSchema = schemas/* object */.Ikc({
    organizationId: schemas/* string */.YjP().optional(),
    projectId: schemas/* string */.YjP().optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    timeGranularity: schemas/* string */.YjP().optional(),
    severities: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
});
/** The first posture of the array, or null when there is none. */
const postureResponseSchema = schemas/* array */.YOg(postureSchema)
    .nullable()
    .transform((list) => list?.[0] ?? null);
// ---------- 2. stats/timeSaved ----------
const timeSavedRequestSchema = schemas/* object */.Ikc({
    organizationId: schemas/* string */.YjP().optional(),
    projectId: schemas/* string */.YjP().optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
});
const timeSavedSchema = schemas/* object */.Ikc({
    totalMinutesSaved: statistic,
    patchingMinutesSaved: statistic,
    validationMinutesSaved: statistic,
});
// ---------- 3. sca/packages/search, 4. sca/licenses/search ----------
/** A package needs a name to be matched; the rest only places it in a file. */
const scaPackageSchema = schemas/* object */.Ikc({
    id: anyId.nullable().catch(null),
    name: schemas/* string */.YjP().min(1).transform(wellFormed),
    version: prose,
    ecosystem: prose,
    manifestPath: prose,
    manifestStartLine: statistic,
    manifestEndLine: statistic,
    manifestStartColumn: statistic,
    manifestEndColumn: statistic,
})
    .transform(({ id, ...pkg }) => ({
    ...pkg,
    // Without an id, a package is told apart by what it is and where.
    id: id ?? `${pkg.ecosystem}:${pkg.name}@${pkg.version}:${pkg.manifestPath}:${pkg.manifestStartLine ?? ''}`,
}));
const packagesRequestSchema = schemas/* object */.Ikc({
    ...pageRequest,
    searchQuery: schemas/* string */.YjP().optional(),
    ecosystems: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
});
const packagesResponseSchema = schemas/* object */.Ikc({ packages: usable(scaPackageSchema), ...pageResponse });
const licensesRequestSchema = schemas/* object */.Ikc({
    organizationId: schemas/* string */.YjP().optional(),
    repositoryIds: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
});
/** A license's package: matched to license-exceptions by name, so a package without one is named by its id. */
function readLicensePackage(value) {
    const named = value &&
        typeof value === 'object' &&
        !(typeof value.name === 'string' && value.name !== '')
        ? { ...value, name: value.id }
        : value;
    return readWith(scaPackageSchema)(named);
}
/**
 * A license entry, with every package read on its own. Under a license policy this read decides
 * the verdict: an entry or a package that cannot be read is reported by position (see gather.ts),
 * never dropped, since a dropped GPL package would pass a deny list.
 */
const scaLicenseSchema = schemas/* object */.Ikc({
    id: schemas/* string */.YjP().nullable().catch(null),
    name: schemas/* string */.YjP().nullable().catch(null),
    packages: eachOf(readLicensePackage),
});
const licensesResponseSchema = schemas/* object */.Ikc({ licenses: eachOf(readWith(scaLicenseSchema)) });
// ---------- 5. sca/alerts/search ----------
/** Reachability counts; not analysed (null) when missing, empty, or any count is not a number. */
const reachabilitySchema = schemas/* object */.Ikc({ reachable: count, needsReview: count, unreachable: count })
    .nullable()
    .catch(null);
/**
 * An alert exactly as the spec describes it. Most answers are this, and zod checks a plain object
 * like it several times faster than the tolerant reader below, which only reads what this refuses.
 */
const wellFormedAlertSchema = schemas/* object */.Ikc({
    id: schemas/* string */.YjP().regex(/\S/),
    isAlerted: schemas/* boolean */.zMY(),
    createdAt: schemas/* string */.YjP().optional(),
    updatedAt: schemas/* string */.YjP().optional(),
    metadata: schemas/* object */.Ikc({
        id: schemas/* string */.YjP().regex(/\S/),
        severity: schemas/* string */.YjP().nullable().optional(),
        severityScore: schemas/* number */.aig().nullable().optional(),
        packageIdentifier: schemas/* string */.YjP(),
        summary: schemas/* string */.YjP(),
        description: schemas/* string */.YjP(),
        aliases: schemas/* array */.YOg(schemas/* string */.YjP()),
        references: schemas/* array */.YOg(schemas/* string */.YjP()),
    }),
    languages: schemas/* array */.YOg(schemas/* string */.YjP()),
    reachabilityCounts: schemas/* object */.Ikc({ reachable: schemas/* number */.aig(), needsReview: schemas/* number */.aig(), unreachable: schemas/* number */.aig() })
        .nullable()
        .optional(),
});
/**
 * Any other alert, read field by field. What the gate needs (`id`, `metadata.id`) is required;
 * `isAlerted` is false only when the service says so; severity and score fall back as the
 * contract's "Severity" says; everything else only feeds the reports, and may be null or missing.
 */
const tolerantAlertSchema = schemas/* object */.Ikc({
    id: requiredId('the alert has no id'),
    isAlerted: schemas/* unknown */.L5J()
        .optional()
        .transform((v) => v !== false && v !== 'false'),
    createdAt: when.transform((v) => v ?? undefined),
    updatedAt: when.transform((v) => v ?? undefined),
    metadata: schemas/* object */.Ikc({
        id: requiredId('the alert has no advisory id (metadata.id)'),
        severity: schemas/* unknown */.L5J()
            .optional()
            .transform((v) => (typeof v === 'string' ? v : null)),
        severityScore: statistic,
        packageIdentifier: prose,
        summary: prose,
        description: prose,
        aliases: strings,
        references: strings,
    }, 'the alert has no metadata'),
    languages: strings,
    reachabilityCounts: reachabilitySchema,
});
const clipText = (s) => s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : s;
const isDateTime = (s) => s !== undefined && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s) ? s : null;
/** The model's Alert from the fields read: severity normalised, long text cut, nothing else kept. */
function toAlert({ metadata, ...alert }) {
    const score = metadata.severityScore ?? null;
    return {
        id: alert.id,
        advisory: metadata.id,
        aliases: metadata.aliases,
        severity: (0,severity/* alertSeverity */.qJ)(metadata.severity, score),
        score: score !== null && Number.isFinite(score) ? score : null,
        alerted: alert.isAlerted,
        reachability: alert.reachabilityCounts ?? null,
        package: wellFormed(metadata.packageIdentifier),
        summary: wellFormed(clipText(metadata.summary)),
        description: wellFormed(clipText(metadata.description)),
        references: metadata.references.slice(0, MAX_REFERENCES),
        languages: alert.languages,
        createdAt: isDateTime(alert.createdAt),
        updatedAt: isDateTime(alert.updatedAt),
    };
}
/** One alert as the model's Alert: the spec's shape on the fast path, else read tolerantly. */
function readAlert(value) {
    const wellFormed = wellFormedAlertSchema.safeParse(value);
    if (wellFormed.success)
        return (0,model/* success */.kX)(toAlert(wellFormed.data));
    const tolerant = tolerantAlertSchema.safeParse(value);
    return tolerant.success
        ? (0,model/* success */.kX)(toAlert(tolerant.data))
        : (0,model/* failure */.V2)(tolerant.error.issues.map(describeIssue).join('; '));
}
const alertsRequestSchema = schemas/* object */.Ikc({
    ...pageRequest,
    query: schemas/* string */.YjP().optional(),
    languages: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
    severities: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
    reachability: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
});
/** Each alert is read on its own: one that lacks what the gate needs is reported by position. */
const alertsResponseSchema = schemas/* object */.Ikc({ alerts: eachOf(readAlert), ...pageResponse });
// ---------- 6. installations/repositories ----------
const repositorySchema = schemas/* object */.Ikc({
    id: anyId.pipe(schemas/* string */.YjP().min(1)),
    repositoryUrl: prose,
    repositoryName: prose,
    // Only the platform the repository lives on is expected to be present.
    github: schemas/* object */.Ikc({ externalGithubRepositoryId: anyId.nullable().catch(null) })
        .nullable()
        .catch(null),
})
    .transform(({ github, ...repository }) => ({
    ...repository,
    externalGithubRepositoryId: github?.externalGithubRepositoryId ?? null,
}));
const repositoriesRequestSchema = schemas/* object */.Ikc({
    organizationId: schemas/* string */.YjP().optional(),
    appId: schemas/* string */.YjP().optional(),
});
// One entry another repository's data spoiled does not make this one unresolvable; a dropped entry
// can only end in "no match", never in the wrong repository.
const repositoriesResponseSchema = eachOf(readWith(repositorySchema)).transform((items) => items.flatMap((item) => (item.ok ? [item.value] : [])));
// ---------- 7. scans/get-schedule ----------
const scheduleRequestSchema = schemas/* object */.Ikc({
    organizationId: schemas/* string */.YjP().optional(),
    repositoryId: schemas/* string */.YjP().optional(),
});
/** null (no schedule) for an answer of null or with a null or empty crontab. */
const scheduleSchema = schemas/* object */.Ikc({
    repoId: anyId.nullable().catch(null),
    executionCriteriaCrontab: schemas/* string */.YjP().nullable().optional(),
    isEnabled: schemas/* boolean */.zMY().nullable().catch(null),
})
    .nullable()
    .transform((s) => s && s.executionCriteriaCrontab?.trim()
    ? { repoId: s.repoId, crontab: s.executionCriteriaCrontab, isEnabled: s.isEnabled ?? true }
    : null);
// ---------- 8. issues/get ----------
const issueStatus = schemas/* enum */.k5n([
    'open',
    'patched',
    'falsePositive',
    'notExploitable',
    'archived',
    'processing',
    'silenced',
]);
const vulnCategory = schemas/* enum */.k5n(['SAST', 'SCA', 'IAC', 'SECRETS', 'SMART_CONTRACT']);
const triagePhase = schemas/* enum */.k5n([
    'VulnerabilityValidation',
    'CodeGeneration',
    'QA',
    'Finished',
    'LowSeverity',
    'FinishedNoCode',
]);
const errorRecord = schemas/* object */.Ikc({
    id,
    rawError: schemas/* string */.YjP(),
    displayError: schemas/* string */.YjP(),
    errorType: schemas/* string */.YjP(),
    createdAt: isoDateTime,
});
const issueSchema = schemas/* object */.Ikc({
    id,
    repositoryId: id,
    status: issueStatus,
    generatedTitle: schemas/* string */.YjP(),
    generatedDescription: schemas/* string */.YjP(),
    language: schemas/* string */.YjP(),
    vulnClass: schemas/* string */.YjP(),
    cwes: schemas/* array */.YOg(schemas/* string */.YjP()),
    vulnCategory,
    severity: schemas/* number */.aig().int(),
    affectedFile: schemas/* string */.YjP(),
    sastCodeSegment: schemas/* string */.YjP(),
    startLine: schemas/* number */.aig().int(),
    endLine: schemas/* number */.aig().int(),
    isPrBlocked: schemas/* boolean */.zMY(),
    triagePhase,
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    url: schemas/* string */.YjP(),
    repositoryName: schemas/* string */.YjP().optional(),
    businessLogicScenario: schemas/* string */.YjP().optional(),
    confidence: schemas/* number */.aig().int().optional(),
    score: schemas/* number */.aig().int().optional(),
    startColumn: schemas/* number */.aig().int().optional(),
    endColumn: schemas/* number */.aig().int().optional(),
    validated: schemas/* enum */.k5n(['CONFIRMED', 'DISCONFIRMED', 'UNKNOWN']).nullable().optional(),
    validationSecurityAssessment: schemas/* string */.YjP().nullable().optional(),
    unpatchable: schemas/* boolean */.zMY().nullable().optional(),
    unpatchableReason: schemas/* string */.YjP().nullable().optional(),
    archivedAt: isoDateTime.nullable().optional(),
    noLongerDetectedAt: isoDateTime.nullable().optional(),
    noLongerDetectedReason: schemas/* string */.YjP().nullable().optional(),
    naturalLanguageRuleEvaluationId: schemas/* string */.YjP().nullable().optional(),
    naturalLanguageRuleViolationId: schemas/* string */.YjP().nullable().optional(),
    naturalLanguageRuleViolation: schemas/* object */.Ikc({
        id,
        ruleId: id,
        title: schemas/* string */.YjP(),
        description: schemas/* string */.YjP(),
        confidence: schemas/* number */.aig(),
        rule: schemas/* object */.Ikc({ id, name: schemas/* string */.YjP() }),
    })
        .nullable()
        .optional(),
    codeScan: schemas/* object */.Ikc({ id, scanTargetBranchCommitSha: schemas/* string */.YjP() }).optional(),
    stateChangeAuthor: schemas/* string */.YjP().optional(),
    closedBy: schemas/* object */.Ikc({ id, name: schemas/* string */.YjP(), email: schemas/* string */.YjP() }).nullable().optional(),
    falsePositiveReason: schemas/* string */.YjP().nullable().optional(),
    falsePositiveAt: isoDateTime.nullable().optional(),
    introducedBy: schemas/* object */.Ikc({
        contributorId: schemas/* string */.YjP(),
        userId: schemas/* string */.YjP(),
        name: schemas/* string */.YjP(),
        email: schemas/* string */.YjP(),
        platform: schemas/* string */.YjP(),
        username: schemas/* string */.YjP(),
        profileUrl: schemas/* string */.YjP(),
        profileImageUrl: schemas/* string */.YjP(),
        lineStart: schemas/* number */.aig(),
        lineEnd: schemas/* number */.aig(),
        timestamp: isoDateTime,
    })
        .nullable()
        .optional(),
    scaVulnerabilityAlertingGroupId: schemas/* string */.YjP().nullable().optional(),
    scaReachabilityAnalyses: schemas/* array */.YOg(schemas/* object */.Ikc({
        id,
        title: schemas/* string */.YjP(),
        description: schemas/* string */.YjP(),
        confidence: schemas/* number */.aig(),
        severity: schemas/* number */.aig(),
        isFalsePositive: schemas/* boolean */.zMY(),
        falsePositiveReasoning: schemas/* string */.YjP(),
        pocCode: schemas/* string */.YjP(),
        vulnerabilityLocation: schemas/* object */.Ikc({
            id,
            filePath: schemas/* string */.YjP(),
            snippet: schemas/* string */.YjP(),
            language: schemas/* string */.YjP(),
            startLine: schemas/* number */.aig(),
            endLine: schemas/* number */.aig(),
            startColumn: schemas/* number */.aig(),
            endColumn: schemas/* number */.aig(),
        }),
        cvssScore: schemas/* object */.Ikc({ id, cvssVector: schemas/* string */.YjP(), severity: schemas/* number */.aig() }),
    }))
        .nullable()
        .optional(),
    patchAttemptErrorDuringScan: errorRecord.optional(),
    prSubmissionErrorDuringScan: errorRecord.optional(),
    patch: schemas/* object */.Ikc({
        id,
        prLink: schemas/* string */.YjP(),
        prTitle: schemas/* string */.YjP(),
        prDescription: schemas/* string */.YjP(),
        gitDiff: schemas/* string */.YjP(),
        pullRequestStatus: schemas/* string */.YjP(),
        validated: schemas/* string */.YjP(),
        createdAt: isoDateTime,
        updatedAt: isoDateTime,
    })
        .nullable()
        .optional(),
});
const issueRequestSchema = schemas/* object */.Ikc({
    issueId: schemas/* string */.YjP().min(1, 'issueId is required'),
    organizationId: schemas/* string */.YjP().optional(),
});
// ---------- 9. referral/create ----------
const bounded = (min, max) => schemas/* string */.YjP().min(min).max(max);
const referralRequestSchema = schemas/* object */.Ikc({
    firstName: bounded(1, 100),
    lastName: bounded(1, 100),
    email: schemas/* email */.Rpp(),
    mobilePhone: bounded(10, 20),
    companyName: bounded(1, 200),
    referrerFirstName: bounded(1, 100),
    referrerLastName: bounded(1, 100),
    referrerEmail: schemas/* email */.Rpp(),
    type: schemas/* literal */.euz('DEMO'),
    notes: schemas/* string */.YjP().max(1000).optional(),
});
const referralResponseSchema = schemas/* object */.Ikc({ success: schemas/* boolean */.zMY(), referralId: schemas/* uuid */.uRe() });
// ---------- 10-12. repositories/set-* ----------
const repoTarget = { organizationId: schemas/* string */.YjP().optional(), repositoryId: schemas/* string */.YjP().optional() };
const cweWhitelistRequestSchema = schemas/* object */.Ikc({ ...repoTarget, cweWhitelist: schemas/* array */.YOg(schemas/* string */.YjP()) });
const maxPrTimeoutRequestSchema = schemas/* object */.Ikc({ ...repoTarget, maxPrTimeoutMinutes: schemas/* number */.aig() });
const prScanningRequestSchema = schemas/* object */.Ikc({ ...repoTarget, isPrScanningEnabled: schemas/* boolean */.zMY() });
/** A settings change: `ok` says whether it was applied; an empty success (204) is applied. */
const okResponseSchema = schemas/* object */.Ikc({ ok: schemas/* boolean */.zMY() })
    .nullable()
    .transform((answer) => answer ?? { ok: true });
/** Error body the service sends with a non-2xx status (seen in practice; not in the spec). */
const errorBodySchema = schemas/* object */.Ikc({ error: schemas/* string */.YjP() });

;// CONCATENATED MODULE: ./src/api/client.ts





const MAX_REDIRECTS = 5;
/** An empty success body; read as null. */
const EMPTY = Symbol('empty body');
const MAX_BACKOFF_MS = 30_000;
class Attempt {
    kind;
    detail;
    status;
    retryable;
    retryAfterMs;
    constructor(kind, detail, status, retryable, retryAfterMs = null) {
        this.kind = kind;
        this.detail = detail;
        this.status = status;
        this.retryable = retryable;
        this.retryAfterMs = retryAfterMs;
    }
}
function createClient(options) {
    const { baseUrl, tokenId, tokenSecret, timeoutMs = 30_000, maxRetries = 3, fetch: fetchFn = (0,transport/* transportFor */.J)(baseUrl), sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), random = Math.random, onRetry, baseDelayMs = 1_000, maxRetryAfterMs = 60_000, maxResponseBytes = 64 * 1024 * 1024, } = options;
    const origin = new URL(baseUrl).origin;
    const base = baseUrl.replace(/\/+$/, '');
    const stats = { requests: 0, retries: 0 };
    // Proxy credentials too: a proxy's error page or a server's echo must not carry them either.
    const secrets = [tokenId, tokenSecret, ...(0,transport/* proxySecrets */.W)()];
    const redact = redactor(secrets);
    async function once(path, payload) {
        let url = new URL(base + path);
        for (let hop = 0;; hop++) {
            const controller = new AbortController();
            const timer = setTimeout(() => controller.abort(), timeoutMs);
            try {
                stats.requests++;
                const response = await fetchFn(url, {
                    method: 'POST',
                    redirect: 'manual',
                    signal: controller.signal,
                    headers: {
                        'Content-Type': 'application/json',
                        Accept: 'application/json',
                        'X-Service-API-Token-Id': tokenId,
                        'X-Service-API-Token-Secret': tokenSecret,
                    },
                    body: payload,
                });
                if (response.status >= 300 && response.status < 400) {
                    await response.body?.cancel();
                    const location = response.headers.get('location');
                    const next = location ? new URL(location, url) : null;
                    if (!next)
                        return new Attempt('invalid-response', `HTTP ${response.status} without a Location header.`, response.status, false);
                    if (next.origin !== origin) {
                        return new Attempt('redirect', `HTTP ${response.status} redirect to another origin (${next.origin}) refused: the API token is never sent there.`, response.status, false);
                    }
                    if (hop >= MAX_REDIRECTS)
                        return new Attempt('redirect', `more than ${MAX_REDIRECTS} redirects.`, response.status, false);
                    url = next; // same origin: re-POST the same body (an API redirect keeps the method)
                    continue;
                }
                const text = await readBody(response, maxResponseBytes);
                if (text === null)
                    return new Attempt('too-large', `response larger than ${maxResponseBytes} bytes.`, response.status, false);
                if (!response.ok)
                    return failedStatus(response, text);
                // An empty success (204 No Content) reads as null: each endpoint's schema says whether that will do.
                if (text.trim() === '')
                    return EMPTY;
                try {
                    const data = JSON.parse(text);
                    return mayHoldSecret(text, secrets) ? redactStrings(data, redact) : data;
                }
                catch {
                    return new Attempt('invalid-response', `response is not JSON (HTTP ${response.status}, ${response.headers.get('content-type') ?? 'no content-type'}): ${preview(text)}.`, response.status, false);
                }
            }
            catch (error) {
                if (controller.signal.aborted)
                    return new Attempt('timeout', `no answer within ${timeoutMs / 1000} s.`, null, true);
                return new Attempt('network', `network error: ${describeNetworkError(error)}.`, null, true);
            }
            finally {
                clearTimeout(timer);
            }
        }
    }
    function failedStatus(response, text) {
        const status = response.status;
        const message = serverMessage(text);
        const said = message ? ` The service said: "${message}".` : '';
        const head = `HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}.${said}`;
        if (status === 401 || status === 403)
            return new Attempt('credentials', `the service rejected the API token: ${head}`, status, false);
        if (status === 429 || status >= 500) {
            return new Attempt('server', head, status, true, parseRetryAfter(response.headers.get('retry-after'), Date.now()));
        }
        return new Attempt('request', head, status, false);
    }
    function backoff(attempt, retryAfterMs) {
        if (retryAfterMs !== null)
            return Math.min(retryAfterMs, maxRetryAfterMs);
        // Exponential backoff with "equal jitter": half fixed, half random, so clients spread out.
        const step = Math.min(MAX_BACKOFF_MS, baseDelayMs * 2 ** (attempt - 1));
        return Math.round(step / 2 + random() * (step / 2));
    }
    async function call(path, body, schema, options = {}) {
        const payload = JSON.stringify(body ?? {});
        for (let attempt = 1;; attempt++) {
            const outcome = await once(path, payload);
            if (!(outcome instanceof Attempt)) {
                const parsed = schema.safeParse(outcome === EMPTY ? null : outcome);
                if (parsed.success)
                    return parsed.data;
                const problem = outcome === EMPTY
                    ? 'an empty response, where the API answers with data'
                    : `response does not match the API schema: ${describeIssues(parsed.error.issues)}`;
                throw new ApiError(path, 'invalid-response', `${problem}.`, 200, attempt);
            }
            if (!outcome.retryable || attempt > maxRetries) {
                throw new ApiError(path, outcome.kind, redact(outcome.detail), outcome.status, attempt);
            }
            const delayMs = backoff(attempt, outcome.retryAfterMs);
            stats.retries++;
            const event = { endpoint: path, attempt, delayMs, reason: redact(outcome.detail), status: outcome.status };
            onRetry?.(event);
            options.onRetry?.(event);
            await sleep(delayMs);
        }
    }
    return { call, stats };
}
/** Reads the body as text, or null when it exceeds `limit` bytes. */
async function readBody(response, limit) {
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > limit) {
        await response.body?.cancel();
        return null;
    }
    if (!response.body)
        return '';
    const chunks = [];
    let size = 0;
    for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > limit)
            return null;
        chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
}
/** `{"error": "..."}` is how the service explains a failure; fall back to nothing. */
function serverMessage(text) {
    try {
        const parsed = errorBodySchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data.error.slice(0, 300) : null;
    }
    catch {
        return null;
    }
}
/** Retry-After as seconds or an HTTP date (RFC 9110), in ms from now; null when absent or unreadable. */
function parseRetryAfter(value, now) {
    if (!value)
        return null;
    const trimmed = value.trim();
    if (/^\d+(\.\d+)?$/.test(trimmed))
        return Math.round(Number(trimmed) * 1000);
    const date = Date.parse(trimmed);
    return Number.isNaN(date) ? null : Math.max(0, date - now);
}
function describeIssues(issues) {
    const shown = issues
        .slice(0, 5)
        .map((issue) => (issue.path.length === 0 ? `(response): ${issue.message}` : describeIssue(issue)));
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
    return shown.join('; ') + more;
}
function preview(text) {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat ? `"${flat.slice(0, 80)}${flat.length > 80 ? '…' : ''}"` : 'an empty body';
}
function describeNetworkError(error) {
    const cause = error?.cause;
    if (cause?.code)
        return cause.code;
    return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

;// CONCATENATED MODULE: ./src/api/endpoints.ts


const PATHS = {
    securityPosture: '/api/v1/stats/securityPosture',
    timeSaved: '/api/v1/stats/timeSaved',
    searchPackages: '/api/v1/sca/packages/search',
    searchLicenses: '/api/v1/sca/licenses/search',
    searchAlerts: '/api/v1/sca/alerts/search',
    listRepositories: '/api/v1/installations/repositories',
    getSchedule: '/api/v1/scans/get-schedule',
    getIssue: '/api/v1/issues/get',
    createReferral: '/api/v1/referral/create',
    setCweWhitelist: '/api/v1/repositories/set-cwe-whitelist',
    setMaxPrTimeout: '/api/v1/repositories/set-max-pr-timeout',
    setPrScanning: '/api/v1/repositories/set-pr-scanning',
};
function endpoint(client, path, request, response) {
    return async (body, options) => {
        const checked = request.safeParse(body);
        if (!checked.success) {
            const what = checked.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
            throw new ApiError(path, 'request', `invalid request, not sent: ${what}.`);
        }
        return client.call(path, checked.data, response, options);
    };
}
function createEndpoints(client) {
    return {
        securityPosture: endpoint(client, PATHS.securityPosture, postureRequestSchema, postureResponseSchema),
        timeSaved: endpoint(client, PATHS.timeSaved, timeSavedRequestSchema, timeSavedSchema),
        searchPackages: endpoint(client, PATHS.searchPackages, packagesRequestSchema, packagesResponseSchema),
        searchLicenses: endpoint(client, PATHS.searchLicenses, licensesRequestSchema, licensesResponseSchema),
        searchAlerts: endpoint(client, PATHS.searchAlerts, alertsRequestSchema, alertsResponseSchema),
        listRepositories: endpoint(client, PATHS.listRepositories, repositoriesRequestSchema, repositoriesResponseSchema),
        getSchedule: endpoint(client, PATHS.getSchedule, scheduleRequestSchema, scheduleSchema),
        getIssue: endpoint(client, PATHS.getIssue, issueRequestSchema, issueSchema),
        createReferral: endpoint(client, PATHS.createReferral, referralRequestSchema, referralResponseSchema),
        setCweWhitelist: endpoint(client, PATHS.setCweWhitelist, cweWhitelistRequestSchema, okResponseSchema),
        setMaxPrTimeout: endpoint(client, PATHS.setMaxPrTimeout, maxPrTimeoutRequestSchema, okResponseSchema),
        setPrScanning: endpoint(client, PATHS.setPrScanning, prScanningRequestSchema, okResponseSchema),
    };
}

// EXTERNAL MODULE: ./src/github/log.ts
var log = __webpack_require__(3385);
// EXTERNAL MODULE: ./src/config/inputs.ts + 1 modules
var inputs = __webpack_require__(3647);
// EXTERNAL MODULE: ./src/packages/locations.ts
var locations = __webpack_require__(1305);
// EXTERNAL MODULE: ./src/numbers.ts
var numbers = __webpack_require__(725);
// EXTERNAL MODULE: ./src/policy/allowlist.ts
var allowlist = __webpack_require__(6523);
;// CONCATENATED MODULE: ./src/policy/gate.ts
// The gate: which alerts fail it, why, and the verdict. Pure: `today` and the posture row come in.




/** Reachability found only unreachable uses; no analysis (null) is not proof of that. */
function isOnlyUnreachable(reachability) {
    return (reachability !== null &&
        reachability.reachable === 0 &&
        reachability.needsReview === 0 &&
        reachability.unreachable > 0);
}
function evaluateAlert(alert, opts, active) {
    const evaluated = (status) => ({ ...alert, status });
    if (!alert.alerted)
        return evaluated('not-alerted');
    if (!(0,severity/* meetsThreshold */.M0)(alert.severity, opts.failOn))
        return evaluated('below-threshold');
    if (opts.ignoreUnreachable && isOnlyUnreachable(alert.reachability))
        return evaluated('unreachable');
    const allowedBy = active.find((entry) => (0,allowlist/* entryMatches */.Yn)(entry, alert));
    return allowedBy ? { ...evaluated('allowed'), allowedBy } : evaluated('gating');
}
function allowWarnings(entry, evaluated, today) {
    const warnings = [];
    const matched = evaluated.filter((e) => (0,allowlist/* entryMatches */.Yn)(entry, e));
    if ((0,allowlist/* isExpired */._d)(entry, today)) {
        const regating = matched.filter((e) => e.status === 'gating').length;
        const consequence = regating === 0
            ? ''
            : ` ${(0,numbers/* plural */.L)(regating, 'alert')} it matches ${regating === 1 ? 'fails' : 'fail'} the gate again.`;
        warnings.push({
            kind: 'expired-allow',
            message: `allow-alerts entry ${entry.id} expired: its until date ${entry.until} has passed, so it suppresses nothing.${consequence}`,
        });
    }
    if (matched.length === 0) {
        warnings.push({
            kind: 'unmatched-allow',
            message: `allow-alerts entry ${entry.id} matches no alert of this repository: it can be removed, or the id may be mistyped.`,
        });
    }
    return warnings;
}
/**
 * Decides each alert's status (input order kept) and warns about expired and unmatched allow
 * entries. Status order: not-alerted, below-threshold, unreachable, allowed, gating.
 */
function evaluateAlerts(alerts, opts) {
    const active = opts.allow.filter((entry) => !(0,allowlist/* isExpired */._d)(entry, opts.today));
    const evaluated = alerts.map((alert) => evaluateAlert(alert, opts, active));
    // Duplicate entries would repeat the same warning word for word.
    const warnings = new Map();
    for (const warning of opts.allow.flatMap((entry) => allowWarnings(entry, evaluated, opts.today))) {
        warnings.set(`${warning.kind}\n${warning.message}`, warning);
    }
    return { alerts: evaluated, warnings: [...warnings.values()] };
}
/** Alerts per severity, every severity present. */
function severityCounts(alerts) {
    const counts = Object.fromEntries(model/* SEVERITIES */.oC.map((s) => [s, 0]));
    for (const { severity } of alerts)
        counts[severity] += 1;
    return counts;
}
/** "2 critical, 3 high": the non-zero severities, worst first. */
function severityBreakdown(alerts) {
    const counts = severityCounts(alerts);
    return model/* SEVERITIES */.oC.filter((s) => counts[s] > 0)
        .map((s) => `${counts[s]} ${s}`)
        .join(', ');
}
function gatingReason(gating, failOn) {
    const verb = gating.length === 1 ? 'fails' : 'fail';
    return `${(0,numbers/* plural */.L)(gating.length, 'alert')} at or above ${failOn} ${verb} the gate (${severityBreakdown(gating)}).`;
}
function passReason(evaluated, failOn) {
    if (failOn === 'none')
        return 'fail-on-severity is none: alerts never fail the gate.';
    const count = (status) => evaluated.filter((e) => e.status === status).length;
    const parts = [
        [count('allowed'), 'allowed'],
        [count('unreachable'), 'unreachable ignored'],
        [count('below-threshold'), 'below the threshold'],
        [count('not-alerted'), 'not alerted'],
    ];
    const said = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
    return `No alert at or above ${failOn}${said.length > 0 ? ` (${said.join(', ')})` : ''}.`;
}
/**
 * Pass or fail, with one sentence per cause (or why it passed) and the gating alerts worst first.
 * `postureRepository` is this repository's posture row, null when the posture has none.
 */
function gateVerdict(evaluated, opts, postureRepository, licenseViolations = []) {
    const gating = evaluated.filter((e) => e.status === 'gating').sort(severity/* worstFirst */.md);
    const criticalIssues = opts.failOnCriticalIssues ? (postureRepository?.criticalIssues ?? 0) : 0;
    const reasons = [];
    if (gating.length > 0)
        reasons.push(gatingReason(gating, opts.failOn));
    if (licenseViolations.length > 0)
        reasons.push(licenseReason(licenseViolations));
    if (criticalIssues > 0) {
        reasons.push(`The security posture shows ${(0,numbers/* plural */.L)(criticalIssues, 'open critical issue')} for this repository (fail-on-critical-issues).`);
    }
    if (reasons.length > 0)
        return { result: 'fail', reasons, gating };
    reasons.push(passReason(evaluated, opts.failOn));
    return { result: 'pass', reasons, gating };
}
/** "2 packages violate the license policy: left-pad@1.3.0 (GPL-3.0-only), foo (no known license)." */
function licenseReason(violations) {
    const named = violations
        .slice(0, 3)
        .map((f) => `${f.package} (${f.status === 'unknown' ? 'no known license' : f.license})`);
    const more = violations.length > 3 ? ` and ${violations.length - 3} more` : '';
    const verb = violations.length === 1 ? 'violates' : 'violate';
    return `${(0,numbers/* plural */.L)(violations.length, 'package')} ${verb} the license policy: ${named.join(', ')}${more}.`;
}
/** "GHSA-aaaa (critical 9.8, pkg:npm/lodash@4.17.20)". */
function describeAlert(e) {
    const rating = e.score === null ? e.severity : `${e.severity} ${e.score}`;
    return `${e.advisory} (${rating}, ${e.package || 'unknown package'})`;
}
/**
 * The message for core.setFailed: the reasons and up to `max` worst gating alerts.
 * Service text is not escaped here; the logging layer neutralises workflow commands.
 */
function failureMessage(verdict, max = 5) {
    const shown = verdict.gating.slice(0, Math.max(0, Math.floor(max)));
    const hidden = verdict.gating.length - shown.length;
    const heading = verdict.result === 'fail' ? 'Security gate failed' : 'Security gate passed';
    const parts = [`${heading}:`, ...verdict.reasons];
    if (shown.length > 0) {
        const list = shown.map(describeAlert).join(', ');
        parts.push(`Worst: ${list}${hidden > 0 ? ` and ${hidden} more` : ''}.`);
    }
    else if (hidden > 0) {
        parts.push(`${(0,numbers/* plural */.L)(hidden, 'gating alert')} not listed.`);
    }
    parts.push('See the job summary for details.');
    return parts.join(' ');
}

;// CONCATENATED MODULE: ./src/policy/index.ts
// The gate policy: pure functions, no I/O.




;// CONCATENATED MODULE: ./src/run/resolve.ts
// Which repository the gate reads (contract: "Resolving the repository", "The right repository").
// A wrong repository id must never pass quietly: it reads as "no alerts" on most servers.


function normaliseUrl(url) {
    return url
        .trim()
        .toLowerCase()
        .replace(/\/+$/, '')
        .replace(/\.git$/, '')
        .replace(/\/+$/, '');
}
function rules(context) {
    const list = [];
    const numericId = context.repositoryNumericId;
    if (numericId) {
        list.push({
            name: `github.externalGithubRepositoryId = ${numericId}`,
            matches: (r) => r.externalGithubRepositoryId === numericId,
        });
    }
    const fullName = context.repository;
    if (fullName) {
        const url = normaliseUrl(`${context.serverUrl}/${fullName}`);
        list.push({
            name: `repositoryUrl = ${context.serverUrl}/${fullName}`,
            matches: (r) => normaliseUrl(r.repositoryUrl) === url,
        });
        // GitHub names are case-insensitive, so the name rule is too.
        const names = new Set([fullName.toLowerCase(), fullName.split('/').pop().toLowerCase()]);
        list.push({ name: `repositoryName = ${fullName}`, matches: (r) => names.has(r.repositoryName.toLowerCase()) });
    }
    return list;
}
/** Pure: the first rule that matches any repository decides; it must match exactly one. */
function matchRepository(repositories, context, appId) {
    const applied = rules(context);
    if (applied.length === 0) {
        return (0,model/* failure */.V2)('Cannot resolve the repository: neither the event payload nor GITHUB_REPOSITORY names it. Set repository-id.');
    }
    for (const rule of applied) {
        const hits = repositories.filter(rule.matches);
        if (hits.length === 1)
            return (0,model/* success */.kX)({ repository: hits[0], rule: rule.name });
        if (hits.length > 1) {
            return (0,model/* failure */.V2)(`Cannot resolve the repository: ${hits.length} repositories of app ${appId} match ${rule.name}: ${describe(hits)}. Set repository-id to the one to gate.`);
        }
    }
    const seen = repositories.length ? describe(repositories) : 'none';
    return (0,model/* failure */.V2)(`Cannot resolve the repository: no repository of app ${appId} matches ${applied.map((r) => r.name).join(', or ')}. Seen: ${seen}. Check app-id, or set repository-id.`);
}
function describe(repositories) {
    const shown = repositories.slice(0, 20).map((r) => `${r.repositoryName} (id ${r.id}, ${r.repositoryUrl})`);
    return shown.join('; ') + (repositories.length > 20 ? `; and ${repositories.length - 20} more` : '');
}
/** An API error as a run error: rejected credentials fail whatever on-api-error says. */
function runError(error) {
    return { kind: error.kind === 'credentials' ? 'credentials' : 'api', message: error.message };
}
async function listRepositories(api, config) {
    try {
        return (0,model/* success */.kX)(await api.listRepositories({ organizationId: config.organizationId ?? undefined, appId: config.appId ?? '' }));
    }
    catch (error) {
        if (error instanceof ApiError)
            return (0,model/* failure */.V2)(runError(error));
        throw error;
    }
}
/** `repository-id` empty: the one repository of `app-id` that is this workflow's. */
async function findRepository(api, config, context) {
    const listed = await listRepositories(api, config);
    if (!listed.ok)
        return listed;
    const match = matchRepository(listed.value, context, config.appId ?? '');
    if (!match.ok)
        return (0,model/* failure */.V2)({ kind: 'setup', message: match.error });
    const { repository, rule } = match.value;
    return (0,model/* success */.kX)({ id: repository.id, name: repository.repositoryName, url: repository.repositoryUrl, rule });
}
/** `repository-id` with `app-id`: the id must be one of the app's repositories; null when it is. */
async function checkRepositoryId(api, config, id) {
    const listed = await listRepositories(api, config);
    if (!listed.ok)
        return listed.error;
    if (listed.value.some((r) => r.id === id))
        return null;
    const seen = listed.value.length ? describe(listed.value) : 'none';
    return {
        kind: 'setup',
        message: `repository-id ${id} is not a repository of app ${config.appId}: the gate would read another repository's alerts, or none. Seen: ${seen}. Check repository-id, or leave it empty to resolve it through app-id.`,
    };
}
/**
 * `repository-id` alone, and the alerts search returned no alert: most servers answer an unknown id
 * with an empty list, so "no alert" proves nothing until the posture (a row with this id) or the
 * schedule shows the repository exists. A read that failed shows nothing. Null when confirmed.
 */
function unconfirmedRepository(id, reads, statistics) {
    const { alerts, schedule } = reads;
    if (alerts.totalCount === null || alerts.alerts.length > 0 || alerts.errors.length > 0)
        return null;
    const posture = statistics.posture;
    if (posture.ok && posture.value?.repositoryRiskScores.some((row) => row.id === id))
        return null;
    // A schedule that does not name the repository shows nothing: it must be this one's.
    if (schedule.ok && schedule.value?.repoId === id)
        return null;
    return {
        kind: 'setup',
        message: `repository-id ${id} returned no alert, and neither the security posture nor the scan schedule knows it, ` +
            'so the id may be wrong: a gate on it would pass without looking at anything. Check repository-id, ' +
            'or give app-id as well so that the action can check it against the installation.',
    };
}

;// CONCATENATED MODULE: ./src/run/settings.ts
// Per-repository settings changes: planned from the inputs (pure), then sent or, in a dry run, only listed.

/** Only the inputs that were given become changes. */
function planSettings(settings) {
    const plan = [];
    if (settings.prScanning !== null)
        plan.push({ setting: 'pr-scanning', input: 'set-pr-scanning', value: settings.prScanning });
    if (settings.maxPrTimeoutMinutes !== null) {
        plan.push({ setting: 'max-pr-timeout', input: 'set-max-pr-timeout-minutes', value: settings.maxPrTimeoutMinutes });
    }
    if (settings.cweWhitelist !== null)
        plan.push({ setting: 'cwe-whitelist', input: 'set-cwe-whitelist', value: settings.cweWhitelist });
    return plan;
}
/** Sends the planned changes concurrently; a failure is recorded on its change, never thrown. */
async function applySettings(endpoints, target, plan, dryRun) {
    if (dryRun)
        return plan.map((p) => ({ ...p, status: 'dry-run' }));
    return Promise.all(plan.map(async (p) => {
        try {
            const { ok } = await send(endpoints, target, p);
            return ok
                ? { ...p, status: 'applied' }
                : {
                    ...p,
                    status: 'failed',
                    error: 'the service answered ok: false and did not apply it; check the value and the repository in the service',
                };
        }
        catch (error) {
            const status = error instanceof ApiError && error.kind === 'credentials' ? 'rejected' : 'failed';
            return { ...p, status, error: error instanceof Error ? error.message : String(error) };
        }
    }));
}
function send(endpoints, target, p) {
    switch (p.setting) {
        case 'pr-scanning':
            return endpoints.setPrScanning({ ...target, isPrScanningEnabled: p.value });
        case 'max-pr-timeout':
            return endpoints.setMaxPrTimeout({ ...target, maxPrTimeoutMinutes: p.value });
        case 'cwe-whitelist':
            return endpoints.setCweWhitelist({ ...target, cweWhitelist: p.value });
    }
}
function describeSetting(change) {
    const value = Array.isArray(change.value)
        ? change.value.length
            ? change.value.join(', ')
            : '(empty list)'
        : String(change.value);
    return `${change.input}: ${value}`;
}

;// CONCATENATED MODULE: ./src/run/assemble.ts





function assembleResult({ config, repository, reads, statistics, settings, window, now, describeSchedule, evaluateLicenses, blobUrl = null, errors: before = [], }) {
    const errors = [...before, ...reads.alerts.errors.map(runError)];
    const warnings = reads.alerts.warnings.map((message) => ({ kind: 'read', message }));
    /** A read that only feeds the reports failed: a warning, unless the token was rejected. */
    const unavailable = (error, what) => {
        if (error.kind === 'credentials')
            errors.push(runError(error));
        else
            warnings.push({ kind: 'unavailable', message: `${what} not available: ${error.message}` });
        return null;
    };
    const forReports = (read, what) => read.ok ? read.value : unavailable(read.error, what);
    const decisive = (read) => {
        if (read.ok)
            return read.value;
        errors.push(runError(read.error));
        return null;
    };
    // The posture decides the verdict only under fail-on-critical-issues.
    const posture = config.failOnCriticalIssues
        ? decisive(statistics.posture)
        : forReports(statistics.posture, 'The security posture');
    const timeSaved = forReports(statistics.timeSaved, 'Time saved');
    const schedule = reads.schedule.ok
        ? viewSchedule(reads.schedule.value, now, describeSchedule)
        : unavailable(reads.schedule.error, 'The scan schedule');
    // Without the packages, annotations and SARIF results fall back to the first manifest.
    const packages = reads.packages && forReports(reads.packages, 'Manifest locations (SCA packages)');
    // Under a license policy the licenses decide the verdict too.
    const licenseEntries = reads.licenses && decisive(reads.licenses);
    const licenses = licenseEntries && evaluateLicenses ? evaluateLicenses(licenseEntries, { ...config.licenses }) : null;
    const unknown = licenses?.findings.filter((f) => f.status === 'unknown' && !f.gates) ?? [];
    if (unknown.length > 0) {
        const some = unknown
            .slice(0, 5)
            .map((f) => `${f.package} (${f.license || 'none given'})`)
            .join(', ');
        warnings.push({
            kind: 'license',
            message: `${unknown.length === 1 ? '1 package has' : `${unknown.length} packages have`} no known license: ${some}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''} (unknown-licenses: warn).`,
        });
    }
    for (const change of settings) {
        if (change.error)
            errors.push({
                kind: change.status === 'rejected' ? 'credentials' : 'api',
                message: `${change.input}: ${change.error}`,
            });
    }
    const postureView = posture ? viewPosture(posture, repository.id, window) : null;
    // fail-on-critical-issues decides on this repository's row: without it, or without its number,
    // the gate cannot say there are none (fail closed).
    if (config.failOnCriticalIssues &&
        statistics.posture.ok &&
        (postureView?.repository?.criticalIssues ?? null) === null) {
        errors.push({
            kind: 'api',
            message: `fail-on-critical-issues cannot be checked: the security posture has ${postureView?.repository ? 'no criticalIssues for' : 'no entry for'} this repository (${repository.id}).`,
        });
    }
    const evaluation = evaluateAlerts(reads.alerts.alerts, {
        failOn: config.failOnSeverity,
        ignoreUnreachable: config.ignoreUnreachable,
        allow: config.allowAlerts,
        failOnCriticalIssues: config.failOnCriticalIssues,
        today: now.toISOString().slice(0, 10),
    });
    // The evaluated alerts are this function's own: their locations are set in place, not copied
    // (100,000 alerts are a lot of copies).
    const evaluated = evaluation.alerts;
    if (packages) {
        const locate = (0,locations/* manifestLocator */.I0)(packages);
        for (const alert of evaluated)
            alert.locations = locate(alert.package);
    }
    // Part of the alerts: the verdict of those, and an error beside it. No page of alerts at all: no
    // verdict, unless what was read (a license violation, critical issues) already fails the gate.
    const judged = gateVerdict(evaluated, { failOn: config.failOnSeverity, failOnCriticalIssues: config.failOnCriticalIssues }, postureView?.repository ?? null, licenses?.findings.filter((f) => f.gates) ?? []);
    const verdict = reads.alerts.totalCount === null && judged.result !== 'fail' ? NO_VERDICT : judged;
    warnings.unshift(...evaluation.warnings);
    const counts = severityCounts(evaluated);
    return {
        schemaVersion: 2,
        result: decide(verdict, errors),
        generatedAt: now.toISOString(),
        repository,
        blobUrl,
        options: (0,inputs/* runOptions */.Ku)(config),
        counts: {
            ...counts,
            total: evaluated.length,
            gating: verdict.gating.length,
            allowed: evaluated.filter((a) => a.status === 'allowed').length,
        },
        licenses,
        alerts: evaluated,
        verdict,
        posture: postureView,
        timeSaved,
        schedule,
        settings,
        warnings,
        errors,
    };
}
const NO_VERDICT = { result: 'none', reasons: ['No verdict: the alerts could not be read.'], gating: [] };
/**
 * A result for a run that stopped without a verdict (the repository could not be resolved or is
 * not the right one): the reports still say what happened. Settings not sent are listed as such.
 */
function stoppedResult(config, repository, errors, now, settings = notSent(config, 'the run stopped before it')) {
    const zero = { critical: 0, high: 0, medium: 0, low: 0, unknown: 0, total: 0, gating: 0, allowed: 0 };
    return {
        schemaVersion: 2,
        result: 'error',
        generatedAt: now.toISOString(),
        repository,
        blobUrl: null,
        options: (0,inputs/* runOptions */.Ku)(config),
        counts: zero,
        licenses: null,
        alerts: [],
        verdict: { result: 'none', reasons: ['No verdict: the run stopped before the alerts were judged.'], gating: [] },
        posture: null,
        timeSaved: null,
        schedule: null,
        settings,
        warnings: [],
        errors,
    };
}
/** The settings asked for, each marked as not sent and why. */
function notSent(config, why) {
    return planSettings(config.settings).map((p) => ({ ...p, status: 'failed', error: `not sent: ${why}` }));
}
/**
 * A known failure stays a failure even when a read failed: an outage must not let critical alerts
 * through. Otherwise any error takes the verdict away; without a verdict there is no pass.
 */
function decide(verdict, errors) {
    if (verdict.result === 'fail')
        return 'fail';
    if (verdict.result === 'none' || errors.length > 0)
        return 'error';
    return 'pass';
}
/** Whether the step fails: a failed gate, or an error that on-api-error does not let pass. */
function stepFails(result, onApiError) {
    if (result.result === 'fail')
        return true;
    if (result.result === 'pass')
        return false;
    return onApiError === 'fail' || result.errors.some((e) => e.kind !== 'api');
}
function viewPosture(posture, repositoryId, window) {
    const row = posture.repositoryRiskScores.find((r) => r.id === repositoryId) ?? null;
    return { ...window, posture, repository: row, riskScore: row?.riskScore ?? posture.summary.overAllRiskScore };
}
/** An empty crontab: the repository has no schedule (renders "None"). */
function viewSchedule(schedule, now, describe) {
    if (!schedule)
        return { crontab: '', enabled: false, description: null, nextRun: null };
    return describe(schedule.crontab, schedule.isEnabled, now);
}

;// CONCATENATED MODULE: ./src/api/paginate.ts
// The one paged-search reader (alerts, packages): page 1 first, then every other page concurrently,
// within a window that halves when the server pushes back (429/503) and grows again as pages
// arrive, using the page size the server answered with. It ends whatever the server does (a wrong
// totalCount, repeated or overlapping pages, failures) and says plainly whether the read is
// complete, so that a caller can never mistake part of the data for all of it.
const same = (a, b) => a === b || JSON.stringify(a) === JSON.stringify(b);
async function pagedSearch(fetchPage, options) {
    const { key, merge, pageSize = 1000, fallbackPageSize = 100, isRefusal = () => false, concurrency = 32, maxItems = 1_000_000, noun = 'items', } = options;
    const most = Math.max(1, concurrency);
    let window = most;
    let narrowest = most;
    const signals = {
        throttled: () => {
            window = Math.max(1, Math.floor(window / 2));
            narrowest = Math.min(narrowest, window);
        },
    };
    const pages = new Map();
    const seen = new Set();
    let requested = 0;
    let failure = null;
    // Page 1, asked again once with the smaller size should the server refuse the larger one.
    let asked = pageSize;
    let first = null;
    for (const size of fallbackPageSize < pageSize ? [pageSize, fallbackPageSize] : [pageSize]) {
        asked = size;
        requested++;
        try {
            first = await fetchPage(1, size, signals);
            break;
        }
        catch (error) {
            failure = error;
            if (!isRefusal(error))
                break;
        }
    }
    if (first === null) {
        return {
            items: [],
            totalCount: null,
            pagesRequested: requested,
            narrowestWindow: narrowest,
            conflicts: [],
            unreadable: [],
            failure,
            incomplete: null,
        };
    }
    failure = null;
    const total = first.totalCount;
    const length = (page) => page.items.length + (page.unreadable?.length ?? 0);
    let unreadableCount = 0;
    const count = () => seen.size + unreadableCount;
    // A server may cap pages below the pageSize it reports: a short page 1 that totalCount says is
    // not the only one gives the real page size.
    const answered = first.pageSize ?? asked;
    const per = Math.max(1, length(first) < answered && total > length(first) ? length(first) : answered);
    // `last`: the highest page believed to exist, from totalCount. A short page ends the read there,
    // and so does a full page that brings nothing new (a server that ignores `page`). When every
    // page up to `last` is full and more items than totalCount arrived, totalCount was too low: one more.
    let last = total > maxItems || length(first) === 0 ? 1 : Math.max(1, Math.ceil(total / per));
    let ended = false;
    let repeated = null;
    const allFullUpTo = (page) => {
        for (let p = 1; p <= page; p++)
            if ((pages.get(p) ? length(pages.get(p)) : 0) < per)
                return false;
        return true;
    };
    const record = (number, page) => {
        let fresh = 0;
        for (const item of page.items) {
            const k = key(item);
            if (!seen.has(k))
                fresh++;
            seen.add(k);
        }
        pages.set(number, page);
        unreadableCount += page.unreadable?.length ?? 0;
        if (length(page) < per) {
            ended = true;
            last = Math.min(last, number);
        }
        else if (fresh === 0 && number > 1) {
            repeated ??= number;
            ended = true;
            last = Math.min(last, number);
        }
        else if (!ended && count() > total && allFullUpTo(last)) {
            last++;
        }
    };
    record(1, first);
    // Every other page, as many in flight as the window allows; each page is asked for once (the
    // client retries a failed attempt, never a page that arrived). A failure starts no more pages.
    let next = 2;
    let inFlight = 0;
    await new Promise((done) => {
        const pump = () => {
            while (failure === null && next <= last && inFlight < window) {
                const number = next++;
                requested++;
                inFlight++;
                // Always ask for the same size; the answered size only decides the page count.
                fetchPage(number, asked, signals)
                    .then((page) => {
                    record(number, page);
                    window = Math.min(most, window + 1);
                }, (error) => {
                    failure ??= error;
                })
                    .finally(() => {
                    inFlight--;
                    pump();
                });
            }
            if (inFlight === 0)
                done();
        };
        pump();
    });
    // Assemble in page order, merging copies of one item.
    const items = new Map();
    const conflicts = new Set();
    const unreadable = [];
    for (const number of [...pages.keys()].sort((a, b) => a - b)) {
        const page = pages.get(number);
        unreadable.push(...(page.unreadable ?? []));
        for (const item of page.items) {
            const k = key(item);
            const earlier = items.get(k);
            if (earlier === undefined)
                items.set(k, item);
            else if (!same(earlier, item)) {
                conflicts.add(k);
                items.set(k, merge(earlier, item));
            }
        }
    }
    const read = items.size + unreadable.length;
    let incomplete = null;
    if (total > maxItems) {
        incomplete = `the search announces ${total} ${noun}, more than the ${maxItems} this action reads; stopped after page 1 (${read} read).`;
    }
    else if (read < total) {
        const why = repeated !== null ? ` (page ${repeated} repeated ${noun} already read: the server may ignore \`page\`)` : '';
        incomplete = `read ${read} of ${total} ${noun} the search announced (totalCount)${why}.`;
    }
    else if (repeated !== null) {
        // More than totalCount, yet a full page repeated: totalCount was too low and the server ignores `page`.
        incomplete = `page ${repeated} repeated a full page of ${noun} already read: the server may ignore \`page\`, so more ${noun} than the ${read} read may exist.`;
    }
    return {
        items: [...items.values()],
        totalCount: total,
        pagesRequested: requested,
        narrowestWindow: narrowest,
        conflicts: [...conflicts],
        unreadable,
        failure,
        incomplete,
    };
}

;// CONCATENATED MODULE: ./src/run/gather.ts
// Step 4 of a run: every read, concurrently, each settled on its own so that what did arrive is
// still reported when another read fails. The alerts read says exactly what it lacks.






async function settle(promise) {
    try {
        return (0,model/* success */.kX)(await promise);
    }
    catch (error) {
        if (error instanceof ApiError)
            return (0,model/* failure */.V2)(error);
        throw error; // a bug, not a service fault
    }
}
const asApiError = (path, error) => error instanceof ApiError ? error : new ApiError(path, 'invalid-response', String(error), null, 1, error);
/** A page's 429 or 503 tells the paged reader to slow down. */
const throttling = (signals) => ({
    onRetry: (event) => {
        if (event.status === 429 || event.status === 503)
            signals.throttled();
    },
});
/**
 * Page 1 refused at pageSize 1000 (contract: then ask for 100): a 4xx other than 401/403, or an
 * answer too large to read (1000 alerts with long descriptions).
 */
const isRefusal = (error) => error instanceof ApiError && ((error.kind === 'request' && error.status !== null) || error.kind === 'too-large');
/** At most `max` items of a list, then how many more. */
function some(items, max = 5) {
    return items.slice(0, max).join('; ') + (items.length > max ? `; and ${items.length - max} more` : '');
}
function readStatistics(api, request) {
    const window = {
        organizationId: request.organizationId ?? undefined,
        projectId: request.projectId ?? undefined,
        startDate: request.startDate,
        endDate: request.endDate,
    };
    return Promise.all([
        settle(api.securityPosture({ ...window, timeGranularity: 'day' })),
        settle(api.timeSaved(window)),
    ]).then(([posture, timeSaved]) => ({ posture, timeSaved }));
}
async function readRepository(api, request) {
    const organizationId = request.organizationId ?? undefined;
    const repositoryIds = [request.repositoryId];
    const schedule = api.getSchedule({ organizationId, repositoryId: request.repositoryId }).catch((error) => {
        // The spec does not say how "no schedule" looks; a 404 is what a real server plausibly sends.
        if (error instanceof ApiError && error.status === 404)
            return null;
        throw error;
    });
    const packages = request.packages
        ? pagedSearch(async (page, pageSize, signals) => {
            const r = await api.searchPackages({ organizationId, repositoryIds, page, pageSize }, throttling(signals));
            return { items: r.packages, totalCount: r.totalCount, pageSize: r.pageSize };
        }, { key: (p) => p.id, merge: (a) => a, isRefusal, noun: 'packages' }).then((read) => {
            if (read.failure)
                throw asApiError(PATHS.searchPackages, read.failure);
            if (read.incomplete)
                throw new ApiError(PATHS.searchPackages, 'incomplete', read.incomplete);
            return read.items;
        })
        : null;
    const licenses = request.licenses
        ? api.searchLicenses({ organizationId, repositoryIds }).then((r) => licenseEntries(r.licenses))
        : null;
    const [alerts, s, k, l] = await Promise.all([
        readAlerts(api, organizationId, repositoryIds),
        settle(schedule),
        packages ? settle(packages) : Promise.resolve(null),
        licenses ? settle(licenses) : Promise.resolve(null),
    ]);
    return { alerts, schedule: s, packages: k, licenses: l };
}
/**
 * The license entries, whole: under a license policy they decide the verdict, so an entry or a
 * package that cannot be read makes the read fail (naming where), rather than pass unseen.
 */
function licenseEntries(answers) {
    const unreadable = [];
    const entries = [];
    answers.forEach((answer, i) => {
        if (!answer.ok) {
            unreadable.push(`license ${i + 1} (${answer.error})`);
            return;
        }
        const packages = [];
        answer.value.packages.forEach((pkg, j) => {
            if (pkg.ok)
                packages.push(pkg.value);
            else
                unreadable.push(`package ${j + 1} of license ${i + 1} (${pkg.error})`);
        });
        entries.push({ id: answer.value.id, name: answer.value.name, packages });
    });
    if (unreadable.length > 0) {
        const detail = `${(0,numbers/* plural */.L)(unreadable.length, 'entry', 'entries')} the license policy cannot judge: ${some(unreadable)}.`;
        throw new ApiError(PATHS.searchLicenses, 'invalid-response', detail);
    }
    return entries;
}
async function readAlerts(api, organizationId, repositoryIds) {
    const read = await pagedSearch(async (page, pageSize, signals) => {
        const r = await api.searchAlerts({ organizationId, repositoryIds, page, pageSize }, throttling(signals));
        const items = [];
        const unreadable = [];
        r.alerts.forEach((alert, i) => {
            if (alert.ok)
                items.push(alert.value);
            else
                unreadable.push(`alert ${i + 1} of page ${page} (${alert.error})`);
        });
        return { items, unreadable, totalCount: r.totalCount, pageSize: r.pageSize };
    }, { key: (a) => a.id, merge: severity/* worseCopy */.Am, isRefusal, noun: 'alerts' });
    const errors = [];
    if (read.failure)
        errors.push(asApiError(PATHS.searchAlerts, read.failure));
    if (read.unreadable.length > 0) {
        const detail = `${(0,numbers/* plural */.L)(read.unreadable.length, 'alert')} without what the gate needs, so the gate cannot judge ${read.unreadable.length === 1 ? 'it' : 'them'}: ${some(read.unreadable)}.`;
        errors.push(new ApiError(PATHS.searchAlerts, 'invalid-response', detail));
    }
    if (read.incomplete)
        errors.push(new ApiError(PATHS.searchAlerts, 'incomplete', read.incomplete));
    const warnings = [];
    if (read.conflicts.length > 0) {
        warnings.push(`The alerts search sent ${(0,numbers/* plural */.L)(read.conflicts.length, 'alert')} more than once with different content (${some(read.conflicts)}); the gate counted the worst copy of each.`);
    }
    const distinct = read.items.length + read.unreadable.length;
    if (read.totalCount !== null && distinct > read.totalCount) {
        warnings.push(`The alerts search announced ${(0,numbers/* plural */.L)(read.totalCount, 'alert')} (totalCount) but ${distinct} distinct alerts were read; the gate used all ${distinct}.`);
    }
    return { alerts: read.items, errors, warnings, totalCount: read.totalCount };
}

;// CONCATENATED MODULE: ./src/run/evaluate.ts
// Steps 3 to 6 of a run: resolve the repository, read and change settings concurrently, decide.
// Loaded as a chunk once the inputs are valid (see main.ts).









async function evaluate(config, context, { now: started, fetch }) {
    const client = createClient({
        baseUrl: config.apiUrl,
        tokenId: config.tokenId,
        tokenSecret: config.tokenSecret,
        timeoutMs: config.requestTimeoutMs,
        maxRetries: config.maxRetries,
        fetch,
        onRetry: (e) => log/* info */.pq(`${e.endpoint}: attempt ${e.attempt} failed (${e.reason}); retrying in ${log/* seconds */.YA(e.delayMs)}`),
    });
    const api = createEndpoints(client);
    // The crontab libraries, and the SPDX ones under a license policy, load while the requests are in flight.
    const scheduling = Promise.all(/* import() */[__webpack_require__.e(248), __webpack_require__.e(592)]).then(__webpack_require__.bind(__webpack_require__, 4592));
    const licensing = licensed(config) ? __webpack_require__.e(/* import() */ 582).then(__webpack_require__.bind(__webpack_require__, 9582)) : null;
    // Awaited once the reads are in; a run that stops before must not leave them unhandled.
    for (const loading of [scheduling, licensing])
        loading?.catch(() => undefined);
    const result = await evaluate_decide(api, config, context, started, scheduling, licensing);
    log/* info */.pq(`${client.stats.requests} requests to the service (${client.stats.retries} retries)`);
    return result;
}
async function evaluate_decide(api, config, context, started, scheduling, licensing) {
    const window = postureWindow(started, config.postureDays);
    // The statistics do not need the repository id: they start at once.
    const statistics = readStatistics(api, {
        ...window,
        organizationId: config.organizationId,
        projectId: config.projectId,
    });
    let repository;
    let check = Promise.resolve(null);
    if (config.repositoryId) {
        repository = { id: config.repositoryId, name: context.repository, url: null };
        log/* info */.pq(`repository-id given: ${config.repositoryId}${config.appId ? ` (checked against app ${config.appId})` : ''}`);
        if (config.appId)
            check = checkRepositoryId(api, config, config.repositoryId);
    }
    else {
        const found = await log/* group */.Os('Resolving the repository', () => findRepository(api, config, context));
        if (!found.ok) {
            await statistics; // settle what is in flight; its answer is of no use without the repository
            return stoppedResult(config, { id: '', name: context.repository, url: null }, [found.error], started);
        }
        const { rule, ...ref } = found.value;
        log/* info */.pq(`${ref.name} is ${ref.id} (matched by ${rule})`);
        repository = ref;
    }
    const { reads, stats, settings, wrongRepository } = await log/* group */.Os('Reading from the service', async () => {
        const reading = readRepository(api, {
            organizationId: config.organizationId,
            repositoryId: repository.id,
            packages: config.annotations || config.sarifFile !== null,
            licenses: licensed(config),
        });
        // With an id to check, settings wait for the check: never change another repository's settings.
        const target = { organizationId: config.organizationId ?? undefined, repositoryId: repository.id };
        const changes = check.then((problem) => problem
            ? notSent(config, 'the repository id was not confirmed')
            : applySettings(api, target, planSettings(config.settings), config.dryRun));
        const [r, s, c, w] = await Promise.all([reading, statistics, changes, check]);
        log/* info */.pq(`${r.alerts.alerts.length} alerts read`);
        for (const change of c)
            log/* info */.pq(`${change.status === 'dry-run' ? 'dry run, not sent' : change.status}: ${describeSetting(change)}`);
        return { reads: r, stats: s, settings: c, wrongRepository: w };
    });
    // The right repository: a wrong id stops the run; the data read for it would only mislead. A check
    // that could not be made (the service failed) is an error beside the verdict: what was read of the
    // id's alerts still fails the gate when it should.
    const unconfirmed = wrongRepository?.kind === 'setup'
        ? wrongRepository
        : config.appId
            ? null
            : unconfirmedRepository(repository.id, reads, stats);
    if (unconfirmed)
        return stoppedResult(config, repository, [unconfirmed], started, settings);
    const checkFailed = wrongRepository ? [wrongRepository] : [];
    // 5. The verdict, and the result model every report renders.
    const [{ describeSchedule }, spdx] = await Promise.all([scheduling, licensing]);
    return assembleResult({
        config,
        repository,
        reads,
        statistics: stats,
        settings,
        window,
        now: started,
        describeSchedule,
        evaluateLicenses: spdx?.evaluateLicenses,
        blobUrl: context.blobUrl,
        errors: checkFailed,
    });
}
/** A license policy is set: the licenses are read and decide the verdict too. */
const licensed = (config) => config.licenses.allow !== null || config.licenses.deny !== null;
/** Posture window: endDate today (UTC), startDate today - (days - 1). */
function postureWindow(now, days) {
    const day = (offset) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
    return { startDate: day(days - 1), endDate: day(0) };
}


/***/ })

};
