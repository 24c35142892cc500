// How each kind of input is read: one zod field per kind, each message saying what was wrong and
// what is accepted. Which inputs exist, their defaults and the cross-field rules are in inputs.ts.
// zod/mini: the same zod core without the chained-method classes, which alone cost some 5 ms of
// start-up; the service's schemas (in a chunk loaded after validation) use zod's full API.
import { isAbsolute, win32 } from 'node:path';
import * as z from 'zod/mini';
import { allowEntryOf, parseAllowLines, reasonedLines, type AllowMapping } from '../policy/allowlist.js';
import {
  SCOPES,
  type AllowEntry,
  type AllowSource,
  type DenyEntry,
  type EpssMode,
  type FeedSource,
  type GraceDays,
  type Scope,
} from '../model.js';
import { denyEntryOf, privatePatternProblem } from '../packages/package-patterns.js';
import { parseGraceDays } from './grace-days.js';
import type { Position } from './positions.js';
import { didYouMean } from './suggest.js';

/** Adds an issue with `message` to the current input and returns zod's "no value". */
type Fail = (message: string) => never;

/** A field: the trimmed string goes to `parse`, which returns the value or calls `fail`. */
function field<T>(parse: (value: string, fail: Fail) => T) {
  return z.pipe(
    z.string(),
    z.transform((raw: string, payload) =>
      parse(raw.trim(), (message) => {
        payload.issues.push({ code: 'custom', message, input: raw });
        return z.NEVER;
      }),
    ),
  );
}

/** An optional field: an empty string means "not given" and yields `fallback`. */
function optional<T, D>(fallback: D, parse: (value: string, fail: Fail) => T) {
  return field((value, fail): T | D => (value === '' ? fallback : parse(value, fail)));
}

/** Quotes a user's value in a message, shortened so a pasted blob cannot flood the log. */
function quote(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}

// YAML 1.2 core schema, as core.getBooleanInput accepts.
const TRUE = ['true', 'True', 'TRUE'];
const FALSE = ['false', 'False', 'FALSE'];
export const bool = <D extends boolean | null>(fallback: D) =>
  optional(fallback, (value, fail) =>
    TRUE.includes(value)
      ? true
      : FALSE.includes(value)
        ? false
        : fail(
            `${quote(value)} is not a boolean; use true or false (also accepted: True, TRUE, False, FALSE).${didYouMean(value, ['true', 'false'])}`,
          ),
  );

export const oneOf = <const V extends string>(values: readonly V[], fallback: V) =>
  optional(fallback, (value, fail) => {
    const lower = value.toLowerCase();
    const match = values.find((v) => v === lower);
    return (
      match ??
      fail(`${quote(value)} is not one of ${values.join(', ')} (case-insensitive).${didYouMean(value, values)}`)
    );
  });

export const integer = <D extends number | null>(min: number, max: number, fallback: D) =>
  optional(fallback, (value, fail) => {
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    return n >= min && n <= max
      ? n
      : fail(`${quote(value)} is not accepted; expected a whole number from ${min} to ${max}.`);
  });

/** Text inputs such as ids and paths: empty means null. */
export const text = optional(null, (value) => value);

/** A token: kept out of every message. Emptiness is checked with the run context, in inputs.ts. */
export const token = field((value, fail) =>
  // Such a value cannot be sent as a header, and fetch's error might quote it.
  /[\u0000-\u0008\u000a-\u001f\u007f]|[^\u0000-\u00ff]/.test(value)
    ? fail(
        'contains a line break, control or non-Latin-1 character, which cannot be sent in an HTTP header; check the secret.',
      )
    : value,
);

const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);

