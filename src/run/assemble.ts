// Pure: from what was read and the policy, the one result model every report renders.
import type { Gathered } from './gather.js';
import type { Config } from '../config/inputs.js';
import { locateAlerts } from '../packages/locations.js';
import { evaluateAlerts, gateVerdict, severityCounts } from '../policy/index.js';
import type { GateResult, PostureView, ScheduleView, SettingChange, Verdict, Warning } from '../model.js';
import { describeSchedule } from './schedule.js';
import { planSettings } from './settings.js';

export interface AssembleInput {
  config: Config;
  repository: GateResult['repository'];
  gathered: Gathered;
  settings: SettingChange[];
  window: { startDate: string; endDate: string };
  now: Date;
}

export function assembleResult({ config, repository, gathered, settings, window, now }: AssembleInput): GateResult {
  const errors: string[] = [];
  const read = <T>(r: { ok: true; value: T } | { ok: false; error: Error } | null): T | null => {
    if (!r) return null;
    if (r.ok) return r.value;
    errors.push(r.error.message);
    return null;
  };
  const alerts = read(gathered.alerts);
  const posture = read(gathered.posture);
  const timeSaved = read(gathered.timeSaved);
  read(gathered.schedule);
  // Like every read, a failed package search is an API error; its only cost to the reports is
  // that annotations and SARIF results fall back to the first manifest.
  const packages = read(gathered.packages);
  for (const change of settings) if (change.error) errors.push(`${change.input}: ${change.error}`);

  const today = now.toISOString().slice(0, 10);
  const evaluation = evaluateAlerts(alerts ?? [], {
    failOn: config.failOnSeverity,
    ignoreUnreachable: config.ignoreUnreachable,
    allow: config.allowAlerts,
    failOnCriticalIssues: config.failOnCriticalIssues,
    today,
  });
  const evaluated = locateAlerts(evaluation.alerts, packages);
  const postureView = posture ? viewPosture(posture, repository.id, window) : null;
  const verdict: Verdict = alerts
    ? gateVerdict(
        evaluated,
        { failOn: config.failOnSeverity, failOnCriticalIssues: config.failOnCriticalIssues },
        postureView?.repository ?? null,
      )
    : NO_VERDICT;
  const warnings: Warning[] = [...evaluation.warnings];
  if (alerts && gathered.alertsReported !== null && gathered.alertsReported !== alerts.length) {
    warnings.push({
      kind: 'other',
      message: `The alerts search reported ${gathered.alertsReported} alerts (totalCount) but ${alerts.length} distinct alerts were read; the gate used those ${alerts.length}.`,
    });
  }

  const counts = severityCounts(evaluated);
  return {
    schemaVersion: 1,
    result: decide(alerts !== null, verdict, errors),
    generatedAt: now.toISOString(),
    repository,
    options: resultOptions(config),
    counts: {
      ...counts,
      total: evaluated.length,
      gating: verdict.gating.length,
      allowed: evaluated.filter((a) => a.status === 'allowed').length,
    },
    alerts: evaluated,
    verdict,
    posture: postureView,
    timeSaved,
    schedule: viewSchedule(gathered.schedule, now),
    settings,
    warnings,
    errors,
  };
}

const NO_VERDICT: Verdict = { result: 'none', reasons: ['No verdict: the alerts could not be read.'], gating: [] };

/**
 * A result for a run that stopped before reading (the repository could not be resolved): the
 * reports still say what happened, and the settings that were asked for are listed as not sent.
 */
export function errorResult(config: Config, repository: GateResult['repository'], errors: string[], now: Date): GateResult {
  const zero = { critical: 0, high: 0, medium: 0, low: 0, unknown: 0, total: 0, gating: 0, allowed: 0 };
  return {
    schemaVersion: 1,
    result: 'error',
    generatedAt: now.toISOString(),
    repository,
    options: resultOptions(config),
    counts: zero,
    alerts: [],
    verdict: NO_VERDICT,
    posture: null,
    timeSaved: null,
    schedule: null,
    settings: planSettings(config.settings).map((p) => ({ ...p, status: 'failed', error: 'not sent: the run stopped before it' })),
    warnings: [],
    errors,
  };
}

/**
 * A known failure stays a failure even when another read failed: an outage of the posture
 * endpoint must not let critical alerts through. Without the alerts there is no verdict.
 */
export function decide(alertsRead: boolean, verdict: Verdict, errors: string[]): GateResult['result'] {
  if (!alertsRead) return 'error';
  if (verdict.result === 'fail') return 'fail';
  if (errors.length > 0) return 'error';
  return 'pass';
}

function viewPosture(posture: NonNullable<PostureView['posture']>, repositoryId: string, window: AssembleInput['window']): PostureView {
  const row = posture.repositoryRiskScores.find((r) => r.id === repositoryId) ?? null;
  return { ...window, posture, repository: row, riskScore: row?.riskScore ?? posture.summary.overAllRiskScore };
}

/** null: could not be read; an empty crontab: the repository has no schedule (renders "None"). */
function viewSchedule(read: Gathered['schedule'], now: Date): ScheduleView | null {
  if (!read.ok) return null;
  if (!read.value) return { crontab: '', enabled: false, description: null, nextRun: null };
  return describeSchedule(read.value.executionCriteriaCrontab, read.value.isEnabled, now);
}

/** The inputs as the JSON report records them: everything but the tokens. */
export function resultOptions(config: Config): GateResult['options'] {
  return {
    apiUrl: config.apiUrl,
    organizationId: config.organizationId,
    projectId: config.projectId,
    repositoryId: config.repositoryId,
    appId: config.appId,
    failOnSeverity: config.failOnSeverity,
    ignoreUnreachable: config.ignoreUnreachable,
    failOnCriticalIssues: config.failOnCriticalIssues,
    allowAlerts: config.allowAlerts,
    postureDays: config.postureDays,
    onApiError: config.onApiError,
    requestTimeoutSeconds: config.requestTimeoutMs / 1000,
    maxRetries: config.maxRetries,
    dryRun: config.dryRun,
    summary: config.summary,
    commentOnPr: config.commentOnPr,
    annotations: config.annotations,
    reportFile: config.reportFile,
    sarifFile: config.sarifFile,
  };
}
