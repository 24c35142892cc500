export const id = 845;
export const ids = [845];
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

/***/ 7845:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  writeReports: () => (/* binding */ writeReports)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 16 modules
var core = __webpack_require__(3340);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(6466);
;// CONCATENATED MODULE: ./src/github/comment-api.ts
async function githubCommentApi(token, pr) {
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
    const octokit = getOctokit(token);
    const where = { owner: pr.owner, repo: pr.repo };
    return {
        list: async () => (await octokit.paginate(octokit.rest.issues.listComments, {
            ...where,
            issue_number: pr.number,
            per_page: 100,
        })),
        create: async (body) => void (await octokit.rest.issues.createComment({ ...where, issue_number: pr.number, body })),
        update: async (id, body) => void (await octokit.rest.issues.updateComment({ ...where, comment_id: id, body })),
    };
}
/** GitHub answers 403/404 to a read-only token or a fork's PR: a reason to warn, never to fail. */
function isPermissionError(error) {
    const status = error?.status;
    return status === 403 || status === 404;
}

// EXTERNAL MODULE: ./src/github/log.ts
var log = __webpack_require__(3385);
;// CONCATENATED MODULE: ./src/github/outputs.ts
function actionOutputs(result, files) {
    const { counts } = result;
    return {
        result: result.result,
        'repository-id': result.repository.id,
        'alerts-total': String(counts.total),
        'critical-count': String(counts.critical),
        'high-count': String(counts.high),
        'medium-count': String(counts.medium),
        'low-count': String(counts.low),
        'unknown-count': String(counts.unknown),
        'gating-count': String(counts.gating),
        'allowed-count': String(counts.allowed),
        'risk-score': result.posture?.riskScore == null ? '' : String(result.posture.riskScore),
        'minutes-saved': result.timeSaved?.totalMinutesSaved == null ? '' : String(result.timeSaved.totalMinutesSaved),
        schedule: result.schedule?.enabled ? result.schedule.crontab : '',
        // Packages, not findings: a package under two license entries counts once.
        'license-violations': result.licenses
            ? String(new Set(result.licenses.findings.filter((f) => f.gates).map((f) => `${f.ecosystem}:${f.package}`)).size)
            : '',
        'report-file': files.reportFile ?? '',
        'sarif-file': files.sarifFile ?? '',
    };
}

// EXTERNAL MODULE: ./src/packages/locations.ts
var packages_locations = __webpack_require__(1305);
// EXTERNAL MODULE: ./src/numbers.ts
var numbers = __webpack_require__(725);
;// CONCATENATED MODULE: ./src/reports/format.ts


