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
