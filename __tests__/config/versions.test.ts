// Which release brought each input and output: one table (src/config/versions.ts), and every place
// that says it kept equal to it: action.yml's descriptions, the README's tables, docs/versions.md,
// examples/policy.yml and the CHANGELOG. An input or output added without its line in the table
// fails here, with the line to add.
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { INPUT_NAMES } from '../../src/config/inputs.js';
import { FIRST_STABLE, INPUT_SINCE, LATER_INPUTS, OUTPUT_SINCE } from '../../src/config/versions.js';
import { VERSION } from '../../src/version.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const action = parse(read('action.yml')) as {
  inputs: Record<string, { description: string }>;
  outputs: Record<string, { description: string }>;
};
const readme = read('README.md');

/** The release a text marks ("Since 1.1.0.", "(since 1.1.0)"), or FIRST_STABLE when unmarked. */
const marked = (text: string) => /\bsince (\d+\.\d+\.\d+)\b/i.exec(text)?.[1] ?? FIRST_STABLE;

/** A release as numbers, to compare. */
const order = (release: string) => release.split('.').reduce((sum, part) => sum * 1000 + Number(part), 0);

const kinds = [
  ['input', action.inputs, INPUT_SINCE, 'INPUT_SINCE'],
  ['output', action.outputs, OUTPUT_SINCE, 'OUTPUT_SINCE'],
] as const;

describe.each(kinds)('every %s of action.yml has its release in the one table', (kind, declared, since, table) => {
  test(`each ${kind} of action.yml has a line in ${table}, and each line an ${kind}`, () => {
    // main accepts the inputs of the release package.json names (bump it first if that one is tagged).
    const missing = Object.keys(declared)
      .filter((name) => !Object.hasOwn(since, name))
      .map(
        (name) =>
          `${kind} ${name}: add '${name}': '${VERSION}' (the release it comes in) to ${table} in src/config/versions.ts`,
      );
    const gone = Object.keys(since)
      .filter((name) => !Object.hasOwn(declared, name))
      .map((name) => `${name}: in ${table} but not an ${kind} of action.yml`);
    expect([...missing, ...gone]).toEqual([]);
  });

  test(`action.yml's description of each ${kind} says its release when it came after ${FIRST_STABLE}`, () => {
    const wrong = Object.entries(declared)
      .filter(([name, { description }]) => Object.hasOwn(since, name) && marked(description) !== since[name])
      .map(([name, { description }]) => `${name}: marked ${marked(description)}, ${table} says ${since[name]}`);
    expect(wrong).toEqual([]);
  });

  test(`the README's ${kind} table names each ${kind}, with its release when it came after ${FIRST_STABLE}`, () => {
    const section = kind === 'input' ? /^## Inputs\n([\s\S]*?)^## /m : /^## Outputs\n([\s\S]*?)^## /m;
    const rows = section
      .exec(readme)![1]!
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split(' | ')[0]!);
    const seen = new Map(rows.flatMap((cell) => [...cell.matchAll(/`([\w-]+)`/g)].map((m) => [m[1]!, cell] as const)));
    const wrong = Object.entries(since).flatMap(([name, release]) => {
      const cell = seen.get(name);
      if (cell === undefined) return [`${name}: no row in the README's ${kind} table`];
      return marked(cell) === release ? [] : [`${name}: the README marks ${marked(cell)}, ${table} says ${release}`];
    });
    expect(wrong).toEqual([]);
  });
});

describe('the table itself', () => {
  test('the inputs the action reads are those of action.yml', () => {
    expect([...INPUT_NAMES].sort()).toEqual(Object.keys(INPUT_SINCE).sort());
  });

  test('an input the contract promises for later is no input yet: when it lands, its line moves to INPUT_SINCE', () => {
    const landed = Object.keys(LATER_INPUTS)
      .filter((name) => INPUT_NAMES.includes(name) || Object.hasOwn(INPUT_SINCE, name))
      .map((name) => `${name} is an input now: move its line from LATER_INPUTS to INPUT_SINCE`);
    expect(landed).toEqual([]);
  });

  test("no release in it is earlier than the first stable one, and none later than package.json's", () => {
    // package.json names the release whose inputs main accepts (contract: "A version that tells the truth").
    const releases = [...Object.values(INPUT_SINCE), ...Object.values(OUTPUT_SINCE)];
    const wrong = releases.filter((r) => order(r) < order(FIRST_STABLE) || order(r) > order(VERSION));
    expect(wrong).toEqual([]);
  });
});

describe("docs/versions.md, examples/policy.yml and the CHANGELOG say the table's releases", () => {
  const later = [...kinds].flatMap(([kind, , since]) =>
    Object.entries(since)
      .filter(([, release]) => release !== FIRST_STABLE)
      .map(([name, release]) => ({ kind, name, release })),
  );

  test('docs/versions.md lists every input and output that came after 1.0.0, and no other', () => {
    const rows = [...read('docs/versions.md').matchAll(/^\| `([\w-]+)` \((input|output)\) \| (\S+) \|$/gm)];
    expect(rows.map((m) => ({ kind: m[2], name: m[1], release: m[3] }))).toEqual(later);
  });

  test('examples/policy.yml sets only keys of 1.0.0; a later key it shows is commented out and marked', () => {
    const text = read('examples/policy.yml');
    const set = Object.keys(parse(text) as Record<string, unknown>).filter((key) => key !== 'version');
    expect(set.filter((key) => INPUT_SINCE[key] !== FIRST_STABLE)).toEqual([]);
    const shown = [...text.matchAll(/^# ([\w-]+): .*$/gm)].filter((m) => Object.hasOwn(INPUT_SINCE, m[1]!));
    const wrong = shown.filter((m) => marked(m[0]) !== INPUT_SINCE[m[1]!]).map((m) => `${m[0]}: ${INPUT_SINCE[m[1]!]}`);
    expect(wrong).toEqual([]);
    expect(shown.some((m) => INPUT_SINCE[m[1]!] !== FIRST_STABLE)).toBe(true);
  });

  test('the CHANGELOG names each later input and output in the section of its release', () => {
    const changelog = read('CHANGELOG.md');
    const sections = new Map(
      [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\][^\n]*\n([\s\S]*?)(?=^## |^\[)/gm)].map((m) => [m[1]!, m[2]!]),
    );
    const wrong = later
      .filter(({ name, release }) => !sections.get(release)?.includes(`\`${name}\``))
      .map(({ name, release }) => `${name} (${release}): not named in the CHANGELOG's section ## [${release}]`);
    expect(wrong).toEqual([]);
  });

  test('the CHANGELOG claims no tag: the releases are not tagged yet', () => {
    expect(read('CHANGELOG.md')).not.toMatch(/tagged `v1`|, tagged/);
  });
});
