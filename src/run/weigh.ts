// Which reads decide the verdict (contract: "Verdict integrity"): each read weighed as decisive, whose
// failure takes the verdict away (an error, on-api-error decides), or as feeding the reports only,
// whose failure leaves a section "not available" (a warning). Pure: what was read comes in.
import type { ApiError } from '../api/client.js';
import type { Config } from '../config/inputs.js';
import type { PullRequestChange } from '../github/changes.js';
import { isCalendarDate, parseInstant } from '../instants.js';
import type {
  ChangeView,
  EpssScores,
  KevCatalog,
  LicenseEntry,
  Outcome,
  Package,
  PostureView,
  RunError,
  SettingChange,
  Warning,
} from '../model.js';
import { KEV_FEED_URL } from '../model.js';
import { plural } from '../numbers.js';
import { changeJudge, type ChangeVerdict, type ResolvableAlert } from '../policy/resolution.js';
import type { Read, RepositoryReads, Statistics } from './gather.js';
import type { SupplyGathered } from '../policy/supply-chain.js';
import type { IntroducedRead } from './introduced.js';
import { runError } from './resolve.js';
import type { describeSchedule } from './schedule.js';
import { viewSchedule } from './views.js';

/** What weighing found wrong, in the order found: errors take the verdict away, warnings do not. */
export interface Found {
  errors: RunError[];
  warnings: Warning[];
  /** Where each decision is told (the debug log). */
  trace: (line: string) => void;
}

/**
 * Each read of the service as decisive or reports-only. Decisive: the alerts (weighed where they are
 * judged), the posture under fail-on-critical-issues, the licenses under a license policy.
 * Reports-only: the rest.
 */
export function weighServiceReads(
  config: Config,
  reads: RepositoryReads,
  statistics: Statistics,
  schedule: { now: Date; describe: typeof describeSchedule },
  found: Found,
) {
  // Without the service's secrets nothing of the service was read, by design: nothing failed.
  if (config.withheldSecrets)
    return {
      posture: null,
      timeSaved: null,
      schedule: null,
      packages: null,
      // Under a license policy the licenses of what the pull request adds are still judged (GitHub's).
      licenseEntries: config.licenses.allow !== null || config.licenses.deny !== null ? [] : null,
    };
  return {
    posture: config.failOnCriticalIssues
      ? decisive(statistics.posture, 'The security posture', found)
      : forReports(statistics.posture, 'The security posture', found),
    timeSaved: forReports(statistics.timeSaved, 'Time saved', found),
    schedule: reads.schedule.ok
      ? viewSchedule(reads.schedule.value, schedule.now, schedule.describe)
      : reportsOnly(reads.schedule.error, 'The scan schedule', found),
    // Without the packages, annotations and SARIF results fall back to the first manifest. Under
    // deny-packages they decide: a denied package the service lists gates on every event.
    packages:
      reads.packages &&
      (config.denyPackages.length > 0
        ? decisive(reads.packages, 'The SCA packages (deny-packages)', found)
        : forReports(reads.packages, 'Manifest locations (SCA packages)', found)),
    licenseEntries: reads.licenses && decisive<LicenseEntry[]>(reads.licenses, 'The licenses', found),
  };
}

/** A read that decides the verdict: its failure is an error. */
function decisive<T>(read: Read<T>, what: string, found: Found): T | null {
  found.trace(`${what} (decisive): ${read.ok ? 'read' : `failed, an error: ${read.error.message}`}`);
  if (read.ok) return read.value;
  found.errors.push(runError(read.error));
  return null;
}

/** A read that only feeds the reports. */
function forReports<T>(read: Read<T>, what: string, found: Found): T | null {
  if (read.ok) found.trace(`${what} (reports only): read`);
  return read.ok ? read.value : reportsOnly(read.error, what, found);
}

/** A reports-only read failed: a warning, unless the token was rejected. */
function reportsOnly(error: ApiError, what: string, found: Found): null {
  found.trace(
    `${what} (reports only): failed, ${error.kind === 'credentials' ? 'an error' : 'a warning'}: ${error.message}`,
  );
  if (error.kind === 'credentials') found.errors.push(runError(error));
  else found.warnings.push({ kind: 'unavailable', message: `${what} not available: ${error.message}` });
  return null;
}

