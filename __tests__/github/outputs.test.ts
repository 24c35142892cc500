// The contract's Outputs table, from the result model: every output present, each value as the
// table says (risk-score's fallbacks, empty minutes-saved / schedule / file paths).
import { describe, expect, test } from '@jest/globals';
import { assembleResult } from '../../src/run/assemble.js';
import { describeSchedule } from '../../src/run/schedule.js';
import type { RepositoryReads, Statistics } from '../../src/run/gather.js';
import type { Config } from '../../src/config/inputs.js';
import { actionOutputs, type WrittenFiles } from '../../src/github/outputs.js';
import type { PostureView } from '../../src/model.js';
import { makeConfig, makeEvaluated, makePostureView, makeResult } from '../fixtures/result.js';
import { CONTRACT_OUTPUTS, COUNT_OUTPUTS } from '../fixtures/contract.js';

const NO_FILES: WrittenFiles = { reportFile: null, sarifFile: null };
/** A posture whose repositoryRiskScores has no row for this repository (riskScore as the model defines it). */
function postureWithoutRow(overAllRiskScore: number): PostureView {
  const view = makePostureView(7);
  return {
    ...view,
    posture: { ...view.posture, summary: { ...view.posture.summary, overAllRiskScore }, repositoryRiskScores: [] },
    repository: null,
    riskScore: overAllRiskScore,
  };
}

/** A posture whose row for this repository has `riskScore` (the summary's overall score stays 55). */
function postureWithRow(riskScore: number): PostureView {
  const view = makePostureView(7);
  const row = { id: 'repo_abc', name: 'acme/web', riskScore, openIssues: 3, criticalIssues: 0 };
  return { ...view, posture: { ...view.posture, repositoryRiskScores: [row] }, repository: row, riskScore };
}

describe('actionOutputs: every output of the contract', () => {
  test.each([
    ['a passing result with nothing optional', makeResult()],
    [
      'a failing result with posture, time saved and a schedule',
      makeResult({
        alerts: [makeEvaluated()],
        posture: makePostureView(),
        timeSaved: { totalMinutesSaved: 750, patchingMinutesSaved: 480, validationMinutesSaved: 270 },
        schedule: { crontab: '0 2 * * 1-5', enabled: true, description: null, nextRun: null },
      }),
    ],
    [
      'an error result',
      makeResult({ result: 'error', errors: [{ kind: 'api', message: 'sca/alerts/search: HTTP 503' }] }),
    ],
  ])('%s: exactly the contract outputs, all strings', (_name, result) => {
    const outputs = actionOutputs(result, NO_FILES);
    expect(Object.keys(outputs).sort()).toEqual([...CONTRACT_OUTPUTS].sort());
    for (const name of CONTRACT_OUTPUTS) expect(typeof outputs[name]).toBe('string');
  });

  test.each(['pass', 'fail', 'error'] as const)('result %s', (result) => {
    expect(actionOutputs(makeResult({ result }), NO_FILES).result).toBe(result);
  });

  test('repository-id is the repository id used', () => {
    const result = makeResult({ repository: { id: 'repo_8f3a2c', name: null, url: null } });
    expect(actionOutputs(result, NO_FILES)['repository-id']).toBe('repo_8f3a2c');
  });

  test('counts per severity, total, gating and allowed', () => {
    const alerts = [
      makeEvaluated({ severity: 'critical' }),
      makeEvaluated({ severity: 'critical', status: 'allowed' }),
      makeEvaluated({ severity: 'high' }),
      makeEvaluated({ severity: 'medium', status: 'below-threshold' }),
      makeEvaluated({ severity: 'medium', status: 'below-threshold' }),
      makeEvaluated({ severity: 'medium', status: 'not-alerted' }),
      makeEvaluated({ severity: 'low', status: 'below-threshold' }),
      makeEvaluated({ severity: 'unknown', score: null, status: 'below-threshold' }),
      makeEvaluated({ severity: 'high', status: 'unreachable' }),
    ];
    const outputs = actionOutputs(makeResult({ alerts }), NO_FILES);
    expect(outputs).toMatchObject({
      'alerts-total': '9',
      'critical-count': '2',
      'high-count': '2',
      'medium-count': '3',
      'low-count': '1',
      'unknown-count': '1',
      'gating-count': '2',
      'allowed-count': '1',
    });
  });

  test.each([
    ['no alerts: every count is 0, not empty', makeResult(), '0'],
    ['alerts not read: every count is empty, not 0', makeResult({ result: 'error', counts: null }), ''],
  ])('%s', (_name, result, value) => {
    const outputs = actionOutputs(result, NO_FILES);
    expect(COUNT_OUTPUTS.map((name) => [name, outputs[name]])).toEqual(COUNT_OUTPUTS.map((name) => [name, value]));
  });
});

