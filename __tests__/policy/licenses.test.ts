import { describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { licenseIdProblem } from '../../src/policy/license-ids.js';
import type { LicenseEntry, Package } from '../../src/model.js';
import DEPRECATED_IDS from 'spdx-license-ids/deprecated.json' with { type: 'json' };
import {
  DEPRECATED_WITH_EXCEPTION,
  evaluateLicenses,
  licenseExpression,
  licensePolicy,
  type LicensePolicy,
} from '../../src/policy/licenses.js';

const policy = (over: Partial<LicensePolicy>) => licensePolicy({ allow: null, deny: null, unknown: 'warn', ...over });

describe('allow-licenses: a violation when the expression cannot be satisfied with allowed ids alone', () => {
  const allow = policy({ allow: ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'GPL-2.0-only', 'LicenseRef-Acme-Internal'] });
  test.each([
    ['MIT', 'allowed'],
    ['ISC', 'violation'],
    ['MIT OR GPL-3.0-only', 'allowed'], // OR: one branch suffices
    ['GPL-3.0-only OR ISC', 'violation'],
    ['MIT AND Apache-2.0', 'allowed'], // AND: every part
    ['MIT AND GPL-3.0-only', 'violation'],
    ['(MIT OR ISC) AND (Apache-2.0 OR GPL-3.0-only)', 'allowed'],
    ['GPL-2.0-only WITH Classpath-exception-2.0', 'allowed'], // an exception only adds permissions
    ['GPL-3.0-only WITH GCC-exception-3.1', 'violation'],
    ['GPL-2.0+', 'allowed'], // or later: GPL-2.0-only is in the range
    ['GPL-2.0-or-later', 'allowed'],
    ['LGPL-2.1-or-later', 'violation'],
    ['LicenseRef-Acme-Internal', 'allowed'],
    ['LicenseRef-Other', 'violation'],
  ])('%s: %s', (expression, status) => {
    expect(allow(expression)).toBe(status);
  });
});

describe('allow-licenses: ids spdx-satisfies cannot read are judged by name, never crash the run', () => {
  test.each([
    [['MIT'], 'GFDL-1.2-invariants-or-later', 'violation'],
    [['MIT'], 'MIT OR GFDL-1.2-invariants-or-later', 'allowed'],
    [['MIT', 'GFDL-1.2-invariants-or-later'], 'GFDL-1.2-invariants-or-later', 'allowed'],
    [['MIT', 'GFDL-1.2-invariants-or-later'], 'MIT', 'allowed'],
    [['MIT', 'GFDL-1.2-invariants-or-later'], 'Apache-2.0', 'violation'],
    [['GFDL-1.2-invariants-or-later'], 'GFDL-1.3-invariants-or-later', 'violation'],
  ])('allow %j, license %s: %s', (allow, expression, status) => {
    expect(policy({ allow })(expression)).toBe(status);
  });
});

describe('deny-licenses: a violation when every way of satisfying the expression uses a denied id', () => {
  const deny = policy({ deny: ['GPL-3.0-only', 'AGPL-3.0-only', 'GPL-2.0-only'] });
  test.each([
    ['MIT', 'allowed'],
    ['GPL-3.0-only', 'violation'],
    ['MIT OR GPL-3.0-only', 'allowed'], // MIT alone will do
    ['MIT AND GPL-3.0-only', 'violation'], // GPL-3.0-only cannot be avoided
    ['(MIT OR GPL-3.0-only) AND (AGPL-3.0-only OR ISC)', 'allowed'],
    ['(GPL-3.0-only OR AGPL-3.0-only) AND MIT', 'violation'],
    ['GPL-3.0-only WITH GCC-exception-3.1', 'violation'], // still GPL-3.0-only
    ['GPL-2.0-or-later', 'violation'], // GPL-2.0 and GPL-3.0 are both denied: no way out
    ['LicenseRef-Acme', 'allowed'],
  ])('%s: %s', (expression, status) => {
    expect(deny(expression)).toBe(status);
  });

  test('or later: fine while one license of the range is not denied', () => {
    const onlyThree = policy({ deny: ['GPL-3.0-only'] });
    expect(onlyThree('GPL-2.0-or-later')).toBe('allowed'); // GPL-2.0-only will do
    expect(onlyThree('GPL-2.0+')).toBe('allowed');
    expect(onlyThree('GPL-3.0-or-later')).toBe('violation');
  });

  test('a range all of whose licenses are denied is a violation', () => {
    const strict = policy({ deny: ['GPL-2.0-only', 'GPL-3.0-only'] });
    expect(strict('GPL-2.0-or-later')).toBe('violation');
    expect(strict('GPL-2.0-or-later OR MIT')).toBe('allowed');
  });
});

