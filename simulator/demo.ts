// `npm run demo`: starts the simulator with its seeded data and runs the bundled action against
// it exactly as the runner would, then prints the log, the outputs and the job summary.
// Flags combine: `--clean --policy` runs acme/clean-lib under the policy file. `--help` lists them.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  ADVISORIES,
  CLEAN_REPO,
  DENIED_LICENSES,
  defaultData,
  FIX_PR,
  fixPullRequestChanges,
  KEV_REPO,
  MAIN_REPO,
  serviceAdvisoryFacts,
  simulatorInputs,
  withRecentAlerts,
} from './data.js';
import type { GateResult } from '../src/model.js';
import { plural } from '../src/numbers.js';
import { advisoryRecord, startFakeGitHub } from './github.js';
import { EPSS_API_PATH, epssInputs } from './epss.js';
import { KEV_PATH, kevInputs } from './kev.js';
import { DEMO_USAGE, readDemoFlags } from './demo-flags.js';
import { badPullRequest, DEMO_DENY_ENTRY, noGraphPullRequest, withSupplyChainAdds } from './pull-requests.js';
import { DEPS_DEV_PATH } from './deps-dev.js';
import { OSV_PATH } from './osv.js';
import { readableLog } from './readable-log.js';
import { shiftClock, shiftedClockArgs } from './clock.js';
import { runAction } from './run-action.js';
import { startSimulator } from './server.js';

const command = readDemoFlags(process.argv.slice(2));
if (command.kind === 'help') {
  console.log(DEMO_USAGE);
  process.exit(0);
}
if (command.kind === 'refused') {
  console.error(`${command.reason}\n\n${DEMO_USAGE}`);
  process.exit(2);
}
const {
  clean,
  policy,
  fixPr,
  badPr,
  fork,
  ratchet,
  grace,
  comment,
  kev,
  vex,
  tooNew,
  malicious,
  deny,
  noGraph,
  epss,
  latencyMs,
  todayMs,
  outDir,
} = command.flags;
/** --too-new, --malicious, --deny: --bad-pr's pull request, with what each check stops. */
const supplyChain = tooNew || malicious || deny;
// --today: this process (the simulator) and the action see that day, the pictures' check runs as on their day.
if (todayMs !== undefined) shiftClock(todayMs);
const GRACE_DAYS = 'critical=0, high=30, medium=90';
/** The run's workspace names of the reports (report-file, sarif-file). */
const REPORT_FILE = 'security-gate.json';
const SARIF_FILE = 'security-gate.sarif';

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
/** The allowed advisory's package, and the exception's owner: an exception has both (contract: "The way out"). */
const LOG4J_CORE = 'pkg:maven/org.apache.logging.log4j/log4j-core';
const ALLOW_OWNER = '@acme/security';
/** The policy file of `--policy`, as a repository would keep it. */
const POLICY_FILE = `# Security gate policy (read through the action's config-file input)
version: 1
fail-on-severity: high
ignore-unreachable: true
allow-alerts:
  - id: ${ADVISORIES.log4jIncompleteFix}
    for: ${LOG4J_CORE}
    until: 2099-12-31
    by: '${ALLOW_OWNER}'
    reason: log4j pinned by the vendor, see SEC-123
deny-licenses: [${DENIED_LICENSES.join(', ')}]
unknown-licenses: warn
`;

const VEX_PATH = '.vex/webshop.openvex.json';
const VEX_OUTPUT = 'security-gate.openvex.json';
/** The document of `--vex`: one statement that spares an alert, one whose id has a typo. */
const VEX_FILE = `${JSON.stringify(
  {
    '@context': 'https://openvex.dev/ns/v0.2.0',
    '@id': 'https://acme.example/vex/webshop-2025-06',
    author: 'Acme Security <security@acme.example>',
    timestamp: '2025-06-01T09:00:00Z',
    version: 1,
    statements: [
      {
        vulnerability: { name: 'CVE-2021-44228' },
        products: [{ '@id': 'pkg:maven/org.apache.logging.log4j/log4j-core' }],
        status: 'not_affected',
        justification: 'vulnerable_code_not_in_execute_path',
        impact_statement: 'JNDI lookups are disabled (log4j2.formatMsgNoLookups=true) and no message reaches a lookup.',
      },
      {
        vulnerability: { name: 'GHSA-35jh-r3h4-6jmh' },
        products: [{ '@id': 'pkg:npm/lodash@4.17.20' }],
        status: 'not_affected',
        justification: 'vulnerable_code_not_present',
      },
    ],
  },
  null,
  2,
)}\n`;

