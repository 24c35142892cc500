// The views and counts of a judged run: what the reports show of each read, counted from what the
// verdict recorded (a disposition's grounds, an alert's status), never worked out again. Pure.
import type { Config } from '../config/inputs.js';
import { runOptions } from '../config/inputs.js';
import {
  hadGroundOf,
  SCHEMA_VERSION,
  type AlertCounts,
  type EvaluatedAlert,
  type EvaluatedFinding,
  type GateResult,
  type IntroducedView,
  type LicenseReport,
  type Package,
  type Posture,
  type PostureRow,
  type PostureView,
  type RunError,
  type ScanView,
  type Schedule,
  type ScheduleView,
  type SettingChange,
  type Verdict,
  type VexView,
  type Warning,
} from '../model.js';
import { plural } from '../numbers.js';
import { expiringEntries, expiringWarning } from '../policy/allowlist.js';
import { severityCounts } from '../policy/index.js';
import { sparesAlert } from '../policy/vex.js';
import type { VexInput } from '../config/vex-files.js';
import type { VexIndex, VexSubject } from '../vex/match.js';
import type { AlertsRead } from './gather.js';
import type { RepositoryRef } from './resolve.js';
import type { describeSchedule } from './schedule.js';
import { planSettings } from './settings.js';
import { toolOf } from '../version.js';
import { supplyCounts, type SupplyCounted } from './views-feeds.js';

/** What the counts need to know was read: the change, the KEV catalog, the EPSS scores, the VEX documents. */
export interface CountedReads {
  change: boolean;
  catalog: boolean;
  epss: boolean;
  vex: boolean;
  /** The ratchet was on: existing-alerts: warn on a pull request or merge group. */
  ratchet: boolean;
}

/** The counts, alerts and findings the pull request brings in alike where the contract counts both. */
export function countsOf(
  evaluated: EvaluatedAlert[],
  verdict: Verdict,
  introduced: IntroducedView | null,
  read: CountedReads,
  config: Config,
  supply: SupplyCounted = { judged: null, gathered: null, listedRead: false },
): AlertCounts {
  const findings = introduced?.findings ?? [];
  const both = [...evaluated, ...findings];
  // What gates before any advisory counts as findings do (contract: "Before any advisory").
  const supplyGating = (supply.judged ?? []).filter((e) => e.disposition.gates).length;
  return {
    ...severityCounts(evaluated),
    ...supplyCounts(supply, config),
    total: evaluated.length,
    gating: verdict.gating.length + findings.filter((f) => f.disposition.gates).length + supplyGating,
    // A malicious version an allow entry spares by its MAL- id is allowed too.
    allowed:
      both.filter((a) => a.status === 'allowed').length +
      (supply.judged ?? []).filter((e) => e.status === 'allowed').length,
    // Empty when the change was not read, 0 when it was and resolved nothing.
    resolved: read.change ? evaluated.filter((a) => a.status === 'resolved').length : null,
    due: evaluated.filter((a) => a.status === 'due').length,
    // Every alert read (and finding) that the catalog lists, whatever else applies to it (contract).
    knownExploited: read.catalog ? both.filter((a) => a.knownExploited !== null).length : null,
    introduced: introduced === null ? null : findings.length,
    // Every alert (and finding) a statement spares, whatever rule decided it: a not-alerted one too
    // (contract: "What it does"); the rule order decides the status, not the count.
    vex: read.vex ? both.filter((a) => sparesAlert(a.vex)).length : null,
    // Every alert (and finding) the threshold made a ground of, whatever else applies to it.
    epss:
      read.epss && typeof config.epss === 'object'
        ? both.filter((a) => hadGroundOf(a.disposition, 'epss')).length
        : null,
    existing: read.ratchet ? evaluated.filter((a) => a.status === 'existing').length : null,
  };
}

/** A finding as VEX matching reads it: its GHSA id, its CVE ids, its package URL. */
const findingSubject = (f: EvaluatedFinding): VexSubject => ({
  advisory: f.advisory,
  aliases: f.cves ?? [],
  package: f.packageUrl ?? `${f.name}@${f.version}`,
});

/**
 * What the reports say of the VEX documents (contract: "Never silently deaf"): the statements that
 * speak of nothing read, unless the alerts were not all read (then none can be said to).
 */
export function vexView(
  input: VexInput | null,
  index: VexIndex | null,
  read: AlertsRead,
  alerts: EvaluatedAlert[],
  introduced: IntroducedView | null,
): VexView | null {
  if (input === null || index === null) return null;
  const allRead = read.totalCount !== null && read.errors.length === 0;
  const subjects = [...alerts, ...(introduced?.findings ?? []).map(findingSubject)];
  return { files: input.files, unmatched: allRead ? index.unmatched(subjects) : null };
}

