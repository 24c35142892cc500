// Pure: from what was read and the policy, the one result model every report renders. Here the
// contract's "Verdict integrity" is decided: which failures take the verdict away, and which only
// leave a report section "not available".
import type { Config } from '../config/inputs.js';
import { runOptions } from '../config/inputs.js';
import type { ApiError } from '../api/client.js';
import {
  feedSourceName,
  SCHEMA_VERSION,
  severityRank,
  type EvaluatedFinding,
  type IntroducedView,
  type BaseFileView,
  type AlertCounts,
  type ChangeView,
  type ScanView,
  type EvaluatedAlert,
  type GateResult,
  type EpssScores,
  type EpssView,
  type KevCatalog,
  type KnownExploitedView,
  type LicenseEntry,
  type Outcome,
  type LicenseReport,
  type Package,
  type Posture,
  type PostureRow,
  type PostureView,
  type RunError,
  type Schedule,
  type ScheduleView,
  type SettingChange,
  type Verdict,
  type VexView,
  type Warning,
} from '../model.js';
import { manifestLocator } from '../packages/locations.js';
import { allowListWarnings, gateVerdict, judgeAlerts, judgeFindings, severityCounts } from '../policy/index.js';
import type { VerdictPolicy } from '../policy/verdict.js';
import { introducedLicenses } from '../policy/introduced.js';
import type { IntroducedRead } from './introduced.js';
import { knownExploitedWarning } from '../policy/known-exploited.js';
import { changeJudge, type ChangeVerdict, type ResolvableAlert } from '../policy/resolution.js';
import type { PullRequestChange } from '../github/changes.js';
import type { AlertsRead, Read, RepositoryReads, Statistics } from './gather.js';
import { runError, type RepositoryRef } from './resolve.js';
import type { evaluateLicenses } from '../policy/licenses.js';
import type { describeSchedule } from './schedule.js';
import { plural } from '../numbers.js';
import { planSettings } from './settings.js';
import type { VexInput } from '../config/vex-files.js';
import { vexIndex, type VexIndex, type VexSubject } from '../vex/match.js';

export interface AssembleInput {
  config: Config;
  repository: RepositoryRef;
  reads: RepositoryReads;
  statistics: Statistics;
  settings: SettingChange[];
  window: { startDate: string; endDate: string };
  now: Date;
  /** The crontab in words (injected: its libraries load in a chunk of their own). */
  describeSchedule: typeof describeSchedule;
  /** The license policy (injected: the SPDX libraries load only under a license policy). */
  evaluateLicenses?: typeof evaluateLicenses;
  /** See GateResult.blobUrl. */
  blobUrl?: string | null;
  /** Errors found before the reads were assembled (a repository check that failed). */
  errors?: RunError[];
  /** The pull request or merge group and its change's dependencies; null (or absent) on other events. */
  change?: PullRequestChange | null;
  /** Where each decision is told (the debug log): how each read counted, why the verdict is what it is. */
  trace?: (line: string) => void;
  /** The KEV catalog's read (a message when it failed); null (or absent) when known-exploited is off. */
  catalog?: Outcome<KevCatalog> | null;
  /** What the pull request brings in, gathered; null (or absent) when it is not judged. */
  introduced?: IntroducedRead | null;
  /** The EPSS scores' read (a message when it failed); null (or absent) when epss is off. */
  epss?: Outcome<EpssScores> | null;
  /** Workspace files read at the change's base commit (see GateResult.baseFiles); absent: none. */
  baseFiles?: BaseFileView[];
  /** The VEX documents read; null (or absent) when vex-files is empty. */
  vex?: VexInput | null;
}

