// The EPSS reader's two hands (feeds/epss/read.ts): ids seen on an alert page before it is checked
// are requested at once (prefetch); the scores given are those of the ids the verdict asks for. Each
// id requested once, whichever hand gave it; FIRST's API as the simulator serves it on 127.0.0.1.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { epssReader } from '../../../src/feeds/epss/read.js';
import { EPSS_API_PATH } from '../../../simulator/epss.js';
import { startSimulator, type Simulator } from '../../../simulator/server.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

const reader = () =>
  epssReader(
    { kind: 'url', url: `${sim.url}${EPSS_API_PATH}` },
    { workspace: '/nonexistent', timeoutMs: 5_000, maxRetries: 0 },
  );
const requested = () =>
  sim.requests.flatMap((r) => new URL(r.url, 'http://x').searchParams.get('cve')?.split(',') ?? []).sort();
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `CVE-2031-${10_000 + from + i}`);

describe('prefetch and ask', () => {
  test('prefetched ids are requested once; only the asked ones are scored and counted', async () => {
    const batch = ids(100); // a full batch: it leaves as it is prefetched
    const [a, b, c] = [batch[0]!, batch[1]!, ids(1, 500)[0]!];
    for (const cve of [a, b, c]) sim.epss.scores.set(cve, { epss: 0.5, percentile: 0.9 });
    const epss = reader();
    epss.prefetch(batch);
    epss.ask([b, c]);
    const read = await epss.scores();
    if (!read.ok) throw new Error(read.error);
    expect([...read.value.scores.keys()].sort()).toEqual([b, c]);
    expect(read.value.asked).toBe(2);
    expect(requested()).toEqual([...batch, c].sort());
  });

  test('a full batch of prefetched ids leaves at once, before any id is asked for', async () => {
    const epss = reader();
    epss.prefetch(ids(150));
    for (let waited = 0; sim.requests.length === 0 && waited < 2_000; waited += 10)
      await new Promise((r) => setTimeout(r, 10));
    expect(requested()).toEqual(ids(100).sort());
    epss.ask(ids(150));
    const read = await epss.scores();
    expect(read.ok).toBe(true);
    expect(requested()).toEqual(ids(150).sort()); // the other 50 once, in the end
  });

  test('ids only prefetched, still waiting for a batch: not sent at all, nothing given or counted', async () => {
    sim.epss.scores.set(ids(1, 5)[0]!, { epss: 0.1, percentile: 0.5 });
    const epss = reader();
    epss.prefetch(ids(2));
    epss.ask(ids(1, 5));
    const read = await epss.scores();
    expect(read).toMatchObject({ ok: true, value: { asked: 1 } });
    expect(requested()).toEqual(ids(1, 5));
  });
});

describe('offset paging counts the distinct ids asked for (contract: "A feed that does not move is not read")', () => {
  const [a, b, c] = ids(3);
  const entry = (cve: string, epss = '0.100000000') => ({ cve, epss, percentile: '0.500000000', date: '2031-01-02' });
  const page = (total: number, ...cves: string[]) => ({ body: { total, data: cves.map((cve) => entry(cve)) } });
  const offsets = () => sim.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('offset'));

  test.each([
    { what: 'the first page again', second: page(3, a!, b!) },
    { what: 'the first page again, in another order', second: page(3, b!, a!) },
    { what: 'only an id not asked for', second: page(3, 'CVE-2031-99999') },
    { what: 'nothing', second: page(3) },
  ])('a second page bringing $what while total says 3: the read is incomplete, and ends there', async ({ second }) => {
    sim.script(EPSS_API_PATH, page(3, a!, b!), second);
    const epss = reader();
    epss.ask([a!, b!, c!]);
    const read = await epss.scores();
    expect(read.ok ? 'read' : read.error).toMatch(
      /announced 3 scores \(total\) for a request and sent 2 of its CVE ids, then nothing new when asked for the rest \(offset 2\): the read is incomplete/,
    );
    expect(offsets()).toEqual([null, '2']);
  });

  test('a second page repeating one entry and bringing the last: all three read, the offset the distinct ids read', async () => {
    sim.script(EPSS_API_PATH, page(3, a!, b!), page(3, b!, c!));
    const epss = reader();
    epss.ask([a!, b!, c!]);
    const read = await epss.scores();
    if (!read.ok) throw new Error(read.error);
    expect([...read.value.scores.keys()].sort()).toEqual([a!, b!, c!].sort());
    expect(offsets()).toEqual([null, '2']);
  });

  test('a repeated id counts once, its first score kept, and is not progress: 2 distinct of total 3 asks on at offset 2', async () => {
    sim.script(
      EPSS_API_PATH,
      { body: { total: 3, data: [entry(a!, '0.200000000'), entry(a!, '0.900000000'), entry(b!)] } },
      page(3, c!),
    );
    const epss = reader();
    epss.ask([a!, b!, c!]);
    const read = await epss.scores();
    if (!read.ok) throw new Error(read.error);
    expect(read.value.scores.get(a!)?.probability).toBe(0.2);
    expect(read.value.scores.size).toBe(3);
    expect(offsets()).toEqual([null, '2']);
  });

  test('every id asked for read: no further page, whatever total says', async () => {
    sim.script(EPSS_API_PATH, page(5, a!, b!, c!));
    const epss = reader();
    epss.ask([a!, b!, c!]);
    const read = await epss.scores();
    expect(read.ok && read.value.scores.size).toBe(3);
    expect(offsets()).toEqual([null]);
  });
});
