import { FALLBACK_MANIFEST_PATH } from '../../src/packages/locations.js';
import {
  buildAnnotations,
  buildWarningAnnotations,
  MAX_ERROR_ANNOTATIONS,
  MAX_WARNING_ANNOTATIONS,
} from '../../src/reports/annotations.js';
import type { EvaluatedAlert, EvaluatedFinding, GateResult, ManifestLocation } from '../../src/model.js';
import {
  makeEvaluated,
  makeEvaluatedFinding,
  makeKevEntry,
  makeKevView,
  makeResult,
  type EvaluatedOverrides,
} from '../fixtures/result.js';

function annotate(overrides: EvaluatedOverrides) {
  const { annotations } = buildAnnotations(makeResult({ alerts: [makeEvaluated(overrides)] }));
  expect(annotations).toHaveLength(1);
  return annotations[0]!;
}

function gatingAlerts(n: number): EvaluatedAlert[] {
  return Array.from({ length: n }, (_, i) => makeEvaluated({ advisory: `GHSA-many-${String(i).padStart(4, '0')}` }));
}

const lodash: ManifestLocation = { path: 'web/package.json', startLine: 12, endLine: 14, package: 'lodash@4.17.20' };

describe('buildAnnotations: one per gating alert', () => {
  test('titles the annotation with severity, advisory and package, and places it on the manifest lines', () => {
    const annotation = annotate({
      severity: 'critical',
      score: 9.8,
      locations: [lodash, { ...lodash, path: 'other/package.json' }],
      advisory: 'GHSA-35jh-r3h4-6jhm',
      summary: 'Command injection in lodash',
      references: ['https://github.com/advisories/GHSA-35jh-r3h4-6jhm', 'https://nvd.nist.gov/x'],
      reachability: { reachable: 2, needsReview: 0, unreachable: 1 },
    });
    expect(annotation).toEqual({
      title: 'critical GHSA-35jh-r3h4-6jhm in lodash@4.17.20',
      message:
        'Command injection in lodash · Score 9.8 · Reachability: 2 reachable · https://github.com/advisories/GHSA-35jh-r3h4-6jhm',
      file: 'web/package.json',
      startLine: 12,
      endLine: 14,
    });
  });

  test.each<[string, EvaluatedOverrides, Partial<Record<'title' | 'message', string>> & { file?: string }]>([
    [
      'no locations (packages not read): no file, package from the identifier',
      { severity: 'high', advisory: 'GHSA-1', package: 'pkg:npm/%40babel/core@7.0.0' },
      { title: 'high GHSA-1 in @babel/core@7.0.0' },
    ],
    [
      'the fallback path: no file (it is not a real file)',
      { locations: [{ path: FALLBACK_MANIFEST_PATH, startLine: 1, endLine: 1, package: null }] },
      {},
    ],
    [
      'line 1 of the first manifest: that file',
      { locations: [{ path: 'package.json', startLine: 1, endLine: 1, package: null }] },
      { file: 'package.json' },
    ],
    [
      'no score',
      { score: null, summary: 'S', references: [], reachability: null },
      { message: 'S · Score none · Reachability: not analysed' },
    ],
    [
      'needs review',
      { score: 5, summary: 'S', references: [], reachability: { reachable: 0, needsReview: 3, unreachable: 0 } },
      { message: 'S · Score 5 · Reachability: needs review' },
    ],
    [
      'the first http(s) reference, not the first reference',
      {
        score: 5,
        summary: 'S',
        references: ['CVE-2024-1', 'javascript:alert(1)', 'https://a.example/x'],
        reachability: null,
      },
      { message: 'S · Score 5 · Reachability: not analysed · https://a.example/x' },
    ],
    [
      'an empty summary',
      { score: 5, summary: '  ', references: [], reachability: null },
      { message: 'No summary given · Score 5 · Reachability: not analysed' },
    ],
    [
      'line breaks and controls collapsed to single spaces',
      { score: 5, summary: 'one\r\ntwo\n\n::error::three\u0007\u202Efour', references: [], reachability: null },
      { message: 'one two ::error::three four · Score 5 · Reachability: not analysed' },
    ],
    [
      'line breaks in the title collapsed',
      { severity: 'low', advisory: 'GHSA-\nX', package: 'evil\n::warning::x@1' },
      { title: 'low GHSA- X in evil ::warning::x@1' },
    ],
  ])('%s', (_case, overrides, expected) => {
    const annotation = annotate(overrides);
    expect(annotation).toMatchObject({ ...expected });
    if (expected.file === undefined) {
      expect(annotation.file).toBeUndefined();
      expect(annotation.startLine).toBeUndefined();
    }
  });

  test('cuts a long summary to 500 characters', () => {
    const annotation = annotate({ summary: 'x'.repeat(5_000) });
    const summary = annotation.message.split(' · ')[0]!;
    expect(Array.from(summary)).toHaveLength(500);
    expect(summary.endsWith('…')).toBe(true);
  });

  test('annotates only gating alerts', () => {
    const alerts = [
      makeEvaluated({ status: 'allowed' }),
      makeEvaluated({ status: 'below-threshold' }),
      makeEvaluated({ advisory: 'GHSA-gates' }),
    ];
    const { annotations } = buildAnnotations(makeResult({ alerts }));
    expect(annotations.map((a) => a.title)).toEqual([expect.stringContaining('GHSA-gates')]);
  });

  test('no gating alerts: no annotations', () => {
    expect(buildAnnotations(makeResult({ alerts: [makeEvaluated({ status: 'allowed' })] }))).toEqual({
      annotations: [],
      omitted: 0,
    });
  });
});

