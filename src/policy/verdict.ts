// The verdict's rules in one ordered list: for each alert, the first rule that decides gives its
// disposition (whether it gates, the rule, and why). A security reviewer reads RULES and the small
// functions it names to know why anything gates; the reports only show what was decided here.
// Pure: the clock, the catalog and the pull request's change come in.
import { ageWords, utcMinute } from '../instants.js';
import {
  osvVulnerabilityUrl,
  cveId,
  RULE_TRAITS,
  type Alert,
  type AllowEntry,
  type Disposition,
  type EpssScore,
  type EvaluatedAlert,
  type EvaluatedFinding,
  type GraceDays,
  type IntroducedFinding,
  type KevEntry,
  type Reachability,
  type Resolution,
  type Scope,
  type SparingRule,
  type SupplyFacts,
  type Threshold,
  type VerdictRule,
  type VexMark,
} from '../model.js';
import { entryLabel, entryMatches, isExpired } from './allowlist.js';
import { graceOf, type Grace } from './grace.js';
import { formatPercent } from '../numbers.js';
import { highestEpss } from './epss.js';
import { exploitedEntry } from './known-exploited.js';
import type { ChangeVerdict, ResolvableAlert } from './resolution.js';
import { meetsThreshold, worseCopy } from './severity.js';
import { sparesAlert, vexReason } from './vex.js';

export interface VerdictPolicy {
  failOn: Threshold;
  ignoreUnreachable: boolean;
  /** The allow-alerts entries that have not expired. */
  allow: AllowEntry[];
  /** Grace periods per severity; none when absent. */
  graceDays?: GraceDays;
  now: Date;
  /** The KEV catalog, when read under known-exploited warn or fail; null otherwise. */
  knownExploited?: { entries: ReadonlyMap<string, KevEntry>; mode: 'warn' | 'fail' } | null;
  /** The EPSS scores, when read under epss show or a threshold (null under show); null otherwise. */
  epss?: { scores: ReadonlyMap<string, EpssScore>; threshold: number | null } | null;
  /** What the pull request's change does to an alert's package, when it and the package search were read. */
  change?: ((alert: ResolvableAlert) => ChangeVerdict) | null;
  /**
   * Set when the subjects are what a pull request brings in (pr-introduced): their severity gates as
   * `introduced`; under `warn` nothing makes them gate. They have no reachability, no createdAt and no
   * change of their own, so ignore-unreachable, grace periods and resolution never spare them.
   */
  introduced?: 'fail' | 'warn';
  /** The latest VEX statement that speaks of an alert (or finding), when vex-files are read; null otherwise. */
  vex?: ((alert: Alert) => VexMark | null) | null;
  /**
   * The ratchet: `warn` on a pull request or merge group under existing-alerts: warn, where the
   * service's alerts (already on the base) never fail the gate; null otherwise and for findings.
   */
  existingAlerts?: 'warn' | null;
  /** fail-on-scopes: the scopes whose findings can gate (the service's alerts have none); absent: all. */
  failOnScopes?: readonly Scope[];
  /** The scope of the subject judged: a finding's; null for an alert of the service. */
  scopeOf?: ((alert: Alert) => Scope | null) | null;
  /** What the checks before any advisory know of the subject (a version brought in, a package listed); absent: none. */
  supplyOf?: ((alert: Alert) => SupplyFacts | null) | null;
  /** `malicious`: under fail an OSV MAL- id gates; under warn it is flagged. */
  malicious?: 'warn' | 'fail' | null;
}

/** What would make an alert gate, were no rule to spare it (RULE_TRAITS says whether a grace period can delay it). */
interface Ground {
  rule: Extract<
    VerdictRule,
    'severity' | 'known-exploited' | 'epss' | 'introduced' | 'denied' | 'malicious' | 'too-new'
  >;
  reason: string;
}

/** What the rules know of one alert, worked out once. */
interface Facts {
  alert: Alert;
  kev: KevEntry | null;
  /** Its highest EPSS score; null when none is scored or the scores were not read. */
  epss: EpssScore | null;
  /** What would make it gate, the first deciding; empty when nothing would. */
  grounds: Ground[];
  /** What the pull request's change does to its package; null off a change that was read. */
  change: ChangeVerdict | null;
  /** The latest VEX statement that speaks of it; null when none does. */
  vex: VexMark | null;
  /** What the checks before any advisory know of it (a version brought in); null for an alert of the service. */
  supply: SupplyFacts | null;
}

