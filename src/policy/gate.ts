// The verdict in words: pass or fail, one sentence per cause (or why it passed), the gating alerts
// in the verdict's order, and the failure message. Pure: it reads the dispositions the verdict's
// rules (verdict.ts) gave each alert, and decides nothing about an alert itself.
import { utcMinute } from '../instants.js';
import { formatPercent, plural } from '../numbers.js';
import {
  ALERT_STATUSES,
  gatesByMark,
  RULE_TRAITS,
  VERDICT_RULES,
  exploitedThenWorst,
  SEVERITIES,
  STATUS,
  type EvaluatedAlert,
  type EvaluatedFinding,
  type EvaluatedSupplyChainEntry,
  type LicenseFinding,
  type SeverityCounts,
  type Threshold,
  type Verdict,
  type VerdictRule,
  packagesOf,
} from '../model.js';

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
 * "3 alerts at or above critical fail the gate (3 critical, 1 known exploited)"; the alerts that gate
 * by a ground whatever their severity (RULE_TRAITS: known-exploited: fail, an epss threshold) are
 * named as such, in the verdict's order of those grounds.
 */
function gatingReason(gating: EvaluatedAlert[], failOn: Threshold, evaluated: EvaluatedAlert[]): string {
  const [whateverSeverity, atThreshold] = partition(gating, (e) => RULE_TRAITS[e.disposition.rule].whateverSeverity);
  const listed = atThreshold.filter((e) => e.knownExploited !== null).length;
  const kev = listed > 0 ? `, ${listed} known exploited` : '';
  const verb = (n: number) => (n === 1 ? 'fails' : 'fail');
  const its = (n: number) => (n === 1 ? 'its' : 'their');
  const spared = sparedClause(evaluated);
  const byRule = groupedByRule(whateverSeverity);
  const whatever = VERDICT_RULES.flatMap((rule) => {
    const alerts = byRule.get(rule) ?? [];
    const as = RULE_TRAITS[rule].gatesAs;
    if (alerts.length === 0 || as === null) return [];
    const n = alerts.length;
    return [{ n, phrase: `${as(its(n))} whatever ${its(n)} severity (${severityBreakdown(alerts)})` }];
  });
  if (whatever.length === 0)
    return `${plural(gating.length, 'alert')} at or above ${failOn} ${verb(gating.length)} the gate (${severityBreakdown(gating)}${kev})${spared}.`;
  if (atThreshold.length === 0 && whatever.length === 1)
    return `${plural(whatever[0]!.n, 'alert')} ${verb(whatever[0]!.n)} the gate ${whatever[0]!.phrase}${spared}.`;
  const parts = [
    ...(atThreshold.length > 0
      ? [`${atThreshold.length} at or above ${failOn} (${severityBreakdown(atThreshold)}${kev})`]
      : []),
    ...whatever.map(({ n, phrase }) => `${n} ${phrase}`),
  ];
  const joined = `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${plural(gating.length, 'alert')} fail the gate: ${joined}${spared}.`;
}

/** The alerts by the rule that decided each. */
function groupedByRule(alerts: EvaluatedAlert[]): Map<VerdictRule, EvaluatedAlert[]> {
  const groups = new Map<VerdictRule, EvaluatedAlert[]>();
  for (const e of alerts) groups.set(e.disposition.rule, [...(groups.get(e.disposition.rule) ?? []), e]);
  return groups;
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  const [yes, no]: [T[], T[]] = [[], []];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}

function passReason(evaluated: EvaluatedAlert[], failOn: Threshold): string {
  const count = (status: EvaluatedAlert['status']) => evaluated.filter((e) => e.status === status).length;
  // Under the ratchet, the backlog is at or above the threshold: it is not what the pull request does.
  if (count('existing') > 0) return `No alert fails this pull request: ${onTheBase(count('existing'))}.`;
  if (failOn === 'none') return 'fail-on-severity is none: no alert fails the gate on its severity.';
  const said = ALERT_STATUSES.flatMap((status) => {
    const [n, what] = [count(status), STATUS[status].counted];
    return n > 0 && what !== null ? [`${n} ${what}`] : [];
  });
  return `No alert at or above ${failOn}${said.length > 0 ? ` (${said.join(', ')})` : ''}.`;
}

/** "21 alerts already on the base do not block it (existing-alerts: warn)". */
const onTheBase = (n: number) =>
  `${plural(n, 'alert')} already on the base ${n === 1 ? 'does' : 'do'} not block it (existing-alerts: warn)`;

/**
 * Pass or fail, with one sentence per cause (or why it passed) and the gating alerts worst first.
 * `postureRepository` is this repository's posture row, null when the posture has none.
 */
