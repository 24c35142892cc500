export const id = 909;
export const ids = [909];
export const modules = {

/***/ 4909:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   loadPolicyFile: () => (/* binding */ loadPolicyFile)
/* harmony export */ });
/* unused harmony exports MAX_POLICY_BYTES, parsePolicyFile */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8815);
/* harmony import */ var _api_transport_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3841);
/* harmony import */ var _model_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(182);
/* harmony import */ var _inputs_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3647);
// The policy file (`config-file`, contract: "Policy file"): read from the workspace or through the
// GitHub contents API, parsed as YAML 1.2 with line and column for every error, and turned into
// the inputs' own string form, so that a value is validated by the same schema wherever it comes
// from. Loaded in a chunk of its own, only when `config-file` is set.






const MAX_POLICY_BYTES = 1024 * 1024;
/** Inputs that take a list: a YAML sequence is accepted for them too. */
const LISTS = new Set(['allow-alerts', 'set-cwe-whitelist', 'allow-licenses', 'deny-licenses', 'license-exceptions']);
const ALLOW_KEYS = new Set(['id', 'until', 'reason']);
/** `OWNER/REPO/PATH@REF`: a file in another repository. */
const REMOTE = /^([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+)\/([^@]+)@(.+)$/;
async function loadPolicyFile(ref, sources) {
    const name = ref.trim();
    const remote = REMOTE.test(name);
    const text = remote ? await readRemote(name, sources) : await readLocal(name, sources.workspace);
    if (!text.ok)
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)([text.error]);
    const parsed = parsePolicyFile(text.value, name);
    return parsed.ok ? (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .success */ .kX)({ ...parsed.value, remote }) : parsed;
}
async function readLocal(path, workspace) {
    const where = `config-file ${path}`;
    const full = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(workspace, path);
    try {
        // Within the workspace, links resolved: a policy file is the repository's, not the runner's.
        const real = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.realpath)(full);
        const inside = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.realpath)(workspace), real);
        if (inside.startsWith('..') || (0,node_path__WEBPACK_IMPORTED_MODULE_1__.isAbsolute)(inside))
            return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(`${where}: is outside the workspace (GITHUB_WORKSPACE); give a path inside the repository.`);
        if ((await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(real)).size > MAX_POLICY_BYTES)
            return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(`${where}: is larger than 1 MiB; a policy file is a few lines of YAML.`);
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .success */ .kX)(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(real, 'utf8'));
    }
    catch (error) {
        const code = error.code;
        if (code === 'ENOENT') {
            return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(`${where}: no such file in the workspace. Check the path (relative to the repository root), and that the job checks the repository out (actions/checkout) before this step.`);
        }
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(`${where}: cannot be read (${code ?? String(error)}).`);
    }
}
async function readRemote(ref, { apiUrl, token, fetch: fetchFn }) {
    const [, owner, repo, path, gitRef] = REMOTE.exec(ref);
    const where = `config-file ${ref}`;
    const base = apiUrl.replace(/\/+$/, '');
    const url = `${base}/repos/${owner}/${repo}/contents/${path.split('/').map(encodeURIComponent).join('/')}?ref=${encodeURIComponent(gitRef)}`;
    const send = fetchFn ?? (0,_api_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .transportFor */ .J)(base);
    let response;
    try {
        response = await send(url, {
            headers: {
                Accept: 'application/vnd.github.raw',
                'User-Agent': 'security-gate',
                'X-GitHub-Api-Version': '2022-11-28',
                ...(token ? { Authorization: `Bearer ${token}` } : {}),
            },
            signal: AbortSignal.timeout(30_000),
        });
    }
    catch (error) {
        const cause = error.cause?.code;
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(`${where}: GitHub (${base}) could not be reached (${cause ?? error.name}); check GITHUB_API_URL and the runner's proxy settings.`);
    }
    const tokenName = 'config-token (or github-token)';
    if (response.status === 404) {
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(`${where}: not found, or ${tokenName} may not read ${owner}/${repo}. Check the path and ref, and give a token with contents: read on ${owner}/${repo}.`);
    }
    if (response.status === 401 || response.status === 403) {
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(`${where}: GitHub refused ${tokenName} (HTTP ${response.status}). Give a token with contents: read on ${owner}/${repo}.`);
    }
    if (!response.ok)
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(`${where}: GitHub answered HTTP ${response.status}; try again later.`);
    if (Number(response.headers.get('content-length') ?? 0) > MAX_POLICY_BYTES)
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(`${where}: is larger than 1 MiB.`);
    try {
        const text = await response.text();
        if (Buffer.byteLength(text) > MAX_POLICY_BYTES)
            return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(`${where}: is larger than 1 MiB.`);
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .success */ .kX)(text);
    }
    catch {
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(`${where}: GitHub's answer broke off; try again.`);
    }
}
/** "…: did you mean fail-on-severity?" for a key one or two edits away from an input name. */
function suggestion(key) {
    const near = _inputs_js__WEBPACK_IMPORTED_MODULE_4__/* .INPUT_NAMES */ .Qh.filter((name) => !_inputs_js__WEBPACK_IMPORTED_MODULE_4__/* .NOT_IN_FILE */ .VH.includes(name)).find((name) => distance(name, key.toLowerCase()) <= 2);
    return near ? ` Did you mean ${near}?` : '';
}
function distance(a, b) {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
        let previous = row[0];
        row[0] = i;
        for (let j = 1; j <= b.length; j++) {
            const current = row[j];
            row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
            previous = current;
        }
    }
    return row[b.length];
}
/**
 * Pure: the policy file's text as inputs. Its top-level keys are input names (and `version: 1`);
 * values are scalars, list inputs also take a sequence, and an `allow-alerts` entry may be a
 * mapping `{id, until, reason}`. Errors name the file, the key, the line and the column.
 */
