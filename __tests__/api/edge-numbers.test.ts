// Numbers at the edge of the range (contract, "Verdict integrity"): `1e999` is valid JSON and
// parses as Infinity. A severity score that large bands as critical; a posture count that large is
// an error of the posture read, never "none".
import { describe, expect, test } from '@jest/globals';
import { createAlertReader } from '../../src/api/alerts.js';
import { postureResponseSchema } from '../../src/api/schemas.js';

const HUGE = JSON.parse('1e999') as number;
const readAlert = createAlertReader();

describe('a severity score too large for a number', () => {
  const alert = (severityScore: unknown, severity: unknown = null) => ({
    id: 'a1',
    isAlerted: true,
    metadata: {
      id: 'GHSA-edge',
      severity,
      severityScore,
      packageIdentifier: 'pkg:npm/x@1.0.0',
      summary: '',
      description: '',
      aliases: [],
      references: [],
    },
    languages: [],
  });

  test.each<[string, unknown]>([
    ['1e999 (Infinity)', HUGE],
    ['"1e999" as a string', '1e999'],
    ['11', 11],
  ])('%s with no severity word is critical; the score shown is a finite one or none', (_name, score) => {
    const read = readAlert(alert(score));
    expect(read.ok && read.value.severity).toBe('critical');
    expect(read.ok && read.value.score).toBe(score === 11 ? 11 : null);
  });

  test('-1e999 is not a score: unknown', () => {
    const read = readAlert(alert(-HUGE));
    expect(read.ok && read.value.severity).toBe('unknown');
  });
});

describe('a posture count too large for a number', () => {
  const posture = (
    summary: Record<string, unknown>,
    row: Record<string, unknown>,
    trend: Record<string, unknown> = {},
  ) => [
    {
      summary,
      trends: [{ date: '2024-06-01', openIssues: 1, riskScore: 1, ...trend }],
      repositoryRiskScores: [{ id: 'repo_abc', name: 'x', riskScore: 1, openIssues: 1, criticalIssues: 0, ...row }],
    },
  ];
  const issues = (value: unknown) => {
    const parsed = postureResponseSchema.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  test.each<[string, unknown, string]>([
    ['a row criticalIssues', posture({}, { criticalIssues: HUGE }), '0.repositoryRiskScores.0.criticalIssues'],
    ['... sent as a string', posture({}, { criticalIssues: '1e999' }), '0.repositoryRiskScores.0.criticalIssues'],
    ['a row openIssues', posture({}, { openIssues: HUGE }), '0.repositoryRiskScores.0.openIssues'],
    [
      'a row with no id besides',
      posture({}, { id: null, criticalIssues: HUGE }),
      '0.repositoryRiskScores.0.criticalIssues',
    ],
    ['the summary criticalIssues', posture({ criticalIssues: HUGE }, {}), '0.summary.criticalIssues'],
    ['a trend point openIssues', posture({}, {}, { openIssues: HUGE }), '0.trends.0.openIssues'],
  ])('%s: the posture is an error naming it', (_name, value, path) => {
    expect(issues(value)).toEqual([`${path}: too large for a number (read as Infinity)`]);
  });

  test('a score too large is only a statistic: not available (null)', () => {
    const parsed = postureResponseSchema.parse(posture({ overAllRiskScore: HUGE }, { riskScore: HUGE }));
    expect(parsed?.summary.overAllRiskScore).toBeNull();
    expect(parsed?.repositoryRiskScores[0]?.riskScore).toBeNull();
  });

  test('counts missing, null or not numbers still read as not available', () => {
    const parsed = postureResponseSchema.parse([
      { summary: null, repositoryRiskScores: [{ id: 'r', criticalIssues: null, openIssues: 'many' }] },
    ]);
    expect(parsed?.summary.criticalIssues).toBeNull();
    expect(parsed?.repositoryRiskScores[0]).toMatchObject({ criticalIssues: null, openIssues: null });
  });
});