export function gateVerdict(
  evaluated: EvaluatedAlert[],
  opts: { failOn: Threshold; failOnCriticalIssues: boolean },
  postureRepository: { criticalIssues: number | null } | null,
  licenseViolations: LicenseFinding[] = [],
  /** The gating findings the pull request brings in. */
  introduced: EvaluatedFinding[] = [],
  /** The gating entries before any advisory: denied, malicious, too new. */
  supply: EvaluatedSupplyChainEntry[] = [],
): Verdict {
  // Known-exploited alerts first (contract), then worst first.
  const gating = evaluated.filter((e) => e.status === 'gating').sort(exploitedThenWorst);
  const criticalIssues = opts.failOnCriticalIssues ? (postureRepository?.criticalIssues ?? 0) : 0;
  const reasons: string[] = [];
  // What the pull request brings in first: it is what its author can act on.
  if (supply.length > 0) reasons.push(supplyReason(supply));
  if (introduced.length > 0) reasons.push(introducedReason(introduced));
  if (gating.length > 0) reasons.push(gatingReason(gating, opts.failOn, evaluated));
  if (licenseViolations.length > 0) reasons.push(licenseReason(licenseViolations));
  if (criticalIssues > 0) {
    reasons.push(
      `The security posture shows ${plural(criticalIssues, 'open critical issue')} for this repository (fail-on-critical-issues).`,
    );
  }
  const existing = evaluated.filter((e) => e.status === 'existing').length;
  if (reasons.length > 0 && existing > 0) reasons.push(`${onTheBase(existing).replace(/^./, (c) => c.toUpperCase())}.`);
  if (reasons.length > 0) return { result: 'fail', reasons, gating };

  reasons.push(passReason(evaluated, opts.failOn));
  return { result: 'pass', reasons, gating };
}

/**
 * "3 packages fail the gate before any advisory: event-stream@3.3.6 (denied by deny-packages),
 * evil@1.0.0 (malicious: MAL-2025-1), x@2.0.0 (too new: it can land from 2026-11-30 10:00 UTC)".
 */
function supplyReason(entries: EvaluatedSupplyChainEntry[]): string {
  const why = (e: EvaluatedSupplyChainEntry) =>
    gatesByMark(e.disposition, 'deny')
      ? 'denied by deny-packages'
      : gatesByMark(e.disposition, 'osv')
        ? `malicious: ${(e.malicious ?? []).join(', ')}`
        : e.landsFrom
          ? `too new: it can land from ${utcMinute(e.landsFrom)}`
          : 'too new: publish time unknown';
  const named = entries.slice(0, 3).map((e) => `${e.name}@${e.version} (${why(e)})`);
  const more = entries.length > 3 ? ` and ${entries.length - 3} more` : '';
  const verb = entries.length === 1 ? 'fails' : 'fail';
  return `${plural(entries.length, 'package')} ${verb} the gate before any advisory: ${named.join(', ')}${more}.`;
}

/**
 * "2 vulnerabilities brought in by this pull request fail the gate: GHSA-… (critical, log4j-core@2.14.1), …"
 */
function introducedReason(findings: EvaluatedFinding[]): string {
  const named = findings
    .slice(0, 3)
    .map((f) => `${f.advisory} (${f.severity}, ${f.name}@${f.version}${f.knownExploited ? ', known exploited' : ''})`);
  const more = findings.length > 3 ? ` and ${findings.length - 3} more` : '';
  const verb = findings.length === 1 ? 'fails' : 'fail';
  return `${plural(findings.length, 'vulnerability', 'vulnerabilities')} brought in by this pull request ${verb} the gate: ${named.join(', ')}${more}.`;
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

/**
 * "GHSA-aaaa (critical 9.8, pkg:npm/lodash@4.17.20)", ", known exploited" when the KEV catalog lists
 * it, ", EPSS 97.2%" when it gates by its probability.
 */
function describeAlert(e: EvaluatedAlert): string {
  const rating = e.score === null ? e.severity : `${e.severity} ${e.score}`;
  const kev = e.knownExploited ? ', known exploited' : '';
  const epss = gatesByMark(e.disposition, 'epss') && e.epss ? `, EPSS ${formatPercent(e.epss.probability)}` : '';
  return `${e.advisory} (${rating}, ${e.package || 'unknown package'}${kev}${epss})`;
}

/**
 * The message for core.setFailed: the reasons, up to `max` worst gating alerts, and what to do
 * (the upgrades that fix them, when GitHub's advisories say which).
 * Service text is not escaped here; the logging layer neutralises workflow commands.
 */
export function failureMessage(verdict: Verdict, max = 5, whatToDo: string | null = null): string {
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
  if (whatToDo) parts.push(`What to do: ${whatToDo}.`);
  parts.push('See the job summary for details.');
  return parts.join(' ');
}