// The URL itself is never quoted: it might carry credentials.
// Empty is allowed here: a run GitHub passes no secrets to reads no service (inputs.ts requires it otherwise).
export const apiUrl = field((value, fail) => {
  if (value === '') return '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('is not an absolute URL; expected e.g. https://security.example.com (a path prefix is allowed).');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return fail(
      `uses ${quote(url.protocol)}; only https:// is accepted (http:// only for localhost, 127.0.0.0/8 or [::1]).`,
    );
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return fail(
      `uses http:// for ${quote(url.hostname)}; only https:// is accepted (http:// only for localhost, 127.0.0.0/8 or [::1]).`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    return fail('must not contain credentials (user:password@); the token goes in api-token-id and api-token-secret.');
  }
  if (url.search !== '' || url.hash !== '' || /[?#]/.test(value)) {
    return fail('must not have a query (?...) or fragment (#...); give the base URL, optionally with a path prefix.');
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
});

/**
 * A feed's URL, as every feed input takes one: absolute, https (http only for a loopback host), no
 * credentials; else what is wrong with it. `readWith` says how the feed is read ("the catalog is
 * read with none").
 */
function feedUrl(value: string, readWith: string): URL | string {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (url === null) return 'is not an absolute URL; expected an https:// URL or a path in the workspace.';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname)))
    return `uses ${quote(url.protocol)}${url.protocol === 'http:' ? ` for ${quote(url.hostname)}` : ''}; only https:// is accepted (http:// only for localhost, 127.0.0.0/8 or [::1]), or a path in the workspace.`;
  if (url.username !== '' || url.password !== '') return `must not contain credentials (user:password@): ${readWith}.`;
  return url;
}

/**
 * `kev-url`: an https URL (http only for a loopback host, as for api-url), without credentials
 * (the catalog is never sent any); or a path relative to the workspace that stays inside it. A
 * value with `://` is a URL; anything else, a path.
 */
export const feedSource = <D extends FeedSource>(fallback: D) =>
  optional(fallback, (value, fail): FeedSource => {
    if (!value.includes('://')) {
      const problem = workspacePathProblem(value);
      return problem ? fail(problem) : { kind: 'file', path: value };
    }
    const url = feedUrl(value, 'the catalog is read with none');
    return typeof url === 'string' ? fail(url) : { kind: 'url', url: url.href };
  });

/**
 * How a path could lead out of GITHUB_WORKSPACE, lexically (links are resolved when a file is read):
 * `absolute`, `outside` (through ..), or null when it cannot. Either separator counts, as on a
 * Windows runner.
 */
export function leavesWorkspace(path: string): 'absolute' | 'outside' | null {
  if (isAbsolute(path) || win32.isAbsolute(path) || /^[A-Za-z]:/.test(path)) return 'absolute';
  let depth = 0;
  for (const part of path.split(/[\\/]/)) {
    depth += part === '..' ? -1 : part === '' || part === '.' ? 0 : 1;
    if (depth < 0) return 'outside';
  }
  return null;
}

function workspacePathProblem(path: string): string | null {
  const leaves = leavesWorkspace(path);
  if (leaves === 'absolute')
    return 'is not a relative path; give a path relative to the workspace (GITHUB_WORKSPACE), or an https:// URL.';
  if (leaves === 'outside') return 'leads out of the workspace (GITHUB_WORKSPACE); give a path inside it.';
  return null;
}