/** A rule's decision: the rule (RULE_TRAITS gives the status), why, and what the reports show of it. */
interface Decision {
  rule: VerdictRule;
  reason: string;
  allowedBy?: AllowEntry;
  resolution?: Resolution;
  grace?: Grace;
  vex?: VexMark;
}

/** A rule decides an alert's fate, or (null) leaves it to the next. */
type Rule = (facts: Facts, policy: VerdictPolicy) => Decision | null;

/** The grounds to gate, in the order that names the deciding one (RULE_TRAITS' order): its severity first. */
const GROUNDS: ((facts: Omit<Facts, 'grounds'>, policy: VerdictPolicy) => Ground | null)[] = [
  bySeverity,
  byKnownExploited,
  byExploitPrediction,
  byBeingBroughtIn,
  byBeingDenied,
  byBeingMalicious,
  byBeingTooNew,
];

/**
 * The verdict's rules, in order; the first that decides wins. Each rule that spares an alert applies
 * only to one that would gate (so `allowed` counts only alerts that would have gated), except that an
 * alert the service did not alert on never gates.
 */
export const RULES: readonly Rule[] = [
  notAlerted,
  notAffectedByVex,
  noGround,
  unreachable,
  outOfScope,
  allowed,
  resolvedByTheChange,
  alreadyOnTheBase,
  insideGracePeriod,
  gates,
];

function bySeverity({ alert }: Omit<Facts, 'grounds'>, { failOn, introduced }: VerdictPolicy): Ground | null {
  if (introduced || !meetsThreshold(alert.severity, failOn)) return null;
  return { rule: 'severity', reason: `at or above the ${failOn} threshold` };
}

/** What a pull request brings in gates at the severity threshold, with no grace period (it chose to). */
function byBeingBroughtIn({ alert }: Omit<Facts, 'grounds'>, { failOn, introduced }: VerdictPolicy): Ground | null {
  if (!introduced || !meetsThreshold(alert.severity, failOn)) return null;
  return { rule: 'introduced', reason: `brought in by this pull request, at or above the ${failOn} threshold` };
}

/** Under known-exploited: fail, a listed alert gates whatever its severity, with no grace period. */
function byKnownExploited({ kev }: Omit<Facts, 'grounds'>, policy: VerdictPolicy): Ground | null {
  if (kev === null || policy.knownExploited?.mode !== 'fail') return null;
  const reason = `known exploited (CISA KEV lists ${kev.cve}), which fails the gate whatever its severity (known-exploited: fail)`;
  return { rule: 'known-exploited', reason };
}

/** At or above an epss threshold, an alert gates whatever its severity, with no grace period. */
function byExploitPrediction({ epss }: Omit<Facts, 'grounds'>, policy: VerdictPolicy): Ground | null {
  const threshold = policy.epss?.threshold ?? null;
  if (epss === null || threshold === null || epss.probability < threshold) return null;
  const reason = `EPSS ${formatPercent(epss.probability)} for ${epss.cve} (${epss.date}), at or above the epss threshold ${formatPercent(threshold, 'exact')}, which fails the gate whatever its severity`;
  return { rule: 'epss', reason };
}

/** A package deny-packages names gates whatever else applies: the organization's explicit decision. */
function byBeingDenied({ supply }: Omit<Facts, 'grounds'>): Ground | null {
  const entry = supply?.denied ?? null;
  if (entry === null) return null;
  return {
    rule: 'denied',
    reason: `denied by deny-packages entry ${entry.purl}${entry.reason ? `: ${entry.reason}` : ''}`,
  };
}

/** Under malicious: fail, a version OSV lists as malicious (a MAL- id) gates whatever else applies. */
function byBeingMalicious({ supply }: Omit<Facts, 'grounds'>, policy: VerdictPolicy): Ground | null {
  const ids = supply?.malicious ?? [];
  if (ids.length === 0 || policy.malicious !== 'fail') return null;
  const reason = `known malicious: OSV lists ${ids.map((id) => `${id} (${osvVulnerabilityUrl(id)})`).join(', ')} (malicious: fail)`;
  return { rule: 'malicious', reason };
}

/** A version published less than min-release-age ago, or whose publish time is unknown, is too new to land. */
function byBeingTooNew({ supply }: Omit<Facts, 'grounds'>): Ground | null {
  const young = supply?.tooNew ?? null;
  if (young === null) return null;
  const reason =
    young.unknown !== null
      ? `publish time unknown (${young.unknown}): a version the source has not seen is too new (min-release-age)`
      : `too new: published ${young.publishedAt ? utcMinute(young.publishedAt) : '?'} (${ageWords(young.ageHours ?? 0)} ago), younger than min-release-age; it can land from ${young.landsFrom ? utcMinute(young.landsFrom) : '?'}`;
  return { rule: 'too-new', reason };
}