describe('deny-licenses: every SPDX id is judged, none blocks a merge for a license nobody denied', () => {
  const denyMit = policy({ deny: ['MIT'] });
  test.each([
    // current ids spdx-satisfies cannot read (it drops `-only` and finds no id): judged by name
    ['GFDL-1.1-invariants-only', 'allowed'],
    ['GFDL-1.2-no-invariants-or-later', 'allowed'],
    ['MIT OR GFDL-1.2-invariants-only', 'allowed'],
    ['MIT AND GFDL-1.2-invariants-only', 'violation'],
    // deprecated ids that are not denied
    ['wxWindows', 'allowed'],
    ['Nunit', 'allowed'],
    ['eCos-2.0', 'allowed'],
    ['bzip2-1.0.5', 'allowed'],
  ])('deny MIT, %s: %s', (expression, status) => {
    expect(denyMit(expression)).toBe(status);
  });

  test('a denied GNU license does not come back under its deprecated name', () => {
    const denyGpl2 = policy({ deny: ['GPL-2.0-only'] });
    expect(denyGpl2('GPL-2.0')).toBe('violation');
    expect(denyGpl2('GPL-2.0+')).toBe('allowed'); // GPL-3.0-only will do
  });
});

describe('unknown licenses', () => {
  test.each([
    ['missing', { id: null, name: null }],
    ['NOASSERTION', { id: 'NOASSERTION', name: 'NOASSERTION' }],
    ['NONE', { id: 'NONE', name: null }],
    ['free text that is no SPDX expression', { id: 'custom-123', name: 'The Acme Software License' }],
  ])('%s: no expression, so the status is unknown', (_name, entry) => {
    expect(licenseExpression(entry)).toBeNull();
    expect(policy({ allow: ['MIT'] })(licenseExpression(entry))).toBe('unknown');
    expect(policy({ deny: ['MIT'] })(licenseExpression(entry))).toBe('unknown');
  });

  test.each([
    ['the id when it is valid SPDX', { id: 'Apache-2.0', name: 'Apache License 2.0' }, 'Apache-2.0'],
    ['else the name when that is', { id: 'lic_77', name: 'MIT OR Apache-2.0' }, 'MIT OR Apache-2.0'],
  ])('%s', (_name, entry, expression) => {
    expect(licenseExpression(entry)).toBe(expression);
  });
});

describe('allow and deny entries must be ids of the current SPDX list or a LicenseRef', () => {
  test.each(['MIT', 'Apache-2.0', 'GPL-3.0-or-later', 'LicenseRef-Acme-1.0'])('%s is accepted', (id) => {
    expect(licenseIdProblem(id)).toBeNull();
  });
  test.each([
    ['mit', /did you mean MIT/],
    ['MIT OR Apache-2.0', /is an expression/],
    ['Apache 2', /not an id of the current SPDX license list/],
    ['GPL-2.0', /not an id of the current SPDX license list/], // deprecated: not in the current list
  ])('%s is refused', (id, message) => {
    expect(licenseIdProblem(id)).toMatch(message);
  });
});

describe('SPDX ids and operators match case-insensitively, as the SPDX spec says', () => {
  test.each([
    ['gpl-3.0-only', 'GPL-3.0-only'],
    ['mit or Gpl-3.0-only', 'MIT OR GPL-3.0-only'],
    ['apache-2.0 with llvm-exception', 'Apache-2.0 WITH LLVM-exception'],
    ['gpl-2.0+', 'GPL-2.0+'],
    ['LicenseRef-Acme-1.0', 'LicenseRef-Acme-1.0'],
  ])('%s reads as %s', (given, expression) => {
    expect(licenseExpression({ id: given, name: null })).toBe(expression);
  });

  test('a denied license in other letters is still denied', () => {
    expect(policy({ deny: ['GPL-3.0-only'] })(licenseExpression({ id: 'gpl-3.0-only', name: null }))).toBe('violation');
  });
});

