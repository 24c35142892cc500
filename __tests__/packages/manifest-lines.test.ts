// The first line of a manifest that names a package (contract: "Brought in by the pull request":
// an annotation at the first line of the workspace's copy that names the package, else line 1),
// found for every name in one pass ("Manifests read once, in bounded memory").
import { describe, expect, test } from '@jest/globals';
import { lineFound, lineSearch } from '../../src/packages/manifest-lines.js';
import { prng } from '../integration/change-fixtures.js';

const text = (...lines: string[]) => lines.join('\n');
const LINE_BREAKS = /\r\n|\r|\n/;

/** Every line of `manifest` read by one search for `names`, or until it says the rest are not needed. */
function search(manifest: string, names: string[]) {
  const pass = lineSearch(names);
  let read = 0;
  for (const line of manifest.split(LINE_BREAKS)) {
    read++;
    if (!pass.read(line)) break;
  }
  return { lineOf: (name: string) => lineFound(pass.found, name), read };
}

describe('the first line naming a package', () => {
  test.each<[string, string, string, number | null]>([
    ['package.json', text('{', '  "dependencies": {', '    "lodash": "^4.17.20"', '  }', '}'), 'lodash', 3],
    ['not a longer name (lodash.merge first)', text('"lodash.merge": "1"', '"lodash": "4"'), 'lodash', 2],
    ['not a scoped name (@types/lodash first)', text('"@types/lodash": "4"', '"lodash": "4"'), 'lodash', 2],
    ['npm lockfile path', text('{', '  "packages": {', '    "node_modules/micromatch": {'), 'micromatch', 3],
    ['a scoped name whole', text('"@babel/core": "7"'), '@babel/core', 1],
    ['a scoped name in a lockfile path', text('"@babel/core-x": 1', '"node_modules/@babel/core": {'), '@babel/core', 2],
    [
      'Maven: the artifact id',
      text('<dependency>', '  <artifactId>log4j-core</artifactId>'),
      'org.apache.logging.log4j:log4j-core',
      2,
    ],
    ['any case', text('Django==3.2'), 'django', 1],
    ['CRLF lines', 'a\r\nleft-pad@1.3.0\r\n', 'left-pad', 2],
    ['a name of other characters', text('c++ 1', 'lib c++: 2'), 'lib c++', 2],
    ['absent', text('"react": "18"'), 'lodash', null],
    ['an empty name', text('anything'), '', null],
  ])('%s', (_name, manifest, name, line) => {
    expect(search(manifest, [name]).lineOf(name)).toBe(line);
  });

  test('every name in one pass, which stops once all are found', () => {
    const manifest = text('"a-1": 1, "d-4": 1', '"b-2": 2', '"A-1": 3', '"c-3": 4', 'never needed');
    const { lineOf, read } = search(manifest, ['c-3', 'a-1', 'B-2', 'a-1']);
    expect({ a: lineOf('a-1'), b: lineOf('b-2'), c: lineOf('C-3'), unasked: lineOf('d-4'), read }).toEqual({
      a: 1,
      b: 2,
      c: 4,
      unasked: null,
      read: 4,
    });
  });
});

// ---------- property: the one pass agrees with a search per name ----------

/**
 * The search the contract describes, one name at a time over the whole text (as the action did
 * before its one pass): the first line holding the name's written word, case-insensitively, with no
 * name character after it and none of those, `@` or `/` before it unless that is `node_modules/`.
 */
function lineNaming(manifest: string, name: string): number | null {
  const trimmed = name.trim();
  const colon = trimmed.lastIndexOf(':');
  const word = trimmed.startsWith('@') || colon === -1 ? trimmed : trimmed.slice(colon + 1);
  if (word === '') return null;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(^|[^A-Za-z0-9_.@/-]|node_modules/)${escaped}($|[^A-Za-z0-9_.-])`, 'i');
  const index = manifest.split(LINE_BREAKS).findIndex((line) => pattern.test(line));
  return index === -1 ? null : index + 1;
}

// Lockfile-like pieces: names, their neighbours, paths, separators, line breaks, and characters
// whose case differs between the two readings of `i` (ſ, K, ß, ς, İ) or that no name holds.
const STEMS = ['lodash', 'lic-1', 'lic-10', 'a', 'core', 'x.y', 'a_b', 'LoDash', 'ſtem', 'Kelvin', 'straße', 'σς'];
const PIECES = [
  ...STEMS,
  'node_modules/',
  'NODE_MODULES/',
  'xnode_modules/',
  '@types/',
  '@babel/',
  '/',
  '@',
  '.',
  '-',
  '_',
  ':',
  '"',
  ' ',
  '  ',
  '+',
  '=',
  '#',
  'é',
  'İ',
  '\u{1F600}',
  '\n',
  '\r\n',
  '\r',
  '1.0.0',
  'sha512-',
];

function randomCase(random: () => number, word: string): string {
  return [...word].map((c) => (random() < 0.3 ? (random() < 0.5 ? c.toUpperCase() : c.toLowerCase()) : c)).join('');
}

describe('property: the one pass finds for each name the line a search per name finds', () => {
  test.each(Array.from({ length: 40 }, (_, i) => i))('seed %i: 50 texts, 40 names each', (seed) => {
    const random = prng(seed + 1);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    for (let round = 0; round < 50; round++) {
      const manifest = Array.from({ length: 20 + Math.floor(random() * 200) }, () => pick(PIECES)).join('');
      const fromText = () => {
        const start = Math.floor(random() * manifest.length);
        return manifest.slice(start, start + 1 + Math.floor(random() * 14));
      };
      const names = Array.from({ length: 40 }, () => {
        const kind = random();
        if (kind < 0.35) return randomCase(random, pick(STEMS));
        if (kind < 0.5) return `${pick(['@types/', '@babel/', '@x/'])}${pick(STEMS)}`;
        if (kind < 0.6) return `org.example:${pick(STEMS)}`;
        if (kind < 0.7) return `${pick(STEMS)}${pick(['/', '@', ' ', '+', ':', '.'])}${pick(STEMS)}`;
        if (kind < 0.95) return fromText();
        return pick(['', ' ', 'node_modules/', '@', '/']);
      });
      const { lineOf } = search(manifest, names);
      const found = names.map((name) => [name, lineOf(name)]);
      const expected = names.map((name) => [name, lineNaming(manifest, name)]);
      expect({ manifest, found }).toEqual({ manifest, found: expected });
    }
  });
});
