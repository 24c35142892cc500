// The policy file (`config-file`, contract: "Policy file"): read from the workspace or through the
// GitHub contents API, parsed as YAML 1.2 with line and column for every error, and turned into
// the inputs' own form (strings; an `allow-alerts` sequence as its items), so that a value is
// validated by the same schema wherever it comes from. Loaded in a chunk of its own, only when
// `config-file` is set.
import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Node,
  type Pair,
  type Scalar,
  type YAMLMap,
} from 'yaml';
import { failedRead, readFileAtRef } from '../github/contents.js';
import { readWorkspaceFile } from '../github/workspace.js';
import { failure, success, type GraceDays, type Outcome } from '../model.js';
import { leavesWorkspace } from './fields.js';
import { addGraceDays, formatGraceDays } from './grace-days.js';
import { NOT_IN_FILE, type AllowMapping, type InputValue, type PolicyFile } from './inputs.js';
import { atPosition, type Position } from './positions.js';
import { repositoriesProblem, repositoryProblem } from '../policy/allowlist.js';
import { LIST_INPUTS } from './lists.js';
import { didYouMean } from './suggest.js';
import { THIS_RELEASE, type KnownInputs } from './versions.js';

export const MAX_POLICY_BYTES = 1024 * 1024;

/** Inputs that take a list: a YAML sequence is accepted for them too. */
const LISTS = new Set(LIST_INPUTS);
const ALLOW_KEYS = new Set(['id', 'for', 'until', 'by', 'reason', 'repositories']);
/** Inputs that name a file the action writes: from a policy file, a path that stays in the workspace. */
const PATH_INPUTS = new Set(['report-file', 'sarif-file']);
/** `OWNER/REPO/PATH@REF`: a file in another repository. */
const REMOTE = /^([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+)\/([^@]+)@(.+)$/;

/** `OWNER/REPO/PATH@REF` names a file in another repository; anything else is a workspace path. */
export const isRemote = (name: string): boolean => REMOTE.test(name.trim());

/** `OWNER/REPO/PATH` ending in a file name, without `@REF`: perhaps meant as a file in another repository. */
const REMOTE_WITHOUT_REF = /^([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+)\/(?:[^@/]+\/)*[^@/]+\.[A-Za-z0-9]+$/;

/** For a workspace path not found that reads as `OWNER/REPO/PATH`: how to name a file in another repository; else ''. */
export function remoteFormHint(path: string): string {
  const [, owner, repo] = REMOTE_WITHOUT_REF.exec(path) ?? [];
  return owner && repo
    ? ` If it is a file in the repository ${owner}/${repo}, name it with a ref (OWNER/REPO/PATH@REF, a branch, tag or commit): ${path}@main, for instance.`
    : '';
}

export interface PolicyFileSources {
  /** GITHUB_WORKSPACE: where a local path is read. */
  workspace: string;
  /** GITHUB_API_URL. */
  apiUrl: string;
  /** config-token, else github-token; null when neither is given. */
  token: string | null;
  /** Per request to GitHub, and retries (the workflow's request-timeout-seconds and max-retries). */
  timeoutMs: number;
  maxRetries: number;
}

/** A policy file read, or its errors and, when some keys could be read, what they set. */
export type PolicyFileRead = Outcome<PolicyFile, string[]> & { partial?: PolicyFile };

/** Reads and parses the policy file `ref` names; every problem is an input error. */
export async function loadPolicyFile(ref: string, sources: PolicyFileSources): Promise<PolicyFileRead> {
  const name = ref.trim();
  const text = isRemote(name) ? await readRemote(name, sources) : await readLocal(name, sources.workspace);
  return text.ok ? parsePolicyFile(text.value, name) : failure([text.error]);
}

/** A file in the workspace, or why not (`absent`: there is no such file). */
export async function readLocal(
  path: string,
  workspace: string,
): Promise<{ ok: true; value: string } | { ok: false; error: string; absent: boolean }> {
  const where = `config-file ${path}`;
  const read = await readWorkspaceFile(path, workspace, MAX_POLICY_BYTES);
  if (read.ok) return success(read.text);
  const failure = (error: string) => ({ ok: false as const, error, absent: read.why === 'absent' });
  switch (read.why) {
    case 'outside':
      return failure(`${where}: is outside the workspace (GITHUB_WORKSPACE); give a path inside the repository.`);
    case 'too-large':
      return failure(`${where}: is larger than 1 MiB; a policy file is a few lines of YAML.`);
    case 'absent':
      return failure(
        `${where}: no such file in the workspace. Check the path (relative to the repository root), and that the job checks the repository out (actions/checkout) before this step.${remoteFormHint(path)}`,
      );
    case 'unreadable':
      return failure(`${where}: cannot be read (${read.code}).`);
  }
}

async function readRemote(ref: string, sources: PolicyFileSources): Promise<Outcome<string>> {
  const [, owner, repo, path, gitRef] = REMOTE.exec(ref) as RegExpExecArray;
  const where = `config-file ${ref}`;
  // No token is no token (contract: "An empty token is no token"): never asked without one.
  if (sources.token === null)
    return failure(
      `${where}: config-token and github-token are empty, so ${owner}/${repo} cannot be read. Give config-token a token with contents: read on ${owner}/${repo}.`,
    );
  const read = await readFileAtRef(
    { owner: owner!, repo: repo!, path: path!, ref: gitRef! },
    { ...sources, maxBytes: MAX_POLICY_BYTES },
  );
  const tokenName = 'config-token (or github-token)';
  switch (read.kind) {
    case 'file':
      return success(read.text);
    case 'not-found':
      return failure(
        `${where}: not found, or ${tokenName} may not read ${owner}/${repo}. Check the path and ref, and give a token with contents: read on ${owner}/${repo}.`,
      );
    case 'refused':
      return failure(
        `${where}: GitHub refused ${tokenName} (HTTP ${read.status}). Give a token with contents: read on ${owner}/${repo}.`,
      );
    case 'failed':
      return failure(`${where}: ${failedRead(read)}`);
  }
}

/**
 * Why a key is not an input of this release. A central policy file may be written for a later
 * release than the one a repository pins: a key the contract promises for later is named so; any
 * other key that is no typo of an input may be one too (this release cannot know later keys), so
 * the message says how to go on either way. docs/versions.md explains the choice.
 */
function unknownKey(key: string, known: KnownInputs): string {
  const choice = `upgrade the action to use it, or point config-file at a policy file written for ${known.version} (OWNER/REPO/PATH@REF)`;
  const where = "security-gate's docs/versions.md lists the release of each input.";
  if (Object.hasOwn(known.later, key)) {
    const since = known.later[key];
    const release = since ? `security-gate ${since} and later` : `a release of security-gate after ${known.version}`;
    return `${key}: is a key of ${release}; this is ${known.version}. To go on, ${choice}. ${where}`;
  }
  const near = didYouMean(
    key,
    known.inputs.filter((name) => !NOT_IN_FILE.includes(name)),
  );
  if (near) return `${key}: is not an input of security-gate.${near}`;
  return `${key}: is not an input of security-gate ${known.version}. If it is a key of a later release, ${choice}; if not, remove it. ${where}`;
}

/**
 * Pure: the policy file's text as inputs. Its top-level keys are input names (and `version: 1`);
 * values are scalars, list inputs also take a sequence, and an `allow-alerts` entry may be a
 * mapping `{id, for, until, by, reason}`. Errors name the file, the key, the line and the column. `known`:
 * the inputs of the release reading it (tests give an earlier one's).
 */
export function parsePolicyFile(text: string, name: string, known: KnownInputs = THIS_RELEASE): PolicyFileRead {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, version: '1.2', uniqueKeys: true, prettyErrors: false });
  const at = (node: { range?: [number, number, number?] | null } | null | undefined) => {
    const { line, col } = lines.linePos(node?.range?.[0] ?? 0);
    return { line, column: col };
  };
  const errors: string[] = [];
  const error = (position: Position, message: string) => errors.push(atPosition(name, position, message));
  // Without prettyErrors, a YAML error carries no linePos: its place is its offset. One at the end
  // of the input (an unclosed quote or bracket) is put on the last line, not on the line after it.
  const last = text.replace(/\r?\n$/, '').length;
  for (const problem of doc.errors) {
    const offset = Math.min(problem.pos[0], last);
    error(
      at({ range: [offset, offset] }),
      `not valid YAML: ${problem.message.split('\n')[0]}${yamlHint(problem.message)}`,
    );
  }
  if (errors.length > 0) return failure(errors);

  const values: Record<string, InputValue> = {};
  const positions: Record<string, { line: number; column: number }> = {};
  let allowItems: PolicyFile['allowItems'];
  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null)) return success({ name, values, positions });
  if (!isMap(root)) {
    error(at(root), 'a policy file is a mapping of input names to values (e.g. fail-on-severity: high).');
    return failure(errors);
  }
  for (const pair of root.items as Pair<Node, Node | null>[]) {
    const key = isScalar(pair.key) ? String(pair.key.value) : null;
    const position = at(pair.key);
    if (key === null) {
      error(position, 'keys are input names, e.g. fail-on-severity.');
      continue;
    }
    if (key === 'version') {
      if (!isScalar(pair.value) || String(pair.value.value) !== '1')
        error(at(pair.value), 'version: the only version is 1.');
      continue;
    }
    if (NOT_IN_FILE.includes(key)) {
      error(
        position,
        `${key}: a policy file may not set ${key === 'config-file' ? 'config-file' : 'a token'}; pass it as an input${key === 'config-file' ? '' : ' from a secret'}.`,
      );
      continue;
    }
    if (!known.inputs.includes(key)) {
      error(position, unknownKey(key, known));
      continue;
    }
    positions[key] = position;
    if (key === 'allow-alerts') allowItems = itemPlaces(pair.value, at);
    const value = inputValue(key, pair.value, text, (node, message) => error(at(node), `${key}: ${message}`));
    const outside = typeof value === 'string' && PATH_INPUTS.has(key) ? pathProblem(value.trim()) : null;
    if (outside) error(at(pair.value), `${key}: "${value}" ${outside}`);
    else if (value !== null) values[key] = value;
  }
  const file: PolicyFile = { name, values, positions, ...(allowItems ? { allowItems } : {}) };
  if (errors.length === 0) return success(file);
  // What could be read still counts, so that the other inputs are not reported as missing too.
  return Object.keys(values).length > 0 ? { ...failure(errors), partial: file } : failure(errors);
}