describe('LicenseRef-… and DocumentRef-… match case-insensitively, on both sides', () => {
  const judged = (list: Partial<LicensePolicy>, id: string) => policy(list)(licenseExpression({ id, name: null }));
  test.each([
    [{ allow: ['LicenseRef-Acme-Internal'] }, 'licenseref-acme-internal', 'allowed'],
    [{ allow: ['LicenseRef-Acme-Internal'] }, 'LICENSEREF-ACME-INTERNAL OR GPL-3.0-only', 'allowed'],
    [{ allow: ['licenseref-acme-internal'] }, 'LicenseRef-Acme-Internal AND MIT', 'violation'],
    [{ allow: ['licenseref-acme-internal', 'MIT'] }, 'LicenseRef-Acme-Internal AND MIT', 'allowed'],
    [{ allow: ['LicenseRef-Acme-Internal'] }, 'LicenseRef-Acme-Other', 'violation'],
    [{ allow: ['LicenseRef-Acme-Internal'] }, 'DocumentRef-other:LicenseRef-Acme-Internal', 'violation'],
    [
      { allow: ['DocumentRef-spdx-tool-1.2:LicenseRef-MIT-Style-2'] },
      'documentref-SPDX-TOOL-1.2:licenseref-mit-style-2',
      'allowed',
    ],
    [{ deny: ['LicenseRef-Acme-Proprietary'] }, 'licenseref-ACME-proprietary', 'violation'],
    [{ deny: ['licenseref-acme-proprietary'] }, 'MIT AND LicenseRef-Acme-Proprietary', 'violation'],
    [{ deny: ['LicenseRef-Acme-Proprietary'] }, 'MIT OR LicenseRef-Acme-Proprietary', 'allowed'],
    [{ deny: ['DocumentRef-d:LicenseRef-X'] }, 'DOCUMENTREF-D:LICENSEREF-X', 'violation'],
    // another document's license nobody denied is no violation
    [{ deny: ['MIT'] }, 'DocumentRef-spdx-tool-1.2:LicenseRef-MIT-Style-2', 'allowed'],
  ])('%j, %s: %s', (list, id, status) => {
    expect(judged(list, id)).toBe(status);
  });

  test.each(['licenseref-acme-1.0', 'LICENSEREF-Acme', 'DocumentRef-d:LicenseRef-x', 'documentref-D:licenseref-X'])(
    '%s is accepted in allow-licenses and deny-licenses',
    (id) => {
      expect(licenseIdProblem(id)).toBeNull();
    },
  );

  test('the expression reads LicenseRef- and DocumentRef- as SPDX writes them, the name as given', () => {
    expect(licenseExpression({ id: 'licenseref-acme-1.0 or mit', name: null })).toBe('LicenseRef-acme-1.0 OR MIT');
    expect(licenseExpression({ id: 'DOCUMENTREF-d:LICENSEREF-X', name: null })).toBe('DocumentRef-d:LicenseRef-X');
  });
});

describe('a deprecated …-with-…-exception id is judged as the WITH expression SPDX names as its replacement', () => {
  test('every such id of the SPDX list has its replacement', () => {
    expect([...DEPRECATED_WITH_EXCEPTION].sort()).toEqual(DEPRECATED_IDS.filter((id) => /-with-/.test(id)).sort());
  });

  const GPL2 = DEPRECATED_WITH_EXCEPTION.filter((id) => id.startsWith('GPL-2.0-'));
  const GPL3 = DEPRECATED_WITH_EXCEPTION.filter((id) => id.startsWith('GPL-3.0-'));
  const each = (list: Partial<LicensePolicy>, ids: readonly string[], status: string) =>
    ids.map((id): [Partial<LicensePolicy>, string, string] => [list, id, status]);
  test.each([
    ...each({ allow: ['GPL-2.0-only'] }, GPL2, 'allowed'),
    ...each({ allow: ['GPL-2.0-only'] }, GPL3, 'violation'),
    ...each({ allow: ['GPL-3.0-only'] }, GPL3, 'allowed'),
    ...each({ allow: ['GPL-3.0-only'] }, ['GPL-2.0-with-GCC-exception+'], 'allowed'), // or later: GPL-3.0-only will do
    ...each({ allow: ['GPL-3.0-only'] }, ['GPL-2.0-with-classpath-exception'], 'violation'),
    ...each({ deny: ['MIT'] }, GPL2, 'allowed'),
    ...each({ deny: ['GPL-2.0-only'] }, GPL2, 'violation'),
    ...each({ deny: ['GPL-3.0-only'] }, GPL2, 'allowed'),
    ...each({ deny: ['GPL-3.0-only'] }, GPL3, 'violation'),
    ...each({ deny: ['GPL-2.0-only'] }, ['MIT OR gpl-2.0-with-classpath-exception'], 'allowed'),
  ])('%j, %s: %s', (list, id, status) => {
    expect(policy(list)(licenseExpression({ id, name: null }))).toBe(status);
  });
});