/** unknown-licenses: warn lists the packages whose license is not known, the first five by name. */
export function unknownLicenseWarning(licenses: LicenseReport | null): Warning | null {
  const unknown = licenses?.findings.filter((f) => f.status === 'unknown' && !f.gates) ?? [];
  if (unknown.length === 0) return null;
  const some = unknown
    .slice(0, 5)
    .map((f) => `${f.package} (${f.license || 'none given'})`)
    .join(', ');
  return {
    kind: 'license',
    message: `${plural(unknown.length, 'package')} ${unknown.length === 1 ? 'has' : 'have'} no known license: ${some}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''} (unknown-licenses: warn).`,
  };
}

/** The earliest date (YYYY-MM-DD) on which an alert coming due starts to gate; null when none is due. */
export function nextDueOf(alerts: EvaluatedAlert[]): string | null {
  let earliest: string | null = null;
  for (const { status, dueOn } of alerts)
    if (status === 'due' && dueOn !== null && (earliest === null || dueOn < earliest)) earliest = dueOn;
  return earliest;
}

/** The commit and branch most of the package search's packages were scanned at; null when none says. */
export function scanOf(packages: Package[]): ScanView | null {
  const seen = new Map<string, { scan: ScanView; count: number }>();
  for (const { commitSha = null, branch = null } of packages) {
    if (commitSha === null && branch === null) continue;
    const key = `${commitSha}\n${branch}`;
    const entry = seen.get(key);
    if (entry) entry.count++;
    else seen.set(key, { scan: { commitSha, branch }, count: 1 });
  }
  let best: { scan: ScanView; count: number } | null = null;
  for (const entry of seen.values()) if (best === null || entry.count > best.count) best = entry;
  return best?.scan ?? null;
}

/** This repository's posture row (the worst, with a warning, when there are several) and its risk score. */
export function viewPosture(
  posture: Posture,
  repositoryId: string,
  window: { startDate: string; endDate: string },
  warnings: Warning[],
): PostureView {
  const rows = posture.repositoryRiskScores.filter((r) => r.id === repositoryId);
  const row = rows.length > 0 ? rows.reduce(worseRow) : null;
  if (row && rows.length > 1) {
    warnings.push({
      kind: 'read',
      message: `The security posture has ${rows.length} rows for this repository (${repositoryId}): the gate counts their worst, the one with the most critical issues (${row.criticalIssues ?? 'not given'}).`,
    });
  }
  return { ...window, posture, repository: row, riskScore: row?.riskScore ?? posture.summary.overAllRiskScore };
}

/**
 * Of two posture rows of one repository, the one that counts (contract, "Duplicate posture rows"):
 * the more critical issues; a row without the number over one that says 0, since it cannot say none.
 */
export function worseRow(a: PostureRow, b: PostureRow): PostureRow {
  const [x, y] = [a.criticalIssues, b.criticalIssues];
  if (x === null) return y !== null && y > 0 ? b : a;
  if (y === null) return x > 0 ? a : b;
  return y > x ? b : a;
}

/** An empty crontab: the repository has no schedule (renders "None"). */
export function viewSchedule(schedule: Schedule | null, now: Date, describe: typeof describeSchedule): ScheduleView {
  if (!schedule) return { crontab: '', enabled: false, description: null, nextRun: null };
  return describe(schedule.crontab, schedule.isEnabled, now);
}

const STOPPED: Verdict = {
  result: 'error',
  reasons: ['No verdict: the run stopped before the alerts were judged.'],
  gating: [],
};

/** A result with nothing read and nothing judged: what a stopped run reports, and what a judged one fills in. */
export function baseResult(
  config: Config,
  repository: RepositoryRef,
  now: Date,
  errors: RunError[],
  settings: SettingChange[],
): GateResult {
  const expiring = expiringEntries(config.allowAlerts, now.toISOString());
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: toolOf(null), // the commit is the runner's to tell: evaluate() gives it
    result: 'error',
    generatedAt: now.toISOString(),
    repository,
    blobUrl: null,
    options: runOptions(config),
    counts: null,
    licenses: null,
    alerts: [],
    verdict: STOPPED,
    posture: null,
    timeSaved: null,
    schedule: null,
    settings,
    // Entries coming due are said whatever else the run could do (assembleResult says them among its own).
    warnings: expiring.map(expiringWarning),
    errors,
    change: null,
    nextDue: null,
    scan: null,
    knownExploited: null,
    epss: null,
    introduced: null,
    baseFiles: [],
    vex: null,
    supplyChain: null,
    fixes: null,
    allowExpiring: expiring,
    // Nothing is called unused unless every alert was read (assembleResult says when).
    allowUnused: null,
  };
}

/**
 * A result for a run that stopped without a verdict (the repository could not be resolved or is
 * not the right one): the reports still say what happened. Settings not sent are listed as such.
 */
export function stoppedResult(
  config: Config,
  repository: RepositoryRef,
  errors: RunError[],
  now: Date,
  settings: SettingChange[] = notSent(config, 'the run stopped before it'),
): GateResult {
  return baseResult(config, repository, now, errors, settings);
}

/** The settings asked for, each marked as not sent and why. */
export function notSent(config: Config, why: string): SettingChange[] {
  return planSettings(config.settings).map((p) => ({ ...p, status: 'failed', error: `not sent: ${why}` }));
}
