import type { ScaAlert } from '../../src/api/schemas.js';
import { alertSeverity, meetsThreshold, severityRank, worstFirst } from '../../src/policy/severity.js';
import { SEVERITIES, type EvaluatedAlert, type Severity, type Threshold } from '../../src/model.js';

/** An evaluated alert with only what ordering reads. */
function evaluated(severity: Severity, score: number | null, advisory: string, id = advisory): EvaluatedAlert {
  const alert: ScaAlert = {
    id,
    isAlerted: true,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    metadata: { id: advisory, packageIdentifier: 'pkg:npm/x@1.0.0', summary: '', description: '', aliases: [], references: [] },
    languages: [],
  };
  return { alert, severity, score, status: 'gating' };
}

describe('alertSeverity', () => {
  test.each<[string, string | null | undefined, Severity]>([
    ['critical', 'critical', 'critical'],
    ['high', 'high', 'high'],
    ['medium', 'medium', 'medium'],
    ['low', 'low', 'low'],
    ['moderate', 'moderate', 'medium'],
    ['upper case', 'CRITICAL', 'critical'],
    ['mixed case moderate', 'Moderate', 'medium'],
    ['surrounding space', '  High\t', 'high'],
  ])('takes the named severity (%s) over the score', (_case, severity, expected) => {
    expect(alertSeverity({ severity, severityScore: 0.5 })).toBe(expected);
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
    [Number.POSITIVE_INFINITY, 'unknown'],
    [null, 'unknown'],
    [undefined, 'unknown'],
    [15, 'critical'], // out of CVSS range: bands still apply, so it cannot open the gate
  ])('derives score %p as %s by the CVSS v3 bands', (severityScore, expected) => {
    expect(alertSeverity({ severity: null, severityScore })).toBe(expected);
  });

  test.each<[string, string | null | undefined]>([
    ['unrecognised word', 'important'],
    ['empty string', ''],
    ['the word unknown', 'unknown'],
    ['the word none', 'none'],
    ['a prototype key', 'constructor'],
    ['null', null],
    ['missing', undefined],
  ])('falls back to the score when severity is %s', (_case, severity) => {
    expect(alertSeverity({ severity, severityScore: 7.5 })).toBe('high');
    expect(alertSeverity({ severity })).toBe('unknown');
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
  test.each<[string, EvaluatedAlert[], string[]]>([
    [
      'severity first, whatever the score',
      [evaluated('high', 8.9, 'A'), evaluated('low', null, 'B'), evaluated('critical', 9.0, 'C'), evaluated('unknown', null, 'D'), evaluated('medium', 9.9, 'E')],
      ['C', 'A', 'E', 'B', 'D'],
    ],
    [
      'score descending within a severity, no score last',
      [evaluated('high', null, 'A'), evaluated('high', 7.1, 'B'), evaluated('high', 8.8, 'C')],
      ['C', 'B', 'A'],
    ],
    [
      'advisory id ascending on equal severity and score',
      [evaluated('critical', 9.8, 'GHSA-b'), evaluated('critical', 9.8, 'GHSA-a'), evaluated('critical', null, 'CVE-1'), evaluated('critical', null, 'CVE-0')],
      ['GHSA-a', 'GHSA-b', 'CVE-0', 'CVE-1'],
    ],
  ])('orders by %s', (_case, alerts, expected) => {
    expect([...alerts].sort(worstFirst).map((e) => e.alert.metadata.id)).toEqual(expected);
  });

  test('orders the same advisory on several packages by alert id, whatever the input order', () => {
    const alerts = [evaluated('high', 7, 'GHSA-x', 'a2'), evaluated('high', 7, 'GHSA-x', 'a1'), evaluated('high', 7, 'GHSA-x', 'a3')];
    const ids = (list: EvaluatedAlert[]) => [...list].sort(worstFirst).map((e) => e.alert.id);
    expect(ids(alerts)).toEqual(['a1', 'a2', 'a3']);
    expect(ids([...alerts].reverse())).toEqual(['a1', 'a2', 'a3']);
  });
});
