// The list inputs' one table: what a list holds, and which lists of a policy file an input replaced
// (contract: "Inputs that replace a policy file's list say so").
import { describe, expect, test } from '@jest/globals';
import { collectInputs, INPUT_NAMES, type InputValue, type PolicyFile } from '../../src/config/inputs.js';
import { entriesIn, LIST_INPUTS, replacedLists } from '../../src/config/lists.js';
import { parsePolicyFile } from '../../src/config/policy-file.js';
import { replacedListWords } from '../../src/model.js';

const policy = (values: Record<string, InputValue>): PolicyFile => ({ name: 'p.yml', values, positions: {} });

describe('entriesIn: the entries a list holds, as its input reads them', () => {
  test.each<[string, string, InputValue, number]>([
    ['allow-alerts, commas and lines', 'allow-alerts', 'GHSA-1, GHSA-2\nGHSA-3 until 2030-01-01 # a, b', 3],
    [
      'allow-alerts, a file sequence',
      'allow-alerts',
      ['GHSA-1, GHSA-2', { id: 'GHSA-3', repositories: ['acme/x'] }],
      3,
    ],
    ['the same license twice counts once', 'allow-licenses', 'MIT, Apache-2.0, MIT', 2],
    ['CWE ids', 'set-cwe-whitelist', '79, CWE-89', 2],
    ['none clears the CWE list', 'set-cwe-whitelist', 'none', 0],
    ['license-exceptions', 'license-exceptions', 'left-pad\npkg:npm/is-odd@1.0.0', 2],
    ['vex-files', 'vex-files', 'a.json, b.json', 2],
    ['a value that does not read: its items', 'allow-alerts', 'GHSA-1 until someday, GHSA-2', 2],
  ])('%s', (_case, name, value, count) => {
    expect(entriesIn(name, value)).toBe(count);
  });
});

describe('replacedLists', () => {
  const file = policy({
    'allow-alerts': ['GHSA-1', { id: 'GHSA-2', repositories: ['acme/other'] }, 'GHSA-3 # why'],
    'license-exceptions': 'left-pad, is-odd',
    'set-cwe-whitelist': '79',
    'fail-on-severity': 'high',
  });
  const inputs: Record<string, string> = {
    'allow-alerts': 'GHSA-7, GHSA-8',
    'license-exceptions': 'left-pad',
    'allow-licenses': 'MIT',
    'fail-on-severity': 'critical',
  };

  test('each list the file set that an input replaced, in the table order; nothing else', () => {
    expect(replacedLists(collectInputs((name) => inputs[name] ?? '', file))).toEqual([
      { input: 'allow-alerts', entries: 2, fileEntries: 3 },
      { input: 'license-exceptions', entries: 1, fileEntries: 2 },
    ]);
  });

  test('an empty input replaces nothing; without a file there is nothing to replace', () => {
    expect(replacedLists(collectInputs((name) => (name === 'allow-alerts' ? '  ' : ''), file))).toEqual([]);
    expect(replacedLists(collectInputs((name) => inputs[name] ?? '', null))).toEqual([]);
  });

  test.each(LIST_INPUTS)('%s: an input that a policy file may give as a sequence', (name) => {
    expect(INPUT_NAMES).toContain(name);
    const read = parsePolicyFile(`${name}: [a.json]\n`, 'p.yml');
    expect(read.ok ? [] : read.error).not.toContainEqual(expect.stringContaining('expected a single value'));
  });
});

describe("replacedListWords: the contract's sentence", () => {
  test.each([
    [
      { input: 'allow-alerts', entries: 2, fileEntries: 14 },
      "allow-alerts: 2 entries from the input replace the policy file's 14",
    ],
    [
      { input: 'license-exceptions', entries: 1, fileEntries: 1 },
      "license-exceptions: 1 entry from the input replaces the policy file's 1",
    ],
    [
      { input: 'set-cwe-whitelist', entries: 0, fileEntries: 3 },
      "set-cwe-whitelist: 0 entries from the input replace the policy file's 3",
    ],
  ])('%j', (list, words) => {
    expect(replacedListWords(list)).toBe(words);
  });
});