describe('risk-score', () => {
  test("the repository row's riskScore when the posture has one", () => {
    expect(actionOutputs(makeResult({ posture: makePostureView() }), NO_FILES)['risk-score']).toBe('70');
    expect(actionOutputs(makeResult({ posture: postureWithRow(12.5) }), NO_FILES)['risk-score']).toBe('12.5');
  });

  test("a row's riskScore of 0 is 0, not the overall score and not empty", () => {
    expect(actionOutputs(makeResult({ posture: postureWithRow(0) }), NO_FILES)['risk-score']).toBe('0');
  });

  test("no row for this repository: the summary's overAllRiskScore", () => {
    expect(actionOutputs(makeResult({ posture: postureWithoutRow(55) }), NO_FILES)['risk-score']).toBe('55');
    expect(actionOutputs(makeResult({ posture: postureWithoutRow(0) }), NO_FILES)['risk-score']).toBe('0');
  });

  test('no posture (not read): empty', () => {
    expect(actionOutputs(makeResult({ posture: null }), NO_FILES)['risk-score']).toBe('');
  });
});

// actionOutputs reads PostureView.riskScore; the rule "row, else overall" is applied where the view
// is built. These follow a service posture through assembleResult, so the whole rule is covered.
describe('risk-score from a service posture, through assembleResult', () => {
  const config: Config = makeConfig();
  const basePosture = makePostureView(7).posture;

  function outputsFor(posture: Statistics['posture']) {
    const reads: RepositoryReads = {
      alerts: { alerts: [], errors: [], warnings: [], totalCount: 0 },
      schedule: { ok: true, value: null },
      packages: null,
      licenses: null,
    };
    const statistics: Statistics = {
      posture,
      timeSaved: { ok: true, value: { totalMinutesSaved: 10, patchingMinutesSaved: 6, validationMinutesSaved: 4 } },
    };
    const result = assembleResult({
      config,
      repository: { id: 'repo_abc', name: 'acme/web', url: null },
      reads,
      statistics,
      settings: [],
      window: { startDate: '2024-06-01', endDate: '2024-06-07' },
      now: new Date('2024-06-07T12:00:00Z'),
      describeSchedule,
    });
    return actionOutputs(result, NO_FILES);
  }

  test('the row whose id is the repository id wins over the overall score and other rows', () => {
    const rows = [
      { id: 'repo_other', name: 'acme/other', riskScore: 99, openIssues: 1, criticalIssues: 1 },
      { id: 'repo_abc', name: 'acme/web', riskScore: 17, openIssues: 1, criticalIssues: 0 },
    ];
    expect(outputsFor({ ok: true, value: { ...basePosture, repositoryRiskScores: rows } })['risk-score']).toBe('17');
  });

  test('no row for the repository: overAllRiskScore', () => {
    const rows = [{ id: 'repo_other', name: 'acme/other', riskScore: 99, openIssues: 1, criticalIssues: 1 }];
    const posture = {
      ...basePosture,
      summary: { ...basePosture.summary, overAllRiskScore: 42 },
      repositoryRiskScores: rows,
    };
    expect(outputsFor({ ok: true, value: posture })['risk-score']).toBe('42');
  });

  test('the service had no posture for the window: empty', () => {
    expect(outputsFor({ ok: true, value: null })['risk-score']).toBe('');
  });
});

