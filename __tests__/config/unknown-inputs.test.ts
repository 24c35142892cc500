// Inputs the runner passes that the action does not read (contract: "Near misses get a suggestion"):
// every INPUT_ variable that is no input's, named once with the nearest input; never a known one.
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { inputVariable, unknownInputWarnings } from '../../src/config/unknown-inputs.js';
import type { KnownInputs } from '../../src/config/versions.js';

// action.yml's inputs, read here: the ones the runner passes for a workflow that gives them all.
const yml = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, unknown>;
};
const ACTION_INPUTS = Object.keys(yml.inputs);

/** The runner's variable for a `with:` key, as GitHub's documentation describes it. */
const variable = (key: string) => `INPUT_${key.replace(/ /g, '_').toUpperCase()}`;

describe('the variable the runner sets', () => {
  test.each([
    ['fail-on-severity', 'INPUT_FAIL-ON-SEVERITY'],
    ['fail on', 'INPUT_FAIL_ON'],
    ['epss', 'INPUT_EPSS'],
  ])('%j: %s', (name, expected) => expect(inputVariable(name)).toBe(expected));
});

describe('no input of action.yml is ever called unknown', () => {
  test('every input given, with values and without, and other variables beside them', () => {
    const env = {
      ...Object.fromEntries(ACTION_INPUTS.map((name, i) => [variable(name), i % 2 === 0 ? '' : 'x'])),
      PATH: '/usr/bin',
      GITHUB_REPOSITORY: 'acme/webshop',
      RUNNER_TEMP: '/tmp',
      input_lower: 'not the runner prefix',
      INPUT_: 'no name',
    };
    expect(unknownInputWarnings(env)).toEqual([]);
  });
});

describe('each unknown name: one warning, the nearest input, in name order', () => {
  test.each([
    [
      'INPUT_FAIL_ON',
      'fail_on is not an input of security-gate 1.0.0, so its value is not read; did you mean fail-on-severity?',
    ],
    [
      'INPUT_FAIL-ON',
      'fail-on is not an input of security-gate 1.0.0, so its value is not read; did you mean fail-on-severity?',
    ],
    // The runner's `_` for `-`: the input is not read, whatever it looks like.
    [
      'INPUT_FAIL_ON_SEVERITY',
      'fail_on_severity is not an input of security-gate 1.0.0, so its value is not read; did you mean fail-on-severity?',
    ],
    [
      'INPUT_API_URL',
      'api_url is not an input of security-gate 1.0.0, so its value is not read; did you mean api-url?',
    ],
    [
      'INPUT_EPSS_URL',
      'epss_url is not an input of security-gate 1.0.0, so its value is not read; did you mean epss-url?',
    ],
    [
      'INPUT_SEVERITY',
      'severity is not an input of security-gate 1.0.0, so its value is not read; did you mean fail-on-severity?',
    ],
    [
      'INPUT_POSTURE-DAYZ',
      'posture-dayz is not an input of security-gate 1.0.0, so its value is not read; did you mean posture-days?',
    ],
    [
      'INPUT_IGNORE-UNREACHABLE-ALERTS',
      'ignore-unreachable-alerts is not an input of security-gate 1.0.0, so its value is not read; did you mean ignore-unreachable?',
    ],
  ])('%s', (name, warning) => {
    expect(unknownInputWarnings({ [name]: 'x' }, { ...CURRENT })).toEqual([warning]);
  });

  test('a name near no input: the nearest all the same, and how to go on', () => {
    const [warning] = unknownInputWarnings({ INPUT_ZZZ: '1' }, CURRENT);
    expect(warning).toMatch(
      /^zzz is not an input of security-gate 1\.0\.0, so its value is not read; the nearest input is [a-z-]+\. If it is an input of a later release, upgrade the action/,
    );
  });

  test("a later release's input is named so", () => {
    const known: KnownInputs = { ...CURRENT, later: { 'risk-budget': '1.2.0', 'ratchet-days': null } };
    expect(unknownInputWarnings({ 'INPUT_RISK-BUDGET': '5', 'INPUT_RATCHET-DAYS': '30' }, known)).toEqual([
      'ratchet-days is not an input of security-gate 1.0.0, so its value is not read: it is an input of a release of security-gate after 1.0.0. Upgrade the action to use it.',
      'risk-budget is not an input of security-gate 1.0.0, so its value is not read: it is an input of security-gate 1.2.0 and later. Upgrade the action to use it.',
    ]);
  });

  test('several: each once, sorted; known ones among them silent', () => {
    const env = { INPUT_SUMARY: 'x', 'INPUT_FAIL-ON-SEVERITY': 'high', INPUT_FAIL_ON: 'high', INPUT_EPSS: '0.1' };
    expect(unknownInputWarnings(env, CURRENT).map((w) => w.split(' ')[0])).toEqual(['fail_on', 'sumary']);
  });
});

// The inputs of action.yml under a fixed version, so that the messages do not move with releases.
const CURRENT: KnownInputs = { version: '1.0.0', inputs: ACTION_INPUTS, later: {} };
