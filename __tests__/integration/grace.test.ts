// Grace periods, end to end (contract: "Pull requests and time", "Grace periods"): dist/index.js
// against the simulator, some alerts made recent relative to the clock. Due dates and days left are
// worked out here from the createdAt each test sets (created + the severity's days, its UTC date),
// never with src/policy.
import { describe, expect, test } from '@jest/globals';
import { fixPullRequestChanges, MAIN_REPO, RECENT_ALERTS, withRecentAlerts } from '../../simulator/data.js';
import type { ScaAlert } from '../../simulator/wire.js';
import {
  byAdvisory,
  compareKey,
  mergeGroupEvent,
  notices,
  pullRequestEvent,
  REPORT,
  reportOf,
} from './change-fixtures.js';
import {
  expected,
  severityOf,
  useFakeGitHub,
  useSimulator,
  webshopAlerts,
  type GateOptions,
  type Threshold,
} from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();

const DAY = 86_400_000;
/** A push: no change to judge, so no notice about one. */
const PUSH: GateOptions = { eventName: 'push', event: { repository: { id: 123456789, full_name: MAIN_REPO.name } } };

async function judge(inputs: Record<string, string>, options: GateOptions = PUSH) {
  const run = await h.gate(
    { 'report-file': REPORT, 'max-retries': '0', ...inputs },
    { ...options, env: { GITHUB_API_URL: fake.github.url, ...options.env } },
  );
  return { run, report: reportOf(run) };
}

const alertOf = (advisory: string): ScaAlert => {
  const alert = webshopAlerts(h.sim).find((a) => a.metadata.id === advisory);
  if (!alert) throw new Error(`no alert ${advisory} in acme/webshop`);
  return alert;
};

/**
 * Sets an alert's createdAt `days` and 6 hours before now, so that the days left of a grace period
 * (rounded up) cannot change while the run starts. Returns it.
 */
function createdDaysAgo(advisory: string, days: number): string {
  const createdAt = new Date(Date.now() - days * DAY - 6 * 3_600_000).toISOString();
  alertOf(advisory).createdAt = createdAt;
  return createdAt;
}

/** The UTC date `days` after `createdAt`: when its grace period ends. */
const dueOn = (createdAt: string, days: number) =>
  new Date(Date.parse(createdAt) + days * DAY).toISOString().slice(0, 10);

/** The gating alerts under `threshold`, from the data. */
const gatingUnder = (threshold: Threshold) => expected(webshopAlerts(h.sim), threshold).gating;

