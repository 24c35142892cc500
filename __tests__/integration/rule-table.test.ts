// The rule as the unit (issue 30), end to end through dist/: what the reports say follows what the
// verdict decided. The policy line names every way an alert can gate in the run (contract: "One
// sentence of the policy"), a percentage reads the same in the failure message, the reason, the
// tables and the JSON report, and the PR comment's requests go through the one retry loop.
// Expectations come from the contract and the simulator's data, never from src/.
import { describe, expect, test } from '@jest/globals';
import { KEV_REPO_ADVISORIES } from '../../simulator/data.js';
import { epssInputs } from '../../simulator/epss.js';
import { badPullRequest } from '../../simulator/pull-requests.js';
import { runOn, serve } from './introduced-fixtures.js';
import { OPS, REPORT } from './kev-fixtures.js';
import { CLEAN, errorText, useFakeGitHub, useSimulator, type GateRun } from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();

/** The summary's policy line. */
const policyLine = (run: GateRun) => run.summary.split('\n').find((line) => line.startsWith('Policy: ')) ?? '';

describe('one sentence of the policy', () => {
  test('fail-on-severity none with an epss threshold: never "alerts never fail the gate", and the threshold is named', async () => {
    const run = await h.gate({ ...epssInputs(h.sim.url, '0.5'), 'fail-on-severity': 'none' }, OPS);
    // acme/ops-console's systeminformation alert is scored 97.2%: it gates by EPSS alone.
    expect(run.outputs.result).toBe('fail');
    const line = policyLine(run);
    expect(line).not.toMatch(/alerts never fail the gate/);
    expect(line).toContain('no alert fails on its severity');
    expect(line).toMatch(/EPSS\*\* probability of 50\.0% or more/);
  });

  test('fail-on-severity none and nothing else: alerts never fail the gate', async () => {
    const run = await h.gate({ 'fail-on-severity': 'none' }, OPS);
    expect(run.outputs.result).toBe('pass');
    expect(policyLine(run)).toMatch(/^Policy: alerts never fail the gate\./);
  });

  test('a pull request whose change is read, under pr-introduced: fail: what it brings in is named as a way to fail', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { run } = await runOn(h, fake.github, pr);
    expect(run.outputs['introduced-count']).not.toBe('');
    expect(policyLine(run)).toContain('fails on what this pull request brings in at **critical** or worse');
  });
});

describe('one percentage formatter', () => {
  test('a score of 0.1235 is 12.4% in the failure message, the reason, the summary and beside the alert', async () => {
    // The decimal 12.35 rounds half up; (0.1235 * 100).toFixed(1) said 12.3 in the failure message.
    const scores = new Map(h.sim.epss.scores);
    scores.set('CVE-2021-21315', { epss: 0.1235, percentile: 0.9 });
    h.sim.epss = { ...h.sim.epss, scores };
    const run = await h.gate({ ...epssInputs(h.sim.url, '0.1'), 'report-file': REPORT }, OPS);
    expect(run.outputs.result).toBe('fail');
    const report = JSON.parse(run.files[REPORT]!) as {
      alerts: { advisory: string; disposition: { rule: string; reason: string; grounds: string[] } }[];
    };
    const alert = report.alerts.find((a) => a.advisory === KEV_REPO_ADVISORIES.knownExploited)!;
    expect(alert.disposition.rule).toBe('epss');
    expect(alert.disposition.grounds).toContain('epss');
    expect(alert.disposition.reason).toContain('EPSS 12.4% for CVE-2021-21315');
    expect(errorText(run)).toContain('EPSS 12.4%');
    expect(errorText(run)).not.toContain('12.3%');
    expect(run.summary).toContain('EPSS 12.4% · p90');
    expect(run.summary).not.toContain('12.3%');
  });
});

describe('the PR comment goes through the one retry loop', () => {
  test('GitHub answering 502 once: the request is retried and the comment written', async () => {
    fake.github.failRouteTimes = { comments: 1 };
    const env = { GITHUB_API_URL: fake.github.url, GITHUB_RUN_ID: '99' };
    const run = await h.gate({ 'comment-on-pr': 'always', 'max-retries': '1' }, { ...CLEAN, env });
    expect(run.warnings.join('\n')).not.toMatch(/PR comment was not written/);
    expect(fake.github.comments).toHaveLength(1);
    // The list was asked twice (the 502, then the retry), then the comment created.
    expect(fake.github.requests.map((r) => r.method)).toEqual(['GET', 'GET', 'POST']);
  });
});
