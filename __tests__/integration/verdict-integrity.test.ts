// The contract's "Verdict integrity: fail closed, tolerate the harmless", scenario by scenario, each
// run through the bundled action against the simulator: never a pass on doubt (a wrong repository,
// an incomplete or inconsistent read), never a block on noise (a null the gate does not need, a
// statistic that failed).
import { describe, expect, test } from '@jest/globals';
import { ADVISORIES, CLEAN_REPO, MAIN_REPO } from '../../simulator/data.js';
import type { ScaAlert } from '../../simulator/wire.js';
import { CLEAN, errorText, expected, PATHS, plain, useSimulator, webshopAlerts, type GateRun } from './harness.js';

const h = useSimulator({ maxPageSize: 100 });

const said = (run: GateRun) => [...run.errors, ...run.warnings].join('\n');
const byAdvisory = (advisory: string) => (a: ScaAlert) => a.metadata.id === advisory;

/** `n` low alerts, then one critical alert whose id sorts last (so it is on the last page). */
function lowAlertsThenCritical(n: number): ScaAlert[] {
  const base = webshopAlerts(h.sim);
  const low = base.find((a) => a.metadata.severity === 'low')!;
  const critical = base.find(byAdvisory(ADVISORIES.log4shell))!;
  return [
    ...Array.from({ length: n - 1 }, (_, i) => ({
      ...structuredClone(low),
      id: `alert_${String(i).padStart(4, '0')}`,
    })),
    { ...structuredClone(critical), id: 'alert_zzzz_critical' },
  ];
}