describe('buildAnnotations: GitHub shows at most 10 error annotations per step', () => {
  test.each<[number, number, number, number]>([
    // gating alerts, max, alert annotations, omitted
    [1, 10, 1, 0],
    [9, 10, 9, 0],
    [10, 10, 10, 0],
    [11, 10, 9, 2],
    [25, 10, 9, 16],
    [1_000, 10, 9, 991],
    [3, 3, 3, 0],
    [4, 3, 2, 2],
    [5, 1, 0, 5],
  ])('%i gating alerts, max %i: %i alert annotations, %i left out', (count, max, shown, omitted) => {
    const gating = gatingAlerts(count);
    const result = buildAnnotations(makeResult({ alerts: gating }), max);
    expect(result.omitted).toBe(omitted);
    expect(result.annotations.length).toBeLessThanOrEqual(max);
    const alertTitles = result.annotations.slice(0, shown).map((a) => a.title);
    // Worst first: the verdict's order, and the first ones kept.
    expect(alertTitles).toEqual(gating.slice(0, shown).map((e) => `high ${e.advisory} in ${e.package.slice(8)}`));
    if (omitted > 0) {
      expect(result.annotations).toHaveLength(shown + 1);
      const more = result.annotations[shown]!;
      expect(more.title).toBe(`${omitted} more gating alerts not annotated`);
      expect(more.message).toContain(`${omitted} more alerts fail the gate`);
      expect(more.file).toBeUndefined();
    } else {
      expect(result.annotations).toHaveLength(count);
    }
  });

  test('the default is 10', () => {
    expect(MAX_ERROR_ANNOTATIONS).toBe(10);
    const { annotations, omitted } = buildAnnotations(makeResult({ alerts: gatingAlerts(11) }));
    expect(annotations).toHaveLength(10);
    expect(omitted).toBe(2);
  });

  test('counts with thousands separators', () => {
    const { annotations } = buildAnnotations(makeResult({ alerts: gatingAlerts(1_009) }));
    expect(annotations[9]?.title).toBe('1,000 more gating alerts not annotated');
  });
});