const SEVERITY_MARKERS = {
    critical: '🔴',
    high: '🟠',
    medium: '🟡',
    low: '🔵',
    unknown: '⚪',
};
/** `🔴 critical` */
function severityLabel(severity) {
    return `${SEVERITY_MARKERS[severity]} ${severity}`;
}
/** Minutes in words: `45 min`, `12 h 30 min`, `3 d 4 h` (minutes dropped beyond a day). */
function formatMinutes(minutes) {
    if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes < 0)
        return '—';
    const total = Math.round(minutes);
    if (total < 60)
        return `${total} min`;
    const days = Math.floor(total / 1440);
    const hours = Math.floor((total % 1440) / 60);
    const mins = total % 60;
    if (days > 0)
        return hours > 0 ? `${(0,numbers/* formatNumber */.Z)(days)} d ${hours} h` : `${(0,numbers/* formatNumber */.Z)(days)} d`;
    return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
}
/** `2024-06-10 02:00 UTC`; null when the text is not a date. */
function formatUtcDateTime(iso) {
    const time = Date.parse(iso);
    if (Number.isNaN(time))
        return null;
    return `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

// EXTERNAL MODULE: ./src/characters.ts
var characters = __webpack_require__(6187);
;// CONCATENATED MODULE: ./src/reports/markdown.ts
// The one place that turns untrusted text (service data, inputs, error messages) into GitHub-flavoured
// Markdown. Escape once, at render time: the output is not meant to be escaped again.
//
// People read the raw Markdown too (notification e-mails, API answers, the comment editor), so a
// character is escaped only where it would start markup at its position, and with a backslash (which
// a reader skips easily) rather than a character reference. What must still never come out of service
// text: a table break, HTML, a link or autolink, an @mention, a #123 / GH-123 reference, a workflow
// command (`::` at a line start). Text the action writes itself (dates, numbers, crontabs, CWE ids)
// passes through these rules unchanged, because none of its characters starts markup where it stands.

/**
 * GitHub finds @mentions and #123 / GH-123 references in the rendered text, after escapes and
 * character references are decoded, so no Markdown escape stops them: a zero-width space after the
 * marker does (as Renovate does). It is the only invisible character this module adds.
 */
const ZWSP = '\u200b';
/** A backslash before one of these is an escape (CommonMark: any ASCII punctuation). */
const ASCII_PUNCTUATION = /^[!-/:-@[-`{-~]/;
/** Letters and digits: `_` between two of them can neither open nor close emphasis. */
const WORD_CHAR = /^[\p{L}\p{N}]/u;
/** What may follow `@` in a GitHub user or team name, or begin an e-mail domain (GFM autolinks those). */
const NAME_CHAR = /^[A-Za-z0-9_-]/;
/**
 * A character reference the renderer would decode (`&amp;`, `&#64;`, `&#x40;`). Only a complete one:
 * no caller puts a `;` right after escaped text, so `AT&T` or a trailing `R&D` stays as it is.
 */
const CHARACTER_REFERENCE = /&(?:#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]{0,31});/y;
/**
 * Everything that can start markup (or a GitHub link, mention or reference) in the middle of a line;
 * each match is then decided by its neighbours in {@link escapeInline}:
 * - always: `` ` `` code, `*` `~` emphasis and strikethrough, `[` `]` links, images and footnotes,
 *   `<` HTML and autolinks, `|` table cells, `$` GitHub's maths;
 * - `\` only before ASCII punctuation or at the end (elsewhere it is a literal backslash);
 * - `_` unless inside a word (`snake_case` cannot open emphasis);
 * - `&` only where it would start a character reference;
 * - `@` before a name character, `#` before a digit, `GH-` before a digit: a zero-width space;
 * - `://` after `http`, `https` or `ftp`, and a word-initial `www.`: cmark-gfm's URL autolinks start
 *   there, and an escaped `:` or `.` is not seen by them (an e-mail address is broken at its `@`).
 * Not escaped: `-` `+` `.` `!` `(` `)` `#` `:` `>` `=` and the rest: they start nothing mid-line.
 */
const INLINE = /[\\`*~[\]<|$&@#]|_+|(?<=https?|ftp):\/\/|(?<![\p{L}\p{N}])(?:www\.|gh-(?=\d))/giu;
/** Block markup at the start of a line: heading, quote, list, setext underline or thematic break, ordered list, and the runner's `::command`. */
const LINE_START = /^(?:[#>+=-]|\d{1,9}[.)]|::)/;
/** A `#` run after a space at the end of an ATX heading is its closing sequence, dropped from the text. */
const TRAILING_HASHES = /(?<=\s)#+(?=\s*$)/;
const LINE_BREAKS = /\s*[\r\n\u2028\u2029]+\s*/g;
/** One line of plain text: line breaks collapsed, controls removed. */
function oneLine(s) {
    return s.replace(characters/* BIDI */.l, '').replace(LINE_BREAKS, ' ').replace(characters/* CONTROLS */.V, ' ');
}
/** Escapes inline markup; `breakLinks` false inside a link label, where GitHub makes no autolink, mention or reference. */
function escapeInline(text, breakLinks) {
    return text.replace(INLINE, (match, offset) => {
        const next = text.slice(offset + match.length, offset + match.length + 1);
        switch (match[0]) {
            case '\\':
                return next === '' || ASCII_PUNCTUATION.test(next) ? '\\\\' : '\\';
            case '_':
                return WORD_CHAR.test(text.charAt(offset - 1)) && WORD_CHAR.test(next) ? match : match.replace(/_/g, '\\_');
            case '&':
                // A numeric reference (`&#64;`) is already broken by the zero-width space after its `#`.
                CHARACTER_REFERENCE.lastIndex = offset;
                return CHARACTER_REFERENCE.test(text) && !(breakLinks && /^#\d/.test(text.slice(offset + 1, offset + 3)))
                    ? '\\&'
                    : '&';
            case '@':
                return breakLinks && NAME_CHAR.test(next) ? `@${ZWSP}` : '@';
            case '#':
                return breakLinks && /^\d/.test(next) ? `#${ZWSP}` : '#';
            case ':':
                return breakLinks ? '\\://' : match;
            case 'w':
            case 'W':
                return breakLinks ? `${match.slice(0, 3)}\\.` : match;
            case 'g':
            case 'G':
                return breakLinks ? `${match}${ZWSP}` : match;
            default:
                return `\\${match}`;
        }
    });
}
/** Cuts to at most `maxLength` characters (code points), ending with `…` when cut. */
function truncate(s, maxLength) {
    const chars = Array.from(s);
    if (chars.length <= maxLength)
        return s;
    return `${chars.slice(0, Math.max(0, maxLength - 1)).join('')}…`;
}
/**
 * Text for prose or a table cell: renders as the literal characters, on one line, with no markup,
 * HTML, mentions, references or links. Mid-line unless `lineStart` says it begins a line.
 */
function escapeText(s, options = {}) {
    const text = oneLine(s);
    // Indentation at a line start would make a code block; a reader would not see it anyway.
    const inline = escapeInline(options.lineStart ? text.replace(/^[ \t]+/, '') : text, true);
    const escaped = options.endsHeading ? inline.replace(TRAILING_HASHES, (hashes) => `\\${hashes}`) : inline;
    if (!options.lineStart)
        return escaped;
    const start = LINE_START.exec(escaped)?.[0];
    if (start === undefined)
        return escaped;
    // `1.` and `1)` start an ordered list at the dot or parenthesis; the rest at their first character.
    const at = /^\d/.test(start) ? start.length - 1 : 0;
    return `${escaped.slice(0, at)}\\${escaped.slice(at)}`;
}
/** Text for a table cell: as {@link escapeText} (which always escapes `|`), cut to `maxLength` characters. */
function escapeCell(s, maxLength = 200) {
    return escapeText(truncate(s, maxLength));
}
/** Inline code for prose: a backtick fence longer than any run of backticks inside. */
function code(s, maxLength = 200) {
    const text = oneLine(truncate(s, maxLength));
    if (text === '')
        return '';
    const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(longestRun + 1);
    // CommonMark strips one space from each side when both are there, so padding keeps the text exact.
    const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ')) ? ' ' : '';
    return `${fence}${pad}${text}${pad}${fence}`;
}
/** Inline code inside a table cell. GFM splits cells on `|` even inside code spans, and its `\|` escape
 * shows a stray backslash there after another `\`, so text with a `|` is escaped as plain text instead. */
function codeCell(s, maxLength = 200) {
    return s.includes('|') ? escapeCell(s, maxLength) : code(s, maxLength);
}
// Percent-encoded in a link destination: `( ) < >` and spaces could end it, `\\` escapes the next
// character, `|` splits a table cell, `` ` `` can open a code span that outranks the link, quotes start a title.
const URL_UNSAFE = /[()<>"'`|\\\s]/g;
/**
 * A Markdown link when `url` is an http(s) URL; otherwise just the escaped text. The label is escaped
 * for Markdown only: GitHub makes no autolink inside a link and finds no mention or reference in its
 * text, so a URL or `@name` as a label stays as it reads (and copies as it reads).
 */
function markdown_link(text, url) {
    const href = safeHref(url);
    if (href === null)
        return escapeText(text);
    // A link destination decodes character references too: `\&` keeps `&amp;` in a URL as it is.
    return `[${escapeInline(oneLine(text), false)}](${href.replace(/&(?=#?[A-Za-z\d]+;)/g, '\\&')})`;
}
/** The URL, normalised and percent-encoded for a link destination, or null when it is not http(s). */
function safeHref(url) {
    if (!url)
        return null;
    let parsed;
    try {
        parsed = new URL(url.trim());
    }
    catch {
        return null;
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
        return null;
    return parsed.href.replace(URL_UNSAFE, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
/** Cell for a link inside a table: the label cut to `maxLength` characters. */
function linkCell(text, url, maxLength = 200) {
    return markdown_link(truncate(text, maxLength), url);
}

;// CONCATENATED MODULE: ./src/reports/plain.ts
// Service text as plain text (annotations, SARIF): one place that strips controls and bidi
// overrides, collapses lines and cuts long text.


/** Clipped generously before normalising: a megabyte-long text must not cost a megabyte of work per use. */
function clip(s, max) {
    const limit = max * 4 + 64;
    if (s.length <= limit)
        return { text: s, clipped: false };
    return { text: s.slice(0, limit).replace(/[\uD800-\uDBFF]$/, ''), clipped: true };
}
function normalised(s, max, oneLine) {
    const { text, clipped } = clip(s, max);
    let plain = text.replace(characters/* BIDI */.l, '').replace(/\r\n?/g, '\n');
    plain = (oneLine ? plain.replace(/\s+/g, ' ') : plain).replace(characters/* CONTROLS */.V, ' ').trim();
    // A clipped text always shows it was cut, even when normalising made it short.
    return truncate(clipped && !plain.endsWith('…') ? `${plain}…` : plain, max);
}
/** Plain text, line breaks kept (normalised to `\n`), cut to `max` characters. */
function plainText(s, max) {
    return normalised(s, max, false);
}
/** Plain text on one line, cut to `max` characters. */
function plainLine(s, max) {
    return normalised(s, max, true);
}
/** The first usable http(s) reference (https only when asked); a loop, as an advisory may list thousands. */
function firstReference(references, httpsOnly = false) {
    for (const reference of references) {
        const href = safeHref(reference);
        if (href !== null && (!httpsOnly || href.startsWith('https:')))
            return href;
    }
    return null;
}

;// CONCATENATED MODULE: ./src/reports/budget.ts
// Byte accounting for pages with a hard size limit (GitHub: 1 MiB step summary, 65,536-character comment).
function byteLength(text) {
    return Buffer.byteLength(text, 'utf8');
}
/** Bytes left for a page; rows are taken only while they fit. */
class ByteBudget {
    remaining;
    constructor(remaining) {
        this.remaining = remaining;
    }
    /** Spends the bytes of `text` plus its line break when they fit; false (and nothing spent) otherwise. */
    take(text) {
        const cost = byteLength(text) + 1;
        if (cost > this.remaining)
            return false;
        this.remaining -= cost;
        return true;
    }
    /** Spends the bytes of lines that are written whatever happens (titles, closing tags, "and N more"). */
    charge(...lines) {
        for (const line of lines)
            this.remaining -= byteLength(line) + 1;
    }
    /** Sets bytes aside for lines that must fit later; a negative amount gives them back. */
    reserve(bytes) {
        this.remaining -= bytes;
    }
}
/** Renders items in order while fewer than `maxRows` are taken and each row fits the budget. */
function fitRows(items, renderRow, maxRows, budget) {
    const rows = [];
    for (const item of items) {
        if (rows.length >= maxRows)
            break;
        const row = renderRow(item);
        if (!budget.take(row))
            break;
        rows.push(row);
    }
    return { rows, omitted: items.length - rows.length };
}
/** Last resort when even the fixed parts overflow: cuts at a line break (never inside a UTF-8 sequence). */
function cutToBytes(page, maxBytes, note) {
    if (byteLength(page) <= maxBytes)
        return page;
    const room = Math.max(0, maxBytes - byteLength(note) - 3);
    let cut = Buffer.from(page, 'utf8').subarray(0, room).toString('utf8');
    // A code point split by the byte cut decodes as U+FFFD: drop it, then back to the last whole line.
    cut = cut.replace(/\uFFFD$/, '');
    const lastBreak = cut.lastIndexOf('\n');
    if (lastBreak > 0)
        cut = cut.slice(0, lastBreak);
    return `${cut}\n\n${note}\n`;
}

;// CONCATENATED MODULE: ./src/reports/summary-alerts.ts



/** Room for an "…and N more" line and the lines that close a section. */
const CLOSING_RESERVE = 200;
const GATING_HEADER = [
    '| Severity | Advisory | Package | Score | Reachability | Summary |',
    '|---|---|---|--:|---|---|',
];
const ALLOWED_HEADER = ['| Advisory | Package | Severity | Until | Reason |', '|---|---|---|---|---|'];
/** "2 reachable", "needs review", "unreachable only", or "—" when there is no analysis. */
function reachabilityLabel(counts) {
    if (!counts)
        return '—';
    if (counts.reachable > 0)
        return `${(0,numbers/* formatNumber */.Z)(counts.reachable)} reachable`;
    if (counts.needsReview > 0)
        return 'needs review';
    if (counts.unreachable > 0)
        return 'unreachable only';
    return '—';
}
/** The advisory id, linked to its first reference when that is an http(s) URL. */
function advisoryCell(e) {
    return linkCell(e.advisory, e.references[0], 80);
}
function gatingRow(e) {
    const cells = [
        severityLabel(e.severity),
        advisoryCell(e),
        codeCell(e.package, 120),
        (0,numbers/* formatNumber */.Z)(e.score),
        reachabilityLabel(e.reachability),
        escapeCell(e.summary, 200),
    ];
    return `| ${cells.join(' | ')} |`;
}
function allowedRow(e) {
    const entry = e.allowedBy;
    const cells = [
        advisoryCell(e),
        codeCell(e.package, 120),
        severityLabel(e.severity),
        entry?.until ? escapeCell(entry.until, 20) : 'no end date',
        entry?.reason ? escapeCell(entry.reason, 200) : '—',
    ];
    return `| ${cells.join(' | ')} |`;
}
/** A table of as many rows as fit, then how many were left out. */
function boundedTable(header, alerts, renderRow, limits) {
    const { budget } = limits;
    budget.reserve(CLOSING_RESERVE);
    const fitted = header.every((line) => budget.take(line))
        ? fitRows(alerts, renderRow, limits.maxRows, budget)
        : { rows: [], omitted: alerts.length };
    const table = fitted.rows.length > 0 ? [...header, ...fitted.rows] : [];
    const more = fitted.omitted > 0 ? ['', limits.more(fitted.omitted)] : [];
    budget.reserve(-CLOSING_RESERVE);
    budget.charge(...more);
    return [...table, ...more];
}
function gatingSection(gating, maxRows, budget) {
    const title = `### Gating alerts (${(0,numbers/* formatNumber */.Z)(gating.length)})`;
    if (gating.length === 0)
        return `${title}\n\nNo alert fails the gate.`;
    budget.charge(title, '');
    const more = (n) => `…and ${(0,numbers/* plural */.L)(n, 'more gating alert')} (see the JSON report or the service).`;
    return [title, '', ...boundedTable(GATING_HEADER, gating, gatingRow, { maxRows, budget, more })].join('\n');
}
/** Collapsed: allowed alerts still deserve a look, but they do not fail the gate. */
function allowedSection(alerts, maxRows, budget) {
    const allowed = alerts.filter((e) => e.status === 'allowed');
    if (allowed.length === 0)
        return null;
    const more = (n) => `…and ${(0,numbers/* plural */.L)(n, 'more allowed alert')}.`;
    const open = `<details><summary>Allowed by <code>allow-alerts</code> (${(0,numbers/* formatNumber */.Z)(allowed.length)})</summary>`;
    budget.charge(open, '', '', '</details>');
    const table = boundedTable(ALLOWED_HEADER, allowed, allowedRow, { maxRows, budget, more });
    return [open, '', ...table, '', '</details>'].join('\n');
}
/** Why an alert below the threshold does not gate: "below the high threshold", or none is set. */
function belowThreshold(result) {
    const failOn = result.options.failOnSeverity;
    return failOn === 'none' ? 'fail-on-severity is none' : `below the ${failOn} threshold`;
}
const NOT_GATING = [
    ['below-threshold', belowThreshold],
    ['unreachable', () => 'only unreachable (ignored)'],
    ['not-alerted', () => 'not alerted by the service'],
];
/** "Not gating: 3 below the high threshold · 1 only unreachable (ignored)", or null when none. */
function notGatingLine(result) {
    const parts = NOT_GATING.map(([status, describe]) => {
        const count = result.alerts.filter((e) => e.status === status).length;
        return count > 0 ? `**${(0,numbers/* formatNumber */.Z)(count)}** ${describe(result)}` : null;
    }).filter((part) => part !== null);
    return parts.length > 0 ? `Not gating: ${parts.join(' · ')}.` : null;
}

;// CONCATENATED MODULE: ./src/reports/annotations.ts
// Error annotations for the gating alerts, placed on the manifest line that declares the package.
// The text goes to core.error, which escapes it for the workflow command, so it is plain text, not Markdown.




/** GitHub shows at most 10 error annotations per step; the rest are dropped silently. */
const MAX_ERROR_ANNOTATIONS = 10;
const MAX_SUMMARY = 500;
const MAX_TITLE = 200;
function alertAnnotation(e) {
    const location = e.locations?.[0];
    const pkg = location?.package ?? (0,packages_locations/* packageLabel */.lL)(e.package);
    const reachability = reachabilityLabel(e.reachability);
    const reference = firstReference(e.references);
    const message = [
        plainLine(e.summary, MAX_SUMMARY) || 'No summary given',
        `Score ${e.score === null ? 'none' : (0,numbers/* formatNumber */.Z)(e.score)}`,
        `Reachability: ${reachability === '—' ? 'not analysed' : reachability}`,
        ...(reference ? [reference] : []),
    ].join(' · ');
    const annotation = {
        title: plainLine(`${e.severity} ${e.advisory} in ${pkg}`, MAX_TITLE),
        message,
    };
    // The fallback path is no real file: an annotation on it would point nowhere.
    if (location && location.path !== packages_locations/* FALLBACK_MANIFEST_PATH */.v9) {
        annotation.file = location.path;
        annotation.startLine = location.startLine;
        annotation.endLine = location.endLine;
    }
    return annotation;
}
function licenseAnnotation(f) {
    const why = f.status === 'unknown'
        ? 'has no known license (unknown-licenses: fail)'
        : `is licensed ${f.license}, which the license policy does not allow`;
    const annotation = {
        title: plainLine(`license ${f.status === 'unknown' ? 'unknown' : f.license} in ${f.package}`, MAX_TITLE),
        message: plainLine(`${f.package} ${why}. Allow or deny licenses with allow-licenses / deny-licenses, or exempt the package with license-exceptions.`, MAX_SUMMARY),
    };
    if (f.location && f.location.path !== packages_locations/* FALLBACK_MANIFEST_PATH */.v9) {
        annotation.file = f.location.path;
        annotation.startLine = f.location.startLine;
        annotation.endLine = f.location.endLine;
    }
    return annotation;
}
/**
 * One error annotation per gating alert, worst first (the verdict's order), then one per license
 * violation. Beyond `max`, the first `max - 1` get one each and a last annotation says how many
 * were left out.
 */
function buildAnnotations(result, max = MAX_ERROR_ANNOTATIONS) {
    const gating = result.verdict.gating;
    const licenses = result.licenses?.findings.filter((f) => f.gates) ?? [];
    const cap = Math.max(1, Math.floor(max));
    const total = gating.length + licenses.length;
    // Only the annotations shown are built: 100,000 gating alerts must not mean 100,000 messages.
    const build = (count) => [
        ...gating.slice(0, count).map(alertAnnotation),
        ...licenses.slice(0, Math.max(0, count - gating.length)).map(licenseAnnotation),
    ];
    if (total <= cap)
        return { annotations: build(total), omitted: 0 };
    const shown = build(cap - 1);
    const omitted = total - shown.length;
    // Licenses come last: when none is left out, the words can be about alerts alone.
    const what = licenses.length === 0
        ? ['more gating alert', 'more alert fails', 'more alerts fail']
        : ['more finding', 'more finding fails', 'more findings fail'];
    const more = {
        title: `${(0,numbers/* plural */.L)(omitted, what[0])} not annotated`,
        message: `${(0,numbers/* plural */.L)(omitted, what[1], what[2])} the gate. GitHub shows at most ` +
            `${MAX_ERROR_ANNOTATIONS} error annotations per step: see the job summary or the JSON report.`,
    };
    return { annotations: [...shown, more], omitted };
}

// EXTERNAL MODULE: ./src/model.ts
var model = __webpack_require__(182);
;// CONCATENATED MODULE: ./src/reports/summary-licenses.ts



const HEADER = ['| Package | License | Declared in | Status |', '|---|---|---|---|'];
/** `package.json:12`, linked to that line at the commit under test when the link base is known. */
function declaredIn(f, blobUrl) {
    if (!f.location)
        return '—';
    const { path, startLine, endLine } = f.location;
    const label = `${path}:${startLine}`;
    if (!blobUrl)
        return codeCell(label, 120);
    const lines = endLine > startLine ? `#L${startLine}-L${endLine}` : `#L${startLine}`;
    return markdown_link(label, `${blobUrl}/${path.split('/').map(encodeURIComponent).join('/')}${lines}`);
}
function row(blobUrl) {
    return (f) => {
        const status = f.gates
            ? f.status === 'unknown'
                ? '❌ unknown license (fails)'
                : '❌ not allowed'
            : '⚠️ unknown license';
        const license = f.license === '' ? 'none given' : escapeCell(f.license, 120);
        return `| ${codeCell(f.package, 120)} | ${license} | ${declaredIn(f, blobUrl)} | ${status} |`;
    };
}
/** The section, or null when no license policy is set. */
function licenseSection(report, blobUrl, maxRows, budget) {
    if (report === null)
        return null;
    const violations = report.findings.filter((f) => f.gates).length;
    const rule = `${report.mode === 'allow' ? 'allow-licenses' : 'deny-licenses'}: ${report.ids.map((id) => code(id, 80)).join(', ')}`;
    const title = `### License policy (${(0,numbers/* plural */.L)(violations, 'violation')})`;
    const checked = `${(0,numbers/* plural */.L)(report.checked, 'package')} checked against ${rule}` +
        (report.exempted > 0 ? `; ${(0,numbers/* formatNumber */.Z)(report.exempted)} exempted by \`license-exceptions\`` : '') +
        `; unknown licenses: ${report.unknown}.`;
    budget.charge(title, '', checked, '');
    if (report.findings.length === 0)
        return `${title}\n\n${checked}\n\nEvery package's license is allowed.`;
    const more = (n) => `…and ${(0,numbers/* plural */.L)(n, 'more package')} (see the JSON report).`;
    return [
        title,
        '',
        checked,
        '',
        ...boundedTable(HEADER, report.findings, row(blobUrl), { maxRows, budget, more }),
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/reports/sparkline.ts
// A Unicode sparkline: renders in every Markdown viewer (job summary, PR comment, plain logs).
const BARS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
/** At most this many bars, so a server sending a huge trend array cannot blow up the page. */
const MAX_SPARKLINE_WIDTH = 60;
/** Bars for `values` scaled between their min and max; non-finite values are skipped; '' when none. */
function sparkline(values, maxWidth = MAX_SPARKLINE_WIDTH) {
    const points = downsample(values.filter(isFiniteNumber), maxWidth);
    if (points.length === 0)
        return '';
    const min = Math.min(...points);
    const span = Math.max(...points) - min;
    return points
        .map((v) => BARS[span === 0 ? 3 : Math.round(((v - min) / span) * (BARS.length - 1))] ?? BARS[0])
        .join('');
}
const isFiniteNumber = (v) => v !== null && Number.isFinite(v);
/** Min, max, first and last of the finite values; null when there are none. */
function seriesStats(values) {
    const finite = values.filter(isFiniteNumber);
    const first = finite[0];
    const last = finite[finite.length - 1];
    if (first === undefined || last === undefined)
        return null;
    // reduce, not Math.min(...), which overflows the call stack on very long arrays.
    const min = finite.reduce((a, b) => Math.min(a, b), first);
    const max = finite.reduce((a, b) => Math.max(a, b), first);
    return { min, max, first, last };
}
/** Averages consecutive buckets so the result has at most `width` points. */
function downsample(values, width) {
    if (values.length <= width)
        return values;
    const result = [];
    for (let i = 0; i < width; i++) {
        const bucket = values.slice(Math.floor((i * values.length) / width), Math.floor(((i + 1) * values.length) / width));
        result.push(bucket.reduce((a, b) => a + b, 0) / bucket.length);
    }
    return result;
}

;// CONCATENATED MODULE: ./src/reports/summary-posture.ts



/** Whose the service's statistics are: `project` when `project-id` narrowed them, else `organization`. */
function postureScope(projectId) {
    return projectId ? 'project' : 'organization';
}
function postureSection(view, projectId) {
    if (view === null)
        return '### Security posture\n\nPosture not available.';
    const title = `### Security posture, ${escapeText(view.startDate)} to ${escapeText(view.endDate)}`;
    const scope = postureScope(projectId);
    return [title, '', ...headline(view, scope, projectId), '', ...trendLines(view.posture.trends, scope)].join('\n');
}
function headline(view, scope, projectId) {
    const { summary } = view.posture;
    const repo = view.repository;
    const trend = summary.riskTrend ? `, trend ${escapeText(summary.riskTrend)}` : '';
    const whole = `${scope.charAt(0).toUpperCase()}${scope.slice(1)}${projectId ? ` ${code(projectId, 100)}` : ''}`;
    const issues = `open issues ${openIssues(summary)} · mean remediation time ${(0,numbers/* formatNumber */.Z)(summary.meanRemediationTime)}`;
    const lines = repo
        ? [
            `**Risk score ${(0,numbers/* formatNumber */.Z)(repo.riskScore)}** (this repository${repo.name ? `, ${code(repo.name, 100)}` : ''}): ` +
                `${repo.openIssues === null ? 'open issues not available' : (0,numbers/* plural */.L)(repo.openIssues, 'open issue')}, ` +
                `${(0,numbers/* formatNumber */.Z)(repo.criticalIssues)} critical.`,
            `${whole}: risk score ${(0,numbers/* formatNumber */.Z)(summary.overAllRiskScore)}${trend} · ${issues}`,
        ]
        : [`**Risk score ${(0,numbers/* formatNumber */.Z)(view.riskScore)}** (${scope})${trend}`, `${whole}: ${issues}`];
    // Two-space line ends: separate lines in Markdown without a blank line between them.
    return lines.map((line, i) => (i < lines.length - 1 ? `${line}  ` : line));
}
/**
 * `🔴 2 critical · 🟠 5 high · 🟡 9 medium · 🔵 4 low (20 in all)`: the parts add up to the total. The
 * service's total also counts issues of no listed severity; those are shown as `other`, and a total
 * that the parts exceed is named as the service's own figure.
 */
function openIssues(summary) {
    const parts = [
        [`${SEVERITY_MARKERS.critical} {n} critical`, summary.criticalIssues],
        [`${SEVERITY_MARKERS.high} {n} high`, summary.highIssues],
        [`${SEVERITY_MARKERS.medium} {n} medium`, summary.mediumIssues],
        [`${SEVERITY_MARKERS.low} {n} low`, summary.lowIssues],
    ];
    const listed = parts.map(([label, n]) => label.replace('{n}', (0,numbers/* formatNumber */.Z)(n)));
    const total = summary.totalOpenIssues;
    if (total === null)
        return listed.join(' · ');
    const counts = parts.map(([, n]) => n);
    const known = counts.every((n) => n !== null);
    const sum = counts.reduce((a, n) => a + (n ?? 0), 0);
    const other = total - sum;
    if (known && other > 0)
        listed.push(`${SEVERITY_MARKERS.unknown} ${(0,numbers/* formatNumber */.Z)(other)} other`);
    const all = known && other >= 0 ? `(${(0,numbers/* formatNumber */.Z)(total)} in all)` : `(the service counts ${(0,numbers/* formatNumber */.Z)(total)} in all)`;
    return `${listed.join(' · ')} ${all}`;
}
function trendRow(label, values) {
    const stats = seriesStats(values);
    if (stats === null)
        return null;
    const cells = [
        label,
        code(sparkline(values)),
        (0,numbers/* formatNumber */.Z)(stats.min),
        (0,numbers/* formatNumber */.Z)(stats.max),
        `${(0,numbers/* formatNumber */.Z)(stats.first)} → ${(0,numbers/* formatNumber */.Z)(stats.last)}`,
    ];
    return `| ${cells.join(' | ')} |`;
}
/** The trend in date order (the model sorts it), oldest first, as the chart reads left to right. */
function trendLines(trends, scope) {
    const rows = [
        trendRow(`Risk score (${scope})`, trends.map((t) => t.riskScore)),
        trendRow(`Open issues (${scope})`, trends.map((t) => t.openIssues)),
    ].filter((row) => row !== null);
    const first = trends[0];
    const last = trends[trends.length - 1];
    if (rows.length === 0 || !first || !last)
        return ['No trend data for the window.'];
    return [
        '| Trend | Chart | Min | Max | First → last |',
        '|---|---|--:|--:|--:|',
        ...rows,
        '',
        `${(0,numbers/* plural */.L)(trends.length, 'data point')} from ${escapeCell(first.date, 20)} to ${escapeCell(last.date, 20)}.`,
    ];
}

;// CONCATENATED MODULE: ./src/reports/summary.ts
// The job summary: one Markdown page rendered from the result model, verdict first, under GitHub's
// 1 MiB step-summary limit however many alerts there are.







const SUMMARY_MAX_BYTES = 1_000_000;
const SUMMARY_MAX_ALERTS = 50;
/** Warnings and errors listed; a hostile server could make thousands. */
const MAX_LIST_ITEMS = 50;
const VERDICT = {
    pass: { marker: '✅', word: 'Passed', heading: 'passed' },
    fail: { marker: '❌', word: 'Failed', heading: 'failed' },
    error: { marker: '⚠️', word: 'Error', heading: 'no verdict' },
};
function renderSummary(result, options = {}) {
    const maxBytes = options.maxBytes ?? SUMMARY_MAX_BYTES;
    const maxAlerts = options.maxAlerts ?? SUMMARY_MAX_ALERTS;
    const now = options.now ?? validDate(result.generatedAt) ?? new Date();
    const head = [verdictSection(result), countsSection(result)];
    const notGating = notGatingLine(result);
    const tail = [
        postureSection(result.posture, result.options.projectId),
        timeSavedSection(result),
        scheduleSection(result.schedule, now),
        settingsSection(result.settings),
        listSection('Warnings', '⚠️', result.warnings.map((w) => w.message)),
        listSection('Errors', '❌', result.errors.map((e) => e.message)),
    ].filter((section) => section !== null);
    // The other parts are small and capped; the alert tables get whatever bytes are left
    // (less the blank lines that join them to the page).
    const fixed = [...head, ...tail, ...(notGating === null ? [] : [notGating])];
    const budget = new ByteBudget(maxBytes - byteLength(joinSections(fixed)) - 8);
    const alerts = [
        gatingSection(result.verdict.gating, maxAlerts, budget),
        licenseSection(result.licenses, result.blobUrl, maxAlerts, budget),
        allowedSection(result.alerts, maxAlerts, budget),
        notGating,
    ].filter((section) => section !== null);
    const page = joinSections([...head, ...alerts, ...tail]);
    return cutToBytes(page, maxBytes, '…the rest of this summary was cut to stay under the size limit.');
}
function joinSections(sections) {
    return `${sections.join('\n\n')}\n`;
}
function validDate(iso) {
    const time = Date.parse(iso);
    return Number.isNaN(time) ? null : new Date(time);
}
/**
 * The heading carries the verdict and the repository (it is what a notification or a list of
 * comments shows first); then pass/fail/error and why in one line.
 */
function verdictSection(result) {
    const { marker, word, heading } = VERDICT[result.result];
    const why = result.result === 'error'
        ? oneLineOf(result.errors.map((e) => e.message), 'the service could not be read.')
        : oneLineOf(result.verdict.reasons, 'no alert fails the gate.');
    const { id, name } = result.repository;
    const repository = name ? `${code(name, 100)} (${code(id, 100)})` : code(id, 100);
    const title = `## Security gate: ${marker} ${heading} for ${escapeText(truncate(name || id, 100), { endsHeading: true })}`;
    return `${title}\n\n${marker} **${word}** for ${repository}: ${why}`;
}
/** Sentences joined and escaped, cut so the verdict stays one readable line. */
function oneLineOf(sentences, fallback) {
    return sentences.length > 0 ? escapeText(truncate(sentences.join(' '), 400)) : fallback;
}
function countsSection(result) {
    const { counts, options } = result;
    const severities = model/* SEVERITIES */.oC;
    const header = severities.map((s) => `${SEVERITY_MARKERS[s]} ${s[0]?.toUpperCase()}${s.slice(1)}`);
    const values = severities.map((s) => (0,numbers/* formatNumber */.Z)(counts[s]));
    const policy = [
        options.failOnSeverity === 'none'
            ? 'alerts never fail the gate'
            : `fails on **${options.failOnSeverity}** or worse`,
        options.ignoreUnreachable ? 'unreachable-only alerts ignored' : null,
        options.failOnCriticalIssues ? 'fails on open critical issues' : null,
        options.dryRun ? 'dry run' : null,
    ].filter((part) => part !== null);
    const fromFile = Object.entries(options.sources)
        .filter(([, source]) => source === 'file')
        .map(([name]) => name);
    const file = options.configFile
        ? [
            `Policy file: ${code(options.configFile, 200)}${fromFile.length > 0 ? ` (${fromFile.map((name) => code(name, 60)).join(', ')} from it)` : ''}.`,
        ]
        : [];
    return [
        `| ${[...header, 'Total', 'Gating', 'Allowed'].join(' | ')} |`,
        `|${'--:|'.repeat(header.length + 3)}`,
        `| ${[...values, (0,numbers/* formatNumber */.Z)(counts.total), `**${(0,numbers/* formatNumber */.Z)(counts.gating)}**`, (0,numbers/* formatNumber */.Z)(counts.allowed)].join(' | ')} |`,
        '',
        `Policy: ${policy.join(' · ')}.${file.length > 0 ? '  ' : ''}`,
        ...file,
    ].join('\n');
}
function timeSavedSection(result) {
    const saved = result.timeSaved;
    if (saved === null)
        return '### Time saved\n\nTime saved not available.';
    return (
    // The service counts time saved for the whole organization (or project), not this repository.
    `### Time saved\n\n**${formatMinutes(saved.totalMinutesSaved)}** saved across the ${postureScope(result.options.projectId)} in the last ` +
        `${(0,numbers/* plural */.L)(result.options.postureDays, 'day')}: ${formatMinutes(saved.patchingMinutesSaved)} patching, ` +
        `${formatMinutes(saved.validationMinutesSaved)} validation.`);
}
function scheduleSection(schedule, now) {
    const title = '### Scan schedule\n\n';
    if (schedule === null)
        return `${title}Scan schedule not available.`;
    if (schedule.crontab.trim() === '')
        return `${title}None: no scan schedule is set.`;
    const words = schedule.description === null ? 'not a schedule this action can read' : escapeText(schedule.description);
    const crontab = `${code(schedule.crontab, 100)}: ${words}.`;
    if (!schedule.enabled)
        return `${title}${crontab} The schedule is **disabled**.`;
    return `${title}${crontab} ${nextRunText(schedule.nextRun, now)}`;
}
function nextRunText(nextRun, now) {
    const when = nextRun === null ? null : formatUtcDateTime(nextRun);
    if (nextRun === null || when === null)
        return 'Next run: unknown.';
    const minutes = (Date.parse(nextRun) - now.getTime()) / 60_000;
    return minutes >= 0 ? `Next run: **${when}** (in ${formatMinutes(minutes)}).` : `Next run: **${when}**.`;
}
const SETTING_STATUS = {
    applied: '✅ applied',
    'dry-run': '🔸 would apply (dry run)',
    failed: '❌ failed',
    rejected: '❌ rejected',
};
function settingValue(value) {
    if (Array.isArray(value))
        return value.length === 0 ? 'none (empty list)' : escapeCell(value.join(', '), 200);
    return escapeCell(String(value));
}
function settingsSection(settings) {
    if (settings.length === 0)
        return null;
    const rows = settings.map((change) => {
        const status = SETTING_STATUS[change.status];
        const withError = change.error ? `${status}: ${escapeCell(change.error, 300)}` : status;
        return `| ${codeCell(change.input, 60)} | ${settingValue(change.value)} | ${withError} |`;
    });
    return ['### Settings', '', '| Setting | Value | Status |', '|---|---|---|', ...rows].join('\n');
}
function listSection(title, marker, messages) {
    if (messages.length === 0)
        return null;
    const shown = messages.slice(0, MAX_LIST_ITEMS).map((m) => `- ${marker} ${escapeText(truncate(m, 500))}`);
    const hidden = messages.length - shown.length;
    const more = hidden > 0 ? [`- …and ${(0,numbers/* formatNumber */.Z)(hidden)} more (see the JSON report).`] : [];
    return [`### ${title}`, '', ...shown, ...more].join('\n');
}

;// CONCATENATED MODULE: ./src/reports/comment.ts

const COMMENT_MARKER = '<!-- security-gate:sticky-comment -->';
const COMMENT_MAX_CHARS = 65_536;
/** Rows kept in the comment: a PR conversation wants the gist; the job summary has the rest. */
const COMMENT_MAX_ALERTS = 25;
function renderComment(result, runUrl) {
    const footer = runUrl ? `\n\n<sub>[Full report in the job summary](${encodeURI(runUrl)})</sub>` : '';
    // A byte budget is never smaller than the character count, so this always fits.
    const room = COMMENT_MAX_CHARS - COMMENT_MARKER.length - footer.length - 2;
    const full = renderSummary(result, { maxAlerts: COMMENT_MAX_ALERTS, maxBytes: room });
    return `${COMMENT_MARKER}\n${full}${footer}`;
}
/**
 * Creates or updates the one sticky comment. With `on-failure`, a passing run creates nothing but
 * updates an earlier comment so it does not stay stale saying the gate fails.
 */
async function upsertComment(api, mode, result, body, authorType) {
    if (mode === 'never')
        return 'skipped';
    const existing = findSticky(await api.list(), authorType);
    if (existing) {
        await api.update(existing.id, body);
        return 'updated';
    }
    if (mode === 'on-failure' && result.result !== 'fail')
        return 'skipped';
    await api.create(body);
    return 'created';
}
/**
 * GitHub App installation tokens (`ghs_`, which GITHUB_TOKEN is) write as a Bot; personal and
 * OAuth tokens as a User. The prefix tells which, without an API call.
 */
function authorTypeOf(token) {
    return token.startsWith('ghs_') ? 'Bot' : 'User';
}
/** The newest comment with the marker written by the same kind of token; anyone else's is left alone. */
function findSticky(comments, authorType) {
    return comments.filter((c) => c.body?.startsWith(COMMENT_MARKER) && c.user?.type === authorType).at(-1) ?? null;
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/reports/json.ts
// The JSON report (`report-file`): the whole result model, versioned by schemaVersion. Each alert
// appears once (500 to a line); the verdict refers to the gating ones by id. Written in chunks, so
// a report of 100,000 alerts is never one giant string.

/** Alerts per chunk: large enough to keep writes few, small enough to keep each chunk small. */
const ALERTS_PER_CHUNK = 500;
/** The report as chunks of text that join to one JSON document. */
function* jsonReportChunks(result) {
    const { alerts, verdict, ...rest } = result;
    // Everything but the alerts, pretty, the alerts last (the large part); they go where the
    // placeholder stands, a value no service text can know in advance.
    const placeholder = (0,external_node_crypto_.randomUUID)();
    const shape = { ...rest, verdict: { ...verdict, gating: verdict.gating.map((a) => a.id) }, alerts: placeholder };
    const text = JSON.stringify(shape, null, 2);
    const at = text.lastIndexOf(JSON.stringify(placeholder));
    const head = text.slice(0, at);
    const tail = text.slice(at + JSON.stringify(placeholder).length);
    if (alerts.length === 0) {
        yield `${head}[]${tail}\n`;
        return;
    }
    yield `${head}[\n`;
    for (let start = 0; start < alerts.length; start += ALERTS_PER_CHUNK) {
        // One line a chunk: stringifying 500 alerts at once is far cheaper than 500 times one.
        const line = JSON.stringify(alerts.slice(start, start + ALERTS_PER_CHUNK)).slice(1, -1);
        yield `    ${line}${start + ALERTS_PER_CHUNK >= alerts.length ? '\n' : ',\n'}`;
    }
    yield `  ]${tail}\n`;
}
/** The whole report as one string (tests, small results). */
function renderJsonReport(result) {
    return [...jsonReportChunks(result)].join('');
}

// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
// EXTERNAL MODULE: ./src/policy/severity.ts
var severity = __webpack_require__(3863);
;// CONCATENATED MODULE: ./src/reports/sarif.ts
// SARIF 2.1.0 log for github/codeql-action/upload-sarif: one rule per advisory, one result per alert the
// service alerted on and `allow-alerts` did not allow (whatever the threshold) and per affected package,
// located at the manifest line that declares the package. Code scanning then shows the whole picture,
// and a threshold change (even to `none`) does not close alerts there: only the level changes.








const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const FINGERPRINT_KEY = 'securityGateAlert/v1';
// GitHub's upload limits: 25,000 results per run and 10 MB gzipped; we stay well under the latter.
const MAX_RESULTS = 25_000;
const MAX_GZIP_BYTES = 8 * 1024 * 1024;
// Compact JSON characters gathered before the gzip check: bounds memory and time on huge inputs.
const MAX_JSON_CHARS = 40_000_000;
// Rules get the full text (description, ten references, twenty packages) until this many characters,
// worst first; later rules get a brief form, so text is cut before any result is.
const DETAILED_RULE_CHARS = 4_000_000;
// GitHub truncates rule descriptions beyond 1,024 characters.
const MAX_DESCRIPTION = 1024;
/** The level of an alert that does not gate: a warning while it still matters (medium and up), else a note. */
const NOT_GATING_LEVELS = {
    critical: 'warning',
    high: 'warning',
    medium: 'warning',
    low: 'note',
    unknown: 'note',
};
/** Alerts reported, and why each that does not gate does not: `not-alerted` and `allowed` are left out. */
const REPORTED = {
    gating: () => null,
    'below-threshold': belowThreshold,
    unreachable: () => 'only unreachable uses (ignore-unreachable)',
};
/** `error` when the alert gates; otherwise by severity. */
function levelOf(status, severity) {
    return status === 'gating' ? 'error' : NOT_GATING_LEVELS[severity];
}
/** A score within each band, for advisories without one (GitHub ranks alerts by `security-severity`). */
const REPRESENTATIVE_SCORES = { critical: 9.5, high: 8.0, medium: 5.5, low: 2.0 };
const DETAILED = { short: MAX_DESCRIPTION, description: MAX_DESCRIPTION, references: 10, packages: 20 };
const BRIEF = { short: 256, description: 256, references: 3, packages: 5 };
/** `security-severity`: the score (clamped to CVSS's 0-10), else one representative of the severity band. */
function securitySeverity(severity, score) {
    if (score !== null && Number.isFinite(score) && score > 0)
        return String(Math.min(10, score));
    const representative = REPRESENTATIVE_SCORES[severity];
    return representative === undefined ? undefined : representative.toFixed(1);
}
/** Stable across runs (no line numbers, which move when the manifest is edited), distinct per package and file. */
function fingerprint(advisoryId, pkg, path) {
    return (0,external_node_crypto_.createHash)('sha256').update(`${advisoryId}|${pkg}|${path}`).digest('hex').slice(0, 32);
}
/**
 * The reported alerts, most severe first so that the upload limits cut the least severe: the gating
 * ones (errors) in the verdict's order, then the others by severity (warnings, then notes) and score;
 * the same advisory, package and file once (one package declared twice in a file is one finding).
 */
function findingsOf(result, limit) {
    // Severity, then score; ties keep the order the alerts came in (a stable sort).
    const others = result.alerts
        .filter((e) => e.status !== 'gating' && REPORTED[e.status])
        .sort((a, b) => (0,severity/* severityRank */.qs)(b.severity) - (0,severity/* severityRank */.qs)(a.severity) || (b.score ?? -1) - (a.score ?? -1));
    const seen = new Set();
    const findings = [];
    let beyond = 0;
    for (const alert of [...result.verdict.gating, ...others]) {
        // Past the limit only count them (a package twice in a file counts twice here): 100,000 alerts
        // must not cost 100,000 fingerprints for 25,000 results.
        if (findings.length >= limit) {
            beyond += alert.locations?.length || 1;
            continue;
        }
        const advisoryId = alert.advisory.trim() || alert.id;
        const level = levelOf(alert.status, alert.severity);
        const notGating = REPORTED[alert.status]?.(result) ?? null;
        const locations = alert.locations?.length ? alert.locations : [(0,packages_locations/* fallbackLocation */._O)()];
        for (const location of locations) {
            if (findings.length >= limit) {
                beyond++;
                continue;
            }
            const path = (0,packages_locations/* repoRelativePath */.e9)(location.path) || packages_locations/* FALLBACK_MANIFEST_PATH */.v9;
            const pkg = location.package ?? (0,packages_locations/* packageLabel */.lL)(alert.package);
            const print = fingerprint(advisoryId, pkg, path);
            if (seen.has(print))
                continue;
            seen.add(print);
            findings.push({ alert, advisoryId, level, notGating, location: { ...location, path }, pkg, fingerprint: print });
        }
    }
    return { findings, total: findings.length + beyond };
}
/** `PrototypePollutionInLodash` from the summary; the id when the summary has no ASCII words. */
function ruleName(advisoryId, summary) {
    const words = (summary.slice(0, 500).match(/[A-Za-z0-9]+/g) ?? []).slice(0, 12);
    const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
    return name === '' ? advisoryId : truncate(name, 100);
}
/** A reference as a list item: a link when it is an http(s) URL, else text (which starts the item's line). */
function reference(r) {
    const text = plainLine(r, 200);
    return safeHref(r) === null ? escapeText(text, { lineStart: true }) : markdown_link(text, r);
}
/** Listed with the cap, then how many more. */
function capped(items, max, render, more) {
    const lines = items.slice(0, max).map(render);
    return items.length > max ? [...lines, more(items.length - max)] : lines;
}
function renderRule(findings, detail) {
    // Non-empty: the rule is made for the first finding of its advisory.
    const first = findings[0];
    const { alert, advisoryId } = first;
    const summary = plainLine(alert.summary, detail.short) || `Vulnerable dependency: ${advisoryId}`;
    const description = plainText(alert.description, detail.description) || summary;
    const references = alert.references.filter((r) => r.trim() !== '');
    const packages = findings.map((f) => f.location.package === null
        ? `${f.pkg} (not found in the package search)`
        : `${f.pkg} in ${f.location.path}, line ${f.location.startLine}`);
    const moreRefs = (n) => `…and ${(0,numbers/* formatNumber */.Z)(n)} more`;
    const text = [
        summary,
        ...(description === summary ? [] : ['', description]),
        ...(references.length > 0
            ? ['', 'References:', ...capped(references, detail.references, (r) => `- ${plainLine(r, 500)}`, moreRefs)]
            : []),
        '',
        'Packages affected:',
        ...capped(packages, detail.packages, (p) => `- ${p}`, moreRefs),
    ].join('\n');
    const markdown = [
        `**${escapeText(summary)}**`,
        ...(description === summary ? [] : ['', escapeText(description, { lineStart: true })]),
        ...(references.length > 0
            ? ['', '**References**', '', ...capped(references, detail.references, (r) => `- ${reference(r)}`, moreRefs)]
            : []),
        '',
        '**Packages affected**',
        '',
        ...capped(findings, detail.packages, (f) => f.location.package === null
            ? `- ${code(f.pkg)} (not found in the package search)`
            : `- ${code(f.pkg)} in ${code(f.location.path)}, line ${f.location.startLine}`, moreRefs),
    ].join('\n');
    const helpUri = firstReference(references, true) ?? undefined;
    const score = securitySeverity(alert.severity, alert.score);
    return {
        id: advisoryId,
        name: ruleName(advisoryId, alert.summary),
        shortDescription: { text: summary },
        fullDescription: { text: description },
        help: { text, markdown },
        ...(helpUri ? { helpUri } : {}),
        // The level of the rule's most severe result; each result states its own.
        defaultConfiguration: { level: first.level },
        properties: {
            tags: ['security', 'dependency', alert.severity],
            ...(score === undefined ? {} : { 'security-severity': score }),
        },
    };
}
function renderResult(finding, ruleIndex) {
    const { alert, advisoryId, location, pkg, notGating } = finding;
    const rating = alert.score === null ? alert.severity : `${alert.severity} ${(0,numbers/* formatNumber */.Z)(alert.score)}`;
    const summary = plainLine(alert.summary, 300);
    const hasColumns = location.startColumn !== undefined;
    const text = `${pkg} is affected by ${advisoryId} (${rating})${summary ? `: ${summary}` : '.'}`;
    return {
        ruleId: advisoryId,
        ruleIndex,
        level: finding.level,
        message: {
            text: notGating === null ? text : `${/[.!?…]$/.test(text) ? text : `${text}.`} Does not fail the gate: ${notGating}.`,
        },
        locations: [
            {
                physicalLocation: {
                    // `?` and `#` would end a URI path; everything else is left readable.
                    artifactLocation: {
                        uri: encodeURI(location.path).replace(/[?#]/g, encodeURIComponent),
                        uriBaseId: '%SRCROOT%',
                    },
                    region: {
                        startLine: location.startLine,
                        endLine: location.endLine,
                        ...(hasColumns ? { startColumn: location.startColumn } : {}),
                        ...(hasColumns && location.endColumn !== undefined ? { endColumn: location.endColumn } : {}),
                    },
                },
            },
        ],
        partialFingerprints: { [FINGERPRINT_KEY]: finding.fingerprint },
    };
}
/** Results for the first `limit` findings, as many as fit {@link MAX_JSON_CHARS}, and the rules they use. */
function renderRun(findings, total, limit, options) {
    const candidates = findings.slice(0, limit);
    const byAdvisory = new Map();
    for (const f of candidates) {
        const group = byAdvisory.get(f.advisoryId);
        if (group)
            group.push(f);
        else
            byAdvisory.set(f.advisoryId, [f]);
    }
    const rules = [];
    const ruleIndexes = new Map();
    const results = [];
    let chars = 0;
    let detailedChars = 0;
    for (const f of candidates) {
        let index = ruleIndexes.get(f.advisoryId);
        let rule;
        let ruleChars = 0;
        if (index === undefined) {
            index = rules.length;
            const detailed = detailedChars < DETAILED_RULE_CHARS;
            rule = renderRule(byAdvisory.get(f.advisoryId) ?? [f], detailed ? DETAILED : BRIEF);
            ruleChars = JSON.stringify(rule).length;
            if (detailed)
                detailedChars += ruleChars;
        }
        const result = renderResult(f, index);
        const cost = ruleChars + JSON.stringify(result).length;
        if (chars + cost > MAX_JSON_CHARS)
            break;
        chars += cost;
        if (rule) {
            ruleIndexes.set(f.advisoryId, index);
            rules.push(rule);
        }
        results.push(result);
    }
    const omitted = total - results.length;
    return {
        tool: {
            driver: {
                name: 'security-gate',
                version: options.toolVersion,
                ...(options.informationUri ? { informationUri: options.informationUri } : {}),
                rules,
            },
        },
        results,
        ...(omitted > 0
            ? {
                properties: {
                    resultsOmitted: omitted,
                    note: `${(0,numbers/* formatNumber */.Z)(omitted)} of ${(0,numbers/* formatNumber */.Z)(total)} results (the least severe) were left out ` +
                        `to stay within GitHub's upload limits (25,000 results per run, 10 MB gzipped).`,
                },
            }
            : {}),
    };
}
/**
 * License findings as results, under rules `license/<license>`: a violation (or an unknown license
 * under unknown-licenses: fail) is an `error`, an unknown license under `warn` a `warning`. Few and
 * gating, so they come first and are never cut.
 */
function licenseParts(result, firstRuleIndex) {
    const rules = [];
    const indexes = new Map();
    const results = [];
    for (const f of result.licenses?.findings ?? []) {
        const license = f.expression ?? 'unknown';
        const ruleId = `license/${license}`;
        let index = indexes.get(ruleId);
        if (index === undefined) {
            index = firstRuleIndex + rules.length;
            indexes.set(ruleId, index);
            const text = f.status === 'unknown'
                ? 'A package whose license is missing, NOASSERTION or not a valid SPDX expression (unknown-licenses).'
                : `A package licensed ${license}, which the license policy (${result.licenses?.mode === 'allow' ? 'allow-licenses' : 'deny-licenses'}) does not allow.`;
            rules.push({
                id: ruleId,
                name: f.status === 'unknown' ? 'UnknownLicense' : 'LicenseNotAllowed',
                shortDescription: {
                    text: f.status === 'unknown' ? 'Unknown license' : `License ${plainLine(license, 200)} not allowed`,
                },
                fullDescription: { text },
                help: {
                    text: `${text} Change the dependency, or exempt it with license-exceptions.`,
                    markdown: `${text} Change the dependency, or exempt it with \`license-exceptions\`.`,
                },
                defaultConfiguration: { level: f.gates ? 'error' : 'warning' },
                properties: { tags: ['license', 'dependency'] },
            });
        }
        const location = f.location ?? (0,packages_locations/* fallbackLocation */._O)();
        const path = (0,packages_locations/* repoRelativePath */.e9)(location.path) || packages_locations/* FALLBACK_MANIFEST_PATH */.v9;
        results.push({
            ruleId,
            ruleIndex: index,
            level: f.gates ? 'error' : 'warning',
            message: {
                text: plainLine(`${f.package} is licensed ${f.status === 'unknown' ? `under no known license (${f.license || 'none given'})` : license}${f.gates ? '' : '. Does not fail the gate: unknown-licenses is warn'}.`, 1000),
            },
            locations: [
                {
                    physicalLocation: {
                        artifactLocation: { uri: encodeURI(path).replace(/[?#]/g, encodeURIComponent), uriBaseId: '%SRCROOT%' },
                        region: { startLine: location.startLine, endLine: location.endLine },
                    },
                },
            ],
            partialFingerprints: { [FINGERPRINT_KEY]: fingerprint(ruleId, f.package, path) },
        });
    }
    return { rules, results };
}
/** The SARIF log as pretty JSON: valid with no results, and within GitHub's upload limits however many. */
function renderSarif(result, options) {
    const licenseCount = result.licenses?.findings.length ?? 0;
    const { findings, total } = findingsOf(result, Math.max(0, MAX_RESULTS - licenseCount));
    let limit = findings.length;
    for (;;) {
        const alerts = renderRun(findings, total, limit, options);
        const rules = alerts.tool.driver.rules ?? [];
        const licenses = licenseParts(result, rules.length);
        const run = {
            ...alerts,
            tool: { driver: { ...alerts.tool.driver, rules: [...rules, ...licenses.rules] } },
            results: [...licenses.results, ...(alerts.results ?? [])],
        };
        const log = { $schema: SARIF_SCHEMA, version: '2.1.0', runs: [run] };
        const json = JSON.stringify(log, null, 2);
        const kept = alerts.results?.length ?? 0;
        // gzip never grows text by more than a few bytes per 16 KiB block, so small logs need no check.
        if (kept === 0 || Buffer.byteLength(json) < MAX_GZIP_BYTES * 0.99)
            return json;
        const gzipped = (0,external_node_zlib_.gzipSync)(json).length;
        if (gzipped <= MAX_GZIP_BYTES)
            return json;
        // Fewer results in proportion, with a margin so this converges in a pass or two.
        limit = Math.floor(kept * (MAX_GZIP_BYTES / gzipped) * 0.9);
    }
}

;// CONCATENATED MODULE: ./src/version.ts
/** The action's version, as in package.json (a test keeps them equal); reported in SARIF. */
const VERSION = '0.1.0';

;// CONCATENATED MODULE: ./src/run/publish.ts
// Step 7 of a run: the job summary, the report files, the outputs, the annotations and the PR
// comment, all rendered from the one result. A report that cannot be written is returned as an
// error instead of stopping the others.















/** Writes every report asked for; returns what could not be written. */
async function writeReports(result, config, context) {
    const errors = [];
    if (config.summary) {
        if (context.canWriteSummary) {
            try {
                await core/* summary */.z.addRaw(renderSummary(result)).write();
                log/* info */.pq('Job summary written');
            }
            catch (error) {
                errors.push(`summary: cannot write the job summary: ${error instanceof Error ? error.message : String(error)}.`);
            }
        }
        else {
            log/* info */.pq('GITHUB_STEP_SUMMARY is not set (not on a runner): no job summary written');
        }
    }
    const write = async (input, path, render) => {
        if (!path)
            return null;
        try {
            await (0,promises_.mkdir)((0,external_node_path_.dirname)(path), { recursive: true });
            await (0,external_node_stream_promises_.pipeline)(external_node_stream_.Readable.from(render()), (0,external_node_fs_.createWriteStream)(path, 'utf8'));
            log/* info */.pq(`${input}: written to ${path}`);
            return path;
        }
        catch (error) {
            errors.push(`${input}: cannot write "${path}": ${error instanceof Error ? error.message : String(error)}. Check the path.`);
            return null;
        }
    };
    const reportFile = await write('report-file', config.reportFile, () => jsonReportChunks(result));
    const sarifFile = await write('sarif-file', config.sarifFile, () => [renderSarif(result, { toolVersion: VERSION })]);
    for (const [name, value] of Object.entries(actionOutputs(result, { reportFile, sarifFile })))
        core/* setOutput */.uH(name, value);
    if (config.annotations) {
        // GitHub shows 10 error annotations per step; the failure message (core.setFailed) is one of them.
        const { annotations } = buildAnnotations(result, MAX_ERROR_ANNOTATIONS - 1);
        for (const { message, ...properties } of annotations)
            log/* error */.z3(message, properties);
    }
    await commentOnPullRequest(result, config, context);
    return errors;
}
const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);
async function commentOnPullRequest(result, config, context) {
    if (config.commentOnPr === 'never')
        return;
    const [owner, repo] = (context.repository ?? '').split('/');
    if (!PULL_REQUEST_EVENTS.has(context.eventName ?? '') || !context.pullRequestNumber || !owner || !repo) {
        log/* info */.pq(`comment-on-pr is ${config.commentOnPr}, but this is not a pull request event: no comment`);
        return;
    }
    if (!config.githubToken) {
        log/* warning */.$e('comment-on-pr needs github-token; no PR comment was written.');
        return;
    }
    try {
        const api = await githubCommentApi(config.githubToken, { owner, repo, number: context.pullRequestNumber });
        const body = renderComment(result, context.runUrl);
        const outcome = await upsertComment(api, config.commentOnPr, result, body, authorTypeOf(config.githubToken));
        log/* info */.pq(`PR comment ${outcome}`);
    }
    catch (error) {
        // A comment is a courtesy: it never fails the gate. 403/404: fork or read-only token.
        const why = isPermissionError(error)
            ? 'the token may not write to this pull request (a fork, or a workflow without permissions: pull-requests: write)'
            : error instanceof Error
                ? error.message
                : String(error);
        log/* warning */.$e(`The PR comment was not written: ${why}.`);
    }
}


/***/ })

};