describe('the right repository', () => {
  const TYPO = 'repo_webshopp';

  test.each(['fail', 'warn'])(
    'a mistyped repository-id alone (on-api-error %s): a setup error naming the id and suggesting app-id, never a pass',
    async (mode) => {
      const run = await h.gate({ 'repository-id': TYPO, 'app-id': '', 'on-api-error': mode });
      expect(run.exitCode).toBe(1);
      expect(run.outputs.result).toBe('error');
      expect(errorText(run)).toContain(
        `repository-id ${TYPO} returned no alert, and neither the security posture nor the scan schedule knows it`,
      );
      expect(errorText(run)).toContain('give app-id as well');
      // the organization's figures are not passed off as this repository's
      expect(run.outputs['risk-score']).toBe('');
      expect(run.summary).not.toMatch(/Risk score/);
      expect(run.summary).toContain(TYPO);
    },
  );

  test('a mistyped repository-id with app-id: checked against the installation, a setup error, and no setting is changed', async () => {
    const run = await h.gate({ 'repository-id': TYPO, 'on-api-error': 'warn', 'set-pr-scanning': 'false' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toContain(`repository-id ${TYPO} is not a repository of app`);
    expect(errorText(run)).toContain(MAIN_REPO.id); // what was seen
    expect(h.requests(PATHS.setPrScanning)).toEqual([]);
    expect(plain(run.summary)).toMatch(/not sent: the repository id was not confirmed/);
  });

  test('a right repository-id with app-id: settings are sent once the check has answered', async () => {
    h.sim.setLatency(100);
    const run = await h.gate({ 'repository-id': MAIN_REPO.id, 'set-pr-scanning': 'false' });
    expect(run.outputs.result).toBe('fail');
    const [listed] = h.requests(PATHS.repositories);
    const [changed] = h.requests(PATHS.setPrScanning);
    expect(changed!.at).toBeGreaterThanOrEqual(listed!.at + 90);
    expect(h.sim.state.settings[MAIN_REPO.id]?.isPrScanningEnabled).toBe(false);
  });

  test('a repository with no alert given by id alone: the posture row confirms it, and the gate passes', async () => {
    const run = await h.gate({ 'repository-id': CLEAN_REPO.id, 'app-id': '' }, CLEAN);
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
  });

  test('... the schedule confirms it when the posture fails', async () => {
    h.sim.script(PATHS.posture, { status: 503 });
    const run = await h.gate({ 'repository-id': CLEAN_REPO.id, 'app-id': '', 'max-retries': '0' }, CLEAN);
    expect(run.outputs.result).toBe('pass');
  });

  test('... and when neither can (a failed read shows nothing), it is a setup error', async () => {
    h.sim.script(PATHS.posture, { status: 503 });
    h.sim.script(PATHS.schedule, { status: 404 });
    const run = await h.gate(
      { 'repository-id': CLEAN_REPO.id, 'app-id': '', 'max-retries': '0', 'on-api-error': 'warn' },
      CLEAN,
    );
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toContain(`repository-id ${CLEAN_REPO.id} returned no alert`);
  });
});

describe('complete reads: fewer alerts than announced is never a pass', () => {
  test('the same 250 alerts read whole: the critical one on page 3 fails the gate', async () => {
    h.sim.state.alerts[MAIN_REPO.id] = lowAlertsThenCritical(250);
    const run = await h.gate({ 'fail-on-severity': 'critical' });
    expect(run.outputs.result).toBe('fail');
    expect(run.outputs['alerts-total']).toBe('250');
  });

  test.each(['fail', 'warn'])(
    'a server that ignores `page` (critical on page 3), on-api-error %s: result error, "read 100 of 250"',
    async (mode) => {
      h.sim.state.alerts[MAIN_REPO.id] = lowAlertsThenCritical(250);
      h.sim.faults.ignorePage = true;
      const run = await h.gate({ 'on-api-error': mode });
      expect(run.outputs.result).toBe('error');
      expect(run.exitCode).toBe(mode === 'fail' ? 1 : 0);
      expect(said(run)).toMatch(
        /sca\/alerts\/search failed: read 100 of 250 alerts the search announced \(totalCount\) \(page 2 repeated alerts already read/,
      );
      expect(run.summary).toMatch(/Error/);
    },
  );

  test('an empty page 1 while totalCount says 5: "read 0 of 5"', async () => {
    h.sim.script(PATHS.alerts, { body: { alerts: [], totalCount: 5, page: 1, pageSize: 100 } });
    const run = await h.gate({}, CLEAN);
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toMatch(/read 0 of 5 alerts/);
  });

  test('page 2 repeating half of page 1 (the critical alert never served): "read 150 of 200"', async () => {
    h.sim.state.alerts[MAIN_REPO.id] = lowAlertsThenCritical(200);
    h.sim.faults.overlap = 50;
    const run = await h.gate({});
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toMatch(/read 150 of 200 alerts/);
  });

  test('a known failure still wins: a gating alert among those read fails the gate, the incomplete read beside it', async () => {
    h.sim.faults.ignorePage = true;
    h.sim.faults.totalCountDelta = 100; // 169 announced, 69 served, 5 critical among them
    const run = await h.gate({ 'on-api-error': 'warn' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('fail');
    expect(said(run)).toMatch(/read 69 of 169 alerts/);
  });
});

describe('duplicates count as their worst copy', () => {
  test('the same alert id on two pages, first not alerted, then alerted and critical: it gates, with a warning', async () => {
    const [critical, low1, low2] = [
      webshopAlerts(h.sim).find(byAdvisory(ADVISORIES.log4shell))!,
      ...webshopAlerts(h.sim)
        .filter((a) => a.metadata.severity === 'low')
        .slice(0, 2),
    ];
    const quiet = { ...structuredClone(critical!), isAlerted: false };
    h.sim.script(
      PATHS.alerts,
      { body: { alerts: [quiet, low1], totalCount: 3, page: 1, pageSize: 2 } },
      { body: { alerts: [critical, low2], totalCount: 3, page: 2, pageSize: 2 } },
    );
    const run = await h.gate({}, CLEAN);
    expect(run.outputs.result).toBe('fail');
    expect(run.outputs['alerts-total']).toBe('3');
    expect(run.outputs['gating-count']).toBe('1');
    expect(run.warnings.join('\n')).toContain(
      `more than once with different content (${critical!.id}); the gate counted the worst copy`,
    );
  });
});

describe('the tolerant reader: a field the gate does not need never blocks, never opens', () => {
  const baseline = () => expected(webshopAlerts(h.sim), 'critical');

  test.each<[string, Record<string, unknown>]>([
    ['languages: null', { languages: null }],
    ['aliases: null', { 'metadata.aliases': null }],
    ['references: null', { 'metadata.references': null }],
    ['summary: null', { 'metadata.summary': null }],
    ['description: null', { 'metadata.description': null }],
    ['createdAt: null', { createdAt: null }],
    ['updatedAt missing', { updatedAt: undefined }],
    ['reachabilityCounts: {}', { reachabilityCounts: {} }],
    ['reachabilityCounts with a null count', { 'reachabilityCounts.needsReview': null }],
    ['isAlerted: null', { isAlerted: null }],
    ['packageIdentifier: null', { 'metadata.packageIdentifier': null }],
  ])(
    '%s on every alert, under on-api-error warn: the gate still fails on the critical alerts, no API error',
    async (_name, set) => {
      const e = baseline();
      h.sim.faults.alertFields = [{ set }];
      const run = await h.gate({ 'on-api-error': 'warn' });
      expect(run.exitCode).toBe(1);
      expect(run.outputs.result).toBe('fail');
      expect(run.outputs['gating-count']).toBe(String(e.gating.length));
      expect(run.outputs['alerts-total']).toBe(String(e.total));
      expect(said(run)).not.toMatch(/sca\/alerts\/search failed/);
    },
  );

  test.each<[string, Record<string, unknown>]>([
    ['languages: null', { languages: null }],
    ['summary: null', { 'metadata.summary': null }],
    ['reachabilityCounts: {}', { reachabilityCounts: {} }],
  ])('%s on a repository whose alerts all pass: it passes', async (_name, set) => {
    h.sim.state.alerts[CLEAN_REPO.id] = webshopAlerts(h.sim)
      .filter((a) => a.metadata.severity === 'low')
      .slice(0, 5);
    h.sim.faults.alertFields = [{ set }];
    const run = await h.gate({}, CLEAN);
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
  });

  test('a score sent as a numeric string ("10") with no severity word is read as the number: critical, and it gates', async () => {
    h.sim.faults.alertFields = [
      { where: byAdvisory(ADVISORIES.log4shell), set: { 'metadata.severity': null, 'metadata.severityScore': '10' } },
    ];
    const run = await h.gate({ 'report-file': 'r.json' });
    const report = JSON.parse(run.files['r.json']!) as {
      alerts: { advisory: string; score: number; severity: string; status: string }[];
    };
    expect(report.alerts.find((a) => a.advisory === ADVISORIES.log4shell)).toMatchObject({
      score: 10,
      severity: 'critical',
      status: 'gating',
    });
    expect(run.outputs['gating-count']).toBe(String(baseline().gating.length));
  });

  test('reachability not analysed is no proof of unreachable: ignore-unreachable cannot suppress it', async () => {
    const before = await h.gate({ 'ignore-unreachable': 'true', 'report-file': 'r.json' });
    const status = (run: GateRun) =>
      (JSON.parse(run.files['r.json']!) as { alerts: { advisory: string; status: string }[] }).alerts.find(
        (a) => a.advisory === ADVISORIES.minimist,
      )!.status;
    expect(status(before)).toBe('unreachable');
    h.sim.faults.alertFields = [{ where: byAdvisory(ADVISORIES.minimist), set: { reachabilityCounts: {} } }];
    const after = await h.gate({ 'ignore-unreachable': 'true', 'report-file': 'r.json' });
    expect(status(after)).toBe('gating');
    expect(Number(after.outputs['gating-count'])).toBe(Number(before.outputs['gating-count']) + 1);
  });

  test('`important` counts as high', async () => {
    h.sim.state.alerts[CLEAN_REPO.id] = [webshopAlerts(h.sim).find((a) => a.metadata.severity === 'low')!];
    h.sim.faults.alertFields = [{ set: { 'metadata.severity': 'important', 'metadata.severityScore': null } }];
    const run = await h.gate({ 'fail-on-severity': 'high' }, CLEAN);
    expect(run.outputs['high-count']).toBe('1');
    expect(run.outputs.result).toBe('fail');
  });

  test.each(['fail', 'warn'])(
    'an alert without an id (on-api-error %s): an API error naming its position; the other alerts are still judged',
    async (mode) => {
      const first = [...webshopAlerts(h.sim)].sort((a, b) => (a.id < b.id ? -1 : 1))[2]!;
      h.sim.faults.alertFields = [{ where: (a) => a.id === first.id, set: { id: undefined } }];
      const failing = await h.gate({ 'on-api-error': mode });
      expect(failing.outputs.result).toBe('fail'); // the critical alerts read still fail the gate
      expect(said(failing)).toMatch(
        /1 alert without what the gate needs, so the gate cannot judge it: alert 3 of page 1 \(id: the alert has no id\)/,
      );
      expect(failing.outputs['alerts-total']).toBe('68');

      const passing = await h.gate({ 'on-api-error': mode, 'fail-on-severity': 'none' });
      expect(passing.outputs.result).toBe('error');
      expect(passing.exitCode).toBe(mode === 'fail' ? 1 : 0);
    },
  );

  test('an alert without metadata.id: named the same way', async () => {
    h.sim.faults.alertFields = [{ where: byAdvisory(ADVISORIES.log4shell), set: { 'metadata.id': null } }];
    const run = await h.gate({ 'fail-on-severity': 'none' });
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toMatch(/the alert has no advisory id \(metadata\.id\)/);
  });
});

describe('reads that only feed the reports never change the verdict', () => {
  /** A posture a careless server sends: null statistics, date-times, points out of order. */
  const sloppyPosture = [
    {
      summary: {
        overAllRiskScore: 12.5,
        totalOpenIssues: null,
        criticalIssues: 0,
        highIssues: null,
        mediumIssues: 1,
        lowIssues: 2,
        meanRemediationTime: null,
        riskTrend: null,
      },
      trends: [
        { date: '2026-11-03T00:00:00Z', openIssues: 3, riskScore: null },
        { date: '2026-11-01', openIssues: 5, riskScore: 20 },
        { date: '2026-11-02T12:00:00.000Z', openIssues: '4', riskScore: 15 },
      ],
      repositoryRiskScores: [
        { id: CLEAN_REPO.id, name: 'acme/clean-lib', riskScore: 0, openIssues: 0, criticalIssues: 0 },
      ],
    },
  ];

  test.each<[string, () => void, RegExp]>([
    [
      'a posture with null statistics and unordered date-time trends',
      () => h.sim.script(PATHS.posture, { body: sloppyPosture }),
      /5 → 3/,
    ],
    ['time saved answering 500', () => h.sim.script(PATHS.timeSaved, { status: 500 }), /Time saved not available\./],
    ['a schedule answered 204', () => h.sim.script(PATHS.schedule, { status: 204 }), /None: no scan schedule is set\./],
    ['a schedule answered null', () => h.sim.script(PATHS.schedule, { body: null }), /None: no scan schedule is set\./],
    [
      'a schedule with a null crontab',
      () =>
        h.sim.script(PATHS.schedule, {
          body: { id: 's', repoId: CLEAN_REPO.id, executionCriteriaCrontab: null, isEnabled: true },
        }),
      /None: no scan schedule is set\./,
    ],
    ['the package search answering 500', () => h.sim.script(PATHS.packages, { status: 500 }), /Security gate/],
  ])('%s: a gate whose alerts all pass still passes', async (_name, arrange, shown) => {
    arrange();
    const run = await h.gate({ 'max-retries': '0', 'sarif-file': 'out.sarif' }, CLEAN);
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
    expect(run.summary).toMatch(shown);
  });

  test('the trend is drawn in date order, a date-time read as its date', async () => {
    h.sim.script(PATHS.posture, { body: sloppyPosture });
    const run = await h.gate({ 'report-file': 'r.json' }, CLEAN);
    const report = JSON.parse(run.files['r.json']!) as {
      posture: { posture: { trends: { date: string; openIssues: number }[] } };
    };
    expect(report.posture.posture.trends).toEqual([
      { date: '2026-11-01', openIssues: 5, riskScore: 20 },
      { date: '2026-11-02', openIssues: 4, riskScore: 15 },
      { date: '2026-11-03', openIssues: 3, riskScore: null },
    ]);
  });

  test('a failed statistic is a warning saying what is not available', async () => {
    h.sim.script(PATHS.timeSaved, { status: 500 });
    const run = await h.gate({ 'max-retries': '0' }, CLEAN);
    expect(run.warnings.join('\n')).toMatch(/Time saved not available: \/api\/v1\/stats\/timeSaved failed: HTTP 500/);
  });

  test('rejected credentials on a report-only read still fail the step, even under warn', async () => {
    h.sim.script(PATHS.timeSaved, { status: 401 });
    const run = await h.gate({ 'on-api-error': 'warn' }, CLEAN);
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toMatch(/stats\/timeSaved failed: the service rejected the API token/);
  });

  test('fail-on-critical-issues makes the posture decide: a null criticalIssues for this repository cannot be checked', async () => {
    const posture = structuredClone(sloppyPosture);
    posture[0]!.repositoryRiskScores[0]!.criticalIssues = null as unknown as number;
    h.sim.script(PATHS.posture, { body: posture });
    const run = await h.gate({ 'fail-on-critical-issues': 'true' }, CLEAN);
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toMatch(/fail-on-critical-issues cannot be checked/);
  });
});

describe('control characters from the service never reach the log or an annotation', () => {
  test("ANSI escapes in a gating alert's packageIdentifier and summary", async () => {
    h.sim.faults.alertFields = [
      {
        where: byAdvisory(ADVISORIES.log4shell),
        set: {
          'metadata.packageIdentifier': 'pkg:npm/\u001b[31mevil\u001b[0m@1.0.0',
          'metadata.summary': 'Bad\u001b]8;;https://x.example\u0007link\u001b]8;;\u0007 \u009b2J',
        },
      },
    ];
    const run = await h.gate({});
    expect(run.outputs.result).toBe('fail');
    expect(run.stdout).toContain('evil');
    expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
  });
});

describe('more doubts that are never a pass', () => {
  test('fail-on-critical-issues and a posture with no row for this repository: it cannot be checked', async () => {
    h.sim.script(PATHS.posture, { body: [{ summary: { overAllRiskScore: 1 }, trends: [], repositoryRiskScores: [] }] });
    const run = await h.gate({ 'fail-on-critical-issues': 'true' }, CLEAN);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toMatch(
      /fail-on-critical-issues cannot be checked: the security posture has no entry for this repository/,
    );
  });

  test('fail-on-critical-issues: a posture without trends still decides (trends only feed the chart)', async () => {
    h.sim.script(PATHS.posture, {
      body: [{ summary: {}, repositoryRiskScores: [{ id: CLEAN_REPO.id, name: 'x', criticalIssues: 0 }] }],
    });
    const run = await h.gate({ 'fail-on-critical-issues': 'true' }, CLEAN);
    expect(run.outputs.result).toBe('pass');
  });

  test('a schedule that does not name the repository does not confirm a repository-id given alone', async () => {
    h.sim.script(PATHS.posture, { status: 503 });
    h.sim.script(PATHS.schedule, { body: { executionCriteriaCrontab: '0 2 * * *', isEnabled: true } });
    const run = await h.gate({ 'repository-id': CLEAN_REPO.id, 'app-id': '', 'max-retries': '0' }, CLEAN);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toContain(`repository-id ${CLEAN_REPO.id} returned no alert`);
  });
});

describe('a repository check the service could not answer', () => {
  test('is an API error beside the verdict: critical alerts read for the id still fail the gate, even under warn', async () => {
    h.sim.script(PATHS.repositories, { status: 503 });
    const run = await h.gate({ 'repository-id': MAIN_REPO.id, 'on-api-error': 'warn', 'max-retries': '0' });
    expect(run.outputs.result).toBe('fail');
    expect(run.exitCode).toBe(1);
    expect(said(run)).toMatch(/installations\/repositories failed/);
  });

  test('and without a failing alert it takes the pass away', async () => {
    h.sim.script(PATHS.repositories, { status: 503 });
    const run = await h.gate({ 'repository-id': CLEAN_REPO.id, 'max-retries': '0' }, CLEAN);
    expect(run.outputs.result).toBe('error');
    expect(run.exitCode).toBe(1);
  });
});
