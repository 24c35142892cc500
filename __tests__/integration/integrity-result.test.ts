// The result when what decides it is missing or at the edge of the range (contract, "Outputs" and
// "Verdict integrity"): alerts that were not read give no count and no pass; posture rows that
// repeat count as their worst; a score or a count too large for a number (`1e999`) never opens the
// gate. Each through the bundled action against the simulator; severities expected here come from
// the data each test serves, by the contract's bands, never from src/policy.
import { describe, expect, test } from '@jest/globals';
import { CLEAN_REPO, DENIED_LICENSES, MAIN_REPO } from '../../simulator/data.js';
import type { ScaAlert } from '../../simulator/wire.js';
import { CLEAN, errorText, PATHS, plain, useFakeGitHub, useSimulator, webshopAlerts, type GateRun } from './harness.js';
import { COUNT_OUTPUTS } from '../fixtures/contract.js';

const h = useSimulator();
const fake = useFakeGitHub();

/** The count outputs as [name, value] pairs, so that a failure names the output. */
const countOutputs = (run: GateRun) => COUNT_OUTPUTS.map((name) => [name, run.outputs[name]]);
const said = (run: GateRun) => [...run.errors, ...run.warnings].join('\n');

interface Report {
  result: string;
  counts: Record<string, number> | null;
  verdict: { result: string; reasons: string[] };
  alerts: { advisory: string; severity: string; status: string }[];
}
const report = (run: GateRun) => JSON.parse(run.files['r.json']!) as Report;

/** What a report must not say of alerts it did not read. */
const PASSING_WORDS = /no alert fails the gate|no alert at or above|\bpass(es|ed)?\b/i;

describe('posture rows that repeat count as their worst', () => {
  const row = (criticalIssues: unknown, riskScore = 10) => ({
    id: CLEAN_REPO.id,
    name: CLEAN_REPO.name,
    riskScore,
    openIssues: 3,
    criticalIssues,
  });
  const posture = (...rows: unknown[]) => [
    { summary: { overAllRiskScore: 50 }, trends: [], repositoryRiskScores: rows },
  ];

  test('two rows for this repository, 0 then 2 critical issues: fail-on-critical-issues fails, with a warning', async () => {
    h.sim.script(PATHS.posture, { body: posture(row(0, 5), row(2, 40)) });
    const run = await h.gate({ 'fail-on-critical-issues': 'true' }, CLEAN);
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('fail');
    expect(errorText(run)).toMatch(/2 open critical issues for this repository/);
    expect(run.warnings.join('\n')).toMatch(
      new RegExp(`2 rows for this repository \\(${CLEAN_REPO.id}\\).*the one with the most critical issues \\(2\\)`),
    );
    expect(run.outputs['risk-score']).toBe('40'); // the worst row's
  });

  test('two rows, 0 then a null count: the count cannot be checked, never a pass', async () => {
    h.sim.script(PATHS.posture, { body: posture(row(0), row(null)) });
    const run = await h.gate({ 'fail-on-critical-issues': 'true' }, CLEAN);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toMatch(/fail-on-critical-issues cannot be checked/);
  });

  test('one row for this repository, and rows of others: no warning', async () => {
    h.sim.script(PATHS.posture, {
      body: posture({ ...row(9), id: MAIN_REPO.id, name: MAIN_REPO.name }, row(0)),
    });
    const run = await h.gate({ 'fail-on-critical-issues': 'true' }, CLEAN);
    expect(run.outputs.result).toBe('pass');
    expect(run.warnings.join('\n')).not.toMatch(/rows for this repository/);
  });
});

/** A JSON answer with `1e999` where the placeholder string stood (JSON.stringify cannot write it). */
function withHuge(value: unknown): string {
  return JSON.stringify(value).replaceAll('"__1e999__"', '1e999');
}
const HUGE = '__1e999__';