/** The result of a run that read: each read classified, the policy applied, the verdict decided. */
export function assembleResult(input: AssembleInput): GateResult {
  const { config, repository, reads, now } = input;
  const found: Findings = {
    errors: [...(input.errors ?? []), ...reads.alerts.errors.map(runError)],
    warnings: reads.alerts.warnings.map((message) => ({ kind: 'read', message })),
    trace: input.trace ?? (() => undefined),
  };
  found.trace(
    `alerts (decisive): ${reads.alerts.totalCount === null ? 'not read' : `${reads.alerts.alerts.length} read`}, ${plural(reads.alerts.errors.length, 'error')}`,
  );
  const read = classifyReads(input, found);
  const licenses = judgeLicenses(read.licenseEntries, input.evaluateLicenses, config, input);
  const unknown = unknownLicenseWarning(licenses);
  if (unknown) found.warnings.push(unknown);
  found.errors.push(...settingErrors(input.settings));
  const posture = read.posture ? viewPosture(read.posture, repository.id, input.window, found) : null;
  const unchecked = uncheckedCriticalIssues(config, input.statistics.posture, posture, repository.id);
  if (unchecked) found.errors.push(unchecked);

  const catalog = weighCatalog(config, input.catalog ?? null, found);
  const epss = weighEpss(config, input.epss ?? null, now, found);
  const change = weighChange(input.change ?? null, read.packages);
  const vex = input.vex ? vexIndex(input.vex.documents) : null;
  const alerts = judgeAndLocate(reads.alerts, config, now, read.packages, { catalog, epss }, change.judge, vex);
  const flagged = config.knownExploited === 'warn' ? knownExploitedWarning(alerts) : null;
  if (flagged) found.warnings.push({ kind: 'known-exploited', message: flagged });
  const introduced = judgeIntroduced(input, { catalog, epss }, found, vex);
  const alertsRead = reads.alerts.totalCount !== null;
  const verdict = verdictOf(alerts, config, posture, licenses, alertsRead, introduced);
  found.trace(`verdict ${verdict.result}: ${verdict.reasons.join(' ') || 'no reason given'}`);
  // On the statuses as they end up: an expired entry's alert that the change resolved does not gate again.
  const judged = [...alerts, ...(introduced?.findings ?? []).map((f) => ({ ...f, aliases: f.cves ?? [] }))];
  found.warnings.unshift(...allowListWarnings(config.allowAlerts, judged, today(now)));
  const result = finalResult(verdict, found.errors);
  return {
    ...baseResult(config, repository, now, found.errors, input.settings),
    result,
    blobUrl: input.blobUrl ?? null,
    counts: alertsRead
      ? {
          ...countsOf(alerts, verdict, change.judge !== null, catalog !== null, introduced, vex !== null),
          epss: epssCount(config, epss, alerts, introduced),
        }
      : null,
    change: change.view,
    nextDue: nextDueOf(alerts),
    scan: read.packages ? scanOf(read.packages) : null,
    knownExploited: catalogView(config, input.catalog ?? null),
    epss: epssView(config, input.epss ?? null),
    introduced,
    baseFiles: input.baseFiles ?? [],
    vex: vexView(input.vex ?? null, vex, reads.alerts, alerts, introduced),
    licenses,
    alerts,
    // One verdict (contract): the JSON report's verdict says the run's result.
    verdict: { ...verdict, result },
    posture,
    timeSaved: read.timeSaved,
    schedule: read.schedule,
    warnings: found.warnings,
  };
}

/** What assembling found wrong, in the order found: errors take the verdict away, warnings do not. */
interface Findings {
  errors: RunError[];
  warnings: Warning[];
  trace: (line: string) => void;
}

/**
 * Each read as decisive or reports-only (contract, "Verdict integrity"). Decisive: the alerts (read
 * above), the posture under fail-on-critical-issues, the licenses under a license policy; their
 * failure is an error. Reports-only: the rest; their failure leaves a section "not available".
 */
