import { describe, expect, test } from '@jest/globals';
import { jsonReportChunks, renderJsonReport } from '../../src/reports/json.js';
import { makeEvaluated, makeResult } from '../fixtures/result.js';

const parse = (text: string) =>
  JSON.parse(text) as Record<string, unknown> & { alerts: { id: string }[]; verdict: { gating: string[] } };

describe('the JSON report', () => {
  test('is the result model, with every alert once and the gating ones referred to by id, worst first', () => {
    const alerts = [
      makeEvaluated({ severity: 'high', score: 7.5 }),
      makeEvaluated({ severity: 'critical', score: 9.8 }),
      makeEvaluated({ severity: 'low', status: 'below-threshold' }),
    ];
    const result = makeResult({ alerts });
    const report = parse(renderJsonReport(result));
    const { alerts: _alerts, verdict, ...rest } = result;
    expect(report).toEqual({
      ...JSON.parse(JSON.stringify(rest)),
      verdict: { ...verdict, gating: verdict.gating.map((a) => a.id) },
      alerts: JSON.parse(JSON.stringify(alerts)),
    });
    expect(report.verdict.gating).toEqual(result.verdict.gating.map((a) => a.id));
    const text = renderJsonReport(result);
    for (const alert of alerts) expect(text.split(`"id":${JSON.stringify(alert.id)}`)).toHaveLength(2); // once each
  });

  test('alerts not read: counts null, never zeros', () => {
    const report = parse(renderJsonReport(makeResult({ result: 'error', counts: null })));
    expect(report.counts).toBeNull();
  });

  test('no alert: an empty list, valid JSON', () => {
    expect(parse(renderJsonReport(makeResult({ alerts: [] }))).alerts).toEqual([]);
  });

  test('many alerts: several chunks, none holding more than 100 alerts, joining to valid JSON in order', () => {
    const alerts = Array.from({ length: 1_234 }, () => makeEvaluated({ status: 'below-threshold' }));
    const chunks = [...jsonReportChunks(makeResult({ alerts }))];
    expect(chunks.length).toBeGreaterThanOrEqual(14);
    for (const chunk of chunks) expect(chunk.split('{"id":').length - 1).toBeLessThanOrEqual(100);
    expect(parse(chunks.join('')).alerts.map((a) => a.id)).toEqual(alerts.map((a) => a.id));
  });

  test('service text cannot break the document, whatever it holds', () => {
    const hostile = '"]}\u0000\n  ],\u2028"alerts": "x';
    const result = makeResult({ alerts: [makeEvaluated({ summary: hostile, package: hostile })] });
    result.warnings.push({ kind: 'read', message: hostile });
    const report = parse(renderJsonReport(result));
    expect(report.alerts).toHaveLength(1);
    expect((report.alerts[0] as unknown as { summary: string }).summary).toBe(hostile);
  });
});
