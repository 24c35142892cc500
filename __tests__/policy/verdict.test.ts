// The verdict's rules (src/policy/verdict.ts) where mutation testing (scripts/mutate-verdict.ts) found
// no test to tell a change apart: what a pull request brings in, which rule decides when several
// apply, which ground names a gating alert, what known-exploited: warn flags, the labels and marks an
// alert carries, and which copy of a duplicated alert counts. Expectations from the contract
// (/work/shared/spec/action.md) and, where it is silent, from the order docs/architecture.md documents.
import { describe, expect, test } from '@jest/globals';
import type {
  Alert,
  AlertStatus,
  EpssScore,
  IntroducedFinding,
  Resolution,
  Severity,
  VerdictRule,
  VexMark,
} from '../../src/model.js';
import { judgeAlerts, judgeFindings, type VerdictPolicy } from '../../src/policy/verdict.js';
import type { ChangeVerdict } from '../../src/policy/resolution.js';
import { kevEntry } from '../fixtures/kev.js';
import { makeAlert, makeFinding, makeVexMark } from '../fixtures/result.js';

const NOW = new Date('2024-06-07T12:00:00Z');
const CVE = 'CVE-2021-44228';
const LISTED = kevEntry(CVE);
const NOT_AFFECTED: VexMark = makeVexMark({ status: 'not_affected', justification: 'vulnerable_code_not_present' });
const REMOVAL: Resolution = { manifests: ['package-lock.json'], removed: '1.0.0', added: ['1.0.1'] };
/** Inside its grace period on NOW: created six days before, 30 days of grace for high. */
const RECENT = '2024-06-01T10:00:00Z';
/** Past any grace period on NOW. */
const LONG_AGO = '2020-01-01T00:00:00Z';

const policy = (over: Partial<VerdictPolicy> = {}): VerdictPolicy => ({
  failOn: 'high',
  ignoreUnreachable: false,
  allow: [],
  now: NOW,
  ...over,
});
const kev = (mode: 'warn' | 'fail') => ({ entries: new Map([[CVE, LISTED]]), mode });
const epss = (probability: number, threshold: number | null = 0.1) => ({
  scores: new Map<string, EpssScore>([[CVE, { cve: CVE, probability, percentile: 0.9, date: '2024-06-06' }]]),
  threshold,
});
/** An alert whose advisory's alias is CVE (listed in the catalog, scored by EPSS when they are read). */
const withCve = (over: Partial<Alert> = {}) => makeAlert({ aliases: [CVE], ...over });

const judge = (alert: Alert, over: Partial<VerdictPolicy> = {}) => {
  const [judged] = judgeAlerts([alert], policy(over));
  if (!judged) throw new Error('no alert judged');
  return judged;
};
const decided = (alert: Alert, over: Partial<VerdictPolicy> = {}) => {
  const { status, disposition } = judge(alert, over);
  return { status, rule: disposition.rule, grounds: disposition.grounds };
};

const finding = (severity: Severity, over: Partial<IntroducedFinding> = {}): IntroducedFinding =>
  makeFinding({ cves: [CVE], severity, ...over });

describe('what a pull request brings in (contract: "Brought in by the pull request")', () => {
  test.each<['fail' | 'warn', Severity, { status: AlertStatus; gates: boolean; flagged: boolean }]>([
    ['fail', 'critical', { status: 'gating', gates: true, flagged: false }],
    ['fail', 'high', { status: 'gating', gates: true, flagged: false }],
    ['fail', 'medium', { status: 'below-threshold', gates: false, flagged: false }],
    ['warn', 'high', { status: 'below-threshold', gates: false, flagged: true }],
    ['warn', 'medium', { status: 'below-threshold', gates: false, flagged: false }],
  ])('pr-introduced %s, fail-on-severity high: a %s finding', (introduced, severity, expected) => {
    const [judged] = judgeFindings([finding(severity)], { ...policy(), introduced });
    expect({
      status: judged?.status,
      gates: judged?.disposition.gates,
      flagged: judged?.disposition.flagged,
    }).toEqual(expected);
    if (expected.gates) expect(judged?.disposition.rule).toBe('introduced');
  });

  test('allow-alerts spares a finding through one of its CVE ids', () => {
    const [judged] = judgeFindings([finding('critical')], { ...policy({ allow: [{ id: CVE }] }), introduced: 'fail' });
    expect(judged?.status).toBe('allowed');
  });
});

