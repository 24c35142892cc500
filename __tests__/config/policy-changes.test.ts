// Which settings a pull request's copy of the policy file changes: values compared as their input
// reads them, deeply for lists and mappings, in input order.
import { describe, expect, test } from '@jest/globals';
import { policyChanges, shown } from '../../src/config/policy-changes.js';
import { parsePolicyFile } from '../../src/config/policy-file.js';
import type { PolicyFile } from '../../src/config/inputs.js';

const file = (text: string): PolicyFile => {
  const parsed = parsePolicyFile(text, 'p.yml');
  if (!parsed.ok) throw new Error(parsed.error.join('\n'));
  return parsed.value;
};

describe('policyChanges', () => {
  test('the same settings written otherwise change nothing', () => {
    const base = file(
      'fail-on-severity: high\nallow-licenses: [MIT, ISC]\ngrace-days: {high: 30, critical: 0}\nset-cwe-whitelist: 79\n' +
        'allow-alerts:\n  - id: GHSA-1\n    until: 2030-01-01\n',
    );
    const proposed = file(
      '# reworded\nversion: 1\nfail-on-severity: HIGH\nallow-licenses: "MIT, ISC"\ngrace-days: critical=0, high=30\n' +
        'set-cwe-whitelist: [CWE-79]\nallow-alerts: GHSA-1 until 2030-01-01\n',
    );
    expect(policyChanges(base, proposed)).toEqual([]);
  });

  test('changed, added and removed settings, in input order, with their values as written', () => {
    const base = file('ignore-unreachable: true\nfail-on-severity: high\nposture-days: 30\n');
    const proposed = file('fail-on-severity: none\nposture-days: 30\nallow-alerts: [GHSA-1]\n');
    expect(policyChanges(base, proposed)).toEqual([
      { key: 'fail-on-severity', base: 'high', proposed: 'none' },
      { key: 'ignore-unreachable', base: 'true', proposed: null },
      { key: 'allow-alerts', base: null, proposed: 'GHSA-1' },
    ]);
  });

  test('deep: one field of one allow-alerts mapping, one severity of grace-days', () => {
    const entry = (until: string) =>
      `allow-alerts:\n  - GHSA-0\n  - id: GHSA-1\n    until: ${until}\n    reason: vendor fix\n`;
    expect(policyChanges(file(entry('2030-01-01')), file(entry('2099-12-31')))).toEqual([
      {
        key: 'allow-alerts',
        base: 'GHSA-0, {id: GHSA-1, until: 2030-01-01, reason: vendor fix}',
        proposed: 'GHSA-0, {id: GHSA-1, until: 2099-12-31, reason: vendor fix}',
      },
    ]);
    expect(policyChanges(file('grace-days: {high: 30}\n'), file('grace-days: {high: 31}\n'))).toEqual([
      { key: 'grace-days', base: 'high=30', proposed: 'high=31' },
    ]);
  });

  test('a file added or removed: every setting it gives', () => {
    const policy = file('fail-on-severity: high\nsummary: false\n');
    expect(policyChanges(null, policy)).toEqual([
      { key: 'fail-on-severity', base: null, proposed: 'high' },
      { key: 'summary', base: null, proposed: 'false' },
    ]);
    expect(policyChanges(policy, null)).toEqual([
      { key: 'fail-on-severity', base: 'high', proposed: null },
      { key: 'summary', base: 'false', proposed: null },
    ]);
    expect(policyChanges(null, null)).toEqual([]);
  });

  test('an empty value sets nothing, as for an input', () => {
    expect(policyChanges(file('project-id: ""\n'), file('# none\n'))).toEqual([]);
  });

  test('values that do not read are compared as written', () => {
    expect(policyChanges(file('fail-on-severity: severe\n'), file('fail-on-severity: severe\n'))).toEqual([]);
    expect(policyChanges(file('fail-on-severity: severe\n'), file('fail-on-severity: Severe\n'))).toEqual([
      { key: 'fail-on-severity', base: 'severe', proposed: 'Severe' },
    ]);
  });
});

test('shown: one line, list items joined', () => {
  expect(shown('GHSA-1\nGHSA-2 # why\n')).toBe('GHSA-1, GHSA-2 # why');
  expect(shown(['MIT', { id: 'GHSA-1', reason: 'a, b' }])).toBe('MIT, {id: GHSA-1, reason: a, b}');
  expect(shown([{ id: 'GHSA-1', repositories: ['acme/a', 'acme/b-*'] }])).toBe(
    '{id: GHSA-1, repositories: [acme/a, acme/b-*]}',
  );
});

test("a pull request that widens an entry's repositories changes allow-alerts", () => {
  const entry = (repositories: string) => `allow-alerts:\n  - id: GHSA-1\n    repositories: ${repositories}\n`;
  expect(policyChanges(file(entry('[acme/a]')), file(entry('[acme/a, acme/*]')))).toEqual([
    {
      key: 'allow-alerts',
      base: '{id: GHSA-1, repositories: [acme/a]}',
      proposed: '{id: GHSA-1, repositories: [acme/a, acme/*]}',
    },
  ]);
  expect(policyChanges(file(entry('[acme/a]')), file(entry('["acme/a"]')))).toEqual([]);
});