/** A settings change that failed is an error (on-api-error decides); a rejected one, a credentials error. */
export function settingErrors(settings: SettingChange[]): RunError[] {
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
export function uncheckedCriticalIssues(
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

/**
 * The KEV catalog's read weighed (contract: "Known exploited vulnerabilities"): under `fail` it
 * decides the verdict, so a catalog that cannot be read is an error (on-api-error decides; a known
 * failure still wins); under `warn`, a warning. Entries without a CVE id are counted in one warning;
 * a catalog released more than 7 × 24 hours before the run is a warning too, and still gates.
 */
export function weighCatalog(
  config: Config,
  catalog: Outcome<KevCatalog> | null,
  now: Date,
  found: Found,
): KevCatalog | null {
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
  const stale = staleCatalog(config, catalog.value.released, now, decides);
  if (stale) found.warnings.push({ kind: 'known-exploited', message: stale });
  return catalog.value;
}

/** A catalog released longer than this before the run is stale (contract: "A stale catalog warns"). */
const KEV_STALE_MS = 7 * 24 * 3_600_000;

/**
 * The warning for a catalog released more than 7 × 24 hours before the run, as for stale EPSS
 * scores; null when it is not, or says no readable dateReleased (nothing to tell its age by).
 */
function staleCatalog(config: Config, released: string | null, now: Date, gates: boolean): string | null {
  const at = released === null ? null : catalogReleasedAt(released);
  const age = at === null ? 0 : now.getTime() - at;
  if (age <= KEV_STALE_MS) return null;
  const days = Math.floor(age / 86_400_000);
  const hours = Math.floor((age % 86_400_000) / 3_600_000);
  const ago = `${plural(days, 'day')}${hours > 0 ? ` and ${plural(hours, 'hour')}` : ''}`;
  const why =
    config.kevSource.kind === 'url' && config.kevSource.url === KEV_FEED_URL
      ? 'CISA has released no newer one, or something between serves an old copy'
      : "kev-url may name a copy that is no longer updated; refresh the copy, or give kev-url CISA's feed";
  return `The KEV catalog was released ${released}, ${ago} before this run (more than 7 × 24 hours): ${why}. It is used as it is${gates ? ' and still gates' : ''}.`;
}

/**
 * A catalog's dateReleased as an instant: an RFC 3339 date-time with a zone as instants.ts reads it
 * (CISA writes `2025-03-14T14:01:12.0465Z`). A date alone, or a date-time without a zone (its time
 * and zone unknown), counts from the last moment that date is anywhere, its end at UTC-12, so the
 * age is never overstated: a stale warning may come late, never early. Anything else: null.
 */
export function catalogReleasedAt(text: string): number | null {
  const instant = parseInstant(text);
  if (instant !== null) return instant;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?)?$/.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isCalendarDate(year, month, day)) return null;
  const end = new Date(Date.UTC(2000, 0, 1, 12)); // the next day's 00:00 at UTC-12
  end.setUTCFullYear(year, month - 1, day + 1);
  return end.getTime();
}

/** Scores older than this, before the run, are stale (contract: "Provenance"). */
const EPSS_STALE_DAYS = 7;

/**
 * The EPSS scores' read weighed (contract: "Exploit prediction (EPSS)"): under a threshold they
 * decide the verdict, so scores that cannot be read are an error (on-api-error decides; a known
 * failure still wins); under show, a warning. Stale scores are a warning, and still gate.
 */