describe('which ground names a gating alert: severity, then known-exploited, then epss, then introduced', () => {
  test('a critical alert the catalog lists, under known-exploited: fail, gates on its severity', () => {
    expect(decided(withCve({ severity: 'critical' }), { knownExploited: kev('fail') })).toEqual({
      status: 'gating',
      rule: 'severity',
      grounds: ['severity', 'known-exploited'],
    });
  });

  test('a low listed alert above the epss threshold gates as known exploited', () => {
    expect(decided(withCve({ severity: 'low' }), { knownExploited: kev('fail'), epss: epss(0.5) })).toEqual({
      status: 'gating',
      rule: 'known-exploited',
      grounds: ['known-exploited', 'epss'],
    });
  });

  test('a critical finding above the epss threshold gates by its EPSS probability', () => {
    const [judged] = judgeFindings([finding('critical')], { ...policy({ epss: epss(0.5) }), introduced: 'fail' });
    expect(judged && { rule: judged.disposition.rule, grounds: judged.disposition.grounds }).toEqual({
      rule: 'epss',
      grounds: ['epss', 'introduced'],
    });
  });
});

describe('which rule decides when several apply (the first of RULES)', () => {
  const change = (verdict: ChangeVerdict) => (): ChangeVerdict => verdict;
  test.each<[string, AlertStatus, VerdictRule, Alert, Partial<VerdictPolicy>]>([
    // "An alert with isAlerted: false is reported but never fails the gate"; vex-count still counts it.
    [
      'not alerted, and a VEX statement says not_affected',
      'not-alerted',
      'not-alerted',
      makeAlert({ alerted: false, severity: 'critical' }),
      { vex: () => NOT_AFFECTED },
    ],
    // "not_affected or fixed — the alert does not gate, whatever its severity ...; it is listed as not affected"
    [
      'below the threshold, and a VEX statement says not_affected',
      'not-affected',
      'vex',
      makeAlert({ severity: 'low' }),
      { vex: () => NOT_AFFECTED },
    ],
    // Only an alert that would otherwise gate is counted as resolved; an allowed one would not.
    [
      'allowed by allow-alerts, and resolved by the pull request',
      'allowed',
      'allowed',
      makeAlert({ advisory: 'GHSA-allo-wedx-xxxx', severity: 'critical' }),
      { allow: [{ id: 'GHSA-allo-wedx-xxxx' }], change: change({ resolution: REMOVAL, changed: true }) },
    ],
    // "A resolved alert is not due (resolution wins over a grace period)"
    [
      'inside its grace period, and resolved by the pull request',
      'resolved',
      'resolved',
      makeAlert({ severity: 'high', createdAt: RECENT }),
      { graceDays: { high: 30 }, change: change({ resolution: REMOVAL, changed: true }) },
    ],
  ])('%s: %s', (_name, status, rule, alert, over) => {
    expect(decided(alert, over)).toMatchObject({ status, rule });
  });
});

describe('known-exploited: warn flags what known-exploited: fail would gate, and nothing else', () => {
  test.each<[string, boolean, Alert, Partial<VerdictPolicy>]>([
    ['a listed alert below the threshold', true, withCve({ severity: 'medium' }), {}],
    ['a listed alert at the threshold', true, withCve({ severity: 'high' }), {}],
    ['a listed alert allow-alerts allows', false, withCve({ severity: 'medium' }), { allow: [{ id: CVE }] }],
    ['a listed alert the service did not alert on', false, withCve({ severity: 'medium', alerted: false }), {}],
    [
      'a listed alert only unreachable, under ignore-unreachable',
      false,
      withCve({ severity: 'medium', reachability: { reachable: 0, needsReview: 0, unreachable: 1 } }),
      { ignoreUnreachable: true },
    ],
    ['an alert at the threshold the catalog does not list', false, makeAlert({ severity: 'critical' }), {}],
  ])('%s: flagged %s', (_name, flagged, alert, over) => {
    expect(judge(alert, { knownExploited: kev('warn'), ...over }).disposition.flagged).toBe(flagged);
  });
});

