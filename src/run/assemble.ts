// Pure: from what was read and the policy, the one result model every report renders. Here the
// contract's "Verdict integrity" is decided: which failures take the verdict away, and which only
// leave a report section "not available".
import type { Config } from '../config/inputs.js';
import { runOptions } from '../config/inputs.js';
import type { ApiError } from '../api/client.js';
import type {
  GateResult,
  Posture,
  PostureView,
  RunError,
  Schedule,
  ScheduleView,
  SettingChange,
  Verdict,
  Warning,
} from '../model.js';
import { manifestLocator } from '../packages/locations.js';
import { evaluateAlerts, gateVerdict, severityCounts } from '../policy/index.js';
import type { Read, RepositoryReads, Statistics } from './gather.js';
import { runError, type RepositoryRef } from './resolve.js';
import type { evaluateLicenses } from '../policy/licenses.js';
import type { describeSchedule } from './schedule.js';
import { plural } from '../numbers.js';
import { planSettings } from './settings.js';

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
}

export function assembleResult({
  config,
  repository,
  reads,
  statistics,
  settings,
  window,
  now,
  describeSchedule,
  evaluateLicenses,
  blobUrl = null,
  errors: before = [],
}: AssembleInput): GateResult {
  const errors: RunError[] = [...before, ...reads.alerts.errors.map(runError)];
  const warnings: Warning[] = reads.alerts.warnings.map((message) => ({ kind: 'read', message }));
  /** A read that only feeds the reports failed: a warning, unless the token was rejected. */
  const unavailable = (error: ApiError, what: string): null => {
    if (error.kind === 'credentials') errors.push(runError(error));
    else warnings.push({ kind: 'unavailable', message: `${what} not available: ${error.message}` });
    return null;
  };
  const forReports = <T>(read: Read<T>, what: string): T | null =>
    read.ok ? read.value : unavailable(read.error, what);
  const decisive = <T>(read: Read<T>): T | null => {
    if (read.ok) return read.value;
    errors.push(runError(read.error));
    return null;
  };
  // The posture decides the verdict only under fail-on-critical-issues.
  const posture = config.failOnCriticalIssues
    ? decisive(statistics.posture)
    : forReports(statistics.posture, 'The security posture');
  const timeSaved = forReports(statistics.timeSaved, 'Time saved');
  const schedule = reads.schedule.ok
    ? viewSchedule(reads.schedule.value, now, describeSchedule)
    : unavailable(reads.schedule.error, 'The scan schedule');
  // Without the packages, annotations and SARIF results fall back to the first manifest.
  const packages = reads.packages && forReports(reads.packages, 'Manifest locations (SCA packages)');
  // Under a license policy the licenses decide the verdict too.
  const licenseEntries = reads.licenses && decisive(reads.licenses);
  // Licenses read under a policy are judged, or the run stops: never read and then passed unjudged.
  if (licenseEntries && !evaluateLicenses) throw new Error('license entries were read but no license policy was given');
  const licenses = licenseEntries && evaluateLicenses ? evaluateLicenses(licenseEntries, config.licenses) : null;
  const unknown = licenses?.findings.filter((f) => f.status === 'unknown' && !f.gates) ?? [];
  if (unknown.length > 0) {
    const some = unknown
      .slice(0, 5)
      .map((f) => `${f.package} (${f.license || 'none given'})`)
      .join(', ');
    warnings.push({
      kind: 'license',
      message: `${plural(unknown.length, 'package')} ${unknown.length === 1 ? 'has' : 'have'} no known license: ${some}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''} (unknown-licenses: warn).`,
    });
  }
  for (const change of settings) {
    if (change.error)
      errors.push({
        kind: change.status === 'rejected' ? 'credentials' : 'api',
        message: `${change.input}: ${change.error}`,
      });
  }

  const postureView = posture ? viewPosture(posture, repository.id, window) : null;
  // fail-on-critical-issues decides on this repository's row: without it, or without its number,
  // the gate cannot say there are none (fail closed).
  if (
    config.failOnCriticalIssues &&
    statistics.posture.ok &&
    (postureView?.repository?.criticalIssues ?? null) === null
  ) {
    errors.push({
      kind: 'api',
      message: `fail-on-critical-issues cannot be checked: the security posture has ${
        postureView?.repository ? 'no criticalIssues for' : 'no entry for'
      } this repository (${repository.id}).`,
    });
  }

  const evaluation = evaluateAlerts(reads.alerts.alerts, {
    failOn: config.failOnSeverity,
    ignoreUnreachable: config.ignoreUnreachable,
    allow: config.allowAlerts,
    failOnCriticalIssues: config.failOnCriticalIssues,
    today: now.toISOString().slice(0, 10),
  });
  // The evaluated alerts are this function's own: their locations are set in place, not copied
  // (100,000 alerts are a lot of copies).
  const evaluated = evaluation.alerts;
  if (packages) {
    const locate = manifestLocator(packages);
    for (const alert of evaluated) alert.locations = locate(alert.package);
  }
  // Part of the alerts: the verdict of those, and an error beside it. No page of alerts at all: no
  // verdict, unless what was read (a license violation, critical issues) already fails the gate.
  const judged = gateVerdict(
    evaluated,
    { failOn: config.failOnSeverity, failOnCriticalIssues: config.failOnCriticalIssues },
    postureView?.repository ?? null,
    licenses?.findings.filter((f) => f.gates) ?? [],
  );
  const verdict: Verdict = reads.alerts.totalCount === null && judged.result !== 'fail' ? NO_VERDICT : judged;
  warnings.unshift(...evaluation.warnings);

  const counts = severityCounts(evaluated);
  return {
    schemaVersion: 2,
    result: decide(verdict, errors),
    generatedAt: now.toISOString(),
    repository,
    blobUrl,
    options: runOptions(config),
    counts: {
      ...counts,
      total: evaluated.length,
      gating: verdict.gating.length,
      allowed: evaluated.filter((a) => a.status === 'allowed').length,
    },
    licenses,
    alerts: evaluated,
    verdict,
    posture: postureView,
    timeSaved,
    schedule,
    settings,
    warnings,
    errors,
  };
}

