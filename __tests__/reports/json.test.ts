import { describe, expect, test } from '@jest/globals';
import { jsonReportChunks, renderJsonReport } from '../../src/reports/json.js';
import { makeEvaluated, makeKevEntry, makeKevView, makeResult } from '../fixtures/result.js';

const parse = (text: string) =>
  JSON.parse(text) as Record<string, unknown> & { alerts: { id: string }[]; verdict: { gating: string[] } };

describe('the JSON report', () => {
  test('the supplyChain list, 250 versions, is the model as given, compact, 100 a line; the alerts after it', () => {
    const alerts = [makeEvaluated({ severity: 'critical', score: 9.8 })];
    const entries = Array.from({ length: 250 }, (_, i) => ({ name: `p-${i}`, version: '1.0.0', status: 'gating' }));
    const supplyChain = { entries, releaseAge: null, malicious: null, private: 2 } as unknown as NonNullable<
      ReturnType<typeof makeResult>['supplyChain']
    >;
    const result = makeResult({ alerts, supplyChain });
    const text = renderJsonReport(result);
    const report = parse(text) as ReturnType<typeof parse> & { supplyChain: { entries: unknown[]; private: number } };
    expect(report.supplyChain).toEqual({ entries, releaseAge: null, malicious: null, private: 2 });
    expect(report.alerts).toEqual(JSON.parse(JSON.stringify(alerts)));
    expect(
      text
        .split('\n')
        .filter((line) => line.includes('"name":"p-'))
        .map((line) => line.split('"name":').length - 1),
    ).toEqual([100, 100, 50]);
    expect([...jsonReportChunks(result)].length).toBeGreaterThan(4);
    // With no entries, an empty list.
    expect(parse(renderJsonReport(makeResult({ supplyChain: { ...supplyChain, entries: [] } })))).toMatchObject({
      supplyChain: { entries: [] },
    });
  });

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

  test("carries the pull request and time: each alert's resolution, changedByPullRequest, dueOn and daysLeft; the change, next due date, last scan and counts", () => {
    const resolution = { manifests: ['package.json'], removed: '4.17.20', added: ['4.17.21'] };
    const alerts = [
      makeEvaluated({ id: 'resolved', status: 'resolved', resolution }),
      makeEvaluated({ id: 'due', status: 'due', dueOn: '2024-06-20', daysLeft: 13, changedByPullRequest: true }),
      makeEvaluated({ id: 'overdue', dueOn: '2024-05-31' }),
      makeEvaluated({ id: 'plain', status: 'below-threshold' }),
    ];
    const change = {
      event: 'pull_request',
      pullRequest: 12,
      base: 'aaaaaaa',
      head: 'bbbbbbb',
      state: 'read' as const,
      entries: 6,
      reason: null,
    };
    const result = makeResult({
      alerts,
      change,
      nextDue: '2024-06-20',
      scan: { commitSha: 'ccccccc', branch: 'main' },
    });
    result.counts = { ...result.counts!, resolved: 1 };
    const report = JSON.parse(renderJsonReport(result)) as {
      alerts: Record<string, unknown>[];
      change: unknown;
      nextDue: unknown;
      scan: unknown;
      counts: Record<string, unknown>;
      schemaVersion: unknown;
    };
    const fields = ({ id, resolution, changedByPullRequest, dueOn, daysLeft }: Record<string, unknown>) => ({
      id,
      resolution,
      changedByPullRequest,
      dueOn,
      daysLeft,
    });
    expect(report.alerts.map(fields)).toEqual([
      { id: 'resolved', resolution, changedByPullRequest: false, dueOn: null, daysLeft: null },
      { id: 'due', resolution: null, changedByPullRequest: true, dueOn: '2024-06-20', daysLeft: 13 },
      { id: 'overdue', resolution: null, changedByPullRequest: false, dueOn: '2024-05-31', daysLeft: null },
      { id: 'plain', resolution: null, changedByPullRequest: false, dueOn: null, daysLeft: null },
    ]);
    expect(report.alerts.map((a) => a.status)).toEqual(['resolved', 'due', 'gating', 'below-threshold']);
    expect(report.change).toEqual(change);
    expect(report.nextDue).toBe('2024-06-20');
    expect(report.scan).toEqual({ commitSha: 'ccccccc', branch: 'main' });
    expect(report.counts).toMatchObject({ resolved: 1, due: 1, gating: 1 });
    expect(report.schemaVersion).toBe(2);
  });

  test('off a pull request: change, next due and scan are there as null, and resolved is null', () => {
    const report = JSON.parse(renderJsonReport(makeResult({ alerts: [makeEvaluated()] }))) as Record<
      string,
      unknown
    > & {
      counts: Record<string, unknown>;
    };
    expect(report).toMatchObject({ change: null, nextDue: null, scan: null });
    expect(report.counts).toMatchObject({ resolved: null, due: 0 });
    expect(Object.keys(report)).toEqual(expect.arrayContaining(['change', 'nextDue', 'scan']));
  });

  test.each([
    ['read', makeKevView(), 1],
    ['not read', makeKevView({ read: false, version: null, released: null, entries: null, error: 'HTTP 503' }), null],
  ])(
    'carries the KEV catalog (%s): each alert’s knownExploited entry, counts.knownExploited and the catalog’s view',
    (_name, view, listed) => {
      const entry = makeKevEntry();
      const alerts = [
        makeEvaluated({ id: 'listed', knownExploited: listed === null ? null : entry }),
        makeEvaluated({ id: 'plain' }),
      ];
      const result = makeResult({ alerts, knownExploited: view });
      result.counts = { ...result.counts!, knownExploited: listed };
      const report = JSON.parse(renderJsonReport(result)) as {
        alerts: { id: string; knownExploited: unknown }[];
        counts: Record<string, unknown>;
        knownExploited: unknown;
      };
      expect(report.alerts.map((a) => [a.id, a.knownExploited])).toEqual([
        ['listed', listed === null ? null : entry],
        ['plain', null],
      ]);
      expect(report.counts.knownExploited).toBe(listed);
      expect(report.knownExploited).toEqual(view);
    },
  );

  test('known-exploited off: knownExploited is there as null, on the result, the counts and each alert', () => {
    const report = JSON.parse(renderJsonReport(makeResult({ alerts: [makeEvaluated()] }))) as {
      alerts: Record<string, unknown>[];
      counts: Record<string, unknown>;
    } & Record<string, unknown>;
    expect(report.knownExploited).toBeNull();
    expect(report.counts.knownExploited).toBeNull();
    expect(report.alerts[0]).toHaveProperty('knownExploited', null);
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