describe('grace-days', () => {
  test('alerts inside their grace period are due, not gating; overdue ones gate with the date they are due since', async () => {
    const days = { critical: 0, high: 30, medium: 90 };
    const ws = createdDaysAgo('GHSA-3h5v-q93c-6h6q', 4); // high: 26 days left
    const qs = createdDaysAgo('GHSA-hrpp-h998-j3pp', 12); // high: 18 days left
    createdDaysAgo('GHSA-9wv6-86v2-598j', 45); // high: overdue
    createdDaysAgo('GHSA-599f-7c49-w659', 2); // critical: critical=0, no grace
    createdDaysAgo('GHSA-rv95-896h-c2vc', 10); // medium, below the threshold: never due
    const gating = gatingUnder('high');
    const { run, report } = await judge({ 'fail-on-severity': 'high', 'grace-days': 'critical=0, high=30, medium=90' });

    const due = { 'GHSA-3h5v-q93c-6h6q': [dueOn(ws, 30), 26], 'GHSA-hrpp-h998-j3pp': [dueOn(qs, 30), 18] };
    // Every gating alert: due with its date and days left, or gating and overdue since created + its days.
    const want = Object.fromEntries(
      gating.map((a) => {
        const inGrace = due[a.metadata.id as keyof typeof due];
        const severity = severityOf(a) as keyof typeof days;
        if (inGrace) return [a.metadata.id, { status: 'due', dueOn: inGrace[0], daysLeft: inGrace[1] }];
        return [
          a.metadata.id,
          { status: 'gating', dueOn: days[severity] > 0 ? dueOn(a.createdAt!, days[severity]) : null, daysLeft: null },
        ];
      }),
    );
    const alerts = byAdvisory(report);
    const got = Object.fromEntries(
      gating.map((a) => {
        const r = alerts.get(a.metadata.id);
        return [a.metadata.id, { status: r?.status, dueOn: r?.dueOn, daysLeft: r?.daysLeft }];
      }),
    );
    expect(got).toEqual(want);
    expect(alerts.get('GHSA-rv95-896h-c2vc')).toMatchObject({ status: 'below-threshold', dueOn: null });
    expect(alerts.get('GHSA-9wv6-86v2-598j')).toMatchObject({ status: 'gating' });

    const nextDue = [dueOn(ws, 30), dueOn(qs, 30)].sort()[0];
    expect({
      exitCode: run.exitCode,
      result: run.outputs.result,
      'gating-count': run.outputs['gating-count'],
      'due-count': run.outputs['due-count'],
      'next-due': run.outputs['next-due'],
      nextDue: report.nextDue,
    }).toEqual({
      exitCode: 1,
      result: 'fail',
      'gating-count': String(gating.length - 2),
      'due-count': '2',
      'next-due': nextDue,
      nextDue,
    });
    expect(report.verdict.gating).not.toContain(alertOf('GHSA-3h5v-q93c-6h6q').id);
    // Only gating alerts are annotated as errors: the due ones are not among them.
    expect(run.errors.some((e) => e.includes('GHSA-3h5v-q93c-6h6q') || e.includes('GHSA-hrpp-h998-j3pp'))).toBe(false);
  });

  test('every gating alert due: the gate passes, due-count counts them, next-due is the earliest', async () => {
    const critical = gatingUnder('critical');
    const created = critical.map((a, i) => createdDaysAgo(a.metadata.id, 1 + i * 3));
    const { run, report } = await judge({ 'fail-on-severity': 'critical', 'grace-days': 'Critical = 30' });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 0, result: 'pass' });
    expect(run.outputs['due-count']).toBe(String(critical.length));
    expect(run.outputs['gating-count']).toBe('0');
    // The oldest is due first.
    expect(run.outputs['next-due']).toBe(dueOn(created[created.length - 1]!, 30));
    expect(
      report.alerts
        .filter((a) => a.status === 'due')
        .map((a) => a.advisory)
        .sort(),
    ).toEqual(critical.map((a) => a.metadata.id).sort());
  });

  test('due alerts get warning annotations and the summary names them by advisory', async () => {
    withRecentAlerts(h.sim.state, new Date());
    const { run } = await judge({ 'fail-on-severity': 'high', 'grace-days': 'critical=0, high=30, medium=90' });
    const dueIds = ['GHSA-3h5v-q93c-6h6q', 'GHSA-hrpp-h998-j3pp'];
    expect(Object.keys(RECENT_ALERTS)).toEqual(expect.arrayContaining(dueIds));
    expect(run.outputs['due-count']).toBe('2');
    const warned = run.commands.filter((c) => c.command === 'warning').map((c) => `${c.properties.title} ${c.message}`);
    for (const id of dueIds) {
      expect(warned.some((w) => w.includes(id))).toBe(true);
      expect(run.summary).toContain(id);
    }
  });

  test('no readable createdAt (missing, null, not a date-time, a day the month lacks, over a day ahead): no grace', async () => {
    const days = 120;
    const gating = gatingUnder('high');
    // All recent (due) but these; a createdAt 12 hours ahead is clock skew and still has its grace.
    for (const a of gating) createdDaysAgo(a.metadata.id, 5);
    const unreadable: Record<string, unknown> = {
      'GHSA-jfh8-c2jp-5v3q': undefined,
      'GHSA-599f-7c49-w659': null,
      'GHSA-36p3-wjmg-h94x': 'yesterday',
      'GHSA-35jh-r3h4-6jhm': impossibleRecentDate(),
      'GHSA-cph5-m8f7-6c5x': new Date(Date.now() + 2 * DAY).toISOString(),
    };
    for (const [advisory, createdAt] of Object.entries(unreadable)) {
      const alert = alertOf(advisory) as { createdAt?: unknown };
      if (createdAt === undefined) delete alert.createdAt;
      else alert.createdAt = createdAt;
    }
    const skewed = new Date(Date.now() + 12 * 3_600_000).toISOString();
    alertOf('GHSA-8hfj-j24r-96c4').createdAt = skewed;
    const { run, report } = await judge({ 'fail-on-severity': 'high', 'grace-days': `critical=${days}, high=${days}` });

    const alerts = byAdvisory(report);
    expect(Object.fromEntries(Object.keys(unreadable).map((id) => [id, alerts.get(id)?.status]))).toEqual(
      Object.fromEntries(Object.keys(unreadable).map((id) => [id, 'gating'])),
    );
    expect(Object.keys(unreadable).map((id) => alerts.get(id)?.dueOn)).toEqual([null, null, null, null, null]);
    expect(alerts.get('GHSA-8hfj-j24r-96c4')).toMatchObject({ status: 'due', dueOn: dueOn(skewed, days) });
    expect(run.outputs['gating-count']).toBe('5');
    expect(run.outputs['due-count']).toBe(String(gating.length - 5));
    expect(run.exitCode).toBe(1);
  });

  test('unknown=days applies to unknown alerts when they gate (fail-on-severity: low), and only then', async () => {
    const unknown = webshopAlerts(h.sim).filter((a) => severityOf(a) === 'unknown' && a.isAlerted);
    expect(unknown.length).toBeGreaterThan(0);
    const created = Object.fromEntries(unknown.map((a) => [a.metadata.id, createdDaysAgo(a.metadata.id, 3)]));
    const grace = { 'grace-days': 'unknown=30' };

    const low = await judge({ 'fail-on-severity': 'low', ...grace });
    const lowAlerts = byAdvisory(low.report);
    expect(Object.fromEntries(unknown.map((a) => [a.metadata.id, lowAlerts.get(a.metadata.id)?.dueOn]))).toEqual(
      Object.fromEntries(unknown.map((a) => [a.metadata.id, dueOn(created[a.metadata.id]!, 30)])),
    );
    expect(low.run.outputs['due-count']).toBe(String(unknown.length));
    // The other severities have no days: they gate, with no due date.
    expect(low.report.alerts.filter((a) => a.status === 'gating' && a.dueOn !== null)).toEqual([]);
    expect(low.run.outputs['gating-count']).toBe(String(gatingUnder('low').length - unknown.length));

    const medium = await judge({ 'fail-on-severity': 'medium', ...grace });
    expect(medium.run.outputs['due-count']).toBe('0');
    expect(unknown.map((a) => byAdvisory(medium.report).get(a.metadata.id)?.status)).toEqual(
      unknown.map(() => 'below-threshold'),
    );
  });
});

