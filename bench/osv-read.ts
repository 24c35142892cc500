// `npx tsx bench/osv-read.ts [--latency 50] [--runs 5]`: OSV's querybatch read of 50,000 package
// versions (feeds/osv/querybatch.ts) against the simulator's fake OSV with a latency on every
// answer, beside its floor: the same 50 request bodies POSTed through undici, as many in flight,
// each answer only JSON.parse-d. The contract's "Scale": the read takes about the time its requests
// take. Some 1% of the versions have a MAL- record, so the answers are not all empty. Prints
// medians; speed is measured here, not in timed tests.
import { request } from 'undici';
import { osvEcosystem } from '../src/feeds/osv/ecosystems.js';
import { distinctQueries, queryBatchBody, queryBatches } from '../src/feeds/osv/queries.js';
import { OSV_QUERYBATCH_CONCURRENCY, osvQueryBatch } from '../src/feeds/osv/querybatch.js';
import { malRecord, OSV_PATH, OSV_QUERYBATCH_PATH } from '../simulator/osv.js';
import { startSimulator } from '../simulator/server.js';
import { boundedBy } from '../src/feeds/bounded.js';

const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const LATENCY = flag('latency', 50);
const RUNS = flag('runs', 5);
const COUNT = 50_000;

const npm = osvEcosystem('npm')!;
const packages = Array.from({ length: COUNT }, (_, i) => ({
  ecosystem: npm,
  name: `bench-package-${i}`,
  version: '1.0.0',
}));
const sim = await startSimulator({ latencyMs: LATENCY });
for (let i = 0; i < COUNT; i += 100) {
  const id = `MAL-2031-${i}`;
  sim.osv.records.set(id, malRecord(id, 'npm', `bench-package-${i}`, ['1.0.0']));
}

/** The floor: the same bodies, as many in flight, each answer only parsed. */
async function floor(): Promise<number> {
  const bodies = queryBatches(distinctQueries(packages)).map(queryBatchBody);
  const limited = boundedBy(OSV_QUERYBATCH_CONCURRENCY);
  const started = performance.now();
  await Promise.all(
    bodies.map((body) =>
      limited(async () => {
        const answer = await request(`${sim.url}${OSV_QUERYBATCH_PATH}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        });
        JSON.parse(await answer.body.text());
      }),
    ),
  );
  return performance.now() - started;
}

async function read(): Promise<number> {
  const started = performance.now();
  const result = await osvQueryBatch(`${sim.url}${OSV_PATH}`, packages, { timeoutMs: 30_000, maxRetries: 0 });
  const elapsed = performance.now() - started;
  if (!result.ok) throw new Error(result.error);
  const found = [...result.value.values()].filter((ids) => ids.length > 0).length;
  if (found !== COUNT / 100) throw new Error(`expected ${COUNT / 100} versions with ids, read ${found}`);
  return elapsed;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const reads: number[] = [];
const floors: number[] = [];
await read(); // warm-up: modules, connections
for (let i = 0; i < RUNS; i++) {
  sim.reset();
  floors.push(await floor());
  sim.reset();
  reads.push(await read());
}
const requests = sim.requests.length;
await sim.close();
const ideal = Math.ceil(COUNT / 1_000 / OSV_QUERYBATCH_CONCURRENCY) * LATENCY;
console.log(
  `${COUNT} package versions, ${requests} requests, ${OSV_QUERYBATCH_CONCURRENCY} in flight, ${LATENCY} ms a response (${RUNS} runs):`,
);
console.log(
  `  read ${median(reads).toFixed(0)} ms; floor (the same requests, answers only parsed) ${median(floors).toFixed(0)} ms; ratio ${(median(reads) / median(floors)).toFixed(2)}; latency alone ${ideal} ms`,
);
