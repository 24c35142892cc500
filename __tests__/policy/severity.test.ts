import { severityRank, worstFirst } from '../../src/model.js';
import { alertSeverity } from '../../src/api/severity.js';
import { meetsThreshold, worseCopy } from '../../src/policy/severity.js';
import { SEVERITIES, type Alert, type Severity, type Threshold } from '../../src/model.js';

/** An alert with only what ordering reads set to something meaningful. */
function alert(severity: Severity, score: number | null, advisory: string, id = advisory, alerted = true): Alert {
  return {
    id,
    advisory,
    aliases: [],
    severity,
    score,
    alerted,
    reachability: null,
    package: 'pkg:npm/x@1.0.0',
    summary: '',
    description: '',
    references: [],
    languages: [],
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

describe('alertSeverity', () => {
  test.each<[string, string | null | undefined, Severity]>([
    ['critical', 'critical', 'critical'],
    ['high', 'high', 'high'],
    ['medium', 'medium', 'medium'],
    ['low', 'low', 'low'],
    ['moderate', 'moderate', 'medium'],
    ['important', 'important', 'high'],
    ['mixed case important', ' Important ', 'high'],
    ['upper case', 'CRITICAL', 'critical'],
    ['mixed case moderate', 'Moderate', 'medium'],
    ['surrounding space', '  High\t', 'high'],
  ])('takes the named severity (%s) over the score', (_case, severity, expected) => {
    expect(alertSeverity(severity, 0.5)).toBe(expected);
  });

  test.each<[number | null | undefined, Severity]>([
    [10, 'critical'],
    [9.0, 'critical'],
    [8.99, 'high'],
    [7.0, 'high'],
    [6.99, 'medium'],
    [4.0, 'medium'],
    [3.99, 'low'],
    [0.1, 'low'],
    [0, 'unknown'],
    [-1, 'unknown'],
    [Number.NaN, 'unknown'],
    [Number.POSITIVE_INFINITY, 'critical'], // `1e999` in JSON: too large is never harmless
    [Number.NEGATIVE_INFINITY, 'unknown'],
    [null, 'unknown'],
    [undefined, 'unknown'],
    [15, 'critical'], // out of CVSS range: bands still apply, so it cannot open the gate
  ])('derives score %p as %s by the CVSS v3 bands', (severityScore, expected) => {
    expect(alertSeverity(null, severityScore)).toBe(expected);
  });

  test.each<[string, string | null | undefined]>([
    ['unrecognised word', 'severe'],
    ['empty string', ''],
    ['the word unknown', 'unknown'],
    ['the word none', 'none'],
    ['a prototype key', 'constructor'],
    ['null', null],
    ['missing', undefined],
  ])('falls back to the score when severity is %s', (_case, severity) => {
    expect(alertSeverity(severity, 7.5)).toBe('high');
    expect(alertSeverity(severity, undefined)).toBe('unknown');
    expect(alertSeverity(severity, null)).toBe('unknown');
  });
});

describe('severityRank', () => {
  test('ranks critical highest and unknown lowest, in the order of SEVERITIES', () => {
    const ranks = SEVERITIES.map(severityRank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(new Set(ranks).size).toBe(SEVERITIES.length);
  });
});

describe('meetsThreshold', () => {
  // Rows: severity; columns: critical, high, medium, low, none.
  const table: Record<Severity, [boolean, boolean, boolean, boolean, boolean]> = {
    critical: [true, true, true, true, false],
    high: [false, true, true, true, false],
    medium: [false, false, true, true, false],
    low: [false, false, false, true, false],
    unknown: [false, false, false, true, false],
  };
  const thresholds: Threshold[] = ['critical', 'high', 'medium', 'low', 'none'];
  const cases = SEVERITIES.flatMap((s) => thresholds.map((t, i) => [s, t, table[s][i]] as const));

  test.each(cases)('severity %s against fail-on-severity %s: %p', (severity, threshold, expected) => {
    expect(meetsThreshold(severity, threshold)).toBe(expected);
  });
});

describe('worstFirst', () => {
  test.each<[string, Alert[], string[]]>([
    [
      'severity first, whatever the score',
      [
        alert('high', 8.9, 'A'),
        alert('low', null, 'B'),
        alert('critical', 9.0, 'C'),
        alert('unknown', null, 'D'),
        alert('medium', 9.9, 'E'),
      ],
      ['C', 'A', 'E', 'B', 'D'],
    ],
    [
      'score descending within a severity, no score last',
      [alert('high', null, 'A'), alert('high', 7.1, 'B'), alert('high', 8.8, 'C')],
      ['C', 'B', 'A'],
    ],
    [
      'advisory id ascending on equal severity and score',
      [
        alert('critical', 9.8, 'GHSA-b'),
        alert('critical', 9.8, 'GHSA-a'),
        alert('critical', null, 'CVE-1'),
        alert('critical', null, 'CVE-0'),
      ],
      ['GHSA-a', 'GHSA-b', 'CVE-0', 'CVE-1'],
    ],
  ])('orders by %s', (_case, alerts, expected) => {
    expect([...alerts].sort(worstFirst).map((e) => e.advisory)).toEqual(expected);
  });

  test('orders the same advisory on several packages by alert id, whatever the input order', () => {
    const alerts = [
      alert('high', 7, 'GHSA-x', 'a2'),
      alert('high', 7, 'GHSA-x', 'a1'),
      alert('high', 7, 'GHSA-x', 'a3'),
    ];
    const ids = (list: Alert[]) => [...list].sort(worstFirst).map((e) => e.id);
    expect(ids(alerts)).toEqual(['a1', 'a2', 'a3']);
    expect(ids([...alerts].reverse())).toEqual(['a1', 'a2', 'a3']);
  });
});

describe('worseCopy', () => {
  // Each row: two copies of one alert and which of them counts; checked in both argument orders.
  test.each<[string, Alert, Alert]>([
    [
      'alerted over not alerted, even when less severe',
      alert('low', 1.0, 'A', 'x', true),
      alert('critical', 9.8, 'A', 'x', false),
    ],
    ['the higher severity', alert('critical', 9.0, 'A'), alert('high', 8.9, 'A')],
    ['the higher severity, whatever the score', alert('medium', null, 'A'), alert('low', 3.9, 'A')],
    ['a known severity over unknown', alert('low', null, 'A'), alert('unknown', 9.9, 'A')],
    ['the higher score on equal severity', alert('high', 8.1, 'A'), alert('high', 7.0, 'A')],
    ['a score over no score on equal severity', alert('high', 7.0, 'A'), alert('high', null, 'A')],
  ])('prefers %s', (_case, worse, better) => {
    expect(worseCopy(worse, better)).toBe(worse);
    expect(worseCopy(better, worse)).toBe(worse);
  });

  test('keeps the first of two equal copies', () => {
    const a = alert('high', 7.5, 'A');
    const b = alert('high', 7.5, 'A');
    expect(worseCopy(a, b)).toBe(a);
    expect(worseCopy(b, a)).toBe(b);
  });
});
