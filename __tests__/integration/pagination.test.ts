// Pagination end to end against a server that caps pages at 25: pageSize 1000 asked, fewest pages,
// none twice, none past the last, concurrent pages after the first, and an end whatever totalCount
// says; a read that ends short of what the server announced is never a pass.
import { describe, expect, test } from '@jest/globals';
import type { ScaAlert } from '../../simulator/wire.js';
import { MAIN_REPO } from '../../simulator/data.js';
import type { RecordedRequest } from '../../simulator/server.js';
import { expected, PATHS, useSimulator, webshopAlerts } from './harness.js';

const MAX_PAGE_SIZE = 25;
const h = useSimulator({ maxPageSize: MAX_PAGE_SIZE });

const pageOf = (r: RecordedRequest) => (r.body as { page?: number }).page ?? 1;
const sizeOf = (r: RecordedRequest) => (r.body as { pageSize?: number }).pageSize;

/** The webshop's alerts, repeated with fresh ids until there are `n`. */
function alertsOfLength(n: number): ScaAlert[] {
  const base = webshopAlerts(h.sim);
  return Array.from({ length: n }, (_, i) => ({
    ...structuredClone(base[i % base.length]!),
    id: `alert_many_${String(i).padStart(5, '0')}`,
  }));
}

/** The alerts the server would put on page 1 (it sorts by id). */
function firstPage(): ScaAlert[] {
  return [...webshopAlerts(h.sim)].sort((a, b) => (a.id < b.id ? -1 : 1)).slice(0, MAX_PAGE_SIZE);
}

function expectWellPaged(requests: RecordedRequest[], lastPage: number): void {
  const pages = requests.map(pageOf);
  expect(new Set(pages).size).toBe(pages.length); // no page twice
  expect(Math.max(...pages)).toBeLessThanOrEqual(lastPage); // none past the last
}

describe('pages are asked for with pageSize 1000, the fewest of them', () => {
  test.each([
    ['69 alerts (acme/webshop as seeded)', 69],
    ['0 alerts', 0],
    ['exactly one full page', MAX_PAGE_SIZE],
    ['exactly two full pages', 2 * MAX_PAGE_SIZE],
    ['260 alerts', 260],
  ])('%s', async (_name, n) => {
    if (n !== 69) h.sim.state.alerts[MAIN_REPO.id] = alertsOfLength(n);
    const lastPage = Math.max(1, Math.ceil(n / MAX_PAGE_SIZE));
    const run = await h.gate({ 'fail-on-severity': 'none' });
    expect(run.exitCode).toBe(0);
    expect(run.outputs['alerts-total']).toBe(String(n));
    const requests = h.requests(PATHS.alerts);
    expectWellPaged(requests, lastPage);
    expect(requests).toHaveLength(lastPage); // every page exactly once: the fewest requests
    // contract: "pages are asked for with pageSize 1000" (every page, not only the first)
    expect(requests.map((r) => ({ page: pageOf(r), pageSize: sizeOf(r) }))).toEqual(
      requests.map((r) => ({ page: pageOf(r), pageSize: 1000 })),
    );
  });
});

describe('a service that compresses its answers', () => {
  test('asked for gzip or br, every page is read decompressed', async () => {
    h.sim.state.alerts[MAIN_REPO.id] = alertsOfLength(260);
    h.sim.compress = true;
    try {
      const run = await h.gate({ 'fail-on-severity': 'none', 'report-file': 'r.json' });
      expect(run.exitCode).toBe(0);
      expect(run.outputs['alerts-total']).toBe('260');
      const report = JSON.parse(run.files['r.json']!) as { alerts: { id: string }[] };
      expect(report.alerts.map((a) => a.id).sort()).toEqual(alertsOfLength(260).map((a) => a.id));
      for (const request of h.sim.requests) expect(request.headers['accept-encoding']).toMatch(/\bbr\b/);
    } finally {
      h.sim.compress = false;
    }
  });
});