describe('buildAnnotations: license violations after the alerts, within the same cap', () => {
  const finding = (name: string, gates = true) => ({
    package: `${name}@1.0.0`,
    ecosystem: 'npm',
    license: 'GPL-3.0-only',
    expression: 'GPL-3.0-only',
    status: 'violation' as const,
    gates,
    location: { path: 'package.json', startLine: 12, endLine: 12, package: `${name}@1.0.0` },
  });
  const licenses = (findings: ReturnType<typeof finding>[]) => ({
    mode: 'deny' as const,
    ids: ['GPL-3.0-only'],
    unknown: 'warn' as const,
    checked: 9,
    exempted: 0,
    findings,
  });

  test('one per gating finding, on its manifest line; findings that do not gate get none', () => {
    const result = makeResult({
      alerts: [makeEvaluated()],
      licenses: licenses([finding('left-pad'), finding('quiet', false)]),
    });
    const { annotations } = buildAnnotations(result);
    expect(annotations).toHaveLength(2);
    expect(annotations[1]).toMatchObject({
      title: 'license GPL-3.0-only in left-pad@1.0.0',
      file: 'package.json',
      startLine: 12,
      endLine: 12,
    });
    expect(annotations[1]!.message).toMatch(
      /left-pad@1\.0\.0 is licensed GPL-3\.0-only, which the license policy does not allow/,
    );
  });

  test('alerts first; beyond the cap, one more says how many findings were left out', () => {
    const alerts = Array.from({ length: 8 }, () => makeEvaluated());
    const result = makeResult({ alerts, licenses: licenses(['a', 'b', 'c'].map((n) => finding(n))) });
    const { annotations, omitted } = buildAnnotations(result, MAX_ERROR_ANNOTATIONS);
    expect(annotations).toHaveLength(MAX_ERROR_ANNOTATIONS);
    expect(annotations.slice(0, 8).every((a) => !a.title.startsWith('license'))).toBe(true);
    expect(annotations[8]!.title).toBe('license GPL-3.0-only in a@1.0.0');
    expect(omitted).toBe(2);
    expect(annotations[9]!.title).toBe('2 more findings not annotated');
  });
});

describe('buildAnnotations: overdue and changed alerts say so first', () => {
  test.each<[string, EvaluatedOverrides, string]>([
    ['overdue', { dueOn: '2024-05-31' }, 'Overdue since 2024-05-31 (grace-days) · S · Score 5'],
    ['changed by this pull request', { changedByPullRequest: true }, 'Changed by this pull request · S · Score 5'],
    [
      'both',
      { dueOn: '2024-05-31', changedByPullRequest: true },
      'Overdue since 2024-05-31 (grace-days) · Changed by this pull request · S · Score 5',
    ],
    ['neither', {}, 'S · Score 5'],
  ])('%s', (_name, overrides, start) => {
    const annotation = annotate({ score: 5, summary: 'S', references: [], reachability: null, ...overrides });
    expect(annotation.message).toBe(`${start} · Reachability: not analysed`);
  });
});