describe('numbers at the edge of the range', () => {
  /** One alert of the clean repository: a low one of the data, with no severity word and `score`. */
  function scoredAlert(score: unknown): ScaAlert {
    const low = webshopAlerts(h.sim).find((a) => a.metadata.severity === 'low')!;
    const alert = structuredClone(low);
    return {
      ...alert,
      id: 'alert_edge',
      metadata: { ...alert.metadata, severity: null, severityScore: score as number },
    };
  }
  const serve = (alert: ScaAlert) =>
    h.sim.script(PATHS.alerts, {
      rawBody: withHuge({ alerts: [alert], totalCount: 1, page: 1, pageSize: 1000 }),
      headers: { 'Content-Type': 'application/json' },
    });

  // By the contract's bands: a score above 10, Infinity (1e999 in JSON) included, is critical.
  test.each<[string, unknown]>([
    ['1e999 (Infinity)', HUGE],
    ['"1e999" as a string', '1e999'],
    ['11', 11],
  ])('a score of %s with no severity word bands as critical, and it gates', async (_name, score) => {
    serve(scoredAlert(score));
    const run = await h.gate({ 'fail-on-severity': 'critical', 'report-file': 'r.json' }, CLEAN);
    expect(run.outputs['critical-count']).toBe('1');
    expect(run.outputs['unknown-count']).toBe('0');
    expect(run.outputs.result).toBe('fail');
    expect(report(run).alerts).toEqual([
      expect.objectContaining({ advisory: scoredAlert(0).metadata.id, severity: 'critical', status: 'gating' }),
    ]);
  });

  const postureWith = (criticalIssues: unknown, more: unknown[] = []) =>
    withHuge([
      {
        summary: { overAllRiskScore: 50 },
        trends: [],
        repositoryRiskScores: [
          { id: CLEAN_REPO.id, name: CLEAN_REPO.name, riskScore: 1, openIssues: 1, criticalIssues },
          ...more,
        ],
      },
    ]);

  test.each(['fail', 'warn'])(
    'criticalIssues 1e999 under fail-on-critical-issues (on-api-error %s): an API error of the posture read, never a pass',
    async (mode) => {
      h.sim.script(PATHS.posture, { rawBody: postureWith(HUGE), headers: { 'Content-Type': 'application/json' } });
      const run = await h.gate({ 'fail-on-critical-issues': 'true', 'on-api-error': mode }, CLEAN);
      expect(run.outputs.result).toBe('error');
      expect(run.exitCode).toBe(mode === 'fail' ? 1 : 0);
      expect(said(run)).toMatch(/stats\/securityPosture.*criticalIssues: too large for a number/);
    },
  );

  test('a second row for this repository with criticalIssues 1e999 after one with 0: never a pass', async () => {
    const second = { id: CLEAN_REPO.id, name: CLEAN_REPO.name, riskScore: 1, openIssues: 1, criticalIssues: HUGE };
    h.sim.script(PATHS.posture, { rawBody: postureWith(0, [second]), headers: { 'Content-Type': 'application/json' } });
    const run = await h.gate({ 'fail-on-critical-issues': 'true' }, CLEAN);
    expect(run.outputs.result).toBe('error');
    expect(run.exitCode).toBe(1);
  });

  test('criticalIssues 1e999 without fail-on-critical-issues: the posture is not available, the verdict unchanged', async () => {
    h.sim.script(PATHS.posture, { rawBody: postureWith(HUGE), headers: { 'Content-Type': 'application/json' } });
    const run = await h.gate({}, CLEAN);
    expect(run.outputs.result).toBe('pass');
    expect(run.exitCode).toBe(0);
    expect(run.warnings.join('\n')).toMatch(/The security posture not available: .*stats\/securityPosture/);
    expect(run.summary).toMatch(/Posture not available\./);
    expect(run.outputs['risk-score']).toBe('');
  });
});
describe('alerts that were not read: no count, and no report says they pass', () => {
  const withComment = () => ({
    'comment-on-pr': 'always',
    'report-file': 'r.json',
    'max-retries': '0',
  });
  const env = () => ({ GITHUB_API_URL: fake.github.url, GITHUB_RUN_ID: '99' });

  test.each(['fail', 'warn'])(
    'the alerts search failing (on-api-error %s): the counts are empty, the summary, comment and JSON report say the alerts were not read',
    async (mode) => {
      h.sim.script(PATHS.alerts, { status: 503 });
      const run = await h.gate({ ...withComment(), 'on-api-error': mode }, { ...CLEAN, env: env() });
      expect(run.outputs.result).toBe('error');
      expect(run.exitCode).toBe(mode === 'fail' ? 1 : 0);
      expect(countOutputs(run)).toEqual(COUNT_OUTPUTS.map((name) => [name, '']));

      const comment = fake.github.comments[0]?.body ?? '';
      for (const [where, text] of [
        ['summary', run.summary],
        ['comment', comment],
      ]) {
        expect([where, plain(text!)]).toEqual([where, expect.stringMatching(/the alerts were not read/i)]);
        expect([where, plain(text!)]).toEqual([where, expect.not.stringMatching(PASSING_WORDS)]);
      }
      const json = report(run);
      expect(json).toMatchObject({ result: 'error', counts: null, verdict: { result: 'error' } });
      expect(json.verdict.reasons.join(' ')).toMatch(/the alerts could not be read/);
      expect(run.files['r.json']).not.toMatch(PASSING_WORDS);
    },
  );

  test('a license violation fails the gate without the alerts: the counts are still empty, not 0', async () => {
    h.sim.script(PATHS.alerts, { status: 503 });
    const run = await h.gate({
      'deny-licenses': DENIED_LICENSES.join(', '),
      'max-retries': '0',
      'report-file': 'r.json',
    });
    expect(run.outputs.result).toBe('fail');
    expect(countOutputs(run)).toEqual(COUNT_OUTPUTS.map((name) => [name, '']));
    expect(report(run).counts).toBeNull();
    expect(plain(run.summary)).toMatch(/the alerts were not read/i);
    expect(plain(run.summary)).not.toMatch(/no alert fails the gate/i);
  });

  test('a run stopped before the alerts (no repository matches): counts empty, and no empty "()" beside the repository', async () => {
    const run = await h.gate(
      { 'report-file': 'r.json' },
      { repository: 'acme/unknown', event: { repository: { id: 1, full_name: 'acme/unknown' } } },
    );
    expect(run.outputs.result).toBe('error');
    expect(countOutputs(run)).toEqual(COUNT_OUTPUTS.map((name) => [name, '']));
    expect(report(run).counts).toBeNull();
    const head = run.summary.split('\n### ')[0]!;
    expect(head).toContain('acme/unknown');
    expect(head).not.toMatch(/\(\s*\)/);
    expect(plain(run.summary)).not.toMatch(PASSING_WORDS);
  });

  test('alerts read in part (a page failing): the counts are of the alerts read, and the summary does not say none fails', async () => {
    h.sim.state.alerts[CLEAN_REPO.id] = webshopAlerts(h.sim)
      .filter((a) => a.metadata.severity === 'low')
      .slice(0, 3)
      .map((a, i) => ({ ...structuredClone(a), id: `alert_part_${i}` }));
    h.sim.script(
      PATHS.alerts,
      {
        status: 200,
        body: { alerts: h.sim.state.alerts[CLEAN_REPO.id]!.slice(0, 2), totalCount: 3, page: 1, pageSize: 2 },
      },
      { status: 503 },
    );
    const run = await h.gate({ 'on-api-error': 'warn', 'max-retries': '0' }, CLEAN);
    expect(run.outputs.result).toBe('error');
    expect(run.outputs['alerts-total']).toBe('2');
    expect(plain(run.summary)).not.toMatch(/no alert fails the gate/i);
  });
});
