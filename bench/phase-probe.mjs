// Loaded with `node --import` by the benchmark's memory scenario when run with `--phases`, only when
// BENCH_PHASES_FILE is set: the peak RSS of each phase of a run (read, judge, each report), and
// what the heap and the process's mappings hold as each phase starts, written to that file as JSON
// when the process exits. Not part of the action: it knows the phase from the action's log lines,
// and samples RSS from a worker thread, which keeps sampling while the main thread is busy in one
// long synchronous step. The worker itself adds some 5 MiB, so the memory rows' peaks are measured
// without it (rss-probe.mjs). BENCH_HEAP_SNAPSHOT=<phase> writes a heap snapshot as that phase
// starts (`<file>.<phase>.heapsnapshot`; the snapshot itself takes time and memory).
import { readFileSync, writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { Worker } from 'node:worker_threads';

const file = process.env.BENCH_PHASES_FILE;
/** Phases in order, each entered when the log line that ends the one before is written. */
const PHASES = [
  ['start', null],
  ['read', /::group::Reading from the service/],
  ['judge', /^\d+ alerts read/m],
  ['summary', /::group::Writing the reports/],
  ['json report', /^Job summary written/m],
  ['sarif', /^report-file: written/m],
  ['annotations', /^sarif-file: written/m],
];
const mib = (bytes) => Math.round(bytes / 2 ** 20);

/**
 * RSS (MiB) by kind of mapping, from /proc/self/smaps: the node binary, the main thread's malloc
 * heap ([heap]), other anonymous memory (V8's heap pages, other threads' malloc arenas, large
 * mallocs), files.
 */
function mappings() {
  const out = {};
  let kind = null;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const name = head[1];
      kind = name === '' ? 'anonymous' : name.startsWith('/') ? (/\/node$/.test(name) ? 'node binary' : 'files') : name;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && kind) out[kind] = (out[kind] ?? 0) + Number(rss[1]) * 1024;
  }
  return Object.fromEntries(
    Object.entries(out)
      .filter(([, v]) => v >= 2 ** 20)
      .map(([k, v]) => [k, mib(v)]),
  );
}

/** What the process holds now: RSS, V8's heap (used/committed by space, MiB), memory outside it. */
function holdings() {
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics()
      .filter((s) => s.space_size >= 2 ** 20)
      .map((s) => [s.space_name, `${mib(s.space_used_size)}/${mib(s.space_size)}`]),
  );
  return {
    rss: mib(rss),
    heapUsed: mib(heapUsed),
    external: mib(external),
    arrayBuffers: mib(arrayBuffers),
    spaces,
    mappings: mappings(),
  };
}

if (file) {
  // [phase, peak KiB of phase 0, peak KiB of phase 1, …]
  const shared = new Int32Array(new SharedArrayBuffer(4 * (PHASES.length + 1)));
  const sampler = `
    const { workerData: shared } = require('node:worker_threads');
    setInterval(() => {
      const kib = Math.round(process.memoryUsage.rss() / 1024);
      const at = 1 + Atomics.load(shared, 0);
      if (kib > Atomics.load(shared, at)) Atomics.store(shared, at, kib);
    }, 2);`;
  new Worker(sampler, { eval: true, workerData: shared }).unref();
  const entered = {};
  const enter = (next) => {
    const [name] = PHASES[next];
    entered[name] = holdings();
    if (process.env.BENCH_HEAP_SNAPSHOT === name) writeHeapSnapshot(`${file}.${name.replace(' ', '-')}.heapsnapshot`);
    Atomics.store(shared, 0, next);
  };
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    for (let next = Atomics.load(shared, 0) + 1; next < PHASES.length; next++)
      if (PHASES[next][1].test(text)) enter(next);
    return write(chunk, ...rest);
  };
  process.on('exit', () => {
    entered.exit = holdings();
    const peaks = Object.fromEntries(PHASES.map(([name], i) => [name, Math.round(shared[i + 1] / 1024)]));
    writeFileSync(file, JSON.stringify({ peaks, entered, maxRSS: Math.round(process.resourceUsage().maxRSS / 1024) }));
  });
}
