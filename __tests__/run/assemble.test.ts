// assembleResult and its rules, on plain objects: no service, no runner.
import { describe, expect, test } from '@jest/globals';
import type { Config } from '../../src/config/inputs.js';
import type { PostureRow } from '../../src/model.js';
import { ApiError } from '../../src/api/client.js';
import { PATHS } from '../../src/api/endpoints.js';
import { assembleResult, stoppedResult, worseRow, type AssembleInput } from '../../src/run/assemble.js';
import type { RepositoryReads, Statistics } from '../../src/run/gather.js';
import { describeSchedule } from '../../src/run/schedule.js';
import { makeAlert, makePostureView } from '../fixtures/result.js';

const config: Config = {
  apiUrl: 'https://security.example.com',
  tokenId: 'token-id',
  tokenSecret: 'token-secret',
  organizationId: 'org_123',
  projectId: null,
  repositoryId: 'repo_abc',
  appId: null,
  failOnSeverity: 'critical',
  ignoreUnreachable: false,
  allowAlerts: [],
  failOnCriticalIssues: false,
  postureDays: 7,
  onApiError: 'fail',
  requestTimeoutMs: 30_000,
  maxRetries: 3,
  settings: { prScanning: null, maxPrTimeoutMinutes: null, cweWhitelist: null },
  dryRun: false,
  summary: true,
  commentOnPr: 'never',
  githubToken: null,
  reportFile: null,
  sarifFile: null,
  annotations: false,
  configFile: null,
  configToken: null,
  licenses: { allow: null, deny: null, exceptions: [], unknown: 'warn' },
  graceDays: {},
  prChanges: 'auto',
  sources: {},
  basePolicy: null,
};

/** An input whose reads all succeeded, with `alerts` and no posture unless changed. */
function input(
  overrides: { config?: Partial<Config>; reads?: Partial<RepositoryReads>; statistics?: Partial<Statistics> } = {},
): AssembleInput {
  return {
    config: { ...config, ...overrides.config },
    repository: { id: 'repo_abc', name: 'acme/web', url: null },
    reads: {
      alerts: { alerts: [], errors: [], warnings: [], totalCount: 0 },
      schedule: { ok: true, value: null },
      packages: null,
      licenses: null,
      ...overrides.reads,
    },
    statistics: {
      posture: { ok: true, value: null },
      timeSaved: { ok: true, value: { totalMinutesSaved: 1, patchingMinutesSaved: 1, validationMinutesSaved: 0 } },
      ...overrides.statistics,
    },
    settings: [],
    window: { startDate: '2024-06-01', endDate: '2024-06-07' },
    now: new Date('2024-06-07T12:00:00Z'),
    describeSchedule,
  };
}

const row = (criticalIssues: number | null, riskScore = 10, id = 'repo_abc'): PostureRow => ({
  id,
  name: 'acme/web',
  riskScore,
  openIssues: 1,
  criticalIssues,
});

describe('several posture rows with this repository id', () => {
  test.each<[string, (number | null)[], number | null]>([
    ['the most critical issues', [0, 3, 1], 3],
    ['the first of equals', [2, 2], 2],
    ['a row without the number over one that says 0', [0, null], null],
    ['... but not over one that says more', [null, 4], 4],
    ['two without the number', [null, null], null],
  ])('count as their worst: %s', (_name, counts, worst) => {
    const rows = counts.map((n, i) => row(n, i));
    expect(rows.reduce(worseRow).criticalIssues).toBe(worst);
  });

  test('the worst row decides fail-on-critical-issues and the risk score, with a warning', () => {
    const posture = {
      ...makePostureView(7).posture,
      repositoryRiskScores: [row(0, 5), row(7, 80, 'repo_other'), row(2, 40)],
    };
    const result = assembleResult(
      input({ config: { failOnCriticalIssues: true }, statistics: { posture: { ok: true, value: posture } } }),
    );
    expect(result.result).toBe('fail');
    expect(result.posture?.repository).toEqual(row(2, 40));
    expect(result.posture?.riskScore).toBe(40);
    expect(result.warnings).toContainEqual({
      kind: 'read',
      message:
        'The security posture has 2 rows for this repository (repo_abc): the gate counts their worst, the one with the most critical issues (2).',
    });
  });

  test('one row: no warning', () => {
    const posture = { ...makePostureView(7).posture, repositoryRiskScores: [row(0), row(7, 80, 'repo_other')] };
    const result = assembleResult(input({ statistics: { posture: { ok: true, value: posture } } }));
    expect(result.posture?.repository).toEqual(row(0));
    expect(result.warnings).toEqual([]);
  });
});

describe('counts', () => {
  test('alerts read: every alert counted', () => {
    const alerts = [makeAlert({ severity: 'critical' }), makeAlert({ severity: 'low' })];
    const result = assembleResult(input({ reads: { alerts: { alerts, errors: [], warnings: [], totalCount: 2 } } }));
    expect(result.counts).toMatchObject({ critical: 1, low: 1, total: 2, gating: 1 });
  });

  test('no page of alerts read: no counts (null) and no verdict', () => {
    const failed = new ApiError(PATHS.searchAlerts, 'server', 'HTTP 503', 503, 1);
    const result = assembleResult(
      input({ reads: { alerts: { alerts: [], errors: [failed], warnings: [], totalCount: null } } }),
    );
    expect(result).toMatchObject({ result: 'error', counts: null, verdict: { result: 'none' } });
  });

  test('a run stopped before the alerts: no counts (null)', () => {
    const result = stoppedResult(config, { id: '', name: 'acme/web', url: null }, [], new Date());
    expect(result).toMatchObject({ result: 'error', counts: null, verdict: { result: 'none' } });
  });
});
