// Where a manifest names a package: the first line of the file that holds its name as a word of its
// own (contract: "Brought in by the pull request": an annotation at the first line of the workspace's
// copy of the manifest that names the package, else line 1). Every name asked about is looked for in
// one pass over the lines, whatever their number ("Manifests read once, in bounded memory"): each
// line is cut into the words it could name and these are looked up. Pure: the caller reads the lines.
//
// A word matches case-insensitively, code unit by code unit (as a regular expression's `i` flag
// without `u`: `ß` is not `SS`, `ſ` not `s`), and not as part of a longer name: no name character
// ([A-Za-z0-9_.-]) just after it (`lodash` is not in `lodash.merge`), and none of those, `@` or `/`
// just before (`@types/lodash`), unless that is `node_modules/`, npm's lockfile's path to a package.

/** The part a manifest writes: a Maven artifact id without its group, a scoped npm name whole. */
function written(name: string): string {
  const trimmed = name.trim();
  const colon = trimmed.lastIndexOf(':');
  return trimmed.startsWith('@') || colon === -1 ? trimmed : trimmed.slice(colon + 1);
}

/** Per ASCII code: 2 for a name character ([A-Za-z0-9_.-]), 1 for `@` and `/`; none else. */
const KIND = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-') KIND[c.charCodeAt(0)] = 2;
KIND[64] = KIND[47] = 1;
const isNameChar = (c: number) => c < 128 && KIND[c] === 2;
/** A character that may not stand just before a word: a name character, `@` or `/`. */
const isWordChar = (c: number) => c < 128 && KIND[c] !== 0;
const NODE_MODULES = 'NODE_MODULES/';

/** A code unit as `i` compares it without `u`: its upper case when that is one unit, never non-ASCII to ASCII. */
function canonicalUnit(c: number): number {
  if (c < 128) return c >= 97 && c <= 122 ? c - 32 : c;
  const upper = String.fromCharCode(c).toUpperCase();
  const u = upper.charCodeAt(0);
  return upper.length !== 1 || u < 128 ? c : u;
}

/** Text as it compares case-insensitively: one code unit for each of its own. */
function canonical(text: string): string {
  if (/^[\0-\x7f]*$/.test(text)) return text.toUpperCase();
  let out = '';
  for (let i = 0; i < text.length; i++) out += String.fromCharCode(canonicalUnit(text.charCodeAt(i)));
  return out;
}

/** The word a manifest names `name` by, as it compares; null for an empty name, which names nothing. */
export function wordKey(name: string): string | null {
  const word = written(name);
  return word === '' ? null : canonical(word);
}

function allWordChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isWordChar(text.charCodeAt(i))) return false;
  return true;
}

/** A pass over a manifest's lines in order, looking for the names it was made for. */
export interface LineSearch {
  /** Reads the next line; false once every name is found, when the rest need not be read. */
  read: (line: string) => boolean;
  /** The first line (from 1) naming each word found, by wordKey. */
  readonly found: ReadonlyMap<string, number>;
}

/** The line naming `name` in what `search` found; null when none (or `name` was not searched for). */
export function lineFound(found: ReadonlyMap<string, number>, name: string): number | null {
  const key = wordKey(name);
  return (key !== null && found.get(key)) || null;
}

/** A search for `names`: only their words and the first line of each are kept, never a line. */
export function lineSearch(names: Iterable<string>): LineSearch {
  // Words of name characters, `@` and `/` (nearly every name) are looked up among the words a run of
  // those characters can hold; any other word at every place a word can start, by its length.
  const plain = new Set<string>();
  const others = new Map<number, Set<string>>();
  for (const key of [...names].map(wordKey)) {
    if (key === null) continue;
    if (allWordChars(key)) plain.add(key);
    else others.set(key.length, (others.get(key.length) ?? new Set()).add(key));
  }
  const wanted = plain.size + [...others.values()].reduce((n, keys) => n + keys.size, 0);
  const lengths: boolean[] = [];
  for (const key of plain) lengths[key.length] = true;
  const found = new Map<string, number>();
  let number = 0;
  const record = (key: string) => {
    if (!found.has(key)) found.set(key, number);
  };
  return {
    found,
    read: (line) => {
      number++;
      if (plain.size > 0) runWords(line, lengths, (key) => plain.has(key) && record(key));
      if (others.size > 0) otherWords(line, others, record);
      return found.size < wanted;
    },
  };
}

/**
 * Each word of a length in `lengths` that a run of name characters, `@` and `/` can hold: starting
 * where the run does or just after a `node_modules/` in it, ending where it does or before `@` or `/`.
 */
function runWords(line: string, lengths: readonly boolean[], visit: (key: string) => void): void {
  for (let at = 0; at < line.length;) {
    if (!isWordChar(line.charCodeAt(at))) {
      at++;
      continue;
    }
    const start = at;
    while (at < line.length && isWordChar(line.charCodeAt(at))) at++;
    for (let from = start; from < at; from = afterNodeModules(line, from, start, at)) {
      const last = Math.min(at, from + lengths.length - 1);
      for (let end = from + 1; end <= last; end++) {
        const c = line.charCodeAt(end);
        // Only ASCII in a run: its upper case is how it compares.
        if ((end === at || c === 64 || c === 47) && lengths[end - from]) visit(line.slice(from, end).toUpperCase());
      }
    }
  }
}

/** Just after the first `node_modules/` of the run `start`..`end` that ends after `from`; else `end`. */
function afterNodeModules(line: string, from: number, start: number, end: number): number {
  for (let slash = line.indexOf('/', from); slash !== -1 && slash < end - 1; slash = line.indexOf('/', slash + 1)) {
    const begin = slash + 1 - NODE_MODULES.length;
    if (begin >= start && line.slice(begin, slash + 1).toUpperCase() === NODE_MODULES) return slash + 1;
  }
  return end;
}

/** Each word of a length in `byLength` that starts where a word can and ends before no name character. */
function otherWords(line: string, byLength: Map<number, Set<string>>, visit: (key: string) => void): void {
  for (let at = 0; at < line.length; at++) {
    const starts =
      at === 0 ||
      !isWordChar(line.charCodeAt(at - 1)) ||
      (at >= NODE_MODULES.length &&
        line.charCodeAt(at - 1) === 47 &&
        canonical(line.slice(at - NODE_MODULES.length, at)) === NODE_MODULES);
    if (!starts) continue;
    for (const [length, keys] of byLength) {
      const end = at + length;
      if (end > line.length || (end < line.length && isNameChar(line.charCodeAt(end)))) continue;
      const key = canonical(line.slice(at, end));
      if (keys.has(key)) visit(key);
    }
  }
}