function classifyReads({ config, reads, statistics, now, describeSchedule }: AssembleInput, found: Findings) {
  return {
    posture: config.failOnCriticalIssues
      ? decisive(statistics.posture, 'The security posture', found)
      : forReports(statistics.posture, 'The security posture', found),
    timeSaved: forReports(statistics.timeSaved, 'Time saved', found),
    schedule: reads.schedule.ok
      ? viewSchedule(reads.schedule.value, now, describeSchedule)
      : reportsOnly(reads.schedule.error, 'The scan schedule', found),
    // Without the packages, annotations and SARIF results fall back to the first manifest.
    packages: reads.packages && forReports(reads.packages, 'Manifest locations (SCA packages)', found),
    licenseEntries: reads.licenses && decisive(reads.licenses, 'The licenses', found),
  };
}

/** A read that decides the verdict: its failure is an error. */
function decisive<T>(read: Read<T>, what: string, found: Findings): T | null {
  found.trace(`${what} (decisive): ${read.ok ? 'read' : `failed, an error: ${read.error.message}`}`);
  if (read.ok) return read.value;
  found.errors.push(runError(read.error));
  return null;
}

/** A read that only feeds the reports. */
function forReports<T>(read: Read<T>, what: string, found: Findings): T | null {
  if (read.ok) found.trace(`${what} (reports only): read`);
  return read.ok ? read.value : reportsOnly(read.error, what, found);
}

/** A reports-only read failed: traced, then {@link unavailable}. */
function reportsOnly(error: ApiError, what: string, found: Findings): null {
  found.trace(
    `${what} (reports only): failed, ${error.kind === 'credentials' ? 'an error' : 'a warning'}: ${error.message}`,
  );
  return unavailable(error, what, found);
}

/** A read that only feeds the reports failed: a warning, unless the token was rejected. */
function unavailable(error: ApiError, what: string, found: Findings): null {
  if (error.kind === 'credentials') found.errors.push(runError(error));
  else found.warnings.push({ kind: 'unavailable', message: `${what} not available: ${error.message}` });
  return null;
}

/**
 * Licenses read under a policy are judged, or the run stops: never read and then passed unjudged.
 * The licenses a pull request brings in are judged too (first), gating only under pr-introduced: fail.
 */
function judgeLicenses(
  entries: LicenseEntry[] | null,
  evaluate: AssembleInput['evaluateLicenses'],
  config: Config,
  { change, introduced }: Pick<AssembleInput, 'change' | 'introduced'>,
): LicenseReport | null {
  if (!entries) return null;
  if (!evaluate) throw new Error('license entries were read but no license policy was given');
  const report = evaluate(entries, config.licenses);
  if (config.prIntroduced === 'off' || change?.read.state !== 'read') return report;
  const added = evaluate(introducedLicenses(change.read.changes, entries, introduced?.lineOf), config.licenses);
  const gates = config.prIntroduced === 'fail';
  const brought = added.findings.map((f) => ({ ...f, gates: f.gates && gates, introduced: true as const }));
  return {
    ...report,
    checked: report.checked + added.checked,
    exempted: report.exempted + added.exempted,
    findings: [...brought, ...report.findings],
  };
}