function parsePolicyFile(text, name) {
    const lines = new yaml__WEBPACK_IMPORTED_MODULE_2__/* .LineCounter */ .HN();
    const doc = (0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .parseDocument */ .Tp)(text, { lineCounter: lines, version: '1.2', uniqueKeys: true, prettyErrors: false });
    const at = (node) => {
        const { line, col } = lines.linePos(node?.range?.[0] ?? 0);
        return { line, column: col };
    };
    const errors = [];
    const error = (position, message) => errors.push(`${name}:${position.line}:${position.column}: ${message}`);
    for (const problem of doc.errors) {
        const [position] = problem.linePos ?? [{ line: 1, col: 1 }];
        error({ line: position.line, column: position.col }, `not valid YAML: ${problem.message.split('\n')[0]}`);
    }
    if (errors.length > 0)
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(errors);
    const values = {};
    const positions = {};
    const root = doc.contents;
    if (root === null || ((0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .isScalar */ .jn)(root) && root.value === null))
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .success */ .kX)({ name, values, positions });
    if (!(0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .isMap */ .jh)(root)) {
        error(at(root), 'a policy file is a mapping of input names to values (e.g. fail-on-severity: high).');
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(errors);
    }
    for (const pair of root.items) {
        const key = (0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .isScalar */ .jn)(pair.key) ? String(pair.key.value) : null;
        const position = at(pair.key);
        if (key === null) {
            error(position, 'keys are input names, e.g. fail-on-severity.');
            continue;
        }
        if (key === 'version') {
            if (!(0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .isScalar */ .jn)(pair.value) || String(pair.value.value) !== '1')
                error(at(pair.value), 'version: the only version is 1.');
            continue;
        }
        if (_inputs_js__WEBPACK_IMPORTED_MODULE_4__/* .NOT_IN_FILE */ .VH.includes(key)) {
            error(position, `${key}: a policy file may not set ${key === 'config-file' ? 'config-file' : 'a token'}; pass it as an input${key === 'config-file' ? '' : ' from a secret'}.`);
            continue;
        }
        if (!_inputs_js__WEBPACK_IMPORTED_MODULE_4__/* .INPUT_NAMES */ .Qh.includes(key)) {
            error(position, `${key}: is not an input of security-gate.${suggestion(key)}`);
            continue;
        }
        positions[key] = position;
        const value = inputValue(key, pair.value, text, (node, message) => error(at(node), `${key}: ${message}`));
        if (value !== null)
            values[key] = value;
    }
    if (errors.length === 0)
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .success */ .kX)({ name, values, positions });
    // What could be read still counts, so that the other inputs are not reported as missing too.
    return Object.keys(values).length > 0
        ? { ...(0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(errors), partial: { name, values, positions } }
        : (0,_model_js__WEBPACK_IMPORTED_MODULE_5__/* .failure */ .V2)(errors);
}
/** A value in the input's string form, or null (and an error reported) when it has none. */
function inputValue(key, node, text, error) {
    if (node === null || ((0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .isScalar */ .jn)(node) && node.value === null))
        return '';
    if ((0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .isScalar */ .jn)(node))
        return scalarText(node, text);
    if ((0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .isSeq */ .oP)(node) && LISTS.has(key)) {
        const items = node.items.map((item) => listItem(key, item, text, error));
        return items.every((item) => item !== null) ? items.join('\n') : null;
    }
    error(node, LISTS.has(key)
        ? 'expected a value or a list of values.'
        : 'expected a single value (a string, number or true/false).');
    return null;
}
/**
 * A scalar as the input would have it: a number or boolean as written (`app-id: 0042` stays 0042,
 * an id of 21 digits keeps them all), a string as YAML reads it.
 */
function scalarText(node, text) {
    if (typeof node.value === 'string' || node.type !== 'PLAIN' || !node.range)
        return String(node.value);
    return text.slice(node.range[0], node.range[1]).trim();
}
function listItem(key, node, source, error) {
    if ((0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .isScalar */ .jn)(node) && node.value !== null) {
        const text = scalarText(node, source);
        // One entry per item: a comma or line break inside would make it several.
        if (key !== 'allow-alerts' && /[,\r\n]/.test(text)) {
            error(node, `"${text}" holds several values; give one per list item.`);
            return null;
        }
        return text;
    }
    if (key === 'allow-alerts' && (0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .isMap */ .jh)(node)) {
        const entry = {};
        for (const pair of node.items) {
            const field = (0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .isScalar */ .jn)(pair.key) ? String(pair.key.value) : '';
            if (!ALLOW_KEYS.has(field)) {
                error(pair.key, `an entry takes id, until and reason; "${field}" is not one of them.`);
                return null;
            }
            if (!(0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .isScalar */ .jn)(pair.value) || pair.value.value === null) {
                error(pair.value ?? pair.key, `${field} needs a value.`);
                return null;
            }
            entry[field] = String(pair.value.value).replace(/\s+/g, ' ').trim();
        }
        if (!entry.id) {
            error(node, 'an entry needs an id (the advisory id).');
            return null;
        }
        // The input's own syntax, so the one schema validates it: `<id> [until DATE] [# reason]`.
        return `${entry.id}${entry.until ? ` until ${entry.until}` : ''}${entry.reason ? ` # ${entry.reason}` : ''}`;
    }
    error(node, key === 'allow-alerts' ? 'expected an advisory id, or a mapping {id, until, reason}.' : 'expected a value.');
    return null;
}


/***/ })

};