describe('minutes-saved', () => {
  test('totalMinutesSaved', () => {
    const timeSaved = { totalMinutesSaved: 750, patchingMinutesSaved: 480, validationMinutesSaved: 270 };
    expect(actionOutputs(makeResult({ timeSaved }), NO_FILES)['minutes-saved']).toBe('750');
  });

  test('0 minutes is 0, not empty', () => {
    const timeSaved = { totalMinutesSaved: 0, patchingMinutesSaved: 0, validationMinutesSaved: 0 };
    expect(actionOutputs(makeResult({ timeSaved }), NO_FILES)['minutes-saved']).toBe('0');
  });

  test('time saved not read: empty', () => {
    expect(actionOutputs(makeResult({ timeSaved: null }), NO_FILES)['minutes-saved']).toBe('');
  });
});

describe('schedule', () => {
  test('enabled: the crontab', () => {
    const schedule = {
      crontab: '0 2 * * 1-5',
      enabled: true,
      description: 'At 02:00, Monday through Friday (UTC)',
      nextRun: '2024-06-10T02:00:00.000Z',
    };
    expect(actionOutputs(makeResult({ schedule }), NO_FILES).schedule).toBe('0 2 * * 1-5');
  });

  test('disabled: empty, though there is a crontab', () => {
    const schedule = {
      crontab: '0 2 * * 1-5',
      enabled: false,
      description: 'At 02:00, Monday through Friday (UTC)',
      nextRun: null,
    };
    expect(actionOutputs(makeResult({ schedule }), NO_FILES).schedule).toBe('');
  });

  test('none (the repository has no schedule): empty', () => {
    const schedule = { crontab: '', enabled: false, description: null, nextRun: null };
    expect(actionOutputs(makeResult({ schedule }), NO_FILES).schedule).toBe('');
  });

  test('not read: empty', () => {
    expect(actionOutputs(makeResult({ schedule: null }), NO_FILES).schedule).toBe('');
  });
});

describe('report-file and sarif-file', () => {
  test('the paths written', () => {
    const outputs = actionOutputs(makeResult(), {
      reportFile: 'out/security-gate.json',
      sarifFile: 'out/results.sarif',
    });
    expect(outputs['report-file']).toBe('out/security-gate.json');
    expect(outputs['sarif-file']).toBe('out/results.sarif');
  });

  test('only one written: the other is empty', () => {
    expect(actionOutputs(makeResult(), { reportFile: 'report.json', sarifFile: null })).toMatchObject({
      'report-file': 'report.json',
      'sarif-file': '',
    });
    expect(actionOutputs(makeResult(), { reportFile: null, sarifFile: 'a.sarif' })).toMatchObject({
      'report-file': '',
      'sarif-file': 'a.sarif',
    });
  });

  test('none written: both empty', () => {
    expect(actionOutputs(makeResult(), NO_FILES)).toMatchObject({ 'report-file': '', 'sarif-file': '' });
  });
});

describe('license-violations', () => {
  const finding = (gates: boolean, name = 'left-pad') => ({
    package: `${name}@1.3.0`,
    ecosystem: 'npm',
    license: 'GPL-3.0-only',
    expression: 'GPL-3.0-only',
    status: gates ? ('violation' as const) : ('unknown' as const),
    gates,
    location: null,
  });
  test('empty without a license policy; else the packages that fail the gate (unknown licenses under warn do not)', () => {
    expect(actionOutputs(makeResult(), NO_FILES)['license-violations']).toBe('');
    const licenses = {
      mode: 'deny' as const,
      ids: ['GPL-3.0-only'],
      unknown: 'warn' as const,
      checked: 3,
      exempted: 0,
      // packages, not findings: left-pad under two license entries counts once
      findings: [finding(true), finding(true, 'is-odd'), finding(true), finding(false, 'quiet')],
    };
    expect(actionOutputs(makeResult({ licenses }), NO_FILES)['license-violations']).toBe('2');
    expect(actionOutputs(makeResult({ licenses: { ...licenses, findings: [] } }), NO_FILES)['license-violations']).toBe(
      '0',
    );
  });
});