/**
 * Where each item of `allow-alerts` stands (a scalar value is one item), so that an entry's source
 * says its line: a literal block's lines are the file's from the line after its `|`.
 */
function itemPlaces(
  node: Node | null,
  at: (node: { range?: [number, number, number?] | null } | null | undefined) => Position,
): NonNullable<PolicyFile['allowItems']> {
  const place = (item: Node | null) => {
    const block = isScalar(item) && (item.type === 'BLOCK_LITERAL' || item.type === 'BLOCK_FOLDED');
    const { line, column } = at(item);
    return block
      ? { line: line + 1, column: 1, literal: item.type === 'BLOCK_LITERAL' }
      : { line, column, literal: false };
  };
  return isSeq(node) ? (node.items as (Node | null)[]).map(place) : [place(node)];
}

/** A YAML error a policy file often makes, and what to write instead; '' for any other. */
function yamlHint(message: string): string {
  return /reserved character @/.test(message)
    ? ' (a value that starts with @, such as an owner, is quoted: by: "@acme/security")'
    : '';
}

/**
 * Why a path a policy file gives could lead out of GITHUB_WORKSPACE, or null when it cannot: a file
 * shared by many repositories must not write where the runner keeps its own files. Either
 * separator counts, as on a Windows runner.
 */
function pathProblem(path: string): string | null {
  const leaves = leavesWorkspace(path);
  if (leaves === 'absolute')
    return 'is not a relative path; a policy file gives paths relative to the workspace (GITHUB_WORKSPACE).';
  if (leaves === 'outside')
    return 'leads out of the workspace (GITHUB_WORKSPACE); a policy file gives paths inside it.';
  return null;
}