/** Every ground the alert has lets `rule` spare it (RULE_TRAITS' sparedBy). */
const sparable = ({ grounds }: Facts, rule: SparingRule) =>
  grounds.every((g) => RULE_TRAITS[g.rule].sparedBy.includes(rule));

function notAlerted({ alert }: Facts): Decision | null {
  return alert.alerted ? null : { rule: 'not-alerted', reason: 'not alerted by the service' };
}

/** A VEX statement of not_affected or fixed spares the alert whatever would make it gate. */
function notAffectedByVex(facts: Facts): Decision | null {
  const { vex } = facts;
  if (!sparesAlert(vex) || !sparable(facts, 'vex')) return null;
  return { rule: 'vex', reason: vexReason(vex), vex };
}

/** Nothing makes it gate; under pr-introduced: warn, what the pull request brings in is only listed. */
function noGround(facts: Facts, { failOn, introduced }: VerdictPolicy): Decision | null {
  const listedOnly = introduced === 'warn' && sparable(facts, 'below-threshold');
  if (facts.grounds.length > 0 && !listedOnly) return null;
  const reason =
    introduced === 'warn'
      ? 'pr-introduced is warn: what this pull request brings in is listed, not gated'
      : failOn === 'none'
        ? 'fail-on-severity is none'
        : `below the ${failOn} threshold`;
  return { rule: 'below-threshold', reason };
}

/** Reachability found only unreachable uses; no analysis (null) is not proof of that. */
export function isOnlyUnreachable(r: Reachability | null): boolean {
  return r !== null && r.reachable === 0 && r.needsReview === 0 && r.unreachable > 0;
}

function unreachable(facts: Facts, policy: VerdictPolicy): Decision | null {
  const { alert } = facts;
  if (!policy.ignoreUnreachable || !isOnlyUnreachable(alert.reachability) || !sparable(facts, 'unreachable'))
    return null;
  return { rule: 'unreachable', reason: 'only unreachable uses (ignore-unreachable)' };
}

/** What a pull request brings in for a scope fail-on-scopes does not list is reported, not gated. */
function outOfScope(facts: Facts, { failOnScopes, scopeOf }: VerdictPolicy): Decision | null {
  const scope = scopeOf?.(facts.alert) ?? null;
  if (!failOnScopes || scope === null || failOnScopes.includes(scope) || !sparable(facts, 'scope')) return null;
  const reason = `brought in for ${scope} use, a scope fail-on-scopes does not list (it lists ${failOnScopes.join(', ')})`;
  return { rule: 'scope', reason };
}

function allowed(facts: Facts, policy: VerdictPolicy): Decision | null {
  if (!sparable(facts, 'allowed')) return null;
  const entry = policy.allow.find((e) => entryMatches(e, facts.alert));
  if (entry === undefined) return null;
  const [until, by] = [entry.until ? ` until ${entry.until}` : '', entry.by ? ` by ${entry.by}` : ''];
  const reason = `allowed by allow-alerts entry ${entryLabel(entry)}${until}${by}${entry.reason ? `: ${entry.reason}` : ''}`;
  return { rule: 'allowed', reason, allowedBy: entry };
}

function resolvedByTheChange(facts: Facts): Decision | null {
  const resolution = facts.change?.resolution ?? null;
  if (resolution === null || !sparable(facts, 'resolved')) return null;
  const reason = `resolved by this pull request, which removes ${resolution.removed} from ${resolution.manifests.join(', ')}`;
  return { rule: 'resolved', reason, resolution };
}

/**
 * The ratchet: on a pull request under existing-alerts: warn, an alert of the service (it describes the
 * repository before the change) never fails it, whatever would make it gate. The change's own findings
 * still do; a push or a schedule judges the backlog.
 */
function alreadyOnTheBase(facts: Facts, { existingAlerts }: VerdictPolicy): Decision | null {
  if (existingAlerts !== 'warn' || !sparable(facts, 'existing')) return null;
  return {
    rule: 'existing',
    reason: 'already on the base: it does not fail this pull request (existing-alerts: warn)',
  };
}

function insideGracePeriod(facts: Facts, policy: VerdictPolicy): Decision | null {
  const grace = graceFor(facts, policy);
  if (!grace?.pending) return null;
  const reason = `inside its grace period (grace-days): it fails the gate from ${grace.dueOn} (UTC)`;
  return { rule: 'grace', reason, grace };
}