describe('grace and resolution together, and what neither touches', () => {
  test('a resolved alert is not due (resolution wins); the one the change leaves is due', async () => {
    const critical = gatingUnder('critical');
    for (const a of critical) createdDaysAgo(a.metadata.id, 3);
    const springDue = dueOn(alertOf('GHSA-36p3-wjmg-h94x').createdAt!, 30);
    // The fix without spring-beans.
    fake.github.compares.set(
      compareKey(),
      fixPullRequestChanges(h.sim.state).filter((e) => !e.name.includes('spring-beans')),
    );
    // Expired allow entries for both: neither alert gates again, and the warnings must not say it does.
    const expiredAllow = 'GHSA-599f-7c49-w659 until 2020-01-31, GHSA-36p3-wjmg-h94x until 2020-01-31';
    const { run, report } = await judge(
      { 'fail-on-severity': 'critical', 'grace-days': 'critical=30', 'allow-alerts': expiredAllow },
      { event: pullRequestEvent() },
    );
    const expired = run.warnings.filter((w) => /allow-alerts entry .* expired/.test(w));
    expect(expired).toHaveLength(2);
    expect(expired.filter((w) => /gate again/.test(w))).toEqual([]);
    const alerts = byAdvisory(report);
    const want = Object.fromEntries(
      critical.map((a) => [
        a.metadata.id,
        a.metadata.id === 'GHSA-36p3-wjmg-h94x'
          ? { status: 'due', dueOn: springDue }
          : { status: 'resolved', dueOn: null },
      ]),
    );
    expect(
      Object.fromEntries(
        critical.map((a) => [
          a.metadata.id,
          { status: alerts.get(a.metadata.id)?.status, dueOn: alerts.get(a.metadata.id)?.dueOn },
        ]),
      ),
    ).toEqual(want);
    expect({
      exitCode: run.exitCode,
      'resolved-count': run.outputs['resolved-count'],
      'due-count': run.outputs['due-count'],
      'next-due': run.outputs['next-due'],
    }).toEqual({ exitCode: 0, 'resolved-count': String(critical.length - 1), 'due-count': '1', 'next-due': springDue });
  });

  test('license violations and fail-on-critical-issues still fail with every alert due, or resolved', async () => {
    const critical = gatingUnder('critical');
    for (const a of critical) createdDaysAgo(a.metadata.id, 3);
    const policy = {
      'fail-on-severity': 'critical',
      'deny-licenses': 'GPL-3.0-only',
      'fail-on-critical-issues': 'true',
    };

    const due = await judge({ ...policy, 'grace-days': 'critical=30' });
    fake.github.compares.set(compareKey(), fixPullRequestChanges(h.sim.state));
    const resolved = await judge(policy, { eventName: 'merge_group', event: mergeGroupEvent() });

    for (const [what, { run, report }] of Object.entries({ due, resolved })) {
      expect({
        what,
        exitCode: run.exitCode,
        result: run.outputs.result,
        'gating-count': run.outputs['gating-count'],
        'license-violations': run.outputs['license-violations'],
        reasons: report.verdict.reasons.length,
      }).toEqual({ what, exitCode: 1, result: 'fail', 'gating-count': '0', 'license-violations': '1', reasons: 2 });
      expect(report.verdict.reasons.join(' ')).toMatch(/license policy.*critical issue/s);
    }
    expect(due.run.outputs['due-count']).toBe(String(critical.length));
    expect(resolved.run.outputs['resolved-count']).toBe(String(critical.length));
    expect(notices(resolved.run)).toEqual([]);
  });
});