/**
 * A value in the input's string form (an `allow-alerts` sequence as its items), or null (and an
 * error reported) when it has none.
 */
function inputValue(
  key: string,
  node: Node | null,
  text: string,
  error: (node: Node | null, message: string) => void,
): InputValue | null {
  if (node === null || (isScalar(node) && node.value === null)) return '';
  if (isScalar(node)) return scalarText(node, text);
  if (isSeq(node) && LISTS.has(key)) {
    const items = node.items.map((item) => listItem(key, item as Node | null, text, error));
    if (!items.every((item) => item !== null)) return null;
    // Other lists hold one value an item, so their lines are the items themselves.
    return key === 'allow-alerts' ? items : (items as string[]).join('\n');
  }
  if (isMap(node) && key === 'grace-days') return graceDaysMapping(node, text, error);
  error(
    node,
    LISTS.has(key)
      ? 'expected a value or a list of values.'
      : key === 'grace-days'
        ? 'expected severity=days pairs, or a mapping of severities to days (critical: 0, high: 30).'
        : 'expected a single value (a string, number or true/false).',
  );
  return null;
}

/**
 * A scalar as the input would have it: a number or boolean as written (`app-id: 0042` stays 0042,
 * an id of 21 digits keeps them all), a string as YAML reads it.
 */
