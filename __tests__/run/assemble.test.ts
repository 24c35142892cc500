// assembleResult and its rules, on plain objects: no service, no runner.
import { describe, expect, test } from '@jest/globals';
import type { Config } from '../../src/config/inputs.js';
import type { PostureRow } from '../../src/model.js';
import type { PullRequestChange } from '../../src/github/changes.js';
import { ApiError } from '../../src/api/client.js';
import { PATHS } from '../../src/api/endpoints.js';
import { assembleResult, type AssembleInput } from '../../src/run/assemble.js';
import { stoppedResult, worseRow } from '../../src/run/views.js';
import type { RepositoryReads, Statistics } from '../../src/run/gather.js';
import { describeSchedule } from '../../src/run/schedule.js';
import { LEFT_PAD_PACKAGES, LEFT_PAD_REMOVAL, makeAlert, makeConfig, makePostureView } from '../fixtures/result.js';

const config: Config = makeConfig();

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
    expect(result).toMatchObject({ result: 'error', counts: null, verdict: { result: 'error' } });
  });

  test('a run stopped before the alerts: no counts (null)', () => {
    const result = stoppedResult(config, { id: '', name: 'acme/web', url: null }, [], new Date());
    expect(result).toMatchObject({ result: 'error', counts: null, verdict: { result: 'error' } });
  });
});

describe('an expired allow entry says its alert gates again only when it does', () => {
  // input() judges on 2024-06-07: the entry expired, its alert (critical, created a week ago) gates unless
  // the pull request resolves it or a grace period makes it due.
  const allow = [{ id: 'GHSA-old0-0000-0000', until: '2024-01-31' }];
  const alert = makeAlert({
    advisory: 'GHSA-old0-0000-0000',
    severity: 'critical',
    package: 'pkg:npm/left-pad@1.3.0',
    createdAt: '2024-05-31T12:00:00Z',
  });
  const [packages, removal] = [LEFT_PAD_PACKAGES, LEFT_PAD_REMOVAL];

  test.each<[string, Partial<Config>, PullRequestChange | null, string, boolean]>([
    ['neither resolved nor due', {}, null, 'gating', true],
    ['resolved by the pull request', {}, removal, 'resolved', false],
    ['inside its grace period', { graceDays: { critical: 30 } }, null, 'due', false],
  ])('%s', (_what, extra, change, status, gatesAgain) => {
    const result = assembleResult({
      ...input({
        config: { allowAlerts: allow, ...extra },
        reads: {
          alerts: { alerts: [alert], errors: [], warnings: [], totalCount: 1 },
          packages: { ok: true, value: packages },
        },
      }),
      change,
    });
    expect(result.alerts.map((a) => a.status)).toEqual([status]);
    const expired = result.warnings.filter((w) => w.kind === 'expired-allow').map((w) => w.message);
    expect(expired).toHaveLength(1);
    expect({ gatesAgain: /fails the gate again/.test(expired[0]!) }).toEqual({ gatesAgain });
  });
});

describe('the trace tells each decision', () => {
  const traced = (overrides: Parameters<typeof input>[0]) => {
    const lines: string[] = [];
    assembleResult({ ...input(overrides), trace: (line) => lines.push(line) });
    return lines;
  };
  const down = { ok: false as const, error: new ApiError(PATHS.securityPosture, 'server', 'HTTP 503.', 503) };

  test('a failed reports-only read: a warning; the same read decisive: an error', () => {
    expect(traced({ statistics: { posture: down } })).toContainEqual(
      expect.stringMatching(/^The security posture \(reports only\): failed, a warning: .*HTTP 503/),
    );
    expect(traced({ config: { failOnCriticalIssues: true }, statistics: { posture: down } })).toContainEqual(
      expect.stringMatching(/^The security posture \(decisive\): failed, an error: .*HTTP 503/),
    );
  });

  test('the reads that succeeded and the verdict with its reason', () => {
    const lines = traced({});
    expect(lines).toEqual(
      expect.arrayContaining([
        'alerts (decisive): 0 read, 0 errors',
        'The security posture (reports only): read',
        'Time saved (reports only): read',
        expect.stringMatching(/^verdict pass: \S/),
      ]),
    );
  });
});

describe('workspace files read at the base commit', () => {
  const view = {
    input: 'kev-url',
    path: 'kev.json',
    commit: '1111111111111111111111111111111111111111',
    atBase: true,
    change: 'changed' as const,
  };

  test('are on the result as read; none when the run read none', () => {
    expect(assembleResult({ ...input(), baseFiles: [view] }).baseFiles).toEqual([view]);
    expect(assembleResult(input()).baseFiles).toEqual([]);
  });

  test('a run stopped before the reads has none', () => {
    expect(stoppedResult(config, { id: '', name: 'acme/web', url: null }, [], new Date()).baseFiles).toEqual([]);
  });
});
