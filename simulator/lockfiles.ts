// Large npm lockfiles for the scale tests and the benchmark (contract: "Manifests read once, in
// bounded memory"): a package-lock.json (v3) of the packages given, in the order given, and the line
// each is first named on, recorded as the file is written (never worked out by reading it back).
import { createHash } from 'node:crypto';

export interface Lockfile {
  text: string;
  /** The first line (from 1) naming each package: its `"node_modules/<name>": {` line. */
  lines: Map<string, number>;
}

const HEAD = [
  '{',
  '  "name": "workspace-root",',
  '  "lockfileVersion": 3,',
  '  "packages": {',
  '    "": {',
  '      "name": "workspace-root",',
  '      "version": "0.0.0"',
  '    }',
];
const TAIL = ['  }', '}', ''];

/** A package's entry, its first line naming it. */
function entry(name: string): string[] {
  const tarball = name.replace(/^@[^/]+\//, '');
  const integrity = createHash('sha512').update(name).digest('base64');
  return [
    `    "node_modules/${name}": {`,
    '      "version": "1.0.0",',
    `      "resolved": "https://registry.npmjs.org/${name}/-/${tarball}-1.0.0.tgz",`,
    `      "integrity": "sha512-${integrity}",`,
    '      "license": "MIT"',
    '    }',
  ];
}

/**
 * An npm v3 lockfile whose `packages` are `names` in that order, each at version 1.0.0 with a
 * `resolved` URL and a sha512 `integrity` (some 260 bytes and three times the name's length an entry: 50,000 make 13–14 MB). The root
 * package names none of them, and no base64 integrity holds a `-`: a name with one (`pkg-12`) is
 * named nowhere before its entry. A name given twice is recorded at its first entry.
 */
export function npmLockfile(names: readonly string[]): Lockfile {
  const parts = [...HEAD];
  const lines = new Map<string, number>();
  for (const name of names) {
    parts[parts.length - 1] += ',';
    if (!lines.has(name)) lines.set(name, parts.length + 1);
    parts.push(...entry(name));
  }
  parts.push(...TAIL);
  return { text: parts.join('\n'), lines };
}

/**
 * The lockfile of `names` after as many filler packages (`${prefix}-0`, `${prefix}-1` …) as keep
 * it within `maxBytes` (UTF-8): each of `names` is then found only at the end of a whole pass.
 */
export function paddedLockfile(prefix: string, names: readonly string[], maxBytes: number): Lockfile {
  const size = (lines: string[]) => lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
  let bytes = Buffer.byteLength(npmLockfile(names).text);
  const fillers: string[] = [];
  for (;;) {
    const name = `${prefix}-${fillers.length}`;
    // Its entry, and the comma the entry before it gets.
    const more = size(entry(name)) + 1;
    if (bytes + more > maxBytes) break;
    bytes += more;
    fillers.push(name);
  }
  return npmLockfile([...fillers, ...names]);
}