function scalarText(node: Scalar, text: string): string {
  if (typeof node.value === 'string' || node.type !== 'PLAIN' || !node.range) return String(node.value);
  return text.slice(node.range[0], node.range[1]).trim();
}

/**
 * `grace-days` as a mapping (`{critical: 0, high: 30}`): each entry checked where it stands, by the
 * rules of the pairs, and given as the pairs the input takes (severity words and digits only, so
 * nothing in them can be read back otherwise).
 */
function graceDaysMapping(
  node: YAMLMap<unknown, unknown>,
  source: string,
  error: (node: Node | null, message: string) => void,
): string | null {
  const days: GraceDays = {};
  let ok = true;
  for (const pair of node.items as Pair<Node, Node | null>[]) {
    const severity = isScalar(pair.key) && pair.key.value !== null ? scalarText(pair.key, source) : null;
    const count = isScalar(pair.value) && pair.value.value !== null ? scalarText(pair.value, source) : null;
    const problem =
      severity === null
        ? 'a key is a severity (critical, high, medium, low, unknown).'
        : count === null
          ? `${severity} needs a number of days.`
          : addGraceDays(days, severity, count)?.replace(/^days/, `${severity}: days`);
    if (problem) {
      ok = false;
      error(pair.key, `${problem.replace(/\.$/, '')}.`);
    }
  }
  if (ok && node.items.length === 0) {
    error(node, 'lists no severity; write e.g. critical: 0, high: 30, medium: 90.');
    return null;
  }
  return ok ? formatGraceDays(days) : null;
}

function listItem(
  key: string,
  node: Node | null,
  source: string,
  error: (node: Node | null, message: string) => void,
): string | AllowMapping | null {
  if (isScalar(node) && node.value !== null) {
    const text = scalarText(node, source);
    // One entry per item: a comma or line break inside would make it several.
    if (key !== 'allow-alerts' && /[,\r\n]/.test(text)) {
      error(node, `"${text}" holds several values; give one per list item.`);
      return null;
    }
    return text;
  }
  if (key === 'allow-alerts' && isMap(node)) {
    const fields: Partial<Omit<AllowMapping, 'repositories'>> & Pick<AllowMapping, 'repositories'> = {};
    for (const pair of node.items as Pair<Node, Node | null>[]) {
      const field = isScalar(pair.key) ? String(pair.key.value) : '';
      if (!ALLOW_KEYS.has(field)) {
        error(pair.key, `an entry takes id, for, until, by, reason and repositories; "${field}" is not one of them.`);
        return null;
      }
      if (field === 'repositories') {
        const repositories = repositoryList(pair.value ?? pair.key, source, error);
        if (repositories === null) return null;
        fields.repositories = repositories;
        continue;
      }
      if (!isScalar(pair.value) || pair.value.value === null) {
        error(pair.value ?? pair.key, `${field} needs a value.`);
        return null;
      }
      fields[field as 'id' | 'for' | 'until' | 'by' | 'reason'] = scalarText(pair.value, source);
    }
    if (!fields.id?.trim()) {
      error(node, 'an entry needs an id (the advisory id).');
      return null;
    }
    // Kept field by field, never written into the input's syntax: an id holding `#`, `,` or
    // `until` would be read back as a reason, several ids or a date. The schema checks the fields.
    return { ...fields, id: fields.id };
  }
  error(
    node,
    key === 'allow-alerts'
      ? 'expected an advisory id, or a mapping {id, for, until, by, reason, repositories}.'
      : 'expected a value.',
  );
  return null;
}

/**
 * An entry's `repositories`: a sequence of `owner/name` (a trailing `*` allowed), each item checked
 * where it stands, every bad one reported; null when any is bad.
 */
function repositoryList(
  node: Node | null,
  source: string,
  error: (node: Node | null, message: string) => void,
): string[] | null {
  if (!isSeq(node)) {
    error(
      node,
      'repositories: expected a list of repositories (owner/name, a trailing * allowed), e.g. [acme/webshop, acme/web-*].',
    );
    return null;
  }
  const items = (node.items as (Node | null)[]).map((item) => {
    const text = isScalar(item) && item.value !== null ? scalarText(item, source).trim() : null;
    const problem = text === null ? 'expected owner/name (a trailing * allowed).' : repositoryProblem(text);
    if (problem) error(item ?? node, `repositories: ${problem}`);
    return problem ? null : text;
  });
  const whole = repositoriesProblem(items);
  if (whole) error(node, `repositories: ${whole}`);
  return whole === null && items.every((item) => item !== null) ? (items as string[]) : null;
}