describe('labels and marks', () => {
  // '"changed by this pull request" labels any listed alert whose package has an entry in the change
  // and that the change does not resolve (never one it does)'
  test.each<[string, boolean, ChangeVerdict]>([
    ['touches its package without resolving it', true, { resolution: null, changed: true }],
    ['resolves it', false, { resolution: REMOVAL, changed: true }],
    ['does not touch its package', false, { resolution: null, changed: false }],
  ])('the change %s: changedByPullRequest %s', (_name, changed, verdict) => {
    expect(judge(makeAlert(), { change: () => verdict }).changedByPullRequest).toBe(changed);
  });

  // "A CVE the source does not score has no score: shown as such" (the JSON report's epssMissing).
  test.each<[string, boolean, Alert, boolean]>([
    ['its CVE id not scored', true, withCve({ aliases: ['CVE-2024-0001'] }), true],
    ['its CVE id scored', false, withCve(), true],
    ['no CVE id', false, makeAlert({ aliases: [] }), true],
    ['its CVE id, EPSS off', false, withCve({ aliases: ['CVE-2024-0001'] }), false],
  ])('an alert with %s: "no EPSS score" %s', (_name, missing, alert, read) => {
    const judged = judge(alert, read ? { epss: epss(0.5, null) } : {});
    expect(judged.epssMissing === true).toBe(missing);
  });
});

describe('an alert read twice with different content counts as its copy judged worst', () => {
  const twice = (copies: Alert[], over: Partial<VerdictPolicy>) => {
    const [judged] = judgeAlerts([copies[0]!], policy(over), new Map([[copies[0]!.id, copies]]));
    if (!judged) throw new Error('no alert judged');
    return judged;
  };
  const orders = <T>(a: T, b: T) =>
    [
      ['in this order', [a, b]],
      ['the other way round', [b, a]],
    ] as const;

  // "So a recent copy inside its grace period never hides a copy 400 days overdue", even a worse one.
  test.each(
    orders(
      makeAlert({ id: 'dup', severity: 'high', createdAt: LONG_AGO }),
      makeAlert({ id: 'dup', severity: 'critical', createdAt: RECENT }),
    ),
  )('a gating high copy and a critical one coming due, %s: gating', (_order, copies) => {
    const judged = twice([...copies], { graceDays: { critical: 30 } });
    expect({ status: judged.status, severity: judged.severity }).toEqual({ status: 'gating', severity: 'high' });
  });

  test.each(
    orders(
      makeAlert({ id: 'dup', severity: 'high', createdAt: RECENT }),
      makeAlert({
        id: 'dup',
        severity: 'critical',
        createdAt: LONG_AGO,
        reachability: { reachable: 0, needsReview: 0, unreachable: 1 },
      }),
    ),
  )('a high copy coming due and a critical one only unreachable, %s: coming due', (_order, copies) => {
    const judged = twice([...copies], { graceDays: { high: 30 }, ignoreUnreachable: true });
    expect({ status: judged.status, severity: judged.severity }).toEqual({ status: 'due', severity: 'high' });
  });

  test.each(
    orders(makeAlert({ id: 'dup', severity: 'medium' }), makeAlert({ id: 'dup', severity: 'medium', aliases: [CVE] })),
  )('two copies alike but for a CVE id the catalog lists, %s: the listed one', (_order, copies) => {
    expect(twice([...copies], { knownExploited: kev('warn') }).knownExploited).toEqual(LISTED);
  });
});