/** Splits a list input: comma- or newline-separated, trimmed, empty items dropped. */
function items(value: string): string[] {
  return value
    .split(/[,\r\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** An API's base URL (release-age-url, osv-url): https (http only for a loopback host), no credentials, no query. */
export const apiBase = (fallback: string, readWith: string) =>
  optional(fallback, (value, fail): string => {
    const url = value.includes('://') ? feedUrl(value, readWith) : 'is not an absolute URL; expected an https:// URL.';
    if (typeof url === 'string') return fail(url.replace(', or a path in the workspace', ''));
    if (url.search !== '' || url.hash !== '')
      return fail('must not have a query (?...) or fragment (#...): give the base URL.');
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  });

/** `min-release-age`: `72h`, `3d` or `3` (days), from 1 hour to 365 days, as milliseconds; null when empty (off). */
export const releaseAge = optional(null, (value, fail): number => {
  const match = /^(\d+(?:\.\d+)?)\s*([hd]?)$/i.exec(value);
  const hours = match ? Number(match[1]) * (match[2]?.toLowerCase() === 'h' ? 1 : 24) : NaN;
  if (!(hours >= 1 && hours <= 365 * 24))
    return fail(
      `${quote(value)} is not a release age; expected a duration from 1 hour to 365 days: 72h, 3d or 3 (days).`,
    );
  return Math.round(hours * 3_600_000);
});

/** `deny-packages`: package URLs, one a line (or comma-separated), each with an optional `# reason`. */
export const denyList = optional([] as DenyEntry[], (value, fail): DenyEntry[] => {
  // As allow-alerts reads a line: comma-separated entries, a `# reason` for each of them.
  const read = reasonedLines(value).flatMap(({ items, reason }) =>
    items.map((item) => denyEntryOf(item, reason ?? null)),
  );
  const bad = read.filter((entry): entry is string => typeof entry === 'string');
  return bad.length > 0 ? fail(bad.join(' ')) : (read as DenyEntry[]);
});

/** `private-packages`: names or package URLs, a trailing `*` allowed. */
export const privateList = optional([] as string[], (value, fail): string[] => {
  const entries = items(value);
  const bad = entries.map(privatePatternProblem).filter((problem) => problem !== null);
  return bad.length > 0 ? fail(bad.join(' ')) : entries;
});

/** `fail-on-scopes`: scopes whose findings can fail the gate, case-insensitive, each once, in SCOPES' order. */
export const scopeList = optional([...SCOPES] as Scope[], (value, fail): Scope[] => {
  const entries = items(value).map((item) => item.toLowerCase());
  const bad = entries.filter((item) => !(SCOPES as readonly string[]).includes(item));
  if (bad.length > 0 || entries.length === 0)
    return fail(
      `${bad.length > 0 ? `${bad.map(quote).join(', ')} ${bad.length === 1 ? 'is not a scope' : 'are not scopes'}` : 'lists no scope'}; expected ${SCOPES.join(', ')} (comma-separated, case-insensitive).${bad[0] ? didYouMean(bad[0], SCOPES) : ''}`,
    );
  return SCOPES.filter((scope) => entries.includes(scope));
});

const CWE = /^(?:CWE-)?0*([1-9]\d{0,8})$/i;
/** `set-cwe-whitelist`: ids normalised to CWE-79, duplicates dropped; `none` is the empty list. */
export const cweList = optional(null, (value, fail): string[] => {
  const entries = items(value);
  if (entries.some((item) => item.toLowerCase() === 'none')) {
    return entries.length === 1
      ? []
      : fail('mixes "none" with CWE ids; give either none (to clear the list) or the ids.');
  }
  if (entries.length === 0) return fail('lists no CWE ids; give ids such as CWE-79, 89, or none to clear the list.');
  const bad = entries.filter((item) => !CWE.test(item));
  if (bad.length > 0) {
    return fail(
      `${bad.map(quote).join(', ')} ${bad.length === 1 ? 'is not a CWE id' : 'are not CWE ids'}; expected CWE-79 or 79, comma- or newline-separated, or none.`,
    );
  }
  return [...new Set(entries.map((item) => `CWE-${CWE.exec(item)?.[1]}`))];
});

export type { AllowMapping };

/**
 * An input's value as collected: the string a workflow (or a policy file's scalar) gives; a policy
 * file's `allow-alerts` sequence is kept as its items (strings in the input's syntax, and
 * mappings), so that a mapping is never written back into that syntax and read again.
 */
export type InputValue = string | readonly (string | AllowMapping)[];

/**
 * Where an entry of `allow-alerts` was given, from the item it came in (0 for a string) and its line
 * in that item's text (1 for a mapping): its source, and its place in the policy file when it is
 * from one. Absent: not said (a value read alone, to compare settings).
 */
export interface AllowPlaces {
  origin: (item: number, line: number) => AllowSource | undefined;
  at: (item: number, line: number) => Position | undefined;
}
const NOWHERE: AllowPlaces = { origin: () => undefined, at: () => undefined };

/**
 * `allow-alerts`: text in the input's syntax goes through the policy's own parser (its errors name
 * the input and line); a policy file's sequence is read item by item, a mapping made into its entry
 * directly. Each entry says where it was given, as `origin` tells.
 */
export const allowList = ({ origin, at }: AllowPlaces = NOWHERE) =>
  z.pipe(
    z.custom<InputValue>((value) => typeof value === 'string' || Array.isArray(value)),
    z.transform((raw: InputValue, payload): AllowEntry[] => {
      const entries: AllowEntry[] = [];
      let failed = false;
      const items = typeof raw === 'string' ? [raw] : raw;
      const placed = (entry: AllowEntry, item: number, line: number) => {
        const source = origin(item, line);
        entries.push(source ? { ...entry, source } : entry);
      };
      // An error is put where its entry stands in a policy file (else at the key).
      const fail = (message: string, item: number, line: number) => {
        failed = true;
        const position = at(item, line);
        payload.issues.push({ code: 'custom', message, input: raw, ...(position ? { params: { position } } : {}) });
      };
      items.forEach((item, i) => {
        const where = typeof raw === 'string' ? 'allow-alerts' : `allow-alerts item ${i + 1}`;
        if (typeof item === 'string') {
          const parsed = parseAllowLines(item, where);
          for (const { entry, line } of parsed.entries) placed(entry, i, line);
          for (const { message, line } of parsed.errors) fail(message, i, line);
          return;
        }
        const entry = allowEntryOf(item);
        if (typeof entry === 'string') fail(`${where}: ${entry}`, i, 1);
        else placed(entry, i, 1);
      });
      return failed ? z.NEVER : entries;
    }),
  );

/** A positive number of seconds, fractions allowed, up to `max`. */
export const seconds = (max: number, fallback: number) =>
  optional(fallback, (value, fail) => {
    const n = /^(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : NaN;
    return n > 0 && n <= max
      ? n
      : fail(
          `${quote(value)} is not accepted; expected a positive number of seconds, at most ${max} (e.g. 30 or 2.5).`,
        );
  });

/**
 * `allow-licenses` / `deny-licenses`: SPDX license ids. `problemOf` (from the SPDX id list, loaded
 * only when one of them is set) says what is wrong with an entry; without it no entry is checked.
 */
export const licenseList = (problemOf: ((id: string) => string | null) | null) =>
  optional(null, (value, fail): string[] => {
    const ids = [...new Set(items(value))];
    if (ids.length === 0) return fail('lists no license; give SPDX ids such as MIT, Apache-2.0.');
    const problems = problemOf ? ids.map(problemOf).filter((p): p is string => p !== null) : [];
    problems.forEach((problem) => fail(problem));
    return problems.length > 0 ? z.NEVER : ids;
  });

/** `license-exceptions`: packages as `name`, `name@version` or a package URL. */
export const packageList = optional([] as string[], (value, fail): string[] => {
  const entries = [...new Set(items(value))];
  const bad = entries.filter((entry) => /\s/.test(entry) || /^pkg:[^/]*$/i.test(entry));
  if (bad.length > 0)
    return fail(`${bad.map(quote).join(', ')}: expected name, name@version or a package URL (pkg:npm/left-pad@1.3.0).`);
  return entries;
});

/** `grace-days`: `severity=days` pairs; empty means no grace for any severity. */
export const graceDays = optional({} as GraceDays, (value, fail) => {
  const { days, errors } = parseGraceDays(value);
  errors.forEach((error) => fail(error));
  return errors.length > 0 ? z.NEVER : days;
});

/** Significant digits every decimal of which reads back from a double unchanged (DBL_DIG). */
const MAX_EXACT_DIGITS = 15;
/** The smallest normal double: below it, doubles have fewer than 15 significant digits. */
const MIN_NORMAL = 2 ** -1022;

/**
 * `epss`: `off`, `show`, or a threshold: a probability (`0.1`) or a percentage (`10%`), above 0 and
 * at most 1; null when it is none of these.
 */
export function parseEpssMode(value: string): EpssMode | null {
  const lower = value.trim().toLowerCase();
  if (lower === 'off' || lower === 'show') return lower;
  const match = /^(\d+(?:\.\d+)?|\.\d+)\s*(%?)$/.exec(lower);
  if (!match) return null;
  const decimal = match[2] === '%' ? hundredth(match[1]!) : match[1]!;
  // The decimal as written, then Number(): the double nearest to it, as FIRST's "0.011" or "0.01100"
  // becomes the double nearest to its decimal (scores/csv-stream use Number on the text too).
  // Rounding to nearest is monotonic, and two decimals of at most 15 significant digits (FIRST writes
  // at most nine decimals) never round to the same normal double, so the doubles compare as the
  // decimals do: a score of exactly the threshold is at it (1.1 / 100 would be 0.011000000000000001,
  // above a score of 0.011). A longer threshold could round onto a score below it: refused, as is one
  // too small for a normal double.
  if (significantDigits(decimal) > MAX_EXACT_DIGITS) return null;
  const threshold = Number(decimal);
  return threshold >= MIN_NORMAL && threshold <= 1 ? { threshold } : null;
}

/** `1.1` -> `0.011`: a decimal divided by 100 by moving its point, never by floating-point division. */
function hundredth(decimal: string): string {
  const [whole = '', fraction = ''] = decimal.split('.');
  const digits = `${whole.padStart(2, '0')}${fraction}`;
  return `${digits.slice(0, -2 - fraction.length)}.${digits.slice(-2 - fraction.length)}`;
}

/** Significant digits of a plain decimal: `0.0110` has 2. */
const significantDigits = (decimal: string): number =>
  decimal.replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length;

export const epssMode = optional<EpssMode, EpssMode>('off', (value, fail) => {
  const mode = parseEpssMode(value);
  return (
    mode ??
    fail(
      `${quote(value)} is not accepted; expected off, show, or a threshold above 0 and at most 1, as a probability (0.1) or a percentage (10%) of at most 15 significant digits.${percentMeant(value)}`,
    )
  );
});

/**
 * " Did you mean 10%?" for `10` (contract: "Near misses get a suggestion"): a bare number above 1
 * that is a percentage the input takes was meant as one; else ''.
 */
export function percentMeant(value: string): string {
  if (!/^\d+(?:\.\d+)?$/.test(value) || Number(value) <= 1) return '';
  return parseEpssMode(`${value}%`) === null ? '' : ` Did you mean ${value}%?`;
}

/** A CSV copy of FIRST's scores is named so (gzip when it ends .gz); any other URL is FIRST's API. */
export const isEpssCsv = (pathname: string): boolean => /\.csv(\.gz)?$/i.test(pathname);

/**
 * `epss-url`: FIRST's API or its daily CSV by https URL (http only for a loopback host), with no
 * credentials; an API URL has no query (the action asks with `?cve=`); or a workspace path of the
 * CSV (`.csv` or `.csv.gz`) that stays inside the workspace.
 */
export const epssSource = <D extends FeedSource>(fallback: D) =>
  optional(fallback, (value, fail): FeedSource => {
    if (!value.includes('://')) {
      const problem = workspacePathProblem(value);
      if (problem) return fail(problem);
      if (!isEpssCsv(value))
        return fail(
          "is a path that does not end .csv or .csv.gz; give a copy of FIRST's daily CSV, or an https:// URL.",
        );
      return { kind: 'file', path: value };
    }
    const url = feedUrl(value, 'the scores are read with none');
    if (typeof url === 'string') return fail(url);
    if (!isEpssCsv(url.pathname) && (url.search !== '' || url.hash !== ''))
      return fail("must not have a query (?...) or fragment (#...) for FIRST's API: the action asks with ?cve=.");
    return { kind: 'url', url: url.href };
  });

/**
 * `vex-files`: workspace paths, comma- or newline-separated, each named (no globs: a pattern that
 * matched nothing would be a gate that silently listens to nothing), at most `max`.
 */
export const workspacePaths = (max: number) =>
  optional([] as string[], (value, fail): string[] => {
    const paths = [...new Set(items(value))];
    const problems = paths.flatMap((path) => {
      if (/[*?]/.test(path)) return [`${quote(path)} is a pattern; name each file (no globs).`];
      const problem = workspacePathProblem(path)?.replace(', or an https:// URL', '');
      return problem ? [`${quote(path)} ${problem}`] : [];
    });
    if (paths.length > max) problems.push(`names ${paths.length} files; at most ${max} are read.`);
    problems.forEach((problem) => fail(problem));
    return problems.length > 0 ? z.NEVER : paths;
  });

/** `vex-output`: a file the action writes, at a path relative to the workspace that stays inside it. */
export const workspaceFile = optional(null, (value, fail): string => {
  const problem = workspacePathProblem(value)?.replace(', or an https:// URL', '');
  return problem ? fail(problem) : value;
});