describe('grace-days input errors', () => {
  test('a severity twice, an unknown severity, days over 3650: one input error naming each, before any request', async () => {
    fake.github.compares.set(compareKey(), fixPullRequestChanges(h.sim.state));
    const run = await h.gate(
      { 'grace-days': 'high=30, HIGH = 10, severe=5, medium=3651', 'set-pr-scanning': 'true' },
      { event: pullRequestEvent(), env: { GITHUB_API_URL: fake.github.url } },
    );
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(run.errors).toHaveLength(1);
    const message = run.errors[0]!;
    expect(message).toMatch(/grace-days/);
    expect(message).toMatch(/high is given twice/);
    expect(message).toMatch(/"severe" is not a severity/);
    expect(message).toMatch(/"medium=3651": days must be a whole number from 0 to 3650/);
    expect(h.sim.requests).toEqual([]);
    expect(fake.github.requests).toEqual([]);
  });
});

/**
 * A createdAt on a day its month does not have (the 31st of a shorter month), in the last three
 * months: read as a real date it would still be inside a 120-day grace period.
 */
function impossibleRecentDate(): string {
  const now = new Date();
  for (let back = 1; back <= 3; back++) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const daysInMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
    if (daysInMonth < 31) return `${first.toISOString().slice(0, 8)}31T12:00:00Z`;
  }
  throw new Error('three months of 31 days in a row');
}
