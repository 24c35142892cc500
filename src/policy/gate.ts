// The gate: which alerts fail it, why, and the verdict. Pure: `today` and the posture row come in.
import { plural } from '../numbers.js';
import {
  SEVERITIES,
  type Alert,
  type AlertStatus,
  type AllowEntry,
  type EvaluatedAlert,
  type LicenseFinding,
  type Reachability,
  type SeverityCounts,
  type Threshold,
  type Verdict,
  type Warning,
  packagesOf,
} from '../model.js';
import { entryMatches, isExpired } from './allowlist.js';
import { exploitedEntry, exploitedThenWorst, type KnownExploitedPolicy } from './known-exploited.js';
import { meetsThreshold } from './severity.js';

export interface PolicyOptions {
  failOn: Threshold;
  ignoreUnreachable: boolean;
  allow: AllowEntry[];
  failOnCriticalIssues: boolean;
  /** YYYY-MM-DD, UTC. */
  today: string;
  /** The KEV catalog, when read under known-exploited warn or fail; null otherwise. */
  knownExploited?: KnownExploitedPolicy | null;
}

/** Reachability found only unreachable uses; no analysis (null) is not proof of that. */
export function isOnlyUnreachable(reachability: Reachability | null): boolean {
  return (
    reachability !== null &&
    reachability.reachable === 0 &&
    reachability.needsReview === 0 &&
    reachability.unreachable > 0
  );
}

function evaluateAlert(alert: Alert, opts: PolicyOptions, active: AllowEntry[]): EvaluatedAlert {
  const kev = opts.knownExploited ?? null;
  const knownExploited = kev && exploitedEntry(alert, kev.entries);
  const evaluated = (status: AlertStatus): EvaluatedAlert => ({
    ...alert,
    status,
    resolution: null,
    changedByPullRequest: false,
    dueOn: null,
    daysLeft: null,
    knownExploited,
  });
  if (!alert.alerted) return evaluated('not-alerted');
  // known-exploited: fail gates a listed alert whatever its severity says.
  const gatesAsExploited = knownExploited !== null && kev?.gates === true;
  if (!meetsThreshold(alert.severity, opts.failOn) && !gatesAsExploited) return evaluated('below-threshold');
  if (opts.ignoreUnreachable && isOnlyUnreachable(alert.reachability)) return evaluated('unreachable');
  const allowedBy = active.find((entry) => entryMatches(entry, alert));
  return allowedBy ? { ...evaluated('allowed'), allowedBy } : evaluated('gating');
}

function allowWarnings(entry: AllowEntry, evaluated: EvaluatedAlert[], today: string): Warning[] {
  const warnings: Warning[] = [];
  const matched = evaluated.filter((e) => entryMatches(entry, e));
  if (isExpired(entry, today)) {
    const regating = matched.filter((e) => e.status === 'gating').length;
    const consequence =
      regating === 0
        ? ''
        : ` ${plural(regating, 'alert')} it matches ${regating === 1 ? 'fails' : 'fail'} the gate again.`;
    warnings.push({
      kind: 'expired-allow',
      message: `allow-alerts entry ${entry.id} expired: its until date ${entry.until} has passed, so it suppresses nothing.${consequence}`,
    });
  }
  if (matched.length === 0) {
    warnings.push({
      kind: 'unmatched-allow',
      message: `allow-alerts entry ${entry.id} matches no alert of this repository: it can be removed, or the id may be mistyped.`,
    });
  }
  return warnings;
}

/** Each alert's status (input order kept). Status order: not-alerted, below-threshold, unreachable, allowed, gating. */
export function alertStatuses(alerts: Alert[], opts: PolicyOptions): EvaluatedAlert[] {
  const active = opts.allow.filter((entry) => !isExpired(entry, opts.today));
  return alerts.map((alert) => evaluateAlert(alert, opts, active));
}

