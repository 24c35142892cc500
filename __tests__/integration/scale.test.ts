// 100,000 alerts read whole, through the bundled action against a simulator that answers 1,000 per
// page: every page asked for once, every alert counted once, every report written. Not timed (the
// benchmark measures speed and memory); it proves the read is complete and correct at that size.
import { describe, expect, test } from '@jest/globals';
import { MAIN_REPO } from '../../simulator/data.js';
import type { ScaAlert } from '../../simulator/wire.js';
import { countOutputs, expected, PATHS, useSimulator, webshopAlerts } from './harness.js';

const h = useSimulator({ maxPageSize: 1000 });
const N = 100_000;

function manyAlerts(n: number): ScaAlert[] {
  const base = webshopAlerts(h.sim);
  return Array.from({ length: n }, (_, i) => ({
    ...structuredClone(base[i % base.length]!),
    id: `alert_${String(i).padStart(6, '0')}`,
  }));
}

describe('scale', () => {
  test(`${N.toLocaleString('en')} alerts: a complete, correct read with every report`, async () => {
    const alerts = manyAlerts(N);
    h.sim.state.alerts[MAIN_REPO.id] = alerts;
    const e = expected(alerts, 'high');
    const run = await h.gate(
      { 'fail-on-severity': 'high', 'report-file': 'report.json', 'sarif-file': 'out.sarif' },
      { timeoutMs: 120_000 },
    );
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('fail');
    expect(run.outputs).toMatchObject(countOutputs(e));

    const pages = h.requests(PATHS.alerts).map((r) => r.body as { page: number; pageSize: number });
    expect(pages.map((p) => p.page).sort((a, b) => a - b)).toEqual(Array.from({ length: N / 1000 }, (_, i) => i + 1));
    expect(new Set(pages.map((p) => p.pageSize))).toEqual(new Set([1000]));

    const report = JSON.parse(run.files['report.json']!) as { alerts: { id: string }[]; verdict: { gating: string[] } };
    expect(report.alerts).toHaveLength(N);
    expect(new Set(report.alerts.map((a) => a.id)).size).toBe(N);
    expect(report.verdict.gating).toHaveLength(e.gating.length);
    const sarif = JSON.parse(run.files['out.sarif']!) as { runs: { results: unknown[] }[] };
    expect(sarif.runs[0]!.results.length).toBeGreaterThan(0);
    expect(Buffer.byteLength(run.summary)).toBeLessThan(1024 * 1024);
  }, 180_000);
});
