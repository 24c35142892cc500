// go.sum, read with the go.mod beside it. go.sum has two lines per module version the build
// downloaded (`module v1.2.3 h1:…`, the code; `module v1.2.3/go.mod h1:…`, its go.mod) and a `/go.mod`
// line alone for each version whose go.mod minimal version selection only read. So:
// - an entry is a module version whose code go.sum holds (its `/go.mod` line is the same entry);
//   a version with its `/go.mod` line alone is not one: none of its code is built;
// - from Go 1.17 on (go.mod's `go` directive), go.mod requires every module that provides a package to
//   the build, at the version selected. A version go.sum holds of a module go.mod requires at another
//   version (left from before an upgrade, or one an older Go would select) is not built: not an entry.
//   A module go.mod does not name stays one (what a `replace` points to, say). Before 1.17, or without
//   a go.mod, go.mod does not list every module: every version with its code in go.sum is an entry.
// Go modules have no development scope (`// indirect` says how a module is required, not for what).
import { success, type Outcome } from '../../model.js';
import { Entries, type Parsed } from './entry.js';
import { Lines } from './lines.js';
import { atLine } from './where.js';

/** A go.mod's text and path. */
export interface GoMod {
  text: string;
  path: string;
}

export function parseGoSum(text: string, path: string, goMod: GoMod | null = null): Parsed {
  const required = goMod === null ? success(null) : requiredBy(goMod);
  if (!required.ok) return required;
  const entries = new Entries('go');
  const lines = new Lines(text);
  for (let line = lines.next(); line !== null; line = lines.next()) {
    const fields = line.trim().split(/\s+/);
    if (fields.length === 1 && fields[0] === '') continue;
    const [module, version] = fields;
    if (fields.length !== 3 || module === undefined || version === undefined)
      return atLine(path, lines.number, 1, 'not "module version hash"');
    if (version.endsWith('/go.mod')) continue;
    const selected = required.value?.get(module);
    if (selected === undefined || selected === version) entries.add(module, version, 'unknown');
  }
  return success(entries.list());
}

/**
 * The version go.mod requires of each module, when its `go` directive is 1.17 or later (every module
 * of the build listed); null before, when it lists only some.
 */
function requiredBy({ text, path }: GoMod): Outcome<Map<string, string> | null> {
  const required = new Map<string, string>();
  let goVersion: string | null = null;
  let block: { directive: string; line: number } | null = null;
  const lines = new Lines(text);
  for (let line = lines.next(); line !== null; line = lines.next()) {
    const words = line
      .replace(/\/\/.*$/, '')
      .trim()
      .split(/\s+/);
    if (words[0] === '') continue;
    if (block !== null) {
      if (words[0] === ')') block = null;
      else if (block.directive === 'require') requireIn(required, words);
      continue;
    }
    const [directive = '', ...rest] = words;
    if (rest.length === 1 && rest[0] === '(') block = { directive, line: lines.number };
    else if (directive === 'require') requireIn(required, rest);
    else if (directive === 'go') goVersion = rest[0] ?? null;
  }
  if (block !== null) return atLine(path, block.line, 1, `${block.directive} ( is not closed`);
  return success(goVersion !== null && atLeast117(goVersion) ? required : null);
}

function requireIn(required: Map<string, string>, [module, version]: string[]): void {
  if (module !== undefined && version !== undefined) required.set(module.replace(/^"|"$/g, ''), version);
}

/** `1.17`, `1.21.0`, `1.22rc1`: at least 1.17. */
function atLeast117(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  return major > 1 || (major === 1 && minor >= 17);
}
