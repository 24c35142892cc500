// `npm run demo`: starts the simulator with its seeded data and runs the bundled action against
// it exactly as the runner would, then prints the log, the outputs and the job summary.
//   npm run demo               a pull request on acme/webshop: the gate fails on critical alerts
//   npm run demo -- --clean    acme/clean-lib: the gate passes
//   npm run demo -- --latency 50   with 50 ms added to every response
//   npm run demo -- --policy   the settings from a policy file instead: writes .github/security-gate.yml
//                              (fail-on-severity high, ignore-unreachable, an allow-alerts mapping,
//                              deny-licenses GPL-3.0-only and AGPL-3.0-only, unknown-licenses warn)
//                              into the workspace, prints it, and runs with config-file naming it
// Flags combine: `--clean --policy` runs acme/clean-lib under the policy file.
import { ADVISORIES, DENIED_LICENSES, simulatorInputs } from './data.js';
import { runAction } from './run-action.js';
import { startSimulator } from './server.js';

const args = process.argv.slice(2);
const clean = args.includes('--clean');
const policy = args.includes('--policy');
const latencyAt = args.indexOf('--latency');
const latencyMs = latencyAt >= 0 ? Number(args[latencyAt + 1]) : 0;

const bold = (s: string) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const rule = (title: string) => console.log(`\n${bold(`── ${title} ${'─'.repeat(Math.max(0, 70 - title.length))}`)}`);

/**
 * The summary escapes service text for GitHub's renderer with backslashes (and a zero-width space
 * that breaks a mention or reference); undo both so the terminal reads cleanly. Code spans are
 * literal, so they are left as they are.
 */
function forTerminal(markdown: string): string {
  return markdown.replace(
    /(`+)[^`]*?\1|\\([!-/:-@[-`{-~])|\u200b/g,
    (match, fence: string | undefined, escaped: string | undefined) => (fence ? match : (escaped ?? '')),
  );
}

const POLICY_PATH = '.github/security-gate.yml';
/** The policy file of `--policy`, as a repository would keep it. */
const POLICY_FILE = `# Security gate policy (read through the action's config-file input)
version: 1
fail-on-severity: high
ignore-unreachable: true
allow-alerts:
  - id: ${ADVISORIES.log4jIncompleteFix}
    until: 2099-12-31
    reason: log4j pinned by the vendor, see SEC-123
deny-licenses: [${DENIED_LICENSES.join(', ')}]
unknown-licenses: warn
`;

/** Settings given as inputs; with --policy they come from the file instead (an input would win over it). */
const settings: Record<string, string> = policy
  ? { 'config-file': POLICY_PATH }
  : {
      'fail-on-severity': 'critical',
      'allow-alerts': clean
        ? ''
        : `${ADVISORIES.log4jIncompleteFix} until 2099-12-31 # log4j pinned by the vendor, see SEC-123`,
    };

const sim = await startSimulator({ latencyMs });
try {
  const repository = clean ? 'acme/clean-lib' : 'acme/webshop';
  const repositoryNumericId = clean ? 987654321 : 123456789;
  console.log(`Simulator on ${sim.url}; running dist/index.js for a pull request on ${repository}`);
  if (policy) {
    rule(`policy file ${POLICY_PATH} (input config-file: ${POLICY_PATH})`);
    process.stdout.write(POLICY_FILE);
  }
  const run = await runAction({
    files: policy ? { [POLICY_PATH]: POLICY_FILE } : {},
    repository,
    event: {
      repository: { id: repositoryNumericId, full_name: repository },
      pull_request: { number: 42, head: { repo: { full_name: repository, fork: false } } },
    },
    inputs: {
      ...simulatorInputs(sim.url),
      ...settings,
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
  const width = Math.max(...Object.keys(run.outputs).map((name) => name.length));
  for (const [name, value] of Object.entries(run.outputs)) console.log(`${name.padEnd(width)} ${value}`);
  rule('job summary (Markdown, escapes undone for the terminal)');
  console.log(forTerminal(run.summary));
  rule(`exit code ${run.exitCode} (${sim.requests.length} requests to the simulator)`);
  await run.cleanup();
} finally {
  await sim.close();
}
