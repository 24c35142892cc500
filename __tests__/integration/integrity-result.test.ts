// The result when what decides it is odd or at the edge of the range (contract, "Verdict
// integrity"): posture rows that repeat count as their worst; a score or a count too large for a
// number (`1e999`) never opens the gate. Each through the bundled action against the simulator;
// severities expected here come from the data each test serves, by the contract's bands, never
// from src/policy.
import { describe, expect, test } from '@jest/globals';
import { CLEAN_REPO, MAIN_REPO } from '../../simulator/data.js';
import type { ScaAlert } from '../../simulator/wire.js';
import { CLEAN, errorText, PATHS, useSimulator, webshopAlerts, type GateRun } from './harness.js';

const h = useSimulator();

const said = (run: GateRun) => [...run.errors, ...run.warnings].join('\n');

interface Report {
  alerts: { advisory: string; severity: string; status: string }[];
}
const report = (run: GateRun) => JSON.parse(run.files['r.json']!) as Report;

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
