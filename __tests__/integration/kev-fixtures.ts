// Shared by the integration tests of "Known exploited vulnerabilities": the runs on acme/ops-console,
// which alerts the simulator's catalog lists, and what the contract says should gate, worked out
// here from the simulator's data and catalog (simulator/data.ts, simulator/kev.ts), never with src/.
import { KEV_REPO, KEV_REPO_ADVISORIES } from '../../simulator/data.js';
import { kevCatalog, type KevVulnerability } from '../../simulator/kev.js';
import type { Simulator } from '../../simulator/server.js';
import type { ScaAlert } from '../../simulator/wire.js';
import { expected, onlyUnreachable, type GateOptions, type GateRun, type Threshold } from './harness.js';

export const REPORT = 'security-gate.json';
export const SARIF = 'security-gate.sarif';

const opsRepository = { id: Number(KEV_REPO.externalId), full_name: KEV_REPO.name };

/** A push to acme/ops-console: no change to judge. */
export const OPS: GateOptions = { eventName: 'push', repository: KEV_REPO.name, event: { repository: opsRepository } };

/** A pull request on acme/ops-console; with `base`/`head`, its changes can be read. */
export function opsPullRequest(base?: string, head?: string): GateOptions {
  return {
    eventName: 'pull_request',
    repository: KEV_REPO.name,
    event: {
      repository: opsRepository,
      pull_request: {
        number: 42,
        ...(base && head ? { base: { sha: base } } : {}),
        head: { ...(base && head ? { sha: head } : {}), repo: { full_name: KEV_REPO.name, fork: false } },
      },
    },
  };
}

/** The catalog's entries by CVE id (upper case), as the simulator serves them by default. */
export const CATALOG: ReadonlyMap<string, KevVulnerability> = new Map(
  kevCatalog().vulnerabilities.map((v) => [v.cveID.toUpperCase(), v]),
);

/** The catalog's entry for an alert: its `metadata.id` or an alias listed (case-insensitively); else undefined. */
export function entryOf(alert: ScaAlert): KevVulnerability | undefined {
  for (const id of [alert.metadata.id, ...alert.metadata.aliases]) {
    const entry = CATALOG.get(id.toUpperCase());
    if (entry) return entry;
  }
  return undefined;
}

export const opsAlerts = (sim: Simulator): ScaAlert[] => sim.state.alerts[KEV_REPO.id] ?? [];

/** acme/ops-console's alert the catalog lists (systeminformation, high). */
export function kevAlert(sim: Simulator): ScaAlert {
  const alert = opsAlerts(sim).find((a) => a.metadata.id === KEV_REPO_ADVISORIES.knownExploited);
  if (!alert) throw new Error('acme/ops-console has no known-exploited alert');
  return alert;
}

export interface KevPolicy {
  threshold: Threshold;
  mode: 'off' | 'warn' | 'fail';
  allowed?: string[];
  ignoreUnreachable?: boolean;
}

/**
 * The alerts that gate under the contract: those gating by severity (harness.expected), and under
 * `fail` every listed alert that is alerted, not allowed and not ignored as unreachable.
 */
export function gatingUnder(
  alerts: ScaAlert[],
  { threshold, mode, allowed = [], ignoreUnreachable = false }: KevPolicy,
) {
  const bySeverity = expected(alerts, threshold, { allowed, ignoreUnreachable }).gating;
  if (mode !== 'fail') return bySeverity;
  const allow = new Set(allowed.map((a) => a.toLowerCase()));
  const byCatalog = alerts.filter(
    (a) =>
      entryOf(a) !== undefined &&
      a.isAlerted &&
      !(ignoreUnreachable && onlyUnreachable(a)) &&
      ![a.metadata.id, ...a.metadata.aliases].some((id) => allow.has(id.toLowerCase())),
  );
  return [...new Set([...bySeverity, ...byCatalog])];
}

/** What the JSON report says about the catalog and each alert's entry, as far as these tests read it. */
export interface KevReport {
  result: string;
  counts: { gating: number; due: number; knownExploited: number | null } | null;
  knownExploited: {
    mode: string;
    source: string;
    read: boolean;
    version: string | null;
    entries: number | null;
    error: string | null;
  } | null;
  alerts: {
    advisory: string;
    status: string;
    dueOn: string | null;
    knownExploited: { cve: string; dateAdded: string; ransomware: boolean } | null;
  }[];
}

export function kevReportOf(run: GateRun): KevReport {
  const text = run.files[REPORT];
  if (text === undefined) throw new Error(`no ${REPORT} in the workspace; stdout:\n${run.stdout}`);
  return JSON.parse(text) as KevReport;
}

/** The essentials of a run's verdict, for comparing with a table's row. */
export const verdictOf = (run: GateRun) => ({
  exitCode: run.exitCode,
  result: run.outputs.result,
  gating: run.outputs['gating-count'],
  knownExploited: run.outputs['known-exploited-count'],
});
