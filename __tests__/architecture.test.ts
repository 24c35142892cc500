// The import rules of the house (docs/architecture.md, "Layers"): the model is the ground floor, the
// reports show what the verdict decided, api/ moves bytes and does not judge, a feed reader takes plain
// options. Each rule is checked on every import of src/, static or dynamic, so a forbidden one fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from '@jest/globals';

const SRC = resolve('src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every relative import of a file (`from '…'`, `import('…')`, `export … from '…'`), as paths under src/. */
function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)'(\.{1,2}\/[^']+)'/g)].map(
    (m) => m[1]!,
  );
  return specifiers.map((s) => relative(SRC, resolve(dirname(file), s)).replace(/\.js$/, '.ts'));
}

/** A rule: files it covers (by path under src/), and the paths under src/ they may not import. */
interface Rule {
  name: string;
  covers: (path: string) => boolean;
  forbids: (imported: string) => boolean;
}

const under =
  (...folders: string[]) =>
  (path: string) =>
    folders.some((folder) => path.startsWith(`${folder}/`));

const RULES: Rule[] = [
  { name: 'model.ts imports nothing of ours', covers: (p) => p === 'model.ts', forbids: () => true },
  // The one reader of date-times, beside the model on the ground floor: everyone may import it.
  { name: 'instants.ts imports nothing of ours', covers: (p) => p === 'instants.ts', forbids: () => true },
  {
    name: 'reports/ imports neither policy/ nor config/',
    covers: under('reports'),
    forbids: under('policy', 'config'),
  },
  { name: 'api/ imports nothing of policy/', covers: under('api'), forbids: under('policy') },
  { name: 'a feed reader imports nothing of config/', covers: under('feeds', 'kev'), forbids: under('config') },
  { name: 'the VEX reader imports nothing of config/', covers: under('vex'), forbids: under('config') },
];

function violations(rule: Rule): string[] {
  return sources(SRC).flatMap((file) => {
    const path = relative(SRC, file);
    if (!rule.covers(path)) return [];
    return importsOf(file)
      .filter(rule.forbids)
      .map((imported) => `src/${path} imports src/${imported}`);
  });
}

describe('imports run the right way', () => {
  test.each(RULES.map((rule) => [rule.name, rule] as const))('%s', (_name, rule) => {
    expect(violations(rule)).toEqual([]);
  });
});

describe('the check itself sees forbidden imports', () => {
  const file = join(SRC, 'reports', 'example.ts');
  test.each([
    ["import { x } from '../policy/gate.js';", 'policy/gate.ts'],
    ["import type { Config } from '../config/inputs.js';", 'config/inputs.ts'],
    ["const m = await import('../policy/licenses.js');", 'policy/licenses.ts'],
    ["export { y } from '../config/fields.js';", 'config/fields.ts'],
    ["import '../policy/side-effect.js';", 'policy/side-effect.ts'],
  ])('%s', (line, path) => {
    expect(importsOf(file, line)).toEqual([path]);
    const reports = RULES.find((rule) => rule.name.startsWith('reports/'))!;
    expect(reports.forbids(path)).toBe(true);
  });
});

// A report that recognised a rule by its name would still compile when a new rule is added and go
// wrong in silence (the policy sentence once did): reports, the verdict in words and run/ read the
// rule table (RULE_TRAITS, RULE_WORDS) and the disposition, never a rule's name.
const RULE_NAME_COMPARISON = /\.rule\s*[!=]==?|[!=]==?\s*[\w.?]*\.rule\b|switch\s*\([^)]*\.rule\s*\)/;

function ruleComparisons(path: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (RULE_NAME_COMPARISON.test(line) ? [`src/${path}:${i + 1}: ${line.trim()}`] : []));
}

describe('no report compares a rule name', () => {
  const readers = (path: string) => under('reports', 'run')(path) || path === 'policy/gate.ts';
  test('reports/, run/ and policy/gate.ts read the rule table', () => {
    const found = sources(SRC).flatMap((file) => {
      const path = relative(SRC, file);
      return readers(path) ? ruleComparisons(path, readFileSync(file, 'utf8')) : [];
    });
    expect(found).toEqual([]);
  });

  test.each([
    "e.disposition.rule === 'epss'",
    "if (f.disposition.rule !== 'vex') return;",
    "'known-exploited' === e.disposition.rule",
    'switch (alert.disposition.rule) {',
    "e.disposition?.rule == 'severity'",
  ])('the check sees %s', (line) => {
    expect(ruleComparisons('reports/example.ts', line)).toHaveLength(1);
  });

  test.each([
    'RULE_WORDS[e.disposition.rule].gatingCell',
    'groups.set(e.disposition.rule, [])',
    "e.status === 'gating'",
  ])('and lets %s pass', (line) => {
    expect(ruleComparisons('reports/example.ts', line)).toEqual([]);
  });
});