const NO_VERDICT: Verdict = { result: 'none', reasons: ['No verdict: the alerts could not be read.'], gating: [] };

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
  const zero = { critical: 0, high: 0, medium: 0, low: 0, unknown: 0, total: 0, gating: 0, allowed: 0 };
  return {
    schemaVersion: 2,
    result: 'error',
    generatedAt: now.toISOString(),
    repository,
    blobUrl: null,
    options: runOptions(config),
    counts: zero,
    licenses: null,
    alerts: [],
    verdict: { result: 'none', reasons: ['No verdict: the run stopped before the alerts were judged.'], gating: [] },
    posture: null,
    timeSaved: null,
    schedule: null,
    settings,
    warnings: [],
    errors,
  };
}

/** The settings asked for, each marked as not sent and why. */
export function notSent(config: Config, why: string): SettingChange[] {
  return planSettings(config.settings).map((p) => ({ ...p, status: 'failed', error: `not sent: ${why}` }));
}

/**
 * A known failure stays a failure even when a read failed: an outage must not let critical alerts
 * through. Otherwise any error takes the verdict away; without a verdict there is no pass.
 */
function decide(verdict: Verdict, errors: RunError[]): GateResult['result'] {
  if (verdict.result === 'fail') return 'fail';
  if (verdict.result === 'none' || errors.length > 0) return 'error';
  return 'pass';
}

/** Whether the step fails: a failed gate, or an error that on-api-error does not let pass. */
export function stepFails(result: Pick<GateResult, 'result' | 'errors'>, onApiError: Config['onApiError']): boolean {
  if (result.result === 'fail') return true;
  if (result.result === 'pass') return false;
  return onApiError === 'fail' || result.errors.some((e) => e.kind !== 'api');
}

function viewPosture(posture: Posture, repositoryId: string, window: AssembleInput['window']): PostureView {
  const row = posture.repositoryRiskScores.find((r) => r.id === repositoryId) ?? null;
  return { ...window, posture, repository: row, riskScore: row?.riskScore ?? posture.summary.overAllRiskScore };
}

/** An empty crontab: the repository has no schedule (renders "None"). */
function viewSchedule(schedule: Schedule | null, now: Date, describe: AssembleInput['describeSchedule']): ScheduleView {
  if (!schedule) return { crontab: '', enabled: false, description: null, nextRun: null };
  return describe(schedule.crontab, schedule.isEnabled, now);
}