/** What is left gates, on its first ground; past its grace period, it says since when. */
function gates(facts: Facts, policy: VerdictPolicy): Decision {
  const ground = facts.grounds[0]!; // noGround decided every alert without one
  const grace = graceFor(facts, policy) ?? undefined;
  const overdue = grace ? `, overdue since ${grace.dueOn} (grace-days)` : '';
  return { rule: ground.rule, reason: `${ground.reason}${overdue}`, grace };
}

/** The alert's grace period: none when a ground that allows none makes it gate. */
function graceFor(facts: Facts, policy: VerdictPolicy): Grace | null {
  if (!policy.graceDays || !sparable(facts, 'grace')) return null;
  return graceOf(facts.alert.severity, facts.alert.createdAt, policy.graceDays, policy.now);
}

/** The first decision of the list. */
function decide(facts: Facts, policy: VerdictPolicy): Decision {
  for (const rule of RULES) {
    const decision = rule(facts, policy);
    if (decision) return decision;
  }
  throw new Error('no rule decided'); // `gates` always decides
}

function factsOf(alert: Alert, policy: VerdictPolicy): Facts {
  const catalog = policy.knownExploited;
  const kev = catalog ? exploitedEntry(alert, catalog.entries) : null;
  const epss = policy.epss ? highestEpss(alert, policy.epss.scores) : null;
  const change = policy.change ? policy.change(alert) : null;
  const vex = policy.vex ? policy.vex(alert) : null;
  const supply = policy.supplyOf ? policy.supplyOf(alert) : null;
  const known = { alert, kev, epss, change, vex, supply };
  return { ...known, grounds: GROUNDS.map((ground) => ground(known, policy)).filter((g) => g !== null) };
}

/**
 * A mode set to warn flags what its `fail` would gate: known-exploited: warn a listed alert (or
 * finding), pr-introduced: warn a finding (or a version too new), malicious: warn a malicious
 * version. The same rules decide, with those modes failing.
 */
function flaggedUnderWarn(facts: Facts, policy: VerdictPolicy): boolean {
  const catalog = policy.knownExploited;
  const kevWarns = facts.kev !== null && catalog?.mode === 'warn';
  const maliciousWarns = (facts.supply?.malicious.length ?? 0) > 0 && policy.malicious === 'warn';
  if (!kevWarns && !maliciousWarns && policy.introduced !== 'warn') return false;
  const asFail: VerdictPolicy = {
    ...policy,
    knownExploited: catalog && { ...catalog, mode: 'fail' },
    introduced: policy.introduced && 'fail',
    malicious: policy.malicious && 'fail',
  };
  return RULE_TRAITS[decide(factsOf(facts.alert, asFail), asFail).rule].status === 'gating';
}

/**
 * One disposition object per distinct disposition of a run: 100,000 alerts gating on their severity
 * share one, rather than each holding a copy of the same words.
 */
type Dispositions = (disposition: Disposition) => Disposition;
function sharedDispositions(): Dispositions {
  const seen = new Map<string, Disposition>();
  return (disposition) => {
    const key = `${disposition.rule}\n${disposition.grounds.join()}\n${disposition.flagged}\n${disposition.reason}\n${disposition.vex?.file}`;
    const known = seen.get(key);
    if (known) return known;
    seen.set(key, disposition);
    return disposition;
  };
}

/** One alert judged: its status and disposition, and what the reports show of the rule that decided. */
export function judgeAlert(alert: Alert, policy: VerdictPolicy, shared: Dispositions = (d) => d): EvaluatedAlert {
  const facts = factsOf(alert, policy);
  const decision = decide(facts, policy);
  const status = RULE_TRAITS[decision.rule].status;
  const disposition = shared({
    gates: status === 'gating',
    rule: decision.rule,
    grounds: facts.grounds.map((ground) => ground.rule),
    reason: decision.reason,
    flagged: flaggedUnderWarn(facts, policy),
    ...(decision.vex ? { vex: vexReference(decision.vex) } : {}),
  });
  const { grace } = decision;
  // The rule is applied to every alert (contract): one below the threshold that the change resolves
  // is fixed by it (its resolution said), never labelled changed; only one that would gate is resolved.
  const resolution = facts.change?.resolution ?? null;
  return {
    ...alert,
    status,
    disposition,
    ...(decision.allowedBy ? { allowedBy: decision.allowedBy } : {}),
    resolution,
    // A label wherever the alert is listed: the change touches its package without resolving it.
    changedByPullRequest: facts.change?.changed === true && resolution === null,
    dueOn: grace?.dueOn ?? null,
    daysLeft: grace?.pending ? grace.daysLeft : null,
    knownExploited: facts.kev,
    vex: facts.vex,
    epss: facts.epss,
    ...(facts.epss === null && policy.epss && hasCveId(alert) ? { epssMissing: true as const } : {}),
  };
}