describe('every package under every license entry is judged', () => {
  const pkg = (id: string, name: string, line = 3): Package => ({
    id,
    name,
    version: '1.0.0',
    ecosystem: 'npm',
    manifestPath: 'package.json',
    manifestStartLine: line,
    manifestEndLine: line,
    manifestStartColumn: null,
    manifestEndColumn: null,
  });
  const judge = (entries: LicenseEntry[], list: Partial<LicensePolicy>) => {
    const report = evaluateLicenses(entries, { allow: null, deny: null, unknown: 'warn', exceptions: [], ...list });
    return { checked: report.checked, found: report.findings.map((f) => `${f.package} ${f.license} ${f.status}`) };
  };
  const entry = (id: string | null, ...packages: Package[]): LicenseEntry => ({ id, name: null, packages });

  test('a package under several entries is judged under each, whichever comes first', () => {
    const p = pkg('p1', 'a');
    const entries = [entry('MIT', p), entry('GPL-3.0-only', p), entry('AGPL-3.0-only', p), entry(null, p)];
    expect(judge(entries, { deny: ['GPL-3.0-only', 'AGPL-3.0-only'] })).toEqual({
      checked: 4,
      found: ['a@1.0.0 GPL-3.0-only violation', 'a@1.0.0 AGPL-3.0-only violation', 'a@1.0.0  unknown'],
    });
    expect(judge([entry('MIT', p), entry('ISC', p)], { allow: ['MIT'] }).found).toEqual(['a@1.0.0 ISC violation']);
    expect(judge([entry('ISC', p), entry('MIT', p)], { allow: ['MIT'] }).found).toEqual(['a@1.0.0 ISC violation']);
  });

  test('packages whose ids collide (empty) are each judged; the same package at the same place once', () => {
    const entries = [entry('GPL-3.0-only', pkg('', 'a'), pkg('', 'b', 4), pkg('', 'b', 4))];
    expect(judge(entries, { deny: ['GPL-3.0-only'] })).toEqual({
      checked: 2,
      found: ['a@1.0.0 GPL-3.0-only violation', 'b@1.0.0 GPL-3.0-only violation'],
    });
  });
});

describe('bounded work: an expression is judged over its tree, never expanded into its ways', () => {
  /** `(a OR b) AND (a OR b) AND …`, `n` groups: 2^n ways of satisfying it. */
  const groups = (n: number, group: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => `(${group(i)})`).join(' AND ');
  const CASES = [24, 60].flatMap((n) => [
    { n, allow: ['MIT'], expression: groups(n, (i) => `LicenseRef-X${i} OR MIT`), status: 'allowed' },
    { n, allow: ['MIT'], expression: groups(n, (i) => `LicenseRef-X${i} OR ISC`), status: 'violation' },
    { n, allow: ['MIT'], expression: `${groups(n, (i) => `LicenseRef-X${i} OR MIT`)} AND ISC`, status: 'violation' },
    { n, deny: ['GPL-3.0-only'], expression: groups(n, () => 'GPL-3.0-only OR MIT'), status: 'allowed' },
    { n, deny: ['GPL-3.0-only'], expression: `${groups(n, () => 'MIT OR ISC')} AND GPL-3.0-only`, status: 'violation' },
    { n, deny: ['GPL-3.0-only', 'MIT'], expression: groups(n, () => 'GPL-3.0-only OR MIT'), status: 'violation' },
  ]);

  // Judged in a child process stopped after 30 s: an exponential evaluator fails here, it does not
  // hang the suite (a timeout cannot interrupt synchronous code in this process).
  test('24 and 60 OR groups, under an allow list and a deny list', async () => {
    const script = `
      import { licensePolicy } from './src/policy/licenses.ts';
      const cases = ${JSON.stringify(CASES)};
      const judged = cases.map((c) => licensePolicy({ allow: c.allow ?? null, deny: c.deny ?? null, unknown: 'warn' })(c.expression));
      process.stdout.write(JSON.stringify(judged));
    `;
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const output = await new Promise<string>((resolve, reject) => {
      // One process (tsx as Node's loader, not its wrapper, which would leave a child behind on a kill).
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('error', reject);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (code === 0) resolve(text);
        else reject(new Error(`the evaluation did not end well (${signal ?? `exit ${code}`})`));
      });
    });
    expect(JSON.parse(output)).toEqual(CASES.map((c) => c.status));
  }, 40_000);

  test('more than 256 ways: the one way without a denied license still counts', () => {
    // 2^9 ways; only the last of them (MIT in every group) avoids GPL-3.0-only.
    expect(policy({ deny: ['GPL-3.0-only'] })(groups(9, () => 'GPL-3.0-only OR MIT'))).toBe('allowed');
    expect(policy({ allow: ['MIT'] })(groups(9, () => 'GPL-3.0-only OR MIT'))).toBe('allowed');
  });
});
