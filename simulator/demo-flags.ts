// The flags of `npm run demo`, read strictly: an unknown flag, a stray word or a flag without its
// value is refused with the usage (exit code 2), so a typo (`--bad_pr`) never runs another demo
// than the one asked for.
import { parseArgs } from 'node:util';

export const DEMO_USAGE = `npm run demo -- [flags]
  (none)          a pull request on acme/webshop: the gate fails on critical alerts
  --clean         acme/clean-lib: the gate passes
  --fix-pr        the pull request upgrades the packages behind acme/webshop's critical alerts
                  (log4j-core, commons-text, spring-beans, minimist): a fake GitHub serves its
                  dependency review compare, the alerts are resolved and the gate passes
  --bad-pr        a pull request on acme/clean-lib (no alerts: the service's alerts pass it) that
                  brings in what the service has not scanned: log4j-core 2.14.1 in java/pom.xml
                  (Log4Shell, critical), micromatch 4.0.5 (moderate) and ffmpeg-static (GPL-3.0-only,
                  under deny-licenses GPL-3.0-only and AGPL-3.0-only): a fake GitHub serves its
                  dependency review compare and the advisories; the head's manifests are in the
                  workspace. It fails on what the pull request brings in, shown first in the job
                  summary and in the PR comment (printed, as with --comment). With --kev the
                  advisories' CVE ids are read and Log4Shell is known exploited. Not with --fix-pr
                  (another pull request)
  --fork          --bad-pr's pull request, from a fork: GitHub passes it no secrets (and no
                  variables), so api-url and the service's tokens are empty; the gate judges what it
                  brings in through GitHub alone, says the repository's alerts were not read, and
                  fails on Log4Shell. Not with --fix-pr
  --ratchet       existing-alerts warn with fail-on-severity high on acme/ops-console, whose high
                  alerts are its backlog, and --bad-pr's pull request: the backlog warns ("already
                  on the base", existing-count) while the log4j-core 2.14.1 it brings in fails
  --too-new       min-release-age 3d, release-age-url the simulator's copy of deps.dev's API:
                  --bad-pr's pull request also adds string-palette 2.3.1, published 14 hours ago
                  (no advisory, no OSV record yet), which fails as too new, with the instant it
                  can land
  --malicious     malicious fail, osv-url the simulator's copy of OSV's API: --bad-pr's pull
                  request also adds color-stringify 4.1.1, which OSV lists as malicious
                  (MAL-2025-47301, a made-up hijacked release): it fails whatever else applies
  --deny          deny-packages "pkg:npm/event-stream # …": --bad-pr's pull request also adds
                  event-stream 3.3.6 (the 2018 flatmap-stream compromise), which fails as denied
                  Each of --too-new, --malicious and --deny combines with the others and with --fork
  --no-graph      a pull request on acme/clean-lib whose repository has no dependency graph
                  (GitHub's compare answers 403): the gate reads the change from the lockfiles
                  themselves, the workspace's java/gradle.lockfile against its copy at the base
                  commit (a fake GitHub serves it), which adds log4j-core 2.14.1; OSV (the
                  simulator's copy) lists its vulnerabilities, and it fails on Log4Shell. Not with
                  --fix-pr, --bad-pr, --fork, --ratchet, --too-new, --malicious or --deny
  --grace         grace-days "critical=0, high=30, medium=90" with fail-on-severity high, some
                  alerts created days ago: those inside their grace period are due, not gating
  --policy        the settings from a policy file instead: writes .github/security-gate.yml
                  (fail-on-severity high, ignore-unreachable, an allow-alerts mapping,
                  deny-licenses GPL-3.0-only and AGPL-3.0-only, unknown-licenses warn)
                  into the workspace, prints it, and runs with config-file naming it
  --comment       comment-on-pr always: a fake GitHub takes the sticky PR comment, which is
                  printed after the job summary
  --kev           known-exploited fail, kev-url the simulator's copy of CISA's Known Exploited
                  Vulnerabilities catalog: a pull request on acme/ops-console, whose alerts are
                  high and medium only (the critical threshold passes them), fails the gate
                  because its high systeminformation alert (CVE-2021-21315) is known exploited.
                  With --clean, --fix-pr, --bad-pr or --grace: their repository, with the check on
  --vex           vex-files: an OpenVEX document (committed at the pull request's base) with a
                  statement that spares acme/webshop's Log4Shell alert (not_affected,
                  vulnerable_code_not_in_execute_path) and one with a typo that matches nothing,
                  listed in the summary; vex-output writes the gate's own OpenVEX document
  --epss T        epss T (a threshold such as 0.5 or 50%, or show), epss-url the simulator's copy
                  of FIRST's EPSS API: on acme/ops-console (as with --kev) the high
                  systeminformation alert (CVE-2021-21315, EPSS 97.2%) fails the gate by its
                  probability, and every alert shows its score
  --today DATE    run as on DATE (YYYY-MM-DD, noon UTC): the action's clock and the demo's are
                  set to it, so the posture window and every date are that day's (the
                  pictures and their check use it)
  --latency MS    with MS milliseconds added to every response
  --out DIR       keep the job summary (summary.md), the JSON report (report.json), the SARIF
                  log (results.sarif), the raw log with its workflow commands (log.txt) and,
                  with --comment, the PR comment (comment.md) in DIR, created if missing
  --help          this text
Flags combine: \`--clean --policy\` runs acme/clean-lib under the policy file.`;

