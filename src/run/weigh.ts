// Which reads decide the verdict (contract: "Verdict integrity"): each read weighed as decisive, whose
// failure takes the verdict away (an error, on-api-error decides), or as feeding the reports only,
// whose failure leaves a section "not available" (a warning); the feeds beside the service are
// weighed in weigh-feeds.ts. Pure: what was read comes in.
import type { ApiError } from '../api/client.js';
import type { Config } from '../config/inputs.js';
import type { PullRequestChange } from '../github/changes.js';
import type { ChangeView, LicenseEntry, Package, PostureView, RunError, SettingChange, Warning } from '../model.js';
import { changeJudge, type ChangeVerdict, type ResolvableAlert } from '../policy/resolution.js';
import type { Read, RepositoryReads, Statistics } from './gather.js';
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