describe('concurrency', () => {
  const LATENCY = 250;

  test('with latency, the pages after the first are requested together, and the reads run alongside', async () => {
    h.sim.setLatency(LATENCY);
    const run = await h.gate({ 'fail-on-severity': 'none' });
    expect(run.exitCode).toBe(0);
    expect(run.outputs['alerts-total']).toBe('69');
    const requests = h.requests(PATHS.alerts);
    expect(requests.map(pageOf).sort()).toEqual([1, 2, 3]);
    const at = (page: number) => requests.find((r) => pageOf(r) === page)!.at;
    // pages 2 and 3 go out after page 1 answered (they need its page size) ...
    expect(at(2)).toBeGreaterThanOrEqual(at(1) + LATENCY - 20);
    expect(at(3)).toBeGreaterThanOrEqual(at(1) + LATENCY - 20);
    // ... and together: the second is sent before the first of them could have been answered
    expect(Math.abs(at(3) - at(2))).toBeLessThan(LATENCY / 2);
    // the schedule is read alongside the first page of alerts; posture and time saved, which need
    // no repository id, even earlier, alongside the repository resolution
    const [schedule] = h.requests(PATHS.schedule);
    expect(Math.abs(schedule!.at - at(1))).toBeLessThan(LATENCY / 2);
    const [resolution] = h.requests(PATHS.repositories);
    for (const path of [PATHS.posture, PATHS.timeSaved]) {
      const [read] = h.requests(path);
      expect(read).toBeDefined();
      expect(Math.abs(read!.at - resolution!.at)).toBeLessThan(LATENCY / 2);
    }
    // the whole run is far from serial: repositories + 2 rounds of alerts, not 6+ round trips
    expect(run.ms).toBeLessThan(LATENCY * 6 + 2000);
  });
});

describe('a server whose totalCount is wrong, or whose pages repeat', () => {
  const page1 = (totalCount: number) => ({
    status: 200,
    body: { alerts: firstPage(), totalCount, page: 1, pageSize: MAX_PAGE_SIZE },
  });

  test.each([
    [
      'totalCount far too high on page 1: an error (read 69 of 100000)',
      () => h.sim.script(PATHS.alerts, page1(100_000)),
      69,
      'error',
    ],
    ['totalCount too low on page 1: a pass with all 69', () => h.sim.script(PATHS.alerts, page1(10)), 69, 'pass'],
    ['totalCount 0 with a full page 1: a pass with all 69', () => h.sim.script(PATHS.alerts, page1(0)), 69, 'pass'],
    [
      'every page is page 1 again (totalCount 1000): an error',
      () => h.sim.script(PATHS.alerts, ...Array.from({ length: 60 }, () => page1(1000))),
      MAX_PAGE_SIZE,
      'error',
    ],
  ])('%s; the run ends with every distinct alert it was sent', async (_name, arrange, total, result) => {
    arrange();
    const run = await h.gate({ 'fail-on-severity': 'none' }, { timeoutMs: 20_000 });
    expect(run.exitCode).toBe(result === 'pass' ? 0 : 1); // and not killed by the timeout
    expect(run.outputs.result).toBe(result);
    if (result === 'error') expect(run.errors.join('\n')).toMatch(/read \d+ of (100000|1000) alerts/);
    expect(run.outputs['alerts-total']).toBe(String(total));
    const requests = h.requests(PATHS.alerts);
    const pages = requests.map(pageOf);
    expect(new Set(pages).size).toBe(pages.length);
    // page 1, one window (32) in flight, and one more for the full page 2 that may arrive before the short page 3 ends the read
    expect(requests.length).toBeLessThanOrEqual(34);
  });

  test('duplicate alerts across pages are counted once', async () => {
    const alerts = webshopAlerts(h.sim);
    // the same alert ids twice: the server pages through 138 entries, 69 distinct
    h.sim.state.alerts[MAIN_REPO.id] = [...alerts, ...structuredClone(alerts)];
    const e = expected(alerts, 'critical');
    const run = await h.gate();
    expect(run.outputs['alerts-total']).toBe('69');
    expect(run.outputs['gating-count']).toBe(String(e.gating.length));
  });
});
