// The result when what decides it is odd or at the edge of the range (contract, "Verdict
// integrity"): posture rows that repeat count as their worst. Each through the bundled action
// against the simulator.
import { describe, expect, test } from '@jest/globals';
import { CLEAN_REPO, MAIN_REPO } from '../../simulator/data.js';
import { CLEAN, errorText, PATHS, useSimulator } from './harness.js';

const h = useSimulator();

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
