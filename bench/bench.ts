// `npm run bench`: times whole runs of the bundled action against the simulator with injected
// latency, the way a user's CI pays for it, and counts the requests. Speed is measured here, not
// in timed tests.
//   npm run bench -- --latency 50 --alerts 500 --max-page-size 25 --runs 5 [--record]
// --record writes bench/RESULTS.md.
import { writeFile } from 'node:fs/promises';
import { APP_ID, DEMO_TOKEN, MAIN_REPO, ORG_ID } from '../simulator/data.js';
import { runAction } from '../simulator/run-action.js';
import { startSimulator } from '../simulator/server.js';

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}
const latencyMs = flag('latency', 50);
const alertCount = flag('alerts', 500);
const runs = flag('runs', 5);
const maxPageSize = flag('max-page-size', 25);

const sim = await startSimulator({ latencyMs, maxPageSize });
// Grow the main repository to `alertCount` alerts by copying the seeded ones under new ids.
const seeded = sim.state.alerts[MAIN_REPO.id] ?? [];
sim.state.alerts[MAIN_REPO.id] = Array.from({ length: alertCount }, (_, i) => {
  const alert = structuredClone(seeded[i % seeded.length]!);
  return { ...alert, id: `${alert.id}-${i}` };
});

const scenarios: Array<{ name: string; inputs: Record<string, string> }> = [
  { name: 'gate (alerts, posture, time saved, schedule, packages)', inputs: {} },
  { name: 'gate + settings + SARIF + JSON', inputs: { 'set-pr-scanning': 'true', 'set-cwe-whitelist': '79,89', 'sarif-file': 'x.sarif', 'report-file': 'x.json' } },
  { name: 'startup only (invalid input, no request)', inputs: { 'fail-on-severity': 'bogus' } },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const lines = [
  `latency ${latencyMs} ms per response, ${alertCount} alerts, server page size ${maxPageSize}, ${runs} runs each (median)`,
  '',
  '| scenario | wall time | requests | requests in sequence would take |',
  '|---|--:|--:|--:|',
];
try {
  for (const scenario of scenarios) {
    const times: number[] = [];
    let requests = 0;
    for (let i = 0; i < runs; i++) {
      sim.reset();
      const started = performance.now();
      const run = await runAction({
        inputs: { 'api-url': sim.url, 'api-token-id': DEMO_TOKEN.id, 'api-token-secret': DEMO_TOKEN.secret, 'organization-id': ORG_ID, 'app-id': APP_ID, ...scenario.inputs },
      });
      times.push(performance.now() - started);
      requests = sim.requests.length;
      await run.cleanup();
    }
    lines.push(`| ${scenario.name} | ${Math.round(median(times))} ms | ${requests} | ≥ ${requests * latencyMs} ms |`);
  }
} finally {
  await sim.close();
}
const report = lines.join('\n');
console.log(report);
if (process.argv.includes('--record')) {
  await writeFile(new URL('./RESULTS.md', import.meta.url), `# Benchmark results\n\nRecorded with \`npm run bench -- --record\` on the 2-core CI machine (Node ${process.version}).\n\n${report}\n`);
}