const hasCveId = (alert: Alert) => [alert.advisory, ...alert.aliases].some((id) => cveId(id) !== null);

const vexReference = ({ document, file, statement }: VexMark) => ({ document, file, statement });

/**
 * Every alert judged, in the order given. Expired allow-alerts entries spare nothing. An alert read
 * more than once with different content is each of its `copies` judged, and counts as the copy judged
 * worst: the verdict is never better than its worst copy's would be alone.
 */
export function judgeAlerts(
  alerts: Alert[],
  policy: VerdictPolicy,
  copies: ReadonlyMap<string, readonly Alert[]> = new Map(),
): EvaluatedAlert[] {
  const active = activePolicy(policy);
  const shared = sharedDispositions();
  return alerts.map((alert) => {
    const all = copies.get(alert.id);
    if (all === undefined) return judgeAlert(alert, active, shared);
    return all.map((copy) => judgeAlert(copy, active, shared)).reduce((a, b) => worseJudged(a, b, policy.now));
  });
}

/** How bad an outcome is: gating, then coming due, then the rest. */
const outcome = (e: EvaluatedAlert) => (e.status === 'gating' ? 2 : e.status === 'due' ? 1 : 0);

/**
 * Of two judged copies, the worse (contract: "Duplicates, time included"): the worse outcome, then
 * the one the catalog lists, then the worse copy (alerted, severity, score, earlier createdAt).
 */
function worseJudged(a: EvaluatedAlert, b: EvaluatedAlert, now: Date): EvaluatedAlert {
  const by = outcome(b) - outcome(a) || Number(b.knownExploited !== null) - Number(a.knownExploited !== null);
  if (by !== 0) return by > 0 ? b : a;
  return worseCopy(a, b, now);
}

/**
 * A judge of many subjects under one policy, as judgeAlerts judges alerts: expired allow-alerts
 * entries spare nothing, and equal dispositions are one object.
 */
export function alertJudge(policy: VerdictPolicy): (alert: Alert) => EvaluatedAlert {
  const active = activePolicy(policy);
  const shared = sharedDispositions();
  return (alert) => judgeAlert(alert, active, shared);
}

const activePolicy = (policy: VerdictPolicy): VerdictPolicy => {
  const today = policy.now.toISOString().slice(0, 10);
  return { ...policy, allow: policy.allow.filter((entry) => !isExpired(entry, today)) };
};

/**
 * What a pull request brings in, judged by the same rules as an alert: matched by allow-alerts and the
 * KEV catalog through its GHSA id and CVE ids; with no reachability, age or change of its own.
 */
export function judgeFindings(
  findings: IntroducedFinding[],
  policy: VerdictPolicy & { introduced: 'fail' | 'warn' },
): EvaluatedFinding[] {
  // The service's alerts are what the ratchet spares; a finding is the change's own.
  const active = activePolicy({ ...policy, change: null, existingAlerts: null });
  return findings.map((finding) => {
    const judged = judgeAlert(findingAsAlert(finding), { ...active, scopeOf: () => scopeOf(finding) });
    const { status, disposition, allowedBy, knownExploited, vex, epss, epssMissing } = judged;
    const missing = epssMissing ? { epssMissing } : {};
    const feeds = { knownExploited, vex, epss, ...missing };
    return { ...finding, status, disposition, ...(allowedBy ? { allowedBy } : {}), ...feeds };
  });
}

/** GitHub's scope of a finding's entry: a missing, null or other one is unknown (contract: "Scopes"). */
function scopeOf({ scope }: IntroducedFinding): Scope {
  const word = scope?.trim().toLowerCase();
  return word === 'runtime' || word === 'development' ? word : 'unknown';
}

/** A finding as the rules read an alert: alerted, its CVE ids as aliases, nothing known of reachability or age. */
function findingAsAlert(f: IntroducedFinding): Alert {
  return {
    id: `introduced:${f.advisory}:${f.name}@${f.version}`,
    advisory: f.advisory,
    aliases: f.cves ?? [],
    severity: f.severity,
    score: null,
    alerted: true,
    reachability: null,
    package: f.packageUrl ?? `${f.name}@${f.version}`,
    summary: f.summary,
    description: '',
    references: [],
    languages: [],
    createdAt: null,
    updatedAt: null,
  };
}