export function weighEpss(
  config: Config,
  read: Outcome<EpssScores> | null,
  now: Date,
  found: Found,
): EpssScores | null {
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

/**
 * Resolution fails closed (contract, "Fail closed"): only with the change and the package search
 * both read can an alert be resolved; `judge` is null when the change was not read.
 */
export function weighChange(
  change: PullRequestChange | null,
  packages: Package[] | null,
  withoutService = false,
): { view: ChangeView | null; judge: ((alert: ResolvableAlert) => ChangeVerdict) | null } {
  if (change === null) return { view: null, judge: null };
  const { read, ...where } = change;
  const view = (state: ChangeView['state'], entries: number | null, reason: string | null): ChangeView => ({
    ...where,
    state,
    entries,
    reason,
    lockfiles: (read.state === 'read' && read.lockfiles) || null,
  });
  if (read.state === 'off') return { view: view('off', null, null), judge: null };
  if (read.state === 'unavailable') return { view: view('unavailable', null, read.reason), judge: null };
  // Without the service's secrets the change was read (what it brings in is judged); no alert to resolve.
  if (withoutService) return { view: view('read', read.changes.length, null), judge: null };
  if (packages === null) {
    const reason =
      "the service's package search could not be read, so no alert can be tied to the manifests the change edits; nothing is resolved.";
    return { view: view('unavailable', read.changes.length, reason), judge: null };
  }
  return { view: view('read', read.changes.length, null), judge: changeJudge(read.changes, packages) };
}

/**
 * What the pull request brings in, weighed (contract: "Brought in by the pull request"): null when it
 * is not judged (pr-introduced off, not a change, the change not read). A change that could not be
 * read (an empty github-token included: no token is no token) is an error under pr-introduced: fail,
 * unless GitHub said the dependency graph is off (403/404) or nothing could be asked: then, as under
 * warn, a warning that says what was not checked. Advisories
 * whose CVE ids could not be read are errors when the KEV catalog or the EPSS threshold decides,
 * warnings otherwise.
 */
export function weighIntroduced(
  config: Config,
  change: PullRequestChange | null,
  introduced: IntroducedRead | null,
  found: Found,
): IntroducedRead | null {
  const mode = config.prIntroduced;
  const read = change?.read;
  if (mode === 'off' || read === undefined || read.state === 'off') return null;
  if (read.state === 'unavailable') {
    const message = `What this pull request brings in was not checked (pr-introduced: ${mode}): ${read.reason}`;
    // An event that names no commits has nothing to ask about: the notice that nothing is resolved says so.
    if (read.cause === 'not-asked') return null;
    if (mode === 'fail' && (read.cause === 'failed' || read.cause === 'no-token'))
      found.errors.push({ kind: 'api', message });
    else found.warnings.push({ kind: 'unavailable', message });
    return null;
  }
  const gathered = introduced ?? {
    findings: [],
    advisoryErrors: [],
    advisories: new Map(),
    lineOf: () => null,
    cvesReadFor: '',
  };
  const decides = config.knownExploited === 'fail' || typeof config.epss === 'object';
  for (const message of gathered.advisoryErrors) {
    if (decides) found.errors.push({ kind: 'api', message });
    else
      found.warnings.push({
        kind: 'unavailable',
        message: `${message} CVE ids not read are not checked against ${gathered.cvesReadFor}.`,
      });
  }
  return gathered;
}

/**
 * What was gathered before any advisory, weighed (contract: "Before any advisory"): a release-age read
 * that failed is an API error under pr-introduced: fail (release age follows it), a warning under
 * warn; an OSV read that failed is an API error under malicious: fail, a warning under warn. A known
 * failure still wins: what the reads that did arrive show is still judged.
 */
export function weighSupply(
  config: Config,
  change: PullRequestChange | null,
  gathered: SupplyGathered | null,
  found: Found,
): SupplyGathered | null {
  // With pr-introduced off, weighIntroduced says nothing of a change that could not be read: the
  // checks that still gate (malicious: fail, deny-packages) say it here (fail closed).
  const read = change?.read;
  const gates = config.malicious === 'fail' || config.denyPackages.length > 0;
  if (config.prIntroduced === 'off' && gates && read?.state === 'unavailable' && read.cause !== 'not-asked') {
    const message = `What this pull request brings in was not checked for malicious or denied packages: ${read.reason}`;
    if (read.cause === 'failed' || read.cause === 'no-token') found.errors.push({ kind: 'api', message });
    else found.warnings.push({ kind: 'unavailable', message });
  }
  if (gathered === null) return null;
  const failed = (error: string | null, decides: boolean, what: string) => {
    if (error === null) return;
    found.trace(`${what} (${decides ? 'decisive' : 'reports only'}): failed: ${error}`);
    if (decides) found.errors.push({ kind: 'api', message: error });
    else found.warnings.push({ kind: 'unavailable', message: `${error} ${what} is not checked in this run.` });
  };
  failed(gathered.releaseAge?.error ?? null, config.prIntroduced === 'fail', 'Release age');
  failed(gathered.malicious?.error ?? null, config.malicious === 'fail', 'Whether a version is malicious');
  return gathered;
}