/**
 * Warnings about expired and unmatched allow entries. An expired entry says how many of its alerts
 * gate again, so it reads the statuses as they end up: after a pull request resolved some and grace
 * periods made others due.
 */
export function allowListWarnings(allow: AllowEntry[], evaluated: EvaluatedAlert[], today: string): Warning[] {
  // Duplicate entries would repeat the same warning word for word.
  const warnings = new Map<string, Warning>();
  for (const warning of allow.flatMap((entry) => allowWarnings(entry, evaluated, today))) {
    warnings.set(`${warning.kind}\n${warning.message}`, warning);
  }
  return [...warnings.values()];
}

/** Each alert's status, and the allow list's warnings on those statuses. */
export function evaluateAlerts(
  alerts: Alert[],
  opts: PolicyOptions,
): { alerts: EvaluatedAlert[]; warnings: Warning[] } {
  const evaluated = alertStatuses(alerts, opts);
  return { alerts: evaluated, warnings: allowListWarnings(opts.allow, evaluated, opts.today) };
}

/** Alerts per severity, every severity present. */
export function severityCounts(alerts: EvaluatedAlert[]): SeverityCounts {
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as SeverityCounts;
  for (const { severity } of alerts) counts[severity] += 1;
  return counts;
}

/** "2 critical, 3 high": the non-zero severities, worst first. */
function severityBreakdown(alerts: EvaluatedAlert[]): string {
  const counts = severityCounts(alerts);
  return SEVERITIES.filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${s}`)
    .join(', ');
}

/**
 * "; 1 resolved by this pull request and 2 inside their grace period do not": the alerts that would
 * gate but do not (yet), so that a failure does not hide them; '' when there are none.
 */
function sparedClause(evaluated: EvaluatedAlert[]): string {
  const resolved = evaluated.filter((e) => e.status === 'resolved').length;
  const due = evaluated.filter((e) => e.status === 'due').length;
  if (resolved + due === 0) return '';
  const parts = [
    resolved > 0 ? `${resolved} resolved by this pull request` : null,
    due > 0 ? `${due} inside ${due === 1 ? 'its' : 'their'} grace period` : null,
  ].filter((part) => part !== null);
  return `; ${parts.join(' and ')} ${resolved + due === 1 ? 'does' : 'do'} not`;
}

/**
 * "3 alerts at or above critical fail the gate (3 critical, 1 known exploited)"; under
 * known-exploited: fail, the listed alerts below the threshold are named as such.
 */
function gatingReason(gating: EvaluatedAlert[], failOn: Threshold, evaluated: EvaluatedAlert[]): string {
  const [atThreshold, exploited] = partition(gating, (e) => meetsThreshold(e.severity, failOn));
  const listed = atThreshold.filter((e) => e.knownExploited !== null).length;
  const kev = listed > 0 ? `, ${listed} known exploited` : '';
  const verb = (n: number) => (n === 1 ? 'fails' : 'fail');
  const spared = sparedClause(evaluated);
  if (exploited.length === 0)
    return `${plural(gating.length, 'alert')} at or above ${failOn} ${verb(gating.length)} the gate (${severityBreakdown(gating)}${kev})${spared}.`;
  const below = `known exploited (CISA KEV) whatever ${exploited.length === 1 ? 'its' : 'their'} severity (${severityBreakdown(exploited)})`;
  if (atThreshold.length === 0)
    return `${plural(exploited.length, 'alert')} ${verb(exploited.length)} the gate as ${below}${spared}.`;
  return `${plural(gating.length, 'alert')} fail the gate: ${atThreshold.length} at or above ${failOn} (${severityBreakdown(atThreshold)}${kev}) and ${exploited.length} as ${below}${spared}.`;
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  const [yes, no]: [T[], T[]] = [[], []];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}

function passReason(evaluated: EvaluatedAlert[], failOn: Threshold): string {
  if (failOn === 'none') return 'fail-on-severity is none: no alert fails the gate on its severity.';
  const count = (status: AlertStatus) => evaluated.filter((e) => e.status === status).length;
  const parts = [
    [count('resolved'), 'resolved by this pull request'],
    [count('due'), 'inside their grace period'],
    [count('allowed'), 'allowed'],
    [count('unreachable'), 'unreachable ignored'],
    [count('below-threshold'), 'below the threshold'],
    [count('not-alerted'), 'not alerted'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return `No alert at or above ${failOn}${said.length > 0 ? ` (${said.join(', ')})` : ''}.`;
}

/**
 * Pass or fail, with one sentence per cause (or why it passed) and the gating alerts worst first.
 * `postureRepository` is this repository's posture row, null when the posture has none.
 */
export function gateVerdict(
  evaluated: EvaluatedAlert[],
  opts: Pick<PolicyOptions, 'failOn' | 'failOnCriticalIssues'>,
  postureRepository: { criticalIssues: number | null } | null,
  licenseViolations: LicenseFinding[] = [],
): Verdict {
  // Known-exploited alerts first (contract), then worst first.
  const gating = evaluated.filter((e) => e.status === 'gating').sort(exploitedThenWorst);
  const criticalIssues = opts.failOnCriticalIssues ? (postureRepository?.criticalIssues ?? 0) : 0;
  const reasons: string[] = [];
  if (gating.length > 0) reasons.push(gatingReason(gating, opts.failOn, evaluated));
  if (licenseViolations.length > 0) reasons.push(licenseReason(licenseViolations));
  if (criticalIssues > 0) {
    reasons.push(
      `The security posture shows ${plural(criticalIssues, 'open critical issue')} for this repository (fail-on-critical-issues).`,
    );
  }
  if (reasons.length > 0) return { result: 'fail', reasons, gating };

  reasons.push(passReason(evaluated, opts.failOn));
  return { result: 'pass', reasons, gating };
}

/** "2 packages violate the license policy: left-pad@1.3.0 (GPL-3.0-only), foo (no known license)." */
function licenseReason(violations: LicenseFinding[]): string {
  const named = violations
    .slice(0, 3)
    .map((f) => `${f.package} (${f.status === 'unknown' ? 'no known license' : f.license})`);
  const more = violations.length > 3 ? ` and ${violations.length - 3} more` : '';
  // Packages, as the license-violations output counts them: one under two license entries is one.
  const packages = packagesOf(violations);
  const verb = packages === 1 ? 'violates' : 'violate';
  return `${plural(packages, 'package')} ${verb} the license policy: ${named.join(', ')}${more}.`;
}

/** "GHSA-aaaa (critical 9.8, pkg:npm/lodash@4.17.20)", ", known exploited" when the KEV catalog lists it. */
function describeAlert(e: EvaluatedAlert): string {
  const rating = e.score === null ? e.severity : `${e.severity} ${e.score}`;
  return `${e.advisory} (${rating}, ${e.package || 'unknown package'}${e.knownExploited ? ', known exploited' : ''})`;
}

/**
 * The message for core.setFailed: the reasons and up to `max` worst gating alerts.
 * Service text is not escaped here; the logging layer neutralises workflow commands.
 */
export function failureMessage(verdict: Verdict, max = 5): string {
  const shown = verdict.gating.slice(0, Math.max(0, Math.floor(max)));
  const hidden = verdict.gating.length - shown.length;
  const heading = verdict.result === 'fail' ? 'Security gate failed' : 'Security gate passed';
  const parts = [`${heading}:`, ...verdict.reasons];
  if (shown.length > 0) {
    const list = shown.map(describeAlert).join(', ');
    parts.push(`Worst: ${list}${hidden > 0 ? ` and ${hidden} more` : ''}.`);
  } else if (hidden > 0) {
    parts.push(`${plural(hidden, 'gating alert')} not listed.`);
  }
  parts.push('See the job summary for details.');
  return parts.join(' ');
}
