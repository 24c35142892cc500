import { failureMessage, gateVerdict, severityCounts } from '../../src/policy/gate.js';
import { isOnlyUnreachable } from '../../src/policy/verdict.js';
import { evaluateAlerts, type PolicyOptions } from '../fixtures/judge.js';
import { makeEvaluated } from '../fixtures/result.js';
import { alertSeverity } from '../../src/api/severity.js';
import type {
  Alert,
  AlertStatus,
  AllowEntry,
  EvaluatedAlert,
  LicenseFinding,
  Reachability,
  Severity,
  Verdict,
} from '../../src/model.js';

interface AlertSpec {
  id?: string;
  advisory?: string;
  aliases?: string[];
  /** The service's severity word; the alert's severity is what the API edge makes of it and the score. */
  severity?: string | null;
  score?: number | null;
  alerted?: boolean;
  reach?: Reachability | null;
  pkg?: string;
}

let serial = 0;
function makeAlert(spec: AlertSpec = {}): Alert {
  serial += 1;
  const score = spec.score === undefined ? null : spec.score;
  return {
    id: spec.id ?? `alert-${serial}`,
    advisory: spec.advisory ?? `GHSA-${serial}`,
    aliases: spec.aliases ?? [],
    severity: alertSeverity(spec.severity === undefined ? 'critical' : spec.severity, score),
    score,
    alerted: spec.alerted ?? true,
    reachability: spec.reach ?? null,
    package: spec.pkg ?? 'pkg:npm/lodash@4.17.20',
    summary: 'summary',
    description: 'description',
    references: [],
    languages: ['javascript'],
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

/** An already-evaluated alert, for verdict and message tests. */
function gated(
  severity: Severity,
  score: number | null,
  advisory: string,
  status: AlertStatus = 'gating',
  pkg?: string,
): EvaluatedAlert {
  return makeEvaluated({ ...makeAlert({ advisory, severity, score, pkg }), status });
}

const options = (over: Partial<PolicyOptions> = {}): PolicyOptions => ({
  failOn: 'critical',
  ignoreUnreachable: false,
  allow: [],
  failOnCriticalIssues: false,
  today: '2026-06-01',
  ...over,
});

const ONLY_UNREACHABLE = { reachable: 0, needsReview: 0, unreachable: 2 };

describe('isOnlyUnreachable', () => {
  test.each<[string, Reachability | null, boolean]>([
    ['only unreachable uses', ONLY_UNREACHABLE, true],
    ['a reachable use', { reachable: 1, needsReview: 0, unreachable: 2 }, false],
    ['a use that needs review', { reachable: 0, needsReview: 1, unreachable: 2 }, false],
    ['no uses at all', { reachable: 0, needsReview: 0, unreachable: 0 }, false],
    ['null counts (no analysis)', null, false],
  ])('%s: %p', (_case, counts, expected) => {
    expect(isOnlyUnreachable(counts)).toBe(expected);
  });
});

describe('evaluateAlerts: status', () => {
  test.each<[string, AlertSpec, Partial<PolicyOptions>, AlertStatus]>([
    ['a critical alert at fail-on critical gates', { severity: 'critical' }, {}, 'gating'],
    ['a high alert at fail-on critical is below the threshold', { severity: 'high' }, {}, 'below-threshold'],
    ['a high alert at fail-on high gates', { severity: 'high' }, { failOn: 'high' }, 'gating'],
    ['a score-only 7.0 alert at fail-on high gates', { severity: null, score: 7.0 }, { failOn: 'high' }, 'gating'],
    [
      'a score-only 6.9 alert at fail-on high is below',
      { severity: null, score: 6.9 },
      { failOn: 'high' },
      'below-threshold',
    ],
    ['a moderate alert at fail-on medium gates', { severity: 'Moderate' }, { failOn: 'medium' }, 'gating'],
    [
      'an unknown alert at fail-on medium is below',
      { severity: null, score: null },
      { failOn: 'medium' },
      'below-threshold',
    ],
    ['an unknown alert at fail-on low gates', { severity: null, score: null }, { failOn: 'low' }, 'gating'],
    ['any alert at fail-on none is below', { severity: 'critical', score: 10 }, { failOn: 'none' }, 'below-threshold'],
    ['alerted false never gates', { alerted: false }, { failOn: 'low' }, 'not-alerted'],
    ['alerted false wins over below-threshold', { alerted: false, severity: 'low' }, {}, 'not-alerted'],
    ['only-unreachable gates when ignore-unreachable is off', { reach: ONLY_UNREACHABLE }, {}, 'gating'],
    [
      'only-unreachable is ignored when ignore-unreachable is on',
      { reach: ONLY_UNREACHABLE },
      { ignoreUnreachable: true },
      'unreachable',
    ],
    [
      'a reachable alert gates with ignore-unreachable on',
      { reach: { reachable: 1, needsReview: 0, unreachable: 3 } },
      { ignoreUnreachable: true },
      'gating',
    ],
    [
      'an alert without analysis gates with ignore-unreachable on',
      { reach: null },
      { ignoreUnreachable: true },
      'gating',
    ],
    [
      'below-threshold wins over unreachable',
      { severity: 'low', reach: ONLY_UNREACHABLE },
      { ignoreUnreachable: true },
      'below-threshold',
    ],
    [
      'unreachable wins over allowed',
      { advisory: 'GHSA-1', reach: ONLY_UNREACHABLE },
      { ignoreUnreachable: true, allow: [{ id: 'GHSA-1' }] },
      'unreachable',
    ],
    ['an allow entry by advisory id allows', { advisory: 'GHSA-abcd' }, { allow: [{ id: 'ghsa-ABCD' }] }, 'allowed'],
    [
      'an allow entry by alias allows',
      { advisory: 'GHSA-abcd', aliases: ['CVE-2024-1'] },
      { allow: [{ id: 'cve-2024-1' }] },
      'allowed',
    ],
    [
      'an allow entry until today allows',
      { advisory: 'GHSA-1' },
      { allow: [{ id: 'GHSA-1', until: '2026-06-01' }] },
      'allowed',
    ],
    [
      'an allow entry until yesterday does not allow',
      { advisory: 'GHSA-1' },
      { allow: [{ id: 'GHSA-1', until: '2026-05-31' }] },
      'gating',
    ],
    [
      'an allow entry for another advisory does not allow',
      { advisory: 'GHSA-1' },
      { allow: [{ id: 'GHSA-2' }] },
      'gating',
    ],
  ])('%s', (_case, spec, opts, expected) => {
    const { alerts } = evaluateAlerts([makeAlert(spec)], options(opts));
    expect(alerts[0]?.status).toBe(expected);
  });

  test('keeps input order and every field of each alert, adding its status and disposition (nothing resolved or due yet)', () => {
    const input = [
      makeAlert({ severity: 'low', score: 2.5 }),
      makeAlert({
        severity: 'critical',
        score: null,
        aliases: ['CVE-1'],
        reach: { reachable: 0, needsReview: 2, unreachable: 1 },
      }),
      makeAlert({ severity: null, score: 8.1 }),
    ];
    const { alerts } = evaluateAlerts(input, options());
    const fresh = {
      resolution: null,
      changedByPullRequest: false,
      dueOn: null,
      daysLeft: null,
      knownExploited: null,
      epss: null,
      vex: null,
    };
    const below = {
      gates: false,
      rule: 'below-threshold',
      grounds: [],
      reason: 'below the critical threshold',
      flagged: false,
    };
    const gates = {
      gates: true,
      rule: 'severity',
      grounds: ['severity'],
      reason: 'at or above the critical threshold',
      flagged: false,
    };
    expect(alerts).toEqual([
      { ...input[0], ...fresh, status: 'below-threshold', disposition: below },
      { ...input[1], ...fresh, status: 'gating', disposition: gates },
      { ...input[2], ...fresh, status: 'below-threshold', disposition: below },
    ]);
    expect(alerts.map((e) => [e.severity, e.score])).toEqual([
      ['low', 2.5],
      ['critical', null],
      ['high', 8.1],
    ]);
  });

  test('records the first active entry that allowed the alert, skipping an expired one', () => {
    const expired: AllowEntry = { id: 'GHSA-1', until: '2026-01-01' };
    const active: AllowEntry = { id: 'CVE-1', reason: 'not shipped' };
    const { alerts } = evaluateAlerts(
      [makeAlert({ advisory: 'GHSA-1', aliases: ['CVE-1'] })],
      options({ allow: [expired, active] }),
    );
    expect(alerts[0]).toMatchObject({ status: 'allowed', allowedBy: active });
  });

  test('sets no allowedBy on alerts that are not allowed', () => {
    const { alerts } = evaluateAlerts(
      [makeAlert({ advisory: 'GHSA-1', severity: 'low' })],
      options({ allow: [{ id: 'GHSA-1' }] }),
    );
    expect(alerts[0]?.status).toBe('below-threshold');
    expect(alerts[0]).not.toHaveProperty('allowedBy');
  });
});

describe('evaluateAlerts: warnings', () => {
  const warn = (alerts: Alert[], allow: AllowEntry[]) => evaluateAlerts(alerts, options({ allow })).warnings;

  test('warns about an expired entry whose alerts gate again, naming id, date and count', () => {
    const alerts = [makeAlert({ advisory: 'GHSA-1' }), makeAlert({ advisory: 'GHSA-1', pkg: 'pkg:npm/other@1.0.0' })];
    expect(warn(alerts, [{ id: 'GHSA-1', until: '2026-05-31' }])).toEqual([
      {
        kind: 'expired-allow',
        message:
          'allow-alerts entry GHSA-1 expired: its until date 2026-05-31 has passed, so it suppresses nothing. 2 alerts it matches fail the gate again.',
      },
    ]);
  });

  test.each<[string, AlertSpec, string]>([
    ['one alert gates again (singular)', { advisory: 'GHSA-1' }, ' 1 alert it matches fails the gate again.'],
    ['its alert is below the threshold: nothing gates again', { advisory: 'GHSA-1', severity: 'low' }, ''],
  ])('expired entry: %s', (_case, spec, tail) => {
    expect(warn([makeAlert(spec)], [{ id: 'GHSA-1', until: '2026-05-31' }])).toEqual([
      {
        kind: 'expired-allow',
        message: `allow-alerts entry GHSA-1 expired: its until date 2026-05-31 has passed, so it suppresses nothing.${tail}`,
      },
    ]);
  });

  test('does not count alerts still allowed by another active entry as gating again', () => {
    const allow = [{ id: 'GHSA-1', until: '2026-05-31' }, { id: 'CVE-1' }];
    const warnings = warn([makeAlert({ advisory: 'GHSA-1', aliases: ['CVE-1'] })], allow);
    expect(warnings.map((w) => w.message)).toEqual([
      'allow-alerts entry GHSA-1 expired: its until date 2026-05-31 has passed, so it suppresses nothing.',
    ]);
  });

  test('warns that an entry matching no alert can be removed or is mistyped', () => {
    expect(warn([makeAlert({ advisory: 'GHSA-1' })], [{ id: 'GHSA-1' }, { id: 'GHSA-typo' }])).toEqual([
      {
        kind: 'unmatched-allow',
        message:
          'allow-alerts entry GHSA-typo matches no alert of this repository: it can be removed, or the id may be mistyped.',
      },
    ]);
  });

  test('counts a match on any alert, even one that would not gate, as matched', () => {
    const alerts = [
      makeAlert({ advisory: 'GHSA-1', alerted: false }),
      makeAlert({ advisory: 'GHSA-2', severity: 'low' }),
    ];
    expect(warn(alerts, [{ id: 'GHSA-1' }, { id: 'GHSA-2' }])).toEqual([]);
  });

  test('warns both ways about an expired entry that matches nothing', () => {
    expect(warn([], [{ id: 'GHSA-9', until: '2026-01-01' }]).map((w) => w.kind)).toEqual([
      'expired-allow',
      'unmatched-allow',
    ]);
  });

  test('gives a duplicated entry one warning, not two', () => {
    const allow = [
      { id: 'GHSA-9', until: '2026-01-01' },
      { id: 'GHSA-9', until: '2026-01-01', reason: 'again' },
    ];
    expect(warn([], allow)).toHaveLength(2);
  });

  test('gives no warning for active, matching entries more than 7 days from their end', () => {
    expect(warn([makeAlert({ advisory: 'GHSA-1' })], [{ id: 'GHSA-1', until: '2026-06-09' }])).toEqual([]);
  });
});

describe('severityCounts', () => {
  test.each<[string, Severity[], Record<Severity, number>]>([
    ['no alerts: every key zero', [], { critical: 0, high: 0, medium: 0, low: 0, unknown: 0 }],
    ['a mixture', ['high', 'critical', 'high', 'unknown'], { critical: 1, high: 2, medium: 0, low: 0, unknown: 1 }],
  ])('%s', (_case, severities, expected) => {
    expect(severityCounts(severities.map((s, i) => gated(s, null, `A${i}`)))).toEqual(expected);
  });

  test('counts every alert whatever its status', () => {
    const alerts = [
      gated('low', null, 'A', 'not-alerted'),
      gated('low', null, 'B', 'allowed'),
      gated('low', null, 'C'),
    ];
    expect(severityCounts(alerts).low).toBe(3);
  });
});

describe('gateVerdict', () => {
  const failOn = { failOn: 'high', failOnCriticalIssues: false } as const;

  test.each<[string, EvaluatedAlert[], string]>([
    ['one alert (singular)', [gated('high', 7.5, 'A')], '1 alert at or above high fails the gate (1 high).'],
    [
      'several alerts, broken down worst first',
      [
        gated('high', 7.5, 'A'),
        gated('critical', 9.8, 'B'),
        gated('high', null, 'C'),
        gated('critical', null, 'D'),
        gated('high', 8, 'E'),
      ],
      '5 alerts at or above high fail the gate (2 critical, 3 high).',
    ],
  ])('fails on gating alerts: %s', (_case, alerts, reason) => {
    const others = [gated('low', 1, 'L', 'below-threshold'), gated('critical', 9, 'X', 'allowed')];
    expect(gateVerdict([...alerts, ...others], failOn, null)).toMatchObject({ result: 'fail', reasons: [reason] });
  });

  test.each<[string, AlertStatus[], string]>([
    ['none spared: no clause', [], '1 alert at or above high fails the gate (1 high).'],
    [
      'one resolved',
      ['resolved'],
      '1 alert at or above high fails the gate (1 high); 1 resolved by this pull request does not.',
    ],
    ['one due', ['due'], '1 alert at or above high fails the gate (1 high); 1 inside its grace period does not.'],
    [
      'both, several',
      ['resolved', 'due', 'due', 'below-threshold', 'allowed'],
      '1 alert at or above high fails the gate (1 high); 1 resolved by this pull request and 2 inside their grace period do not.',
    ],
  ])('a failure names the alerts that would gate but do not: %s', (_case, statuses, reason) => {
    const alerts = [gated('high', 7.5, 'A'), ...statuses.map((status, i) => gated('high', 7.5, `S${i}`, status))];
    expect(gateVerdict(alerts, failOn, null).reasons).toEqual([reason]);
  });

  test('lists only the gating alerts, worst first', () => {
    const alerts = [
      gated('high', 7.5, 'A'),
      gated('critical', 9.9, 'Z', 'allowed'),
      gated('critical', 9.1, 'B'),
      gated('high', 8.8, 'C'),
    ];
    expect(gateVerdict(alerts, failOn, null).gating.map((e) => e.advisory)).toEqual(['B', 'C', 'A']);
  });

  test('does not reorder the evaluated alerts it is given', () => {
    const alerts = [gated('high', 7.5, 'A'), gated('critical', 9.1, 'B')];
    gateVerdict(alerts, failOn, null);
    expect(alerts.map((e) => e.advisory)).toEqual(['A', 'B']);
  });

  test.each<[string, boolean, { criticalIssues: number } | null, Verdict['result'], string[]]>([
    [
      'critical issues fail when asked (plural)',
      true,
      { criticalIssues: 3 },
      'fail',
      ['The security posture shows 3 open critical issues for this repository (fail-on-critical-issues).'],
    ],
    [
      'one critical issue fails when asked (singular)',
      true,
      { criticalIssues: 1 },
      'fail',
      ['The security posture shows 1 open critical issue for this repository (fail-on-critical-issues).'],
    ],
    ['zero critical issues pass', true, { criticalIssues: 0 }, 'pass', ['No alert at or above high.']],
    [
      'critical issues are ignored when not asked',
      false,
      { criticalIssues: 3 },
      'pass',
      ['No alert at or above high.'],
    ],
    // Without the row the alerts decide here; assemble adds the error that takes the pass away.
    ['a missing posture row: the verdict of the alerts alone', true, null, 'pass', ['No alert at or above high.']],
    ['a missing posture row is not mentioned when not asked', false, null, 'pass', ['No alert at or above high.']],
  ])('%s', (_case, failOnCriticalIssues, row, result, reasons) => {
    expect(gateVerdict([], { failOn: 'high', failOnCriticalIssues }, row)).toEqual({ result, reasons, gating: [] });
  });

  test('counts the packages that violate the license policy as license-violations does: one under two entries once', () => {
    const finding = (license: string): LicenseFinding => ({
      package: 'x@1.0.0',
      ecosystem: 'npm',
      license,
      expression: license,
      status: 'violation',
      gates: true,
      location: null,
    });
    const verdict = gateVerdict([], { failOn: 'high', failOnCriticalIssues: false }, null, [
      finding('GPL-3.0-only'),
      finding('AGPL-3.0-only'),
    ]);
    expect(verdict.reasons).toEqual([
      '1 package violates the license policy: x@1.0.0 (GPL-3.0-only), x@1.0.0 (AGPL-3.0-only).',
    ]);
  });

  test('gives one reason per cause when both alerts and critical issues fail', () => {
    const verdict = gateVerdict(
      [gated('critical', 9.8, 'A')],
      { failOn: 'critical', failOnCriticalIssues: true },
      { criticalIssues: 2 },
    );
    expect(verdict.reasons).toEqual([
      '1 alert at or above critical fails the gate (1 critical).',
      'The security posture shows 2 open critical issues for this repository (fail-on-critical-issues).',
    ]);
  });

  test.each<[string, AlertStatus[], string]>([
    ['no alerts', [], 'No alert at or above critical.'],
    [
      'every non-zero part',
      [
        'allowed',
        'allowed',
        'allowed',
        'unreachable',
        'unreachable',
        ...Array<AlertStatus>(12).fill('below-threshold'),
        'not-alerted',
      ],
      'No alert at or above critical (3 allowed, 2 unreachable ignored, 12 below the threshold, 1 not alerted).',
    ],
    [
      'only the non-zero parts',
      ['below-threshold', 'allowed'],
      'No alert at or above critical (1 allowed, 1 below the threshold).',
    ],
  ])('passes saying why: %s', (_case, statuses, reason) => {
    const alerts = statuses.map((status, i) => gated('critical', null, `A${i}`, status));
    expect(gateVerdict(alerts, { failOn: 'critical', failOnCriticalIssues: false }, null)).toEqual({
      result: 'pass',
      reasons: [reason],
      gating: [],
    });
  });

  test('passes at fail-on-severity none saying alerts never fail', () => {
    const alerts = [gated('critical', 10, 'A', 'below-threshold')];
    expect(gateVerdict(alerts, { failOn: 'none', failOnCriticalIssues: false }, null).reasons).toEqual([
      'fail-on-severity is none: no alert fails the gate on its severity.',
    ]);
  });

  test('fails at fail-on-severity none on critical issues alone', () => {
    const verdict = gateVerdict([], { failOn: 'none', failOnCriticalIssues: true }, { criticalIssues: 1 });
    expect(verdict.result).toBe('fail');
  });
});

describe('failureMessage', () => {
  const alerts = [
    gated('critical', 9.8, 'GHSA-aaaa', 'gating', 'pkg:npm/lodash@4.17.20'),
    gated('critical', null, 'GHSA-bbbb', 'gating', 'pkg:npm/minimist@0.0.8'),
    gated('high', 7.5, 'GHSA-cccc', 'gating', 'pkg:pypi/requests@2.0.0'),
  ];
  const verdict = gateVerdict(alerts, { failOn: 'high', failOnCriticalIssues: false }, null);
  const reason = 'Security gate failed: 3 alerts at or above high fail the gate (2 critical, 1 high).';

  test.each<[string, number | undefined, string]>([
    [
      'lists every alert when they fit',
      undefined,
      `${reason} Worst: GHSA-aaaa (critical 9.8, pkg:npm/lodash@4.17.20), GHSA-bbbb (critical, pkg:npm/minimist@0.0.8), GHSA-cccc (high 7.5, pkg:pypi/requests@2.0.0). See the job summary for details.`,
    ],
    [
      'truncates to max and says how many more',
      1,
      `${reason} Worst: GHSA-aaaa (critical 9.8, pkg:npm/lodash@4.17.20) and 2 more. See the job summary for details.`,
    ],
    [
      'lists exactly max alerts without a remainder',
      3,
      `${reason} Worst: GHSA-aaaa (critical 9.8, pkg:npm/lodash@4.17.20), GHSA-bbbb (critical, pkg:npm/minimist@0.0.8), GHSA-cccc (high 7.5, pkg:pypi/requests@2.0.0). See the job summary for details.`,
    ],
    ['says how many when max is 0', 0, `${reason} 3 gating alerts not listed. See the job summary for details.`],
  ])('%s', (_case, max, expected) => {
    expect(failureMessage(verdict, max)).toBe(expected);
  });

  test('truncates to 5 by default', () => {
    const many = Array.from({ length: 8 }, (_, i) => gated('high', 8 - i / 10, `GHSA-${i}`));
    const message = failureMessage(gateVerdict(many, { failOn: 'high', failOnCriticalIssues: false }, null));
    expect(message).toContain('GHSA-4 (high 7.6, pkg:npm/lodash@4.17.20) and 3 more.');
    expect(message).not.toContain('GHSA-5');
  });

  test('names the posture cause without a Worst list when no alert gates', () => {
    const only = gateVerdict([], { failOn: 'critical', failOnCriticalIssues: true }, { criticalIssues: 1 });
    expect(failureMessage(only)).toBe(
      'Security gate failed: The security posture shows 1 open critical issue for this repository (fail-on-critical-issues). See the job summary for details.',
    );
  });

  test('passes service text through unescaped (the logging layer neutralises it)', () => {
    const hostile = gated('critical', 9, '::stop-commands::x', 'gating', '%0A::set-output name=a::b');
    const message = failureMessage(gateVerdict([hostile], { failOn: 'critical', failOnCriticalIssues: false }, null));
    expect(message).toContain('::stop-commands::x (critical 9, %0A::set-output name=a::b)');
  });
});
