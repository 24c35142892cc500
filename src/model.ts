// The one result model: policy fills it, every report (summary, JSON, SARIF, comment) renders it.
import type { Posture, ScaAlert, TimeSaved } from './api/schemas.js';

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'unknown'] as const;
export type Severity = (typeof SEVERITIES)[number];
/** `fail-on-severity`: the lowest severity that fails the gate, or `none`. */
export type Threshold = 'critical' | 'high' | 'medium' | 'low' | 'none';

/** One parsed `allow-alerts` entry. */
export interface AllowEntry {
  /** Advisory id as written (matched case-insensitively). */
  id: string;
  /** Last day (inclusive, UTC) the entry applies, YYYY-MM-DD. */
  until?: string;
  reason?: string;
}

/**
 * Why an alert does or does not fail the gate, in the order the policy checks:
 * not-alerted (isAlerted false), below-threshold, unreachable (ignore-unreachable),
 * allowed (an active allow-alerts entry; so `allowed` counts only alerts that would have gated),
 * else gating.
 */
export type AlertStatus = 'gating' | 'allowed' | 'below-threshold' | 'unreachable' | 'not-alerted';

export interface EvaluatedAlert {
  alert: ScaAlert;
  severity: Severity;
  /** metadata.severityScore when a finite number, else null. */
  score: number | null;
  status: AlertStatus;
  /** The allow entry that suppressed it (status `allowed`). */
  allowedBy?: AllowEntry;
  /** Where its package is declared, from the SCA package search (when read); see locations.ts. */
  locations?: ManifestLocation[];
}

export interface ManifestLocation {
  /** Manifest file relative to the repository root, e.g. `package.json`. */
  path: string;
  startLine: number;
  endLine: number;
  startColumn?: number;
  endColumn?: number;
  /** `name@version` of the matched package, or null when this is a fallback location. */
  package: string | null;
}

export type SeverityCounts = Record<Severity, number>;

export interface Warning {
  kind: 'expired-allow' | 'unmatched-allow' | 'api-error' | 'other';
  message: string;
}

export interface Verdict {
  /** `none`: no verdict, the alerts could not be read (the run's result is then `error`). */
  result: 'pass' | 'fail' | 'none';
  /** One short sentence per cause of failure, or why it passed (always at least one). */
  reasons: string[];
  /** Gating alerts, worst first (severity, then score descending, then id). */
  gating: EvaluatedAlert[];
}

export interface PostureView {
  startDate: string;
  endDate: string;
  /** The posture entry the service returned (first element of the response array). */
  posture: Posture;
  /** This repository's row of repositoryRiskScores, when present. */
  repository: Posture['repositoryRiskScores'][number] | null;
  /** repository.riskScore, else summary.overAllRiskScore. */
  riskScore: number | null;
}

export interface ScheduleView {
  crontab: string;
  enabled: boolean;
  /** Plain words, e.g. "At 02:00, Monday through Friday (UTC)"; null when the crontab cannot be read. */
  description: string | null;
  /** ISO date-time of the next run (UTC), or null when disabled or unreadable. */
  nextRun: string | null;
}

export type SettingName = 'pr-scanning' | 'max-pr-timeout' | 'cwe-whitelist';
export interface SettingChange {
  setting: SettingName;
  /** The input that asked for it, e.g. `set-pr-scanning`. */
  input: string;
  value: boolean | number | string[];
  status: 'applied' | 'dry-run' | 'failed' | 'rejected';
  /** Message of the failure (status failed/rejected). */
  error?: string;
}

export interface GateResult {
  schemaVersion: 1;
  result: 'pass' | 'fail' | 'error';
  generatedAt: string;
  repository: { id: string; name: string | null; url: string | null };
  /** The inputs the run used, parsed (never tokens). */
  options: {
    apiUrl: string;
    organizationId: string | null;
    projectId: string | null;
    repositoryId: string | null;
    appId: string | null;
    failOnSeverity: Threshold;
    ignoreUnreachable: boolean;
    failOnCriticalIssues: boolean;
    allowAlerts: AllowEntry[];
    postureDays: number;
    onApiError: 'fail' | 'warn';
    requestTimeoutSeconds: number;
    maxRetries: number;
    dryRun: boolean;
    summary: boolean;
    commentOnPr: 'never' | 'on-failure' | 'always';
    annotations: boolean;
    reportFile: string | null;
    sarifFile: string | null;
  };
  counts: SeverityCounts & { total: number; gating: number; allowed: number };
  alerts: EvaluatedAlert[];
  verdict: Verdict;
  posture: PostureView | null;
  timeSaved: TimeSaved | null;
  schedule: ScheduleView | null;
  settings: SettingChange[];
  warnings: Warning[];
  /** API errors tolerated under `on-api-error: warn`. */
  errors: string[];
}
