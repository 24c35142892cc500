// The fix's cap (contract: "The way out": at most 1,000 advisories a run): the order in which the
// subjects are taken, so that what is left out is the least severe, whatever order the service
// listed the alerts in. Expected orders are written out from the fixtures' severities and scores.
import { describe, expect, test } from '@jest/globals';
import type { EvaluatedFinding } from '../../src/model.js';
import { subjectsOf } from '../../src/run/fixes.js';
import { makeEvaluated, makeEvaluatedFinding, makeResult } from '../fixtures/result.js';

const finding = (advisory: string, status: 'gating' | 'below-threshold'): EvaluatedFinding =>
  makeEvaluatedFinding({
    advisory,
    summary: advisory,
    status,
    disposition: { gates: status === 'gating', rule: 'introduced', grounds: [], reason: '', flagged: false },
  });

describe('subjectsOf: what the cap keeps first', () => {
  test('findings as the view orders them, the gating alerts worst first (not as the service listed them), then due and allowed, each worst first', () => {
    // The service lists the least severe first.
    const highGating = makeEvaluated({ id: 'high-gating', severity: 'high', score: 7.1 });
    const criticalGating = makeEvaluated({ id: 'critical-gating', severity: 'critical', score: 9.1 });
    const worstGating = makeEvaluated({ id: 'worst-gating', severity: 'critical', score: 10 });
    const mediumDue = makeEvaluated({ id: 'medium-due', status: 'due', severity: 'medium', score: 5 });
    const criticalDue = makeEvaluated({ id: 'critical-due', status: 'due', severity: 'critical', score: 9.8 });
    const lowAllowed = makeEvaluated({ id: 'low-allowed', status: 'allowed', severity: 'low', score: 2 });
    const highAllowed = makeEvaluated({ id: 'high-allowed', status: 'allowed', severity: 'high', score: 8 });
    const below = makeEvaluated({ id: 'below', status: 'below-threshold', severity: 'critical', score: 9.9 });
    const alerts = [highGating, mediumDue, lowAllowed, below, criticalGating, criticalDue, highAllowed, worstGating];
    const result = makeResult({
      alerts,
      verdict: { result: 'fail', reasons: ['fails'], gating: [worstGating, criticalGating, highGating] },
    });
    result.introduced = {
      mode: 'fail',
      findings: [finding('GHSA-gate-gate-gate', 'gating'), finding('GHSA-note-note-note', 'below-threshold')],
    };
    const order = subjectsOf(result).map((s) => ('name' in s ? s.advisory : s.id));
    expect(order).toEqual([
      'GHSA-gate-gate-gate',
      'GHSA-note-note-note',
      'worst-gating',
      'critical-gating',
      'high-gating',
      'critical-due',
      'medium-due',
      'high-allowed',
      'low-allowed',
    ]);
  });

  test('nothing gating, due or allowed: nothing', () => {
    const result = makeResult({ alerts: [makeEvaluated({ status: 'below-threshold' })] });
    expect(subjectsOf(result)).toEqual([]);
  });
});