/** unknown-licenses: warn lists the packages whose license is not known, the first five by name. */
function unknownLicenseWarning(licenses: LicenseReport | null): Warning | null {
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

/** A settings change that failed is an error (on-api-error decides); a rejected one, a credentials error. */
function settingErrors(settings: SettingChange[]): RunError[] {
  return settings.flatMap((change) =>
    change.error
      ? [{ kind: change.status === 'rejected' ? 'credentials' : 'api', message: `${change.input}: ${change.error}` }]
      : [],
  );
}

/**
 * fail-on-critical-issues decides on this repository's row: without it, or without its number, the
 * gate cannot say there are none (fail closed). A posture read that failed is already an error.
 */
function uncheckedCriticalIssues(
  config: Config,
  read: Statistics['posture'],
  posture: PostureView | null,
  repositoryId: string,
): RunError | null {
  if (!config.failOnCriticalIssues || !read.ok || (posture?.repository?.criticalIssues ?? null) !== null) return null;
  return {
    kind: 'api',
    message: `fail-on-critical-issues cannot be checked: the security posture has ${
      posture?.repository ? 'no criticalIssues for' : 'no entry for'
    } this repository (${repositoryId}).`,
  };
}

/** Each alert judged by the verdict's rules, located in its manifests when the packages were read. */
function judgeAndLocate(
  { alerts, copies }: Pick<AlertsRead, 'alerts' | 'copies'>,
  config: Config,
  now: Date,
  packages: Package[] | null,
  feeds: Feeds,
  change: ((alert: ResolvableAlert) => ChangeVerdict) | null,
  vex: VexIndex | null,
): EvaluatedAlert[] {
  const evaluated = judgeAlerts(
    alerts,
    {
      failOn: config.failOnSeverity,
      ignoreUnreachable: config.ignoreUnreachable,
      allow: config.allowAlerts,
      graceDays: config.graceDays,
      now,
      ...feedPolicy(config, feeds),
      change,
      vex: vex && vex.latest,
    },
    copies,
  );
  // The evaluated alerts are this function's own: their locations are set in place, not copied
  // (100,000 alerts are a lot of copies).
  if (packages) {
    const locate = manifestLocator(packages);
    for (const alert of evaluated) alert.locations = locate(alert.package);
  }
  return evaluated;
}

/** YYYY-MM-DD, UTC: the day allow entries expire by. */
const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Part of the alerts: the verdict of those, and an error beside it. No page of alerts at all: no
 * verdict, unless what was read (a license violation, critical issues) already fails the gate.
 */
function verdictOf(
  evaluated: EvaluatedAlert[],
  config: Config,
  posture: PostureView | null,
  licenses: LicenseReport | null,
  alertsRead: boolean,
  introduced: IntroducedView | null,
): Verdict {
  const judged = gateVerdict(
    evaluated,
    { failOn: config.failOnSeverity, failOnCriticalIssues: config.failOnCriticalIssues },
    posture?.repository ?? null,
    licenses?.findings.filter((f) => f.gates) ?? [],
    introduced?.findings.filter((f) => f.disposition.gates) ?? [],
  );
  return !alertsRead && judged.result !== 'fail' ? NO_VERDICT : judged;
}

/** The counts, alerts and findings the pull request brings in alike where the contract counts both. */
function countsOf(
  evaluated: EvaluatedAlert[],
  verdict: Verdict,
  changeRead: boolean,
  catalogRead: boolean,
  introduced: IntroducedView | null,
  vexRead: boolean,
): AlertCounts {
  const findings = introduced?.findings ?? [];
  const both = [...evaluated, ...findings];
  return {
    ...severityCounts(evaluated),
    total: evaluated.length,
    gating: verdict.gating.length + findings.filter((f) => f.disposition.gates).length,
    allowed: both.filter((a) => a.status === 'allowed').length,
    // Empty when the change was not read, 0 when it was and resolved nothing.
    resolved: changeRead ? evaluated.filter((a) => a.status === 'resolved').length : null,
    due: evaluated.filter((a) => a.status === 'due').length,
    // Every alert read (and finding) that the catalog lists, whatever else applies to it (contract).
    knownExploited: catalogRead ? both.filter((a) => a.knownExploited !== null).length : null,
    introduced: introduced === null ? null : findings.length,
    // Alerts and findings alike (contract: "What it does").
    vex: vexRead ? both.filter((a) => a.status === 'not-affected').length : null,
    epss: null,
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
function vexView(
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

/**
 * What the pull request brings in, judged (contract: "Brought in by the pull request"); null when it
 * is not (pr-introduced off, not a change, the change not read). A change that could not be read is
 * an error under pr-introduced: fail, unless GitHub said the dependency graph is off (403/404) or
 * nothing could be asked: then, as under warn, a warning that says what was not checked. Advisories
 * whose CVE ids could not be read are errors when the KEV catalog decides, warnings otherwise.
 */
function judgeIntroduced(
  input: AssembleInput,
  feeds: Feeds,
  found: Findings,
  vex: VexIndex | null,
): IntroducedView | null {
  const { config, now } = input;
  const mode = config.prIntroduced;
  const read = input.change?.read;
  if (mode === 'off' || read === undefined || read.state === 'off') return null;
  if (read.state === 'unavailable') {
    const message = `What this pull request brings in was not checked (pr-introduced: ${mode}): ${read.reason}`;
    // An event that names no commits has nothing to ask about: the notice that nothing is resolved says so.
    if (read.cause === 'not-asked') return null;
    if (mode === 'fail' && read.cause === 'failed') found.errors.push({ kind: 'api', message });
    else found.warnings.push({ kind: 'unavailable', message });
    return null;
  }
  const gathered = input.introduced ?? { findings: [], advisoryErrors: [], cvesReadFor: '' };
  const gates = config.knownExploited === 'fail' || typeof config.epss === 'object';
  for (const message of gathered.advisoryErrors) {
    if (gates) found.errors.push({ kind: 'api', message });
    else
      found.warnings.push({
        kind: 'unavailable',
        message: `${message} CVE ids not read are not checked against ${gathered.cvesReadFor}.`,
      });
  }
  const findings = judgeFindings(gathered.findings, {
    failOn: config.failOnSeverity,
    ignoreUnreachable: config.ignoreUnreachable,
    allow: config.allowAlerts,
    now,
    ...feedPolicy(config, feeds),
    introduced: mode,
    vex: vex && vex.latest,
  });
  return { mode, findings: findings.sort(gatingThenWorst) };
}

/** Gating findings first, known exploited first among them, then worst first. */
const gatingThenWorst = (a: EvaluatedFinding, b: EvaluatedFinding): number =>
  Number(b.disposition.gates) - Number(a.disposition.gates) ||
  Number(b.knownExploited !== null) - Number(a.knownExploited !== null) ||
  severityRank(b.severity) - severityRank(a.severity) ||
  (a.advisory < b.advisory ? -1 : a.advisory > b.advisory ? 1 : 0);

/**
 * The KEV catalog's read weighed (contract: "Known exploited vulnerabilities"): under `fail` it
 * decides the verdict, so a catalog that cannot be read is an error (on-api-error decides; a known
 * failure still wins); under `warn`, a warning. Entries without a CVE id are counted in one warning.
 */
function weighCatalog(config: Config, catalog: Outcome<KevCatalog> | null, found: Findings): KevCatalog | null {
  if (config.knownExploited === 'off' || catalog === null) return null;
  const decides = config.knownExploited === 'fail';
  found.trace(
    `the KEV catalog (${decides ? 'decisive' : 'reports only'}): ${catalog.ok ? `read, ${plural(catalog.value.entries.size, 'entry', 'entries')}` : `failed: ${catalog.error}`}`,
  );
  if (!catalog.ok) {
    if (decides) found.errors.push({ kind: 'api', message: catalog.error });
    else
      found.warnings.push({
        kind: 'unavailable',
        message: `${catalog.error} Known-exploited alerts are not flagged in this run (known-exploited: warn).`,
      });
    return null;
  }
  const { skipped } = catalog.value;
  if (skipped > 0)
    found.warnings.push({
      kind: 'read',
      message: `The KEV catalog has ${plural(skipped, 'entry', 'entries')} without a CVE id (cveID missing, null, empty or not CVE-YYYY-N); ${skipped === 1 ? 'it was' : 'they were'} skipped.`,
    });
  return catalog.value;
}

/** The public feeds read for the verdict: the KEV catalog and the EPSS scores, each null when off or unread. */
interface Feeds {
  catalog: KevCatalog | null;
  epss: EpssScores | null;
}

/** What the verdict's rules know of the feeds. */
function feedPolicy(config: Config, { catalog, epss }: Feeds): Pick<VerdictPolicy, 'knownExploited' | 'epss'> {
  const mode = config.knownExploited;
  return {
    knownExploited: catalog && mode !== 'off' ? { entries: catalog.entries, mode } : null,
    epss: epss && { scores: epss.scores, threshold: typeof config.epss === 'object' ? config.epss.threshold : null },
  };
}

/** Scores older than this, before the run, are stale (contract: "Provenance"). */
const EPSS_STALE_DAYS = 7;

/**
 * The EPSS scores' read weighed (contract: "Exploit prediction (EPSS)"): under a threshold they
 * decide the verdict, so scores that cannot be read are an error (on-api-error decides; a known
 * failure still wins); under show, a warning. Stale scores are a warning, and still gate.
 */
function weighEpss(config: Config, read: Outcome<EpssScores> | null, now: Date, found: Findings): EpssScores | null {
  if (config.epss === 'off' || read === null) return null;
  const decides = typeof config.epss === 'object';
  found.trace(
    `the EPSS scores (${decides ? 'decisive' : 'reports only'}): ${read.ok ? `read, ${read.value.scores.size} of ${read.value.asked} CVE ids scored` : `failed: ${read.error}`}`,
  );
  if (!read.ok) {
    if (decides) found.errors.push({ kind: 'api', message: read.error });
    else
      found.warnings.push({
        kind: 'unavailable',
        message: `${read.error} No alert shows an EPSS score in this run (epss: show).`,
      });
    return null;
  }
  const { scoreDate } = read.value;
  const age = scoreDate === null ? 0 : Math.floor((now.getTime() - Date.parse(`${scoreDate}T00:00:00Z`)) / 86_400_000);
  if (age > EPSS_STALE_DAYS)
    found.warnings.push({
      kind: 'epss',
      message: `The EPSS scores are dated ${scoreDate}, ${age} days before this run (more than ${EPSS_STALE_DAYS}): epss-url may name a copy that is no longer updated. They are used as they are${decides ? ' and still gate' : ''}; refresh the copy, or give epss-url FIRST's API.`,
    });
  return read.value;
}

/** Alerts (and findings) at or above the threshold, whatever else applies; null unless a threshold and the scores were read. */
function epssCount(
  config: Config,
  epss: EpssScores | null,
  alerts: EvaluatedAlert[],
  introduced: IntroducedView | null,
): number | null {
  if (typeof config.epss !== 'object' || epss === null) return null;
  const { threshold } = config.epss;
  return [...alerts, ...(introduced?.findings ?? [])].filter((a) => a.epss !== null && a.epss.probability >= threshold)
    .length;
}

/** What the reports say of the EPSS scores; null when epss is off. */
function epssView(config: Config, read: Outcome<EpssScores> | null): EpssView | null {
  if (config.epss === 'off') return null;
  const [mode, threshold] =
    typeof config.epss === 'object' ? (['threshold', config.epss.threshold] as const) : (['show', null] as const);
  const source = feedSourceName(config.epssSource);
  if (read === null || !read.ok)
    return {
      mode,
      threshold,
      source,
      read: false,
      modelVersion: null,
      scoreDate: null,
      asked: null,
      scored: null,
      error: read?.error ?? 'not read',
    };
  const { modelVersion, scoreDate, asked, scores } = read.value;
  return { mode, threshold, source, read: true, modelVersion, scoreDate, asked, scored: scores.size, error: null };
}

/** What the reports say of the catalog; null when known-exploited is off. */
function catalogView(config: Config, catalog: Outcome<KevCatalog> | null): KnownExploitedView | null {
  if (config.knownExploited === 'off') return null;
  const source = feedSourceName(config.kevSource);
  const mode = config.knownExploited;
  if (catalog === null || !catalog.ok)
    return {
      mode,
      source,
      read: false,
      version: null,
      released: null,
      entries: null,
      error: catalog?.error ?? 'not read',
    };
  const { version, released, entries } = catalog.value;
  return { mode, source, read: true, version, released, entries: entries.size, error: null };
}

/** The earliest date (YYYY-MM-DD) on which an alert coming due starts to gate; null when none is due. */
function nextDueOf(alerts: EvaluatedAlert[]): string | null {
  let earliest: string | null = null;
  for (const { status, dueOn } of alerts)
    if (status === 'due' && dueOn !== null && (earliest === null || dueOn < earliest)) earliest = dueOn;
  return earliest;
}

/**
 * Resolution fails closed (contract, "Fail closed"): only with the change and the package search
 * both read can an alert be resolved; `judge` is null when the change was not read.
 */
function weighChange(
  change: PullRequestChange | null,
  packages: Package[] | null,
): { view: ChangeView | null; judge: ((alert: ResolvableAlert) => ChangeVerdict) | null } {
  if (change === null) return { view: null, judge: null };
  const { read, ...where } = change;
  const view = (state: ChangeView['state'], entries: number | null, reason: string | null): ChangeView => ({
    ...where,
    state,
    entries,
    reason,
  });
  if (read.state === 'off') return { view: view('off', null, null), judge: null };
  if (read.state === 'unavailable') return { view: view('unavailable', null, read.reason), judge: null };
  if (packages === null) {
    const reason =
      "the service's package search could not be read, so no alert can be tied to the manifests the change edits; nothing is resolved.";
    return { view: view('unavailable', read.changes.length, reason), judge: null };
  }
  return { view: view('read', read.changes.length, null), judge: changeJudge(read.changes, packages) };
}

/** The commit and branch most of the package search's packages were scanned at; null when none says. */
function scanOf(packages: Package[]): ScanView | null {
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

const NO_VERDICT: Verdict = { result: 'error', reasons: ['No verdict: the alerts could not be read.'], gating: [] };
const STOPPED: Verdict = {
  result: 'error',
  reasons: ['No verdict: the run stopped before the alerts were judged.'],
  gating: [],
};

/** A result with nothing read and nothing judged: what a stopped run reports, and what a judged one fills in. */
function baseResult(
  config: Config,
  repository: RepositoryRef,
  now: Date,
  errors: RunError[],
  settings: SettingChange[],
): GateResult {
  return {
    schemaVersion: SCHEMA_VERSION,
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
    warnings: [],
    errors,
    change: null,
    nextDue: null,
    scan: null,
    knownExploited: null,
    epss: null,
    introduced: null,
    baseFiles: [],
    vex: null,
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

/**
 * A known failure stays a failure even when a read failed: an outage must not let critical alerts
 * through. Otherwise any error takes the verdict away; without a verdict there is no pass.
 */
function finalResult(verdict: Verdict, errors: RunError[]): GateResult['result'] {
  if (verdict.result === 'fail') return 'fail';
  if (verdict.result === 'error' || errors.length > 0) return 'error';
  return 'pass';
}

/** Whether the step fails: a failed gate, or an error that on-api-error does not let pass. */
export function stepFails(result: Pick<GateResult, 'result' | 'errors'>, onApiError: Config['onApiError']): boolean {
  if (result.result === 'fail') return true;
  if (result.result === 'pass') return false;
  return onApiError === 'fail' || result.errors.some((e) => e.kind !== 'api');
}

function viewPosture(
  posture: Posture,
  repositoryId: string,
  window: AssembleInput['window'],
  found: Findings,
): PostureView {
  const rows = posture.repositoryRiskScores.filter((r) => r.id === repositoryId);
  const row = rows.length > 0 ? rows.reduce(worseRow) : null;
  if (row && rows.length > 1) {
    found.warnings.push({
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
function viewSchedule(schedule: Schedule | null, now: Date, describe: AssembleInput['describeSchedule']): ScheduleView {
  if (!schedule) return { crontab: '', enabled: false, description: null, nextRun: null };
  return describe(schedule.crontab, schedule.isEnabled, now);
}
