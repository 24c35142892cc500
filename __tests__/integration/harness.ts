// Shared by the integration tests: one simulator per test file, a `gate()` wrapper that runs the
// bundled action (dist/index.js) exactly as the runner does, and the checks every run gets (no
// token value anywhere the runner or a reader could see it).
import { afterAll, beforeAll, beforeEach, expect } from '@jest/globals';
import { access, readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScaAlert } from '../../simulator/wire.js';
import {
  DEMO_TOKEN,
  defaultData,
  EXPECTED_SEVERITY,
  MAIN_REPO,
  simulatorInputs,
  type ExpectedSeverity,
  serviceAdvisoryFacts,
} from '../../simulator/data.js';
import { advisoryRecord, startFakeGitHub, type FakeGitHub } from '../../simulator/github.js';
import { epssData } from '../../simulator/epss.js';
import { KEV_PATH, kevCatalog } from '../../simulator/kev.js';
import { actionDefaults, runAction, type ActionRunOptions } from '../../simulator/run-action.js';
import { startSimulator, type RecordedRequest, type Simulator, type SimulatorOptions } from '../../simulator/server.js';

export const PATHS = {
  posture: '/api/v1/stats/securityPosture',
  timeSaved: '/api/v1/stats/timeSaved',
  packages: '/api/v1/sca/packages/search',
  alerts: '/api/v1/sca/alerts/search',
  repositories: '/api/v1/installations/repositories',
  schedule: '/api/v1/scans/get-schedule',
  setCwe: '/api/v1/repositories/set-cwe-whitelist',
  setTimeout: '/api/v1/repositories/set-max-pr-timeout',
  setPrScanning: '/api/v1/repositories/set-pr-scanning',
  /** The KEV catalog (not a service path: a plain GET, no credentials). */
  kev: KEV_PATH,
} as const;
export const SETTINGS_PATHS: readonly string[] = [PATHS.setCwe, PATHS.setTimeout, PATHS.setPrScanning];

/** The event of a pull request on acme/clean-lib (runAction's default event is one on acme/webshop). */
export const CLEAN_EVENT = {
  repository: { id: 987654321, full_name: 'acme/clean-lib' },
  pull_request: { number: 8, head: { repo: { full_name: 'acme/clean-lib', fork: false } } },
};
export const CLEAN = { repository: 'acme/clean-lib', event: CLEAN_EVENT } as const;
/**
 * A push to acme/webshop: a workspace policy file is read from the workspace (on a pull request or
 * merge group it is read at the base commit, through GitHub).
 */
export const PUSH = { eventName: 'push', event: { repository: { id: 123456789, full_name: 'acme/webshop' } } } as const;

/** One workflow command the action printed, its message and properties decoded as the runner does. */
export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  message: string;
}

export interface GateRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** Every file left in the workspace (relative path → text), read before the workspace was removed. */
  files: Record<string, string>;
  /** The workspace path the run had (already removed). */
  workspace: string;
  commands: WorkflowCommand[];
  /** Decoded messages of `::error` and `::warning` commands. */
  errors: string[];
  warnings: string[];
  /** Wall time of the run, ms. */
  ms: number;
}

export interface GateOptions extends Omit<ActionRunOptions, 'inputs'> {
  /** Skip the default api-url/token/organization-id/app-id inputs (each can still be given). */
  bare?: boolean;
}

const unescapeData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProperty = (s: string) => unescapeData(s).replace(/%3A/g, ':').replace(/%2C/g, ',');

/** Workflow commands as the runner reads them: `::name key=value,...::message`, at the start of a (trimmed) line. */
export function parseCommands(stdout: string): WorkflowCommand[] {
  const commands: WorkflowCommand[] = [];
  for (const raw of stdout.split(/\r?\n/)) {
    const line = raw.trim();
    const match = /^::([A-Za-z-]+)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!match) continue;
    const properties: Record<string, string> = {};
    for (const pair of (match[2] ?? '').split(',').filter((p) => p !== '')) {
      const eq = pair.indexOf('=');
      if (eq > 0) properties[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
    }
    commands.push({ command: match[1]!, properties, message: unescapeData(match[3] ?? '') });
  }
  return commands;
}

async function readTree(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(root, path)] = await readFile(path, 'utf8');
  }
  return files;
}

/** Markdown as a reader sees the text: backslash escapes and HTML entities undone, zero-width spaces dropped. */
export function plain(markdown: string): string {
  return markdown
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&(amp|lt|gt|quot);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[e]!)
    .replace(/\u200b/g, '');
}

/**
 * Fails the test when any token value appears in stdout (other than in the `::add-mask::` command
 * that registers it, which is how a secret is masked), stderr, the outputs, the summary or any file
 * the run left in its workspace.
 */