describe('buildWarningAnnotations: a warning for each alert coming due', () => {
  const due = (dueOn: string, daysLeft: number, overrides: EvaluatedOverrides = {}) =>
    makeEvaluated({ status: 'due', dueOn, daysLeft, ...overrides });

  test('placed where its error annotation would be, with its due date and days left', () => {
    const alert = due('2024-06-20', 13, {
      severity: 'high',
      score: 7.5,
      advisory: 'GHSA-35jh-r3h4-6jhm',
      locations: [lodash],
      summary: 'Command injection in lodash',
      references: [],
      reachability: null,
    });
    expect(buildWarningAnnotations(makeResult({ alerts: [alert] }))).toEqual({
      annotations: [
        {
          title: 'high GHSA-35jh-r3h4-6jhm in lodash@4.17.20, due 2024-06-20',
          message:
            'Inside its grace period: fails the gate from 2024-06-20 (UTC), 13 days left · Command injection in lodash · Score 7.5 · Reachability: not analysed',
          file: 'web/package.json',
          startLine: 12,
          endLine: 14,
        },
      ],
      omitted: 0,
    });
  });

  test('one day left, and changed by this pull request', () => {
    const [annotation] = buildWarningAnnotations(
      makeResult({ alerts: [due('2024-06-08', 1, { changedByPullRequest: true, summary: 'S' })] }),
    ).annotations;
    expect(annotation?.message).toMatch(
      /^Inside its grace period: fails the gate from 2024-06-08 \(UTC\), 1 day left · Changed by this pull request · S ·/,
    );
  });

  test('only alerts coming due: none for gating, resolved or other alerts', () => {
    const alerts = [
      makeEvaluated({ dueOn: '2024-05-31' }),
      makeEvaluated({ status: 'resolved' }),
      makeEvaluated({ status: 'below-threshold' }),
    ];
    expect(buildWarningAnnotations(makeResult({ alerts }))).toEqual({ annotations: [], omitted: 0 });
    expect(buildAnnotations(makeResult({ alerts: [due('2024-06-20', 13)] }))).toEqual({ annotations: [], omitted: 0 });
  });

  test('soonest first, then worst first', () => {
    const alerts = [
      due('2024-07-01', 24, { advisory: 'GHSA-late' }),
      due('2024-06-20', 13, { advisory: 'GHSA-soon-high', severity: 'high' }),
      due('2024-06-20', 13, { advisory: 'GHSA-soon-critical', severity: 'critical' }),
    ];
    const titles = buildWarningAnnotations(makeResult({ alerts })).annotations.map((a) => a.title.split(' ')[1]);
    expect(titles).toEqual(['GHSA-soon-critical', 'GHSA-soon-high', 'GHSA-late']);
  });

  test.each<[number, number, number, number]>([
    // alerts coming due, max, alert annotations, omitted
    [10, 10, 10, 0],
    [11, 10, 9, 2],
    [500, 10, 9, 491],
    [3, 1, 0, 3],
    [1, 1, 1, 0],
  ])('%i coming due, max %i: %i alert warnings, %i left out', (count, max, shown, omitted) => {
    const alerts = Array.from({ length: count }, (_, i) => due('2024-06-20', 13, { advisory: `GHSA-d${i}` }));
    const result = buildWarningAnnotations(makeResult({ alerts }), max);
    expect(result.omitted).toBe(omitted);
    expect(result.annotations).toHaveLength(omitted > 0 ? shown + 1 : shown);
    if (omitted > 0) {
      expect(result.annotations.at(-1)).toEqual({
        title: `${omitted} more alerts coming due not annotated`,
        message: `${omitted} more alerts are inside their grace period. GitHub shows at most 10 warning annotations per step: see the job summary or the JSON report.`,
      });
    }
  });

  test('the default is 10', () => {
    expect(MAX_WARNING_ANNOTATIONS).toBe(10);
    const alerts = Array.from({ length: 12 }, () => due('2024-06-20', 13));
    expect(buildWarningAnnotations(makeResult({ alerts })).annotations).toHaveLength(10);
  });
});

describe('known-exploited alerts say so first', () => {
  const log4j = 'CVE-2021-44228: Apache Log4j2 Remote Code Execution Vulnerability';
  const plain = { score: 5, summary: 'S', references: [], reachability: null };

  test.each<[string, EvaluatedOverrides, string]>([
    [
      'at the threshold, used in ransomware campaigns',
      { severity: 'high', knownExploited: makeKevEntry() },
      `Known exploited (CISA KEV, added 2021-12-10; used in ransomware campaigns) · ${log4j} · S`,
    ],
    [
      'below the threshold: it gates for that alone',
      { severity: 'low', knownExploited: makeKevEntry({ ransomware: false }) },
      `Known exploited (CISA KEV, added 2021-12-10): fails the gate whatever its severity (known-exploited: fail) · ${log4j} · S`,
    ],
    [
      'no date, no name',
      { severity: 'critical', knownExploited: makeKevEntry({ dateAdded: null, ransomware: null, name: '' }) },
      'Known exploited (CISA KEV) · CVE-2021-44228 · S',
    ],
    [
      'before overdue and changed',
      { severity: 'high', dueOn: '2024-05-31', changedByPullRequest: true, knownExploited: makeKevEntry() },
      `Known exploited (CISA KEV, added 2021-12-10; used in ransomware campaigns) · ${log4j} · Overdue since 2024-05-31 (grace-days) · Changed by this pull request · S`,
    ],
  ])('a gating alert: %s', (_name, overrides, start) => {
    const annotation = annotate({ ...plain, advisory: 'GHSA-jfh8-c2jp-5v3q', package: 'pkg:npm/x@1', ...overrides });
    expect(annotation.message).toBe(`${start} · Score 5 · Reachability: not analysed`);
    expect(annotation.title).toBe(`${overrides.severity} GHSA-jfh8-c2jp-5v3q in x@1, known exploited`);
  });

  test('known exploited first among the gating alerts, as the verdict orders them', () => {
    const alerts = [
      makeEvaluated({ advisory: 'GHSA-kev', severity: 'low', knownExploited: makeKevEntry() }),
      makeEvaluated({ advisory: 'GHSA-critical', severity: 'critical' }),
    ];
    const { annotations } = buildAnnotations(makeResult({ alerts }));
    expect(annotations.map((a) => a.title.split(' ')[1])).toEqual(['GHSA-kev', 'GHSA-critical']);
  });
});

