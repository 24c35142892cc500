// Invalid inputs end to end: one message naming each bad input, exit 1, and not one request sent
// (above all no settings change). Fork pull requests and Dependabot's, where GitHub passes no secrets,
// are judged without the service instead.
import { describe, expect, test } from '@jest/globals';
import { MAIN_REPO } from '../../simulator/data.js';
import { errorText, expectNoTokenLeak, useSimulator, type GateRun } from './harness.js';

const h = useSimulator();

/** The one failure message of an input error, and the checks every invalid run shares. */
function expectRejected(run: GateRun): string {
  expect(run.exitCode).toBe(1);
  expect(run.errors).toHaveLength(1);
  expect(h.sim.requests).toEqual([]);
  return run.errors[0]!;
}

// A settings change rides along on every invalid run: it must not be sent either.
const WITH_SETTING = { 'set-pr-scanning': 'false' };

describe('each invalid input fails the step before any request', () => {
  test.each<[string, Record<string, string>, string[]]>([
    ['api-url not a URL', { 'api-url': 'not a url' }, ['api-url']],
    ['api-url with another scheme', { 'api-url': 'ftp://127.0.0.1/' }, ['api-url']],
    ['api-url http:// to a non-loopback host', { 'api-url': 'http://security.example.com' }, ['api-url']],
    [
      'api-url http:// to a host that only starts like loopback',
      { 'api-url': 'http://127.0.0.1.example.com' },
      ['api-url'],
    ],
    [
      'api-token-id and api-token-secret empty',
      { 'api-token-id': '', 'api-token-secret': '' },
      ['api-token-id', 'api-token-secret'],
    ],
    ['api-token-secret empty', { 'api-token-secret': '' }, ['api-token-secret']],
    ['fail-on-severity unknown', { 'fail-on-severity': 'severe' }, ['fail-on-severity']],
    [
      'fail-on-severity moderate (a service word, not an input value)',
      { 'fail-on-severity': 'moderate' },
      ['fail-on-severity'],
    ],
    ['ignore-unreachable not a boolean', { 'ignore-unreachable': 'yes' }, ['ignore-unreachable']],
    ['dry-run not a boolean', { 'dry-run': '1' }, ['dry-run']],
    ['set-pr-scanning not a boolean', { 'set-pr-scanning': 'on' }, ['set-pr-scanning']],
    ['posture-days 0', { 'posture-days': '0' }, ['posture-days']],
    ['posture-days 367', { 'posture-days': '367' }, ['posture-days']],
    ['posture-days 7.5', { 'posture-days': '7.5' }, ['posture-days']],
    ['max-retries 11', { 'max-retries': '11' }, ['max-retries']],
    ['max-retries -1', { 'max-retries': '-1' }, ['max-retries']],
    ['on-api-error unknown', { 'on-api-error': 'ignore' }, ['on-api-error']],
    ['request-timeout-seconds 0', { 'request-timeout-seconds': '0' }, ['request-timeout-seconds']],
    ['request-timeout-seconds not a number', { 'request-timeout-seconds': 'soon' }, ['request-timeout-seconds']],
    [
      'set-max-pr-timeout-minutes not a number',
      { 'set-max-pr-timeout-minutes': 'ten' },
      ['set-max-pr-timeout-minutes'],
    ],
    ['set-max-pr-timeout-minutes 0', { 'set-max-pr-timeout-minutes': '0' }, ['set-max-pr-timeout-minutes']],
    ['set-max-pr-timeout-minutes 1441', { 'set-max-pr-timeout-minutes': '1441' }, ['set-max-pr-timeout-minutes']],
    ['set-cwe-whitelist with a non-CWE', { 'set-cwe-whitelist': 'CWE-79, XSS' }, ['set-cwe-whitelist']],
    [
      'allow-alerts with an impossible date',
      { 'allow-alerts': 'GHSA-jfh8-c2jp-5v3q until 2025-02-30' },
      ['allow-alerts'],
    ],
    ['allow-alerts with a malformed date', { 'allow-alerts': 'GHSA-jfh8-c2jp-5v3q until tomorrow' }, ['allow-alerts']],
    ['comment-on-pr unknown', { 'comment-on-pr': 'sometimes' }, ['comment-on-pr']],
    ['app-id and repository-id both empty', { 'app-id': '', 'repository-id': '' }, ['app-id']],
  ])('%s', async (_name, inputs, named) => {
    const run = await h.gate({ ...WITH_SETTING, ...inputs });
    const message = expectRejected(run);
    for (const name of named) expect(message).toContain(name);
    expect(h.sim.state.settings[MAIN_REPO.id]!.isPrScanningEnabled).toBe(true);
  });

  test('several bad inputs at once: one message names every one', async () => {
    const bad = {
      'api-url': 'http://security.example.com',
      'fail-on-severity': 'severe',
      'ignore-unreachable': 'yes',
      'posture-days': '0',
      'max-retries': '11',
      'set-max-pr-timeout-minutes': 'ten',
      'set-cwe-whitelist': 'XSS',
      'allow-alerts': 'GHSA-jfh8-c2jp-5v3q until 2025-13-01',
      'app-id': '',
    };
    const run = await h.gate({ ...WITH_SETTING, ...bad });
    const message = expectRejected(run);
    for (const name of Object.keys(bad)) expect(message).toContain(name);
    // each on its own line, so the step log lists them
    expect(message.split('\n').length).toBeGreaterThanOrEqual(Object.keys(bad).length);
  });

  test('a bad api-url is not echoed with its credentials', async () => {
    const run = await h.gate({ 'api-url': 'http://user:hunter2pass@security.example.com/' });
    const message = expectRejected(run);
    expect(message).toContain('api-url');
    expect(run.stdout).not.toContain('hunter2pass');
    expect(run.summary).not.toContain('hunter2pass');
  });
});