export function expectNoTokenLeak(run: GateRun, tokens: string[]): void {
  const secrets = [...new Set(tokens.filter((t) => t.length >= 4))];
  const stdout = run.stdout
    .split(/\r?\n/)
    .filter((line) => !secrets.some((s) => line.trim() === `::add-mask::${s}`))
    .join('\n');
  const places: Record<string, string> = {
    stdout,
    stderr: run.stderr,
    outputs: JSON.stringify(run.outputs),
    summary: run.summary,
    'summary (as rendered)': plain(run.summary),
    ...Object.fromEntries(Object.entries(run.files).map(([path, text]) => [`file ${path}`, text])),
  };
  const leaks: string[] = [];
  for (const secret of secrets) {
    for (const [place, text] of Object.entries(places)) {
      if (text.includes(secret)) leaks.push(`${JSON.stringify(secret)} in ${place}`);
    }
  }
  expect(leaks).toEqual([]);
}

const BUNDLE = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../dist/index.js');

/** Waits for dist/index.js (`npm run bundle` removes dist/ before rebuilding it), up to `ms`. */
async function bundleReady(ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await access(BUNDLE);
      return;
    } catch {
      if (Date.now() > deadline)
        throw new Error(`${BUNDLE} is missing: run \`npm run bundle\` before the integration tests.`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export interface Harness {
  readonly sim: Simulator;
  /** Inputs every run gets unless overridden: api-url, both tokens, organization-id, app-id. */
  defaults(): Record<string, string>;
  /** Runs the bundled action, checks that no token leaked, removes the workspace. */
  gate(inputs?: Record<string, string>, options?: GateOptions): Promise<GateRun>;
  /** Recorded requests to `path`. */
  requests(path: string): RecordedRequest[];
}

/** Registers one simulator for the calling test file: started before all, reset and given fresh data before each, closed after all. */
/** A fake GitHub API for the tests of one file, as it was started before each test. */
export function useFakeGitHub(): { readonly github: FakeGitHub } {
  let github: FakeGitHub | undefined;
  beforeAll(async () => {
    github = await startFakeGitHub();
  });
  afterAll(async () => {
    await github?.close();
  });
  beforeEach(() => github?.reset());
  return {
    get github() {
      if (!github) throw new Error('fake GitHub not started');
      return github;
    },
  };
}

export function useSimulator(options: SimulatorOptions = {}): Harness {
  let sim: Simulator | undefined;
  // GitHub for a run that names none (GITHUB_API_URL): it serves the service's advisories, which the
  // Fix column reads, as github.com would; a test that watches GitHub gives its own.
  let github: FakeGitHub | undefined;
  const seedAdvisories = (fake: FakeGitHub) => {
    for (const [id, facts] of serviceAdvisoryFacts()) fake.advisories.set(id, advisoryRecord(id, facts));
  };
  beforeAll(async () => {
    await bundleReady();
    [sim, github] = await Promise.all([startSimulator(options), startFakeGitHub()]);
    seedAdvisories(github);
  }, 40_000);
  afterAll(async () => {
    await Promise.all([sim?.close(), github?.close()]);
  });
  beforeEach(() => {
    if (!sim) return;
    sim.reset();
    sim.setLatency(options.latencyMs ?? 0);
    sim.state = defaultData();
    sim.kevCatalog = 'kevCatalog' in options ? structuredClone(options.kevCatalog) : kevCatalog();
    sim.epss = options.epss ?? epssData();
    if (github) {
      github.reset();
      seedAdvisories(github);
    }
  });

  const harness: Harness = {
    get sim() {
      if (!sim) throw new Error('simulator not started');
      return sim;
    },
    defaults: () => simulatorInputs(harness.sim.url),
    async gate(inputs = {}, { bare = false, ...runOptions } = {}) {
      const all = { ...(bare ? {} : harness.defaults()), ...inputs };
      const started = Date.now();
      const env = { GITHUB_API_URL: github?.url ?? '', ...runOptions.env };
      const run = await runAction({ ...runOptions, env, inputs: all });
      const ms = Date.now() - started;
      let files: Record<string, string>;
      try {
        files = await readTree(run.workspace);
      } finally {
        await run.cleanup();
      }
      const commands = parseCommands(run.stdout);
      const result: GateRun = {
        exitCode: run.exitCode,
        stdout: run.stdout,
        stderr: run.stderr,
        outputs: run.outputs,
        summary: run.summary,
        files,
        workspace: run.workspace,
        commands,
        errors: commands.filter((c) => c.command === 'error').map((c) => c.message),
        warnings: commands.filter((c) => c.command === 'warning').map((c) => c.message),
        ms,
      };
      const githubToken = all['github-token'] ?? (await actionDefaults())['github-token'] ?? '';
      expectNoTokenLeak(result, [
        DEMO_TOKEN.id,
        DEMO_TOKEN.secret,
        githubToken,
        all['api-token-id'] ?? '',
        all['api-token-secret'] ?? '',
      ]);
      return result;
    },
    requests: (path) => harness.sim.requests.filter((r) => r.path === path),
  };
  return harness;
}

// ---------- expectations computed from the simulator's data ----------

export type Threshold = 'critical' | 'high' | 'medium' | 'low' | 'none';
const RANK = { critical: 4, high: 3, medium: 2, low: 1 } as const;

/** The advisories as seeded: their severity word and score, by advisory id. */
let seededAdvisories: Map<string, ScaAlert['metadata']> | undefined;

/**
 * An alert's severity as the simulator's data records it (EXPECTED_SEVERITY, worked out by hand),
 * never computed with src/policy. For an alert whose severity word or score a test changed, the
 * advisory's recorded severity no longer applies: that is an error, not a guess.
 */
export function severityOf(alert: ScaAlert): ExpectedSeverity {
  seededAdvisories ??= new Map(
    Object.values(defaultData().alerts).flatMap((list) => list.map((a) => [a.metadata.id, a.metadata])),
  );
  const { id, severity, severityScore } = alert.metadata;
  const seeded = seededAdvisories.get(id);
  const expected = EXPECTED_SEVERITY[id];
  if (!seeded || !expected) throw new Error(`${id} is no seeded advisory: the test must say what severity it expects`);
  if (seeded.severity !== severity || seeded.severityScore !== severityScore)
    throw new Error(`${id}: its severity or score was changed, so its recorded severity does not apply`);
  return expected;
}

/** The contract's gate rule, written out here independently of src/policy. */
export function gates(severity: ExpectedSeverity, threshold: Threshold): boolean {
  if (threshold === 'none') return false;
  if (severity === 'unknown') return threshold === 'low';
  return RANK[severity] >= RANK[threshold];
}

export function onlyUnreachable(alert: ScaAlert): boolean {
  const c = alert.reachabilityCounts;
  return c != null && c.reachable === 0 && c.needsReview === 0 && c.unreachable > 0;
}

export interface Expected {
  critical: number;
  high: number;
  medium: number;
  low: number;
  unknown: number;
  total: number;
  gating: ScaAlert[];
}

/** Counts and gating alerts of `alerts` under a policy, from the data (severity as the data records it). */
export function expected(
  alerts: ScaAlert[],
  threshold: Threshold,
  { ignoreUnreachable = false, allowed = [] as string[] } = {},
): Expected {
  const counts = { critical: 0, high: 0, medium: 0, low: 0, unknown: 0 };
  const gating: ScaAlert[] = [];
  const allow = new Set(allowed.map((a) => a.toLowerCase()));
  for (const alert of alerts) {
    const severity = severityOf(alert);
    counts[severity]++;
    if (!alert.isAlerted || !gates(severity, threshold)) continue;
    if (ignoreUnreachable && onlyUnreachable(alert)) continue;
    if ([alert.metadata.id, ...alert.metadata.aliases].some((n) => allow.has(n.toLowerCase()))) continue;
    gating.push(alert);
  }
  return { ...counts, total: alerts.length, gating };
}

/** Gating alerts worst first: severity, then score descending. */
export function worstFirst(alerts: ScaAlert[]): ScaAlert[] {
  const rank = (a: ScaAlert) => ({ critical: 4, high: 3, medium: 2, low: 1, unknown: 0 })[severityOf(a)];
  return [...alerts].sort(
    (a, b) => rank(b) - rank(a) || (b.metadata.severityScore ?? -1) - (a.metadata.severityScore ?? -1),
  );
}

export const webshopAlerts = (sim: Simulator): ScaAlert[] => sim.state.alerts[MAIN_REPO.id] ?? [];

/** The count outputs a run should have for `e`. */
export function countOutputs(e: Expected): Record<string, string> {
  return {
    'alerts-total': String(e.total),
    'critical-count': String(e.critical),
    'high-count': String(e.high),
    'medium-count': String(e.medium),
    'low-count': String(e.low),
    'unknown-count': String(e.unknown),
    'gating-count': String(e.gating.length),
  };
}

/** YYYY-MM-DD in UTC, `days` from today. */
export function utcDay(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Decoded `::error` messages joined, for matching. */
export const errorText = (run: GateRun) => run.errors.join('\n');