describe('buildWarningAnnotations: under known-exploited: warn, the alerts fail would gate', () => {
  const underWarn = (alerts: EvaluatedAlert[], overrides: Partial<GateResult> = {}) =>
    makeResult({ alerts, knownExploited: makeKevView({ mode: 'warn' }), ...overrides });
  const kev = (overrides: EvaluatedOverrides) =>
    makeEvaluated({ status: 'below-threshold', severity: 'medium', knownExploited: makeKevEntry(), ...overrides });

  test('a warning where its error annotation would be, saying so first', () => {
    const alert = kev({
      advisory: 'GHSA-kev',
      locations: [lodash],
      summary: 'S',
      score: 5,
      references: [],
      reachability: null,
    });
    expect(buildWarningAnnotations(underWarn([alert]))).toEqual({
      annotations: [
        {
          title: 'medium GHSA-kev in lodash@4.17.20, known exploited',
          message:
            'Known exploited (CISA KEV, added 2021-12-10; used in ransomware campaigns): would fail the gate under known-exploited: fail · CVE-2021-44228: Apache Log4j2 Remote Code Execution Vulnerability · S · Score 5 · Reachability: not analysed',
          file: 'web/package.json',
          startLine: 12,
          endLine: 14,
        },
      ],
      omitted: 0,
    });
  });

  test.each<[string, boolean, EvaluatedOverrides]>([
    ['below the threshold', true, { status: 'below-threshold' }],
    ['coming due (fail gives it no grace period)', true, { status: 'due', dueOn: '2024-06-20', daysLeft: 13 }],
    ['gating (it has its error annotation)', false, { status: 'gating', severity: 'high' }],
    ['allowed', false, { status: 'allowed', allowedBy: { id: 'x' } }],
    ['only unreachable', false, { status: 'unreachable' }],
    ['resolved by the pull request', false, { status: 'resolved' }],
    ['not alerted', false, { status: 'not-alerted' }],
  ])('%s: warned %s', (_name, warned, overrides) => {
    const { annotations } = buildWarningAnnotations(underWarn([kev({ advisory: 'GHSA-kev', ...overrides })]));
    const titles = annotations.map((a) => a.title);
    // A listed alert coming due is warned about once, as known exploited, with its due date.
    expect(titles).toEqual(warned ? [expect.stringMatching(/^medium GHSA-kev in .*, known exploited$/)] : []);
  });

  test.each<[string, Partial<GateResult>]>([
    ['known-exploited: fail (they gate)', { knownExploited: makeKevView({ mode: 'fail' }) }],
    ['known-exploited off', { knownExploited: null }],
  ])('none under %s', (_name, overrides) => {
    expect(buildWarningAnnotations(underWarn([kev({})], overrides))).toEqual({ annotations: [], omitted: 0 });
  });

  test.each<[number, number, number, number, number, string | null, string | null]>([
    // known exploited, coming due, max, known exploited shown, coming due shown, the last one's title and message
    [2, 3, 10, 2, 3, null, null],
    [5, 5, 10, 5, 5, null, null],
    [
      8,
      5,
      10,
      8,
      1,
      '4 more alerts coming due not annotated',
      '4 more alerts are inside their grace period. GitHub shows at most 10 warning annotations per step: see the job summary or the JSON report.',
    ],
    [
      12,
      0,
      10,
      9,
      0,
      '3 more known-exploited alerts not annotated',
      '3 more alerts are known exploited (CISA KEV) and would fail the gate under known-exploited: fail. GitHub shows at most 10 warning annotations per step: see the job summary or the JSON report.',
    ],
    [
      10,
      1,
      10,
      9,
      0,
      '2 more alerts known exploited or coming due not annotated',
      '1 more alert is known exploited (CISA KEV) and would fail the gate under known-exploited: fail; 1 more alert is inside its grace period. GitHub shows at most 10 warning annotations per step: see the job summary or the JSON report.',
    ],
    [
      3,
      2,
      1,
      0,
      0,
      '5 more alerts known exploited or coming due not annotated',
      '3 more alerts are known exploited (CISA KEV) and would fail the gate under known-exploited: fail; 2 more alerts are inside their grace period. GitHub shows at most 10 warning annotations per step: see the job summary or the JSON report.',
    ],
  ])(
    '%i known exploited and %i coming due, max %i: %i and %i annotated, known exploited first, one cap',
    (exploited, coming, max, kevShown, dueShown, title, message) => {
      const alerts = [
        ...Array.from({ length: coming }, (_, i) =>
          makeEvaluated({ status: 'due', dueOn: '2024-06-20', daysLeft: 13, advisory: `GHSA-due-${i}` }),
        ),
        ...Array.from({ length: exploited }, (_, i) => kev({ advisory: `GHSA-kev-${String(i).padStart(2, '0')}` })),
      ];
      const { annotations, omitted } = buildWarningAnnotations(underWarn(alerts), max);
      const advisories = annotations.slice(0, kevShown + dueShown).map((a) => a.title.split(' ')[1]);
      expect(advisories).toEqual([
        ...Array.from({ length: kevShown }, (_, i) => `GHSA-kev-${String(i).padStart(2, '0')}`),
        ...Array.from({ length: dueShown }, (_, i) => `GHSA-due-${i}`),
      ]);
      expect(annotations.length).toBeLessThanOrEqual(max);
      expect(omitted).toBe(exploited + coming - kevShown - dueShown);
      if (title === null) expect(annotations).toHaveLength(exploited + coming);
      else expect(annotations.at(-1)).toEqual({ title, message });
    },
  );
});