export interface DemoFlags {
  clean: boolean;
  policy: boolean;
  fixPr: boolean;
  badPr: boolean;
  /** --fork: --bad-pr's pull request from a fork, without the service's secrets. */
  fork: boolean;
  /** --ratchet: existing-alerts warn on a repository with a backlog, and --bad-pr's pull request. */
  ratchet: boolean;
  grace: boolean;
  comment: boolean;
  kev: boolean;
  vex: boolean;
  /** --too-new, --malicious, --deny: --bad-pr's pull request adds a version each check stops. */
  tooNew: boolean;
  malicious: boolean;
  deny: boolean;
  /** --no-graph: a pull request whose repository has no dependency graph; its change is in its lockfiles. */
  noGraph: boolean;
  /** --epss's value (a threshold or show); null without it. */
  epss: string | null;
  latencyMs: number;
  /** --today's day at noon UTC, ms; undefined: the real clock. */
  todayMs: number | undefined;
  /** --out's directory; undefined without it. */
  outDir: string | undefined;
}

/** What the command line asks for: the flags, the usage (`--help`), or why it is refused. */
export type DemoCommand = { kind: 'run'; flags: DemoFlags } | { kind: 'help' } | { kind: 'refused'; reason: string };

const OPTIONS = {
  clean: { type: 'boolean' },
  policy: { type: 'boolean' },
  'fix-pr': { type: 'boolean' },
  'bad-pr': { type: 'boolean' },
  fork: { type: 'boolean' },
  ratchet: { type: 'boolean' },
  grace: { type: 'boolean' },
  comment: { type: 'boolean' },
  kev: { type: 'boolean' },
  vex: { type: 'boolean' },
  'too-new': { type: 'boolean' },
  malicious: { type: 'boolean' },
  deny: { type: 'boolean' },
  'no-graph': { type: 'boolean' },
  epss: { type: 'string' },
  latency: { type: 'string' },
  today: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean' },
} as const;

/** Reads the demo's arguments (process.argv after the script); pure. */
export function readDemoFlags(args: string[]): DemoCommand {
  let values;
  try {
    ({ values } = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    return { kind: 'refused', reason: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: 'help' };
  const supplyChain = values['too-new'] || values.malicious || values.deny;
  if (values['fix-pr'] && (values['bad-pr'] || values.fork || values.ratchet || supplyChain))
    return {
      kind: 'refused',
      reason:
        '--fix-pr is another pull request than --bad-pr, --fork, --ratchet, --too-new, --malicious and --deny: choose one',
    };
  if (values['no-graph'] && (values['fix-pr'] || values['bad-pr'] || values.fork || values.ratchet || supplyChain))
    return {
      kind: 'refused',
      reason:
        '--no-graph is another pull request than --fix-pr, --bad-pr, --fork, --ratchet, --too-new, --malicious and --deny: choose one',
    };
  if (values.fork && values.ratchet)
    return {
      kind: 'refused',
      reason: '--fork judges no alert of the service, so it has no backlog for --ratchet: choose one',
    };
  const latencyMs = values.latency === undefined ? 0 : Number(values.latency);
  if (!/^\d+$/.test(values.latency ?? '0') || !Number.isSafeInteger(latencyMs))
    return {
      kind: 'refused',
      reason: `--latency takes a whole number of milliseconds, not ${JSON.stringify(values.latency)}`,
    };
  const todayMs = values.today === undefined ? undefined : Date.parse(`${values.today}T12:00:00Z`);
  if (todayMs !== undefined && (!/^\d{4}-\d\d-\d\d$/.test(values.today ?? '') || Number.isNaN(todayMs)))
    return { kind: 'refused', reason: `--today takes a day as YYYY-MM-DD, not ${JSON.stringify(values.today)}` };
  if (values.epss !== undefined && !/^(show|\d*\.?\d+%?)$/i.test(values.epss))
    return {
      kind: 'refused',
      reason: `--epss takes a threshold (0.5, 50%) or show, not ${JSON.stringify(values.epss)}`,
    };
  if (values.out !== undefined && values.out.trim() === '')
    return { kind: 'refused', reason: '--out needs a directory: npm run demo -- --out DIR' };
  const flags = {
    clean: values.clean ?? false,
    policy: values.policy ?? false,
    fixPr: values['fix-pr'] ?? false,
    badPr: values['bad-pr'] ?? false,
    fork: values.fork ?? false,
    ratchet: values.ratchet ?? false,
    grace: values.grace ?? false,
    // What a pull request brings in is its author's to see: --bad-pr shows the PR comment too.
    comment:
      (values.comment ?? false) ||
      (values['bad-pr'] ?? false) ||
      (values.ratchet ?? false) ||
      (values['no-graph'] ?? false) ||
      Boolean(supplyChain),
    kev: values.kev ?? false,
    vex: values.vex ?? false,
    tooNew: values['too-new'] ?? false,
    malicious: values.malicious ?? false,
    deny: values.deny ?? false,
    noGraph: values['no-graph'] ?? false,
    epss: values.epss ?? null,
    latencyMs,
    todayMs,
    outDir: values.out,
  };
  return { kind: 'run', flags };
}