/**
 * The repository of the run: acme/clean-lib for --clean and --bad-pr (no alerts, so what the pull
 * request brings in is all that can fail it), else acme/webshop for --fix-pr and --grace (its
 * alerts), else --kev's.
 */
const onCleanRepo = clean || badPr || fork || noGraph || (supplyChain && !ratchet);
// --ratchet: acme/ops-console, whose high alerts are a backlog the pull request did not cause.
const onKevRepo = ((kev || epss !== null) && !onCleanRepo && !fixPr && !grace) || ratchet;
const target = onCleanRepo ? CLEAN_REPO : onKevRepo ? KEV_REPO : MAIN_REPO;
/** --bad-pr's pull request (also --fork's and --ratchet's): GitHub's compare and advisories, the head's manifests. */
const bad =
  badPr || fork || ratchet || supplyChain
    ? withSupplyChainAdds(badPullRequest(), { tooNew, malicious, denied: deny })
    : null;

/** --no-graph's pull request: its change in its lockfiles, the repository's dependency graph off. */
const noGraphPr = noGraph ? noGraphPullRequest() : null;

/** Settings given as inputs; with --policy they come from the file instead (an input would win over it). */
const settings: Record<string, string> = policy
  ? { 'config-file': POLICY_PATH }
  : {
      // Under --grace, high alerts gate too: critical=0 gives the critical ones no grace. Under
      // --ratchet they would: the backlog the ratchet keeps from failing the pull request.
      'fail-on-severity': grace || ratchet ? 'high' : 'critical',
      'allow-alerts':
        onCleanRepo || onKevRepo
          ? ''
          : `${ADVISORIES.log4jIncompleteFix} for ${LOG4J_CORE} until 2099-12-31 by ${ALLOW_OWNER} # log4j pinned by the vendor, see SEC-123`,
    };
if (grace) settings['grace-days'] = GRACE_DAYS;
if (ratchet) settings['existing-alerts'] = 'warn';
if (tooNew) settings['min-release-age'] = '3d';
if (malicious) settings.malicious = 'fail';
if (deny) settings['deny-packages'] = DEMO_DENY_ENTRY;
/** --fork: GitHub passes a fork's pull request no secrets and no variables: the service's inputs are empty. */
const withheld: Record<string, string> = fork
  ? { 'api-url': '', 'api-token-id': '', 'api-token-secret': '', 'organization-id': '', 'app-id': '' }
  : {};
// --bad-pr: a license policy, so that the GPL-3.0-only package it adds is judged (--policy's file has one).
if (bad && !policy) settings['deny-licenses'] = DENIED_LICENSES.join(', ');

/** An alert as the JSON report lists it: what the lines below print. */
interface ReportedAlert {
  advisory: string;
  package: string;
  severity: string;
  status: string;
  resolution: { manifests: string[]; removed: string; added: string[] } | null;
  changedByPullRequest: boolean;
  dueOn: string | null;
  daysLeft: number | null;
}

/** What the pull request resolved and what is due, from the JSON report: one line each. */
function pullRequestsAndTime(alerts: ReportedAlert[]): string[] {
  const resolved = alerts.filter((a) => a.status === 'resolved');
  const due = alerts.filter((a) => a.status === 'due');
  const lines: string[] = [];
  if (fixPr) {
    const each = resolved.map(
      (a) =>
        `${a.advisory} (${a.package}, ${a.resolution?.added.length ? `now ${a.resolution.added.join(', ')}` : 'removed'})`,
    );
    lines.push(`Resolved by this pull request (${resolved.length}): ${each.join('; ') || 'none'}`);
    const changed = alerts.filter((a) => a.changedByPullRequest).map((a) => a.advisory);
    if (changed.length > 0) lines.push(`Changed by this pull request, not resolved: ${changed.join(', ')}`);
  }
  if (grace) {
    const each = due.map(
      (a) =>
        `${a.advisory} (${a.severity}, due ${a.dueOn}${a.daysLeft === null ? '' : `, ${plural(a.daysLeft, 'day')} left`})`,
    );
    lines.push(`Due, inside their grace period (${due.length}): ${each.join('; ') || 'none'}`);
    const overdue = alerts.filter((a) => a.status === 'gating' && a.dueOn !== null).length;
    if (overdue > 0) lines.push(`Overdue, past their grace period and gating: ${overdue}`);
  }
  return lines;
}