describe('buildWarningAnnotations: beyond the cap, what the pull request brings in is counted as findings', () => {
  const finding = (i: number): EvaluatedFinding =>
    makeEvaluatedFinding({
      advisory: `GHSA-warn-${i}`,
      severity: 'high',
      name: `pkg-${i}`,
      packageUrl: `pkg:npm/pkg-${i}@1.0.0`,
      locations: [{ path: 'package-lock.json', startLine: i + 1, endLine: i + 1, package: `pkg-${i}@1.0.0` }],
      disposition: {
        gates: false,
        rule: 'introduced',
        grounds: ['introduced'],
        reason: 'pr-introduced is warn',
        flagged: false,
      },
    });

  const LIMIT = 'GitHub shows at most 10 warning annotations per step: see the job summary or the JSON report.';

  test.each<[number, number, string]>([
    [12, 0, `3 more findings on what this pull request brings in. ${LIMIT}`],
    [
      10,
      3,
      `1 more finding on what this pull request brings in, and 3 more alerts known exploited or coming due. ${LIMIT}`,
    ],
  ])('%i findings under pr-introduced: warn and %i alerts coming due', (findings, coming, message) => {
    const due = Array.from({ length: coming }, (_, i) =>
      makeEvaluated({ id: `due-${i}`, status: 'due', dueOn: '2026-12-31', daysLeft: 30 }),
    );
    const result = makeResult({
      alerts: due,
      introduced: { mode: 'warn', findings: Array.from({ length: findings }, (_, i) => finding(i)) },
    });
    const { annotations, omitted } = buildWarningAnnotations(result);
    expect(annotations).toHaveLength(10);
    expect(omitted).toBe(findings + coming - 9);
    expect(annotations[9]).toEqual({ title: `${findings + coming - 9} more warnings not annotated`, message });
  });
});