describe('a near miss of an allowed value gets a suggestion, as a near miss of a key does', () => {
  test.each([
    ['fail-on-severity', 'hihg', 'Did you mean high?'],
    ['ignore-unreachable', 'ture', 'Did you mean true?'],
    ['comment-on-pr', 'on_failure', 'Did you mean on-failure?'],
  ])('%s: %s', async (name, value, suggestion) => {
    const message = expectRejected(await h.gate({ [name]: value }));
    const line = message.split('\n').find((l) => l.startsWith(`- ${name}: `));
    expect(line).toMatch(new RegExp(`^- ${name}: "${value}" .*${suggestion.replace('?', '\\?')}$`));
  });

  test('a value far from any allowed one gets none', async () => {
    const message = expectRejected(await h.gate({ 'fail-on-severity': 'severe' }));
    expect(message).toMatch(/fail-on-severity: "severe" is not one of critical, high, medium, low, none/);
    expect(message).not.toContain('Did you mean');
  });
});

describe('empty tokens where GitHub withholds secrets', () => {
  const FORK_EVENT = {
    repository: { id: 123456789, full_name: 'acme/webshop' },
    pull_request: { number: 9, head: { repo: { full_name: 'contributor/webshop', fork: true } } },
  };

  // Contract: "Without the service's secrets": both empty there is no error; the service is not asked.
  test.each([
    ['a pull request from a fork', { event: FORK_EVENT, eventName: 'pull_request' }],
    ["Dependabot's pull request", { env: { GITHUB_ACTOR: 'dependabot[bot]' }, eventName: 'pull_request' }],
  ])('%s: no input error, no request to the service, and the reason said', async (_name, options) => {
    const run = await h.gate({ 'api-token-id': '', 'api-token-secret': '', ...WITH_SETTING }, options);
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
    expect(h.sim.requests).toEqual([]);
    expect(run.summary.split('\n')[0]).toMatch(/alerts were not read/);
    expect(run.stdout).not.toMatch(/^Input required/im);
  });

  test('a pull request from a fork with one token empty: an input error naming it', async () => {
    const message = expectRejected(
      await h.gate({ 'api-token-secret': '' }, { event: FORK_EVENT, eventName: 'pull_request' }),
    );
    expect(message).toMatch(/api-token-secret: is required/);
  });

  test('a push with empty tokens: a plain "required" message naming both, not the fork explanation', async () => {
    const run = await h.gate(
      { 'api-token-id': '', 'api-token-secret': '' },
      { eventName: 'push', event: { repository: { id: 123456789 } } },
    );
    const message = expectRejected(run);
    expect(message).toContain('api-token-id');
    expect(message).toContain('api-token-secret');
    expect(message).not.toMatch(/fork/i);
    expect(errorText(run)).toBe(message);
  });
});

describe('the harness itself', () => {
  test('the leak check finds a token outside its ::add-mask:: line', () => {
    const run = {
      exitCode: 0,
      stdout: '::add-mask::sim-secret-7f3a9c1e4b2d8a6f\nall good\n',
      stderr: '',
      outputs: {},
      summary: '',
      files: { 'report.json': '{"token":"sim-secret-7f3a9c1e4b2d8a6f"}' },
      workspace: '',
      commands: [],
      errors: [],
      warnings: [],
      ms: 0,
    };
    expect(() => expectNoTokenLeak(run, ['sim-secret-7f3a9c1e4b2d8a6f'])).toThrow(/file report\.json/);
    expect(() => expectNoTokenLeak({ ...run, files: {} }, ['sim-secret-7f3a9c1e4b2d8a6f'])).not.toThrow();
  });
});