/**
 * What the pull request brings in, from the JSON report's `introduced` view: one line each finding
 * (advisory, severity, package and version, manifests, what the verdict made of it), or why there is none.
 */
function broughtIn(report: Pick<GateResult, 'introduced'> | null): string[] {
  if (report === null) return ['No JSON report was written.'];
  if (report.introduced === null)
    return ['Nothing brought in was judged (pr-introduced is off, or the change was not read).'];
  const each = report.introduced.findings.map((f) =>
    [
      f.advisory,
      f.severity,
      `${f.name}@${f.version}`,
      `in ${f.manifests.join(', ')}`,
      f.disposition.gates ? 'gates' : f.disposition.reason,
    ].join(', '),
  );
  return [
    `Brought in by this pull request (${each.length}, pr-introduced: ${report.introduced.mode}): ${each.join('; ') || 'none'}`,
  ];
}

/** The JSON report's supplyChain list: one line each version a check found something of. */
function beforeAnyAdvisory(report: Pick<GateResult, 'supplyChain'> | null): string[] {
  if (report === null) return ['No JSON report was written.'];
  if (report.supplyChain === null) return ['No check before any advisory was made.'];
  const marked = report.supplyChain.entries.filter(
    (e) =>
      e.denied !== null || (e.malicious?.length ?? 0) > 0 || e.releaseAge === 'too-new' || e.releaseAge === 'unknown',
  );
  const each = marked.map((e) =>
    [
      `${e.name}@${e.version}`,
      e.denied ? `denied (${e.denied.purl})` : null,
      e.malicious?.length ? `malicious (${e.malicious.join(', ')})` : null,
      e.releaseAge === 'too-new' ? `too new (published ${e.publishedAt}, can land from ${e.landsFrom})` : null,
      e.releaseAge === 'unknown' ? `publish time unknown (${e.unknownWhy})` : null,
      e.disposition.gates ? 'gates' : e.disposition.reason,
    ]
      .filter(Boolean)
      .join(', '),
  );
  return [
    `Checked before any advisory: ${plural(report.supplyChain.entries.length, 'version')}; found (${each.length}): ${each.join('; ') || 'none'}`,
  ];
}

/** What the run left that --out keeps: its workspace (removed after the run), summary, stdout and PR comment. */
interface RunOutput {
  workspace: string;
  summary: string;
  stdout: string;
  /** The sticky comment's body; null without --comment. */
  comment: string | null;
}

/**
 * --out: the job summary, the JSON report, the SARIF log, the raw log and the PR comment, out of the
 * run's workspace into `dir`. One line per file: where it went, or that the run wrote none.
 */
async function keepReports(run: RunOutput, dir: string): Promise<string[]> {
  const target = resolve(dir);
  await mkdir(target, { recursive: true });
  const kept: [string, () => Promise<void>][] = [
    ['summary.md', () => writeFile(join(target, 'summary.md'), run.summary)],
    ['report.json', () => copyFile(join(run.workspace, REPORT_FILE), join(target, 'report.json'))],
    ['results.sarif', () => copyFile(join(run.workspace, SARIF_FILE), join(target, 'results.sarif'))],
    ['log.txt', () => writeFile(join(target, 'log.txt'), run.stdout)],
  ];
  if (comment) {
    kept.push([
      'comment.md',
      () =>
        run.comment === null ? Promise.reject(new Error('none')) : writeFile(join(target, 'comment.md'), run.comment),
    ]);
  }
  return Promise.all(
    kept.map(([name, keep]) =>
      keep().then(
        () => `${name.padEnd(14)}${join(target, name)}`,
        () => `${name.padEnd(14)}not written by this run`,
      ),
    ),
  );
}

