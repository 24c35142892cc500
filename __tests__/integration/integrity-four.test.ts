// Verdict integrity, round four (issue 31), the items decided where the verdict is weighed and
// counted, end to end through dist/: an empty github-token is no token (contract: "An empty token is
// no token"), and vex-count counts every alert a statement spares (contract: "VEX statements", "What
// it does"). Expectations come from the contract and the simulator's data, never from src/.
import { describe, expect, test } from '@jest/globals';
import { CLEAN_REPO } from '../../simulator/data.js';
import { badPullRequest } from '../../simulator/pull-requests.js';
import { CLEAN, errorText, useFakeGitHub, useSimulator, type GateOptions } from './harness.js';
import { pullRequestOn, runOn, serve, serviceAlert } from './introduced-fixtures.js';
import { alertOf, REPORT, vexDocument } from './vex-fixtures.js';

const h = useSimulator();
const fake = useFakeGitHub();

describe('an empty github-token is no token', () => {
  // The bad pull request brings log4j-core 2.14.1 (Log4Shell, critical) into acme/clean-lib, which
  // has no alert of its own: with a token the gate fails on it.
  test('with a token: the pull request fails on what it brings in', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { run } = await runOn(h, fake.github, pr);
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'fail' });
  });

  test.each([
    ['empty', ''],
    ['only spaces', '   '],
  ])('%s under pr-introduced: fail: an API error naming github-token, never a pass', async (_name, token) => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { run } = await runOn(h, fake.github, pr, { 'github-token': token });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
    expect(errorText(run)).toMatch(/github-token is empty/);
    // Not the dependency graph's fault: the advice is the token, never "enable the dependency graph".
    expect(errorText(run)).not.toMatch(/enable the dependency graph/);
    expect(fake.github.requests.filter((r) => r.path.includes('/dependency-graph/'))).toEqual([]);
  });

  test('under on-api-error: warn: result error, the step passes with a warning', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { run } = await runOn(h, fake.github, pr, { 'github-token': '', 'on-api-error': 'warn' });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 0, result: 'error' });
    expect(run.warnings.join('\n')).toMatch(/github-token is empty/);
  });

  test('under pr-introduced: warn: a warning, as a report-only read', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { run } = await runOn(h, fake.github, pr, { 'github-token': '', 'pr-introduced': 'warn' });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 0, result: 'pass' });
    expect(run.warnings.join('\n')).toMatch(/github-token is empty/);
  });

  test("a policy file read at the base commit: an API error naming github-token, not GitHub's public read", async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const options: GateOptions = {
      ...pullRequestOn(pr),
      files: { 'policy.yml': 'fail-on-severity: low\n' },
      env: { GITHUB_API_URL: fake.github.url },
    };
    const run = await h.gate({ 'github-token': '', 'config-file': 'policy.yml' }, options);
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toMatch(/github-token is empty/);
    expect(fake.github.requests.filter((r) => r.path.includes('/contents/'))).toEqual([]);
  });

  test('the PR comment, which only feeds the reports, is a warning', async () => {
    const env = { GITHUB_API_URL: fake.github.url };
    const run = await h.gate({ 'comment-on-pr': 'always', 'github-token': ' ' }, { ...CLEAN, env });
    expect(run.exitCode).toBe(0);
    expect(run.warnings.join('\n')).toMatch(/comment-on-pr needs github-token/);
    expect(fake.github.requests).toEqual([]);
  });
});

describe('vex-count counts every alert a statement spares', () => {
  test('a not-alerted alert a statement shows not affected is counted, its status still not-alerted', async () => {
    h.sim.state.alerts[CLEAN_REPO.id] = [
      serviceAlert('alert_quiet', 'GHSA-35jh-r3h4-6jhm', 'pkg:npm/lodash@4.17.20', 'critical', { alerted: false }),
      serviceAlert('alert_qs', 'GHSA-hrpp-h998-j3pp', 'pkg:npm/qs@6.7.0', 'critical'),
    ];
    const statement = { status: 'not_affected', justification: 'vulnerable_code_not_present' };
    const doc = vexDocument('urn:vex:1', [
      { vulnerability: 'GHSA-35jh-r3h4-6jhm', products: ['pkg:npm/lodash@4.17.20'], ...statement },
      { vulnerability: 'GHSA-hrpp-h998-j3pp', products: ['pkg:npm/qs@6.7.0'], ...statement },
    ]);
    const run = await h.gate(
      { 'vex-files': 'vex.json', 'report-file': REPORT },
      { ...CLEAN, eventName: 'push', files: { 'vex.json': doc } },
    );
    expect(run.outputs['vex-count']).toBe('2');
    expect(alertOf(run, 'alert_quiet').status).toBe('not-alerted');
    expect(alertOf(run, 'alert_qs').status).toBe('not-affected');
  });
});
