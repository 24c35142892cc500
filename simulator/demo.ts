// `npm run demo`: starts the simulator with its seeded data and runs the bundled action against
// it exactly as the runner would, then prints the log, the outputs and the job summary.
//   npm run demo               a pull request on acme/webshop: the gate fails on critical alerts
//   npm run demo -- --clean    acme/clean-lib: the gate passes
//   npm run demo -- --latency 50   with 50 ms added to every response
import { APP_ID, DEMO_TOKEN, ORG_ID } from './data.js';
import { runAction } from './run-action.js';
import { startSimulator } from './server.js';

const args = process.argv.slice(2);
const clean = args.includes('--clean');
const latencyAt = args.indexOf('--latency');
const latencyMs = latencyAt >= 0 ? Number(args[latencyAt + 1]) : 0;

const bold = (s: string) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const rule = (title: string) => console.log(`\n${bold(`── ${title} ${'─'.repeat(Math.max(0, 70 - title.length))}`)}`);

/** The summary escapes service text for GitHub's renderer; undo that so the terminal reads cleanly. */
function forTerminal(markdown: string): string {
  return markdown
    .replace(/\\([\\`*_{}[\]()#+\-.!|~$<>])/g, '$1')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name] ?? '')
    .replace(/\u200b/g, '');
}

const sim = await startSimulator({ latencyMs });
try {
  const repository = clean ? 'acme/clean-lib' : 'acme/webshop';
  const repositoryNumericId = clean ? 987654321 : 123456789;
  console.log(`Simulator on ${sim.url}; running dist/index.js for a pull request on ${repository}`);
  const run = await runAction({
    repository,
    event: {
      repository: { id: repositoryNumericId, full_name: repository },
      pull_request: { number: 42, head: { repo: { full_name: repository, fork: false } } },
    },
    inputs: {
      'api-url': sim.url,
      'api-token-id': DEMO_TOKEN.id,
      'api-token-secret': DEMO_TOKEN.secret,
      'organization-id': ORG_ID,
      'app-id': APP_ID,
      'fail-on-severity': 'critical',
      'allow-alerts': clean ? '' : 'GHSA-7rjr-3q55-vv33 until 2099-12-31 # log4j pinned by the vendor, see SEC-123',
      'set-pr-scanning': 'true',
      'dry-run': 'true',
      'report-file': 'security-gate.json',
      'sarif-file': 'security-gate.sarif',
    },
  });
  rule('log (stdout of dist/index.js)');
  process.stdout.write(run.stdout);
  if (run.stderr) process.stdout.write(run.stderr);
  rule('outputs');
  for (const [name, value] of Object.entries(run.outputs)) console.log(`${name.padEnd(16)} ${value}`);
  rule('job summary (Markdown, escapes undone for the terminal)');
  console.log(forTerminal(run.summary));
  rule(`exit code ${run.exitCode} (${sim.requests.length} requests to the simulator)`);
  await run.cleanup();
} finally {
  await sim.close();
}