const now = new Date();
// --grace: a few alerts created days ago (the seeded ones date from 2025), relative to this run's clock.
const sim = await startSimulator({ latencyMs, data: grace ? withRecentAlerts(defaultData(), now) : defaultData() });
// A fake GitHub: the pull request's dependency review compare (none changed, unless --fix-pr or
// --bad-pr) and the advisories it lists, the policy file as it stands at the pull request's base
// (--policy) and the sticky comment (--comment). The pull request names its base and head
// commits, as a real event does.
const github = await startFakeGitHub();
try {
  const repository = target.name;
  const repositoryNumericId = Number(target.externalId);
  const change = bad ?? noGraphPr ?? { number: fixPr ? FIX_PR.number : 42, base: FIX_PR.base, head: FIX_PR.head };
  const { number: pullRequest, base, head } = change;
  // Unless --fix-pr or --bad-pr, the pull request changes no dependency.
  github.compares.set(
    `${repository}/${base}...${head}`,
    bad ? bad.changes : fixPr ? fixPullRequestChanges(sim.state) : [],
  );
  // GitHub's advisories of the service's alerts (the Fix column's versions), and of what --bad-pr adds.
  for (const [id, facts] of serviceAdvisoryFacts()) github.advisories.set(id, advisoryRecord(id, facts));
  for (const [id, record] of bad?.advisories ?? []) github.advisories.set(id, record);
  // A pull request is judged by the policy file as it stands at its base: GitHub has it there too.
  github.commits.add(`${repository}@${base}`);
  // --no-graph: the compare answers 403 (no dependency graph); the lockfiles' base copies are GitHub's.
  if (noGraphPr) {
    github.failRoute.compare = 403;
    for (const [path, text] of Object.entries(noGraphPr.baseFiles))
      github.files.set(`${repository}/${path}@${base}`, { text });
  }
  if (policy) github.files.set(`${repository}/${POLICY_PATH}@${base}`, { text: POLICY_FILE });
  // --vex: the document is committed on the base branch, where a pull request's documents are read.
  if (vex) github.files.set(`${repository}/${VEX_PATH}@${base}`, { text: VEX_FILE });
  console.log(
    `Simulator on ${sim.url}, fake GitHub on ${github.url}; running dist/index.js for pull request #${pullRequest} on ${repository}`,
  );
  if (noGraphPr)
    console.log(
      `The repository has no dependency graph (GitHub's compare answers 403); the pull request changes ${Object.keys(noGraphPr.files).join(', ')}, adding org.apache.logging.log4j:log4j-core 2.14.1`,
    );
  if (bad) {
    console.log("The pull request adds (GitHub's dependency review compare; the service has scanned none of it):");
    for (const e of bad.changes) {
      const advisories = e.vulnerabilities.map((v) => `${v.advisory_ghsa_id} ${v.severity}`);
      console.log(
        `  ${e.name} ${e.version} in ${e.manifest} (${e.scope}, ${e.license}${advisories.length ? `; ${advisories.join(', ')}` : ''})`,
      );
    }
  }
  if (kev) {
    const count = (sim.kevCatalog as { count?: number }).count;
    console.log(
      `known-exploited: fail, with the KEV catalog (${count === undefined ? 'no count' : plural(count, 'entry', 'entries')}) at ${sim.url}${KEV_PATH}`,
    );
  }
  if (epss !== null) console.log(`epss: ${epss}, with FIRST's EPSS API at ${sim.url}${EPSS_API_PATH}`);
  if (policy) {
    rule(`policy file ${POLICY_PATH} (input config-file: ${POLICY_PATH})`);
    process.stdout.write(POLICY_FILE);
  }
  const run = await runAction({
    ...(todayMs === undefined ? {} : { nodeArgs: shiftedClockArgs(todayMs) }),
    // The workspace is the pull request's head: --bad-pr's manifests, and the policy file.
    files: {
      ...bad?.files,
      ...noGraphPr?.files,
      ...(policy ? { [POLICY_PATH]: POLICY_FILE } : {}),
      ...(vex ? { [VEX_PATH]: VEX_FILE } : {}),
    },
    repository,
    event: {
      repository: { id: repositoryNumericId, full_name: repository },
      pull_request: {
        number: pullRequest,
        base: { sha: base },
        // --fork: the head is in a fork, as GitHub's event says.
        head: fork
          ? { sha: head, repo: { full_name: `contributor/${repository.split('/')[1]}`, fork: true } }
          : { sha: head, repo: { full_name: repository, fork: false } },
      },
    },
    // The commit and run every runner names: the reports link the manifest lines and the run.
    env: {
      GITHUB_SHA: '4f1c2a9e6b7d4e219a0f5c8d7e6b4a1300c0ffee',
      GITHUB_RUN_ID: '1234',
      GITHUB_API_URL: github.url,
    },
    inputs: {
      ...simulatorInputs(sim.url),
      ...(kev ? kevInputs(sim.url, 'fail') : {}),
      ...(epss === null ? {} : epssInputs(sim.url, epss)),
      // The simulator's copies of deps.dev's and OSV's APIs (the defaults are the real ones).
      ...(tooNew ? { 'release-age-url': `${sim.url}${DEPS_DEV_PATH}` } : {}),
      ...(malicious || noGraph ? { 'osv-url': `${sim.url}${OSV_PATH}` } : {}),
      ...settings,
      'set-pr-scanning': 'true',
      'dry-run': 'true',
      ...(comment ? { 'comment-on-pr': 'always' } : {}),
      ...(vex ? { 'vex-files': VEX_PATH, 'vex-output': VEX_OUTPUT } : {}),
      'report-file': REPORT_FILE,
      'sarif-file': SARIF_FILE,
      ...withheld,
    },
  });
  rule('log (stdout of dist/index.js, workflow commands shown as the runner shows them)');
  process.stdout.write(readableLog(run.stdout));
  if (run.stderr) process.stdout.write(run.stderr);
  rule('outputs');
  const width = Math.max(...Object.keys(run.outputs).map((name) => name.length));
  for (const [name, value] of Object.entries(run.outputs)) console.log(`${name.padEnd(width)} ${value}`);
  rule('job summary (Markdown, escapes undone for the terminal)');
  console.log(forTerminal(run.summary));
  const posted = github.comments.at(-1)?.body ?? null;
  if (comment) {
    rule('PR comment (Markdown, as posted to the fake GitHub, escapes undone for the terminal)');
    console.log(posted === null ? 'No comment was posted.' : forTerminal(posted));
  }
  if (fixPr || grace) {
    rule('pull request and grace periods (from security-gate.json)');
    const report = await readFile(join(run.workspace, REPORT_FILE), 'utf8').catch(() => null);
    const alerts = report === null ? null : (JSON.parse(report) as { alerts?: ReportedAlert[] }).alerts;
    for (const line of alerts ? pullRequestsAndTime(alerts) : ['No JSON report was written.']) console.log(line);
  }
  if (ratchet) {
    rule('the ratchet (existing-alerts: warn, from security-gate.json)');
    const report = await readFile(join(run.workspace, REPORT_FILE), 'utf8').catch(() => null);
    const alerts = report === null ? [] : ((JSON.parse(report) as { alerts?: ReportedAlert[] }).alerts ?? []);
    const existing = alerts.filter((a) => a.status === 'existing');
    console.log(
      `Already on the base, warned about, not failing this pull request (${existing.length}): ${existing.map((a) => `${a.advisory} (${a.severity}, ${a.package})`).join('; ') || 'none'}`,
    );
  }
  if (bad) {
    rule('brought in by the pull request (from security-gate.json)');
    const report = await readFile(join(run.workspace, REPORT_FILE), 'utf8').catch(() => null);
    for (const line of broughtIn(report === null ? null : (JSON.parse(report) as GateResult))) console.log(line);
    const asked = (pattern: RegExp) => github.requests.filter((r) => pattern.test(r.path)).length;
    console.log(
      `GitHub was asked for ${plural(asked(/\/dependency-graph\/compare\//), 'page')} of the compare and ${plural(asked(/\/graphql$/), 'GraphQL query', 'GraphQL queries')} of its advisories`,
    );
  }
  if (supplyChain) {
    rule('before any advisory (from security-gate.json)');
    const report = await readFile(join(run.workspace, REPORT_FILE), 'utf8').catch(() => null);
    for (const line of beforeAnyAdvisory(report === null ? null : (JSON.parse(report) as GateResult)))
      console.log(line);
    const asked = (prefix: string) => sim.requests.filter((r) => r.path.startsWith(prefix)).length;
    console.log(
      `deps.dev was asked ${plural(asked(DEPS_DEV_PATH), 'time')}, OSV ${plural(asked(OSV_PATH), 'time')} (the simulator's copies)`,
    );
  }
  if (vex) {
    rule(`vex-output ${VEX_OUTPUT}`);
    const written = await readFile(join(run.workspace, VEX_OUTPUT), 'utf8').catch(() => null);
    console.log(written === null ? 'Not written.' : written);
  }
  if (outDir) {
    rule(`kept in ${outDir}`);
    const output = { workspace: run.workspace, summary: run.summary, stdout: run.stdout, comment: posted };
    for (const line of await keepReports(output, outDir)) console.log(line);
  }
  const catalogReads = sim.requests.filter((r) => r.path === KEV_PATH).length;
  rule(
    `exit code ${run.exitCode} (${plural(sim.requests.length, 'request')} to the simulator${kev ? `, ${catalogReads} of them for the KEV catalog` : ''}, ${github.requests.length} to GitHub)`,
  );
  await run.cleanup();
} finally {
  await Promise.all([sim.close(), github.close()]);
}
