// The one result model: api/ turns what the service sends into these types, policy fills in the
// verdict, every report (summary, JSON, SARIF, comment) renders it. Nothing here is wire data. The
// ground floor: it imports nothing of ours, and everything else may import it.

/** The one ok/error shape of the code base. */
export type Outcome<T, E = string> = { ok: true; value: T } | { ok: false; error: E };
export const success = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const failure = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'unknown'] as const;
export type Severity = (typeof SEVERITIES)[number];
const RANK: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, unknown: 0 };
/** critical 4 … low 1, unknown 0. */
export const severityRank = (s: Severity): number => RANK[s];
/** `fail-on-severity`: the lowest severity that fails the gate, or `none`. */
export const THRESHOLDS = ['critical', 'high', 'medium', 'low', 'none'] as const;
export type Threshold = (typeof THRESHOLDS)[number];
/** `comment-on-pr`. */
export const COMMENT_MODES = ['never', 'on-failure', 'always'] as const;
export type CommentMode = (typeof COMMENT_MODES)[number];
/** `on-api-error`. */
export const ON_API_ERROR = ['fail', 'warn'] as const;
/** `pr-changes`. */
export const PR_CHANGES = ['auto', 'lockfiles', 'off'] as const;
/** `pr-introduced`: what the vulnerabilities and license violations a pull request brings in do. */
export const PR_INTRODUCED = ['fail', 'warn', 'off'] as const;
export type PrIntroducedMode = (typeof PR_INTRODUCED)[number];
/** `malicious`: ask OSV whether a version a pull request brings in is a known malicious package. */
export const MALICIOUS = ['off', 'warn', 'fail'] as const;
export type MaliciousMode = (typeof MALICIOUS)[number];
/** deps.dev's API, the default `release-age-url`, and OSV's, the default `osv-url`. */
export const DEPS_DEV_URL = 'https://api.deps.dev';
export const OSV_URL = 'https://api.osv.dev';
/** `existing-alerts`: whether the service's alerts (already on the base) fail a pull request. */
export const EXISTING_ALERTS = ['fail', 'warn'] as const;
export type ExistingAlertsMode = (typeof EXISTING_ALERTS)[number];
/** GitHub's scopes of a change entry (`fail-on-scopes`); a missing or null one is `unknown`. */
export const SCOPES = ['runtime', 'development', 'unknown'] as const;
export type Scope = (typeof SCOPES)[number];
/** `known-exploited`: check alerts against CISA's KEV catalog, and what a listed one does. */
export const KNOWN_EXPLOITED = ['off', 'warn', 'fail'] as const;
export type KnownExploitedMode = (typeof KNOWN_EXPLOITED)[number];
/** Where a public feed is read (the KEV catalog): a URL, or a file in the workspace. */
export type FeedSource = { kind: 'url'; url: string } | { kind: 'file'; path: string };

/** Where a feed is read, as messages name it: a URL without its query (it may be signed), or the path. */
export function feedSourceName(source: FeedSource): string {
  if (source.kind === 'file') return source.path;
  const url = new URL(source.url);
  return `${url.origin}${url.pathname}`;
}
/** `epss`: off, show the scores, or gate at a probability (0 < threshold ≤ 1). */
export type EpssMode = 'off' | 'show' | { threshold: number };
/** FIRST's API, the default `epss-url`. */
export const EPSS_API_URL = 'https://api.first.org/data/v1/epss';
/** CISA's feed, the default `kev-url`. */
export const KEV_FEED_URL = 'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json';
/** `unknown-licenses`. */
export const UNKNOWN_LICENSES = ['warn', 'fail', 'ignore'] as const;
export type UnknownLicenses = (typeof UNKNOWN_LICENSES)[number];
/** Days of grace per severity (`grace-days`); a severity left out has 0. */
export type GraceDays = Partial<Record<Severity, number>>;

/** Where an `allow-alerts` entry was given: the workflow's input, or a line of the policy file. */
export type AllowSource = { kind: 'input' } | { kind: 'policy-file'; path: string; line: number };

/** One parsed `allow-alerts` entry: `ID [for PACKAGE] [until YYYY-MM-DD] [by OWNER] [# reason]`. */
export interface AllowEntry {
  /** Advisory id as written (matched case-insensitively). */
  id: string;
  /** The package it is restricted to, as written: a package URL or a name, version optional; absent: any. */
  for?: string;
  /** Last day (inclusive, UTC) the entry applies, YYYY-MM-DD. */
  until?: string;
  /** Who owns the exception: `@user`, `@org/team` or an e-mail address. */
  by?: string;
  reason?: string;
  /** A policy file's `owner/name` patterns (a trailing `*` a prefix): it allows only there; absent, everywhere. */
  repositories?: string[];
  /** Where it was given; absent only for an entry read outside a run's inputs. */
  source?: AllowSource;
}

/** An `allow-alerts` entry that ends within 7 days (contract: "Exceptions that come due"). */
export interface ExpiringAllow {
  entry: AllowEntry;
  /** Days from the run's date (UTC) to its `until`, 0 to 7. */
  daysLeft: number;
}

/**
 * Where the verdict left an alert: gating, or why not. The verdict's rules (policy/verdict.ts) decide
 * it; every per-status table of the reports derives from {@link STATUS}, so a status added here that
 * a report forgets does not compile.
 */
export const ALERT_STATUSES = [
  'gating',
  'resolved',
  'due',
  'allowed',
  'unreachable',
  'below-threshold',
  'not-alerted',
  'not-affected',
  'existing',
  'out-of-scope',
] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** What a status means to the verdict and to the reports. */
export interface StatusTraits {
  /** It fails the gate. */
  gates: boolean;
  /**
   * SARIF: the result's level, `severity` for a warning from medium up and a note below, or null when
   * the alert is not reported there (the service did not alert it, or allow-alerts allowed it).
   */
  sarif: 'error' | 'warning' | 'note' | 'severity' | null;
  /** How a passing verdict counts such alerts ("3 allowed"); null: not counted there. */
  counted: string | null;
}

export const STATUS: Readonly<Record<AlertStatus, StatusTraits>> = {
  gating: { gates: true, sarif: 'error', counted: null },
  resolved: { gates: false, sarif: 'note', counted: 'resolved by this pull request' },
  due: { gates: false, sarif: 'warning', counted: 'inside their grace period' },
  allowed: { gates: false, sarif: null, counted: 'allowed' },
  unreachable: { gates: false, sarif: 'severity', counted: 'unreachable ignored' },
  'below-threshold': { gates: false, sarif: 'severity', counted: 'below the threshold' },
  'not-alerted': { gates: false, sarif: null, counted: 'not alerted' },
  'not-affected': { gates: false, sarif: 'note', counted: 'not affected (VEX)' },
  existing: { gates: false, sarif: 'warning', counted: 'already on the base (existing-alerts: warn)' },
  'out-of-scope': { gates: false, sarif: 'severity', counted: 'in a scope that does not gate (fail-on-scopes)' },
};

/**
 * The rule of the verdict's ordered list that decided an alert's status. A gating alert names what
 * makes it gate (a ground): its severity, or (under known-exploited: fail) that CISA lists it, ….
 */
export type VerdictRule =
  | 'not-alerted'
  | 'vex'
  | 'below-threshold'
  | 'unreachable'
  | 'scope'
  | 'allowed'
  | 'resolved'
  | 'existing'
  | 'grace'
  | 'severity'
  | 'known-exploited'
  | 'epss'
  | 'introduced'
  | 'denied'
  | 'malicious'
  | 'too-new';

/** The rules that may spare an alert (or entry) that has a ground: RuleTraits.sparedBy names them. */
export type SparingRule = Exclude<
  VerdictRule,
  'severity' | 'known-exploited' | 'epss' | 'introduced' | 'too-new' | 'malicious' | 'denied'
>;

/** The feed whose mark a row shows beside an alert that gates by its ground (the reports render each). */
export type GroundMark = 'kev' | 'epss' | 'release-age' | 'osv' | 'deny';

/**
 * What a rule of the verdict is, for the verdict and for every report: the compiler's checklist of a
 * new rule. A rule this table lacks does not compile, and no report compares a rule's name: each
 * reads these traits and the disposition (see docs/architecture.md, "Adding a rule").
 */
export interface RuleTraits {
  /** What the rule is, in a few words (the debug log, the docs). */
  label: string;
  /** The status of an alert the rule decides. */
  status: AlertStatus;
  /** A ground: the rule makes an alert gate, were no rule before it to spare the alert. */
  ground: boolean;
  /** A ground that gates whatever the alert's severity (not fail-on-severity's). */
  whateverSeverity: boolean;
  /**
   * For a ground, the rules that may spare what has it (a rule spares only what every one of its
   * grounds lets it spare): a grace period delays only what gates by its severity; nothing spares a
   * denied package; only an allow entry naming its MAL- id spares a malicious one.
   */
  sparedBy: readonly SparingRule[];
  /** The feed behind the ground, whose mark says why the alert gates; null when its severity says it. */
  mark: GroundMark | null;
  /**
   * How the verdict's sentence names alerts that gate by it whatever their severity, given "its" or
   * "their": "as known exploited (CISA KEV)"; null for the other rules.
   */
  gatesAs: ((its: string) => string) | null;
}

const spares = (label: string, status: AlertStatus): RuleTraits => ({
  label,
  status,
  ground: false,
  whateverSeverity: false,
  sparedBy: [],
  mark: null,
  gatesAs: null,
});

/** Every rule that can spare an alert of the service's, in the list's order. */
const ALL_SPARING: readonly SparingRule[] = [
  'not-alerted',
  'vex',
  'below-threshold',
  'unreachable',
  'scope',
  'allowed',
  'resolved',
  'existing',
  'grace',
];
/** All but a grace period: what gates whatever its severity gets none. */
const NO_GRACE = ALL_SPARING.filter((rule) => rule !== 'grace');

/** The verdict's rules in their order (policy/verdict.ts follows it), the grounds last. */
export const RULE_TRAITS: Readonly<Record<VerdictRule, RuleTraits>> = {
  'not-alerted': spares('not alerted by the service', 'not-alerted'),
  vex: spares('not affected per a VEX statement', 'not-affected'),
  'below-threshold': spares('nothing makes it gate', 'below-threshold'),
  unreachable: spares('only unreachable uses (ignore-unreachable)', 'unreachable'),
  scope: spares('brought in for a scope fail-on-scopes does not list', 'out-of-scope'),
  allowed: spares('allowed by allow-alerts', 'allowed'),
  resolved: spares('resolved by this pull request', 'resolved'),
  existing: spares('already on the base, under existing-alerts: warn on a pull request', 'existing'),
  grace: spares('inside its grace period (grace-days)', 'due'),
  severity: {
    label: 'at or above the fail-on-severity threshold',
    status: 'gating',
    ground: true,
    whateverSeverity: false,
    sparedBy: ALL_SPARING,
    mark: null,
    gatesAs: null,
  },
  'known-exploited': {
    label: 'known exploited (CISA KEV, known-exploited: fail)',
    status: 'gating',
    ground: true,
    whateverSeverity: true,
    sparedBy: NO_GRACE,
    mark: 'kev',
    gatesAs: () => 'as known exploited (CISA KEV)',
  },
  epss: {
    label: 'at or above the epss threshold',
    status: 'gating',
    ground: true,
    whateverSeverity: true,
    sparedBy: NO_GRACE,
    mark: 'epss',
    gatesAs: (its) => `by ${its} EPSS probability (epss)`,
  },
  introduced: {
    label: 'brought in by the pull request, at or above the fail-on-severity threshold',
    status: 'gating',
    ground: true,
    whateverSeverity: false,
    // Under pr-introduced: warn, what it brings in is listed, not gated (below-threshold decides).
    sparedBy: NO_GRACE,
    mark: null,
    gatesAs: null,
  },
  denied: {
    label: 'a denied package (deny-packages)',
    status: 'gating',
    ground: true,
    whateverSeverity: true,
    // The organization's explicit decision: nothing spares it.
    sparedBy: [],
    mark: 'deny',
    gatesAs: () => 'as denied (deny-packages)',
  },
  malicious: {
    label: 'a known malicious package (OSV MAL- id, malicious: fail)',
    status: 'gating',
    ground: true,
    whateverSeverity: true,
    // Only an allow-alerts entry naming its MAL- id; VEX, grace periods and release age never do.
    sparedBy: ['allowed'],
    mark: 'osv',
    gatesAs: () => 'as malicious (OSV)',
  },
  'too-new': {
    label: 'published less than min-release-age ago (release age)',
    status: 'gating',
    ground: true,
    whateverSeverity: true,
    // It follows pr-introduced (warn lists it) and fail-on-scopes; nothing else spares it.
    sparedBy: ['below-threshold', 'scope'],
    mark: 'release-age',
    gatesAs: () => 'as too new (min-release-age)',
  },
};

/** The verdict's rules, in order. */
export const VERDICT_RULES = Object.keys(RULE_TRAITS) as VerdictRule[];

/** Each alert's fate and why: what the verdict decided, for the reports to show, never to work out again. */
export interface Disposition {
  /** It fails the gate. */
  gates: boolean;
  /** The rule that decided. */
  rule: VerdictRule;
  /**
   * Every ground the alert had, in the verdict's order, whether or not a rule spared it: what counts
   * such as epss-count and the reports read, never working the threshold out again. Under
   * pr-introduced: warn a finding keeps its grounds (they do not make it gate).
   */
  grounds: VerdictRule[];
  /** Why, in a phrase: "at or above the high threshold", "allowed by allow-alerts entry GHSA-…". */
  reason: string;
  /** known-exploited: warn flags it: CISA lists it, and under `fail` it would gate. */
  flagged: boolean;
  /** The VEX statement that decided (rule `vex`): its document's @id, its file and its index there. */
  vex?: { document: string; file: string; statement: number };
}

/** It gates by the ground whose feed has this mark (the KEV catalog, the EPSS scores). */
export const gatesByMark = (d: Pick<Disposition, 'gates' | 'rule'>, mark: GroundMark): boolean =>
  d.gates && RULE_TRAITS[d.rule].mark === mark;

/** It had the ground whose feed has this mark, whatever decided. */
export const hadGroundOf = (d: Pick<Disposition, 'grounds'>, mark: GroundMark): boolean =>
  d.grounds.some((rule) => RULE_TRAITS[rule].mark === mark);

/** A `deny-packages` entry: a package URL (a version, or a namespace with `/*`, optional) and why. */
export interface DenyEntry {
  /** As written, e.g. `pkg:npm/event-stream`, `pkg:npm/@evil-scope/*`, `pkg:npm/ua-parser-js@0.7.29`. */
  purl: string;
  reason: string | null;
}

/**
 * What the checks before any advisory know of a version a pull request brings in (or, for the
 * denied list, a package the service lists): what the verdict's grounds too-new, malicious and
 * denied read (contract: "Before any advisory").
 */
export interface SupplyFacts {
  /** Younger than min-release-age, or its publish time unknown in a covered ecosystem; null: old enough, or not checked. */
  tooNew: {
    publishedAt: string | null;
    ageHours: number | null;
    landsFrom: string | null;
    unknown: string | null;
  } | null;
  /** OSV's MAL- ids for it; empty when none, or not checked. */
  malicious: string[];
  /** The deny-packages entry that names it; null when none. */
  denied: DenyEntry | null;
}

/** What a pull request did to an alert's package version (contract: "Resolved by this pull request"). */
export interface Resolution {
  /** The manifests the package search lists the version in; the change removes it from each. */
  manifests: string[];
  /** The version removed. */
  removed: string;
  /** Exact versions of the package the change adds (any manifest), sorted; empty when none. */
  added: string[];
}

/** Reachability analysis of an alert's uses; null on an alert when there is none. */
export interface Reachability {
  reachable: number;
  needsReview: number;
  unreachable: number;
}

/**
 * An SCA alert as the gate sees it. The first group decides the verdict; the second only feeds the
 * reports, so the service may leave any of it out (null or missing reads as empty).
 */
export interface Alert {
  /** The alert's id (unique per alert; duplicates across pages are merged). */
  id: string;
  /** The advisory id (`metadata.id`), what allow-alerts matches. */
  advisory: string;
  aliases: string[];
  /** Normalised: a known word, else the score's CVSS band, else unknown. */
  severity: Severity;
  /** metadata.severityScore when a finite number, else null. */
  score: number | null;
  /** isAlerted; missing or null counts as alerted. */
  alerted: boolean;
  /** null: not analysed (missing, empty or with a number missing). */
  reachability: Reachability | null;

  /** metadata.packageIdentifier: a package URL or name@version; '' when not given. */
  package: string;
  summary: string;
  description: string;
  references: string[];
  languages: string[];
  createdAt: string | null;
  updatedAt: string | null;
}

/** An alert with the verdict's decision. */
export interface EvaluatedAlert extends Alert {
  status: AlertStatus;
  /** Whether it gates, the rule that decided, and why. */
  disposition: Disposition;
  /** The allow entry that suppressed it (status `allowed`). */
  allowedBy?: AllowEntry;
  /** Where its package is declared, from the SCA package search (when read); see locations.ts. */
  locations?: ManifestLocation[];
  /**
   * Set when the pull request's change resolves its package version (the contract's three rules):
   * status `resolved` when it would otherwise gate, else it is "fixed by this pull request" and keeps
   * its status. null otherwise.
   */
  resolution: Resolution | null;
  /** The pull request adds or removes a version of its package without resolving it. */
  changedByPullRequest: boolean;
  /**
   * The UTC date (YYYY-MM-DD) its grace period ends: status `due` gates from then; a `gating` alert
   * with one is overdue since then. null when no grace period applies.
   */
  dueOn: string | null;
  /** Days left in its grace period, rounded up (status `due`); null otherwise. */
  daysLeft: number | null;
  /** Its CISA KEV catalog entry when one of its CVE ids is listed; null when none is or the catalog was not read. */
  knownExploited: KevEntry | null;
  /** The EPSS score of its CVE id scored highest; null when none is scored or the scores were not read. */
  epss: EpssScore | null;
  /** Set when the scores were read and the source scores none of its CVE ids: "no EPSS score", never gating by EPSS. */
  epssMissing?: true;
  /** The latest VEX statement that speaks of it, whatever it says; null when none does (or no VEX was read). */
  vex: VexMark | null;
  /** The version that fixes it for its package (gating, due and allowed alerts); null when not known. Absent: not asked. */
  fix?: Fix | null;
  /** Why `fix` is null when it could not be known: its read failed, or it was past the run's cap. */
  fixNote?: FixNote;
}

/**
 * The version that fixes an alert or finding for its package (contract: "The fix"): from GitHub's
 * advisory, the entry of the same package, its first patched version; `version` null: none published.
 */
export interface Fix {
  version: string | null;
  /** The GitHub advisory it was read from (GHSA id). */
  advisory: string;
}

/** Why no fix is known: `not-available` (GitHub's advisories could not be read), `not-looked-up` (beyond the run's 1,000 advisories). */
export type FixNote = 'not-available' | 'not-looked-up';

/** The fixes' read (contract: "The fix"); null on the result when nothing needed one or it was not asked. */
export interface FixesView {
  /** Distinct advisories asked of GitHub. */
  asked: number;
  /** Subjects whose advisory was beyond the cap. */
  notLookedUp: number;
  /** Why some or all could not be read; null when all were. */
  error: string | null;
}

/** Plain code-unit order: locale-free, so the order is the same on every runner. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Worst first: severity, then score descending (no score last), then advisory id, then alert id,
 * so the order does not depend on the order the service returned the alerts in.
 */
export function worstFirst(a: Alert, b: Alert): number {
  const bySeverity = RANK[b.severity] - RANK[a.severity];
  if (bySeverity !== 0) return bySeverity;
  if (a.score !== b.score) {
    if (a.score === null) return 1;
    if (b.score === null) return -1;
    return b.score - a.score;
  }
  return compareText(a.advisory, b.advisory) || compareText(a.id, b.id);
}

/** Known-exploited alerts before the others (contract: first among the gating); 0 between two alike. */
export const knownExploitedFirst = (a: EvaluatedAlert, b: EvaluatedAlert): number =>
  Number(b.knownExploited !== null) - Number(a.knownExploited !== null);

/** The verdict's order of the gating alerts, and of every list of alerts: known exploited first, then worst first. */
export const exploitedThenWorst = (a: EvaluatedAlert, b: EvaluatedAlert): number =>
  knownExploitedFirst(a, b) || worstFirst(a, b);

const CVE_ID = /^CVE-\d{4}-\d+$/i;

/** OSV's page of a vulnerability id (a `MAL-` record, or a vulnerability OSV alone lists): where every report links it. */
export const osvVulnerabilityUrl = (id: string): string => `https://osv.dev/vulnerability/${encodeURIComponent(id)}`;

/** A CVE id (CVE-YYYY-N..., any case, spaces around it ignored), upper-cased; null when it is not one. */
export function cveId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim();
  // Most ids met are not CVE ids (GHSA-…): those are told by their first letter, without the pattern.
  if ((id.charCodeAt(0) | 0x20) !== 0x63) return null;
  return CVE_ID.test(id) ? id.toUpperCase() : null;
}

/**
 * Every CVE id of the alerts (advisory ids and aliases), upper-cased, each once, in the order met.
 * Values of any type: an alerts page not yet checked is read with it too (api/alerts.ts).
 */
export function cveIdsOf(alerts: Iterable<{ advisory: unknown; aliases: readonly unknown[] }>): string[] {
  const ids = new Set<string>();
  const add = (id: unknown) => {
    const cve = cveId(id);
    if (cve !== null) ids.add(cve);
  };
  for (const alert of alerts) {
    add(alert.advisory);
    for (const alias of alert.aliases) add(alias);
  }
  return [...ids];
}

/** A CISA Known Exploited Vulnerabilities catalog entry, as the reports show it. */
export interface KevEntry {
  /** Upper-cased, e.g. CVE-2021-44228. */
  cve: string;
  /** When CISA added it (YYYY-MM-DD); null when the catalog gave no date. */
  dateAdded: string | null;
  /** CISA's remediation due date for federal agencies (YYYY-MM-DD); null when none. */
  dueDate: string | null;
  /** knownRansomwareCampaignUse: true for `Known`, false for `Unknown`, null when absent or other. */
  ransomware: boolean | null;
  /** vulnerabilityName; '' when none. */
  name: string;
}

/** The catalog as read: its entries by CVE id, and what it says of itself. */
export interface KevCatalog {
  entries: ReadonlyMap<string, KevEntry>;
  /** catalogVersion and dateReleased, when given. */
  version: string | null;
  released: string | null;
  /** Entries skipped because their cveID is not a CVE id (missing, null, empty, N/A). */
  skipped: number;
}

/** One CVE's EPSS score, as FIRST gives it (fractions, 0–1). */
export interface EpssScore {
  /** Upper-cased, e.g. CVE-2021-44228. */
  cve: string;
  /** The probability of exploitation in the next 30 days. */
  probability: number;
  /** The share of scored CVEs with a lower or equal probability. */
  percentile: number;
  /** The score's date (YYYY-MM-DD). */
  date: string;
}

/** The scores read: by CVE id (only those asked for), and what the source says of itself. */
export interface EpssScores {
  scores: ReadonlyMap<string, EpssScore>;
  /** The model's version (the CSV's first line); null when the source does not give it (the API). */
  modelVersion: string | null;
  /** The scores' date: the latest of those read (YYYY-MM-DD); null when none was read. */
  scoreDate: string | null;
  /** CVE ids asked for. */
  asked: number;
}

/** What the run did with the EPSS scores; null on the result when `epss` is off. */
export interface EpssView {
  mode: 'show' | 'threshold';
  /** The probability at or above which an alert gates; null under show. */
  threshold: number | null;
  /** Where they were read: the URL (origin and path, no query) or the workspace path. */
  source: string;
  /** Read and parsed; false when they could not be (`error` says why). */
  read: boolean;
  modelVersion: string | null;
  scoreDate: string | null;
  /** CVE ids asked for, and how many of them the source scores; null when not read. */
  asked: number | null;
  scored: number | null;
  error: string | null;
}

/** What the run did with the KEV catalog; null on the result when `known-exploited` is off. */
export interface KnownExploitedView {
  mode: Exclude<KnownExploitedMode, 'off'>;
  /** Where it was read: the URL (origin and path, no query) or the workspace path. */
  source: string;
  /** Read and parsed; false when it could not be (`error` says why). */
  read: boolean;
  version: string | null;
  released: string | null;
  /** Catalog entries with a CVE id; null when not read. */
  entries: number | null;
  error: string | null;
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
/**
 * The alerts read per severity, in all, gating, allowed, resolved by the pull request (null when its
 * change was not read) and due (inside their grace period).
 */
export type AlertCounts = SeverityCounts & {
  total: number;
  gating: number;
  allowed: number;
  resolved: number | null;
  due: number;
  /** Alerts (and findings) whose CVE the KEV catalog lists, whatever their status; null when it was not read. */
  knownExploited: number | null;
  /** Vulnerabilities the pull request brings in, any status; null when its change was not read or pr-introduced is off. */
  introduced: number | null;
  /** Alerts (and findings) at or above the EPSS threshold, whatever their status; null unless epss is a threshold and the scores were read. */
  epss: number | null;
  /** Alerts and findings a VEX statement shows not affected or fixed; null when vex-files is empty. */
  vex: number | null;
  /** Alerts the ratchet kept from failing the pull request (status existing); null unless existing-alerts: warn on a pull request. */
  existing: number | null;
  /** Versions brought in younger than min-release-age, unknown ones included; null when off or not checked. */
  tooNew: number | null;
  /** Versions brought in OSV lists as malicious; null when malicious is off or not checked. */
  malicious: number | null;
  /** Denied packages found (brought in, or listed by the service); null when deny-packages is empty. */
  denied: number | null;
};

export interface Warning {
  /** `unavailable`: a read that only feeds the reports failed; `read`: the service's data was odd but usable. */
  kind:
    | 'expired-allow'
    | 'expiring-allow'
    | 'unmatched-allow'
    | 'unavailable'
    | 'read'
    | 'license'
    | 'known-exploited'
    | 'epss';
  message: string;
}

/**
 * Why a run has no trustworthy verdict. `api`: a read that decides the verdict or a settings change
 * failed (on-api-error decides); `credentials` (401/403) and `setup` (wrong or unresolvable
 * repository) fail the step whatever on-api-error says.
 */
export interface RunError {
  kind: 'api' | 'credentials' | 'setup';
  message: string;
}

/** An SCA package, where it is declared (for manifest locations). */
export interface Package {
  /** The service's id, else one made of what the package is and where. */
  id: string;
  name: string;
  version: string;
  ecosystem: string;
  /** '' when the service gave none. */
  manifestPath: string;
  manifestStartLine: number | null;
  manifestEndLine: number | null;
  manifestStartColumn: number | null;
  manifestEndColumn: number | null;
  /** The branch and commit the service's last scan saw it on, when the search says. */
  branch?: string | null;
  commitSha?: string | null;
}

/** One day of the posture trend; numbers null where the service gave none. */
export interface TrendPoint {
  /** YYYY-MM-DD (a date-time is read as its date). */
  date: string;
  openIssues: number | null;
  riskScore: number | null;
}

export interface PostureRow {
  id: string;
  name: string;
  riskScore: number | null;
  openIssues: number | null;
  criticalIssues: number | null;
}

/** The security posture; a statistic the service sent as null (or not at all) is null: "not available". */
export interface Posture {
  summary: {
    overAllRiskScore: number | null;
    totalOpenIssues: number | null;
    criticalIssues: number | null;
    highIssues: number | null;
    mediumIssues: number | null;
    lowIssues: number | null;
    meanRemediationTime: number | null;
    riskTrend: string | null;
  };
  /** In date order. */
  trends: TrendPoint[];
  repositoryRiskScores: PostureRow[];
}

export interface TimeSaved {
  totalMinutesSaved: number | null;
  patchingMinutesSaved: number | null;
  validationMinutesSaved: number | null;
}

/** A repository of an installation, as resolution uses it. */
export interface Repository {
  /** null: listed without a usable id; it still takes part in the matching, so that it is never passed over. */
  id: string | null;
  repositoryUrl: string;
  repositoryName: string;
  /** github.externalGithubRepositoryId, when on GitHub. */
  externalGithubRepositoryId: string | null;
}

/** The scan schedule; null (no schedule) when the service answers 404, 204, null or a null crontab. */
export interface Schedule {
  repoId: string | null;
  crontab: string;
  isEnabled: boolean;
}

export interface Verdict {
  /**
   * The run's result, always (contract: "One verdict"): `error` when there is no verdict (the alerts
   * could not be read) or a read it rests on failed, even where the alerts read pass.
   */
  result: 'pass' | 'fail' | 'error';
  /** One short sentence per cause of failure, or why it passed (always at least one). */
  reasons: string[];
  /** Gating alerts, worst first (severity, then score descending, then id). */
  gating: EvaluatedAlert[];
}

/** A license entry of `sca/licenses/search` as the policy sees it. */
export interface LicenseEntry {
  id: string | null;
  name: string | null;
  packages: Package[];
}

/** A package whose license violates the license policy, or is unknown. */
export interface LicenseFinding {
  /** `name@version` (or the name). */
  package: string;
  ecosystem: string;
  /** The license as the service gave it (its id, else its name); '' when none. */
  license: string;
  /** The SPDX expression read from it; null when unknown. */
  expression: string | null;
  status: 'violation' | 'unknown';
  /** It fails the gate: a violation, or an unknown license under unknown-licenses: fail. */
  gates: boolean;
  /** Where the package is declared, when the service says. */
  location: ManifestLocation | null;
  /** Brought in by the pull request (GitHub's license of a package its change adds); absent otherwise. */
  introduced?: true;
}

/** How many packages the findings are about: a package under two license entries counts once. */
export function packagesOf(findings: LicenseFinding[]): number {
  return new Set(findings.map((f) => `${f.ecosystem}:${f.package}`)).size;
}

/** The license policy's outcome; null on the result when no license policy is set. */
export interface LicenseReport {
  mode: 'allow' | 'deny';
  /** The ids allowed or denied. */
  ids: string[];
  unknown: UnknownLicenses;
  /** Packages evaluated (each license entry of a package counts). */
  checked: number;
  /** Packages skipped by license-exceptions. */
  exempted: number;
  /** Violations first, then unknown licenses (none of those under unknown-licenses: ignore). */
  findings: LicenseFinding[];
}

export interface PostureView {
  startDate: string;
  endDate: string;
  /** The posture entry the service returned (first element of the response array). */
  posture: Posture;
  /** This repository's row of repositoryRiskScores, when present. */
  repository: PostureRow | null;
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

/** A setting a pull request's copy of the policy file would change: its value at the base and as proposed (null: not set there). */
export interface PolicyChange {
  /** The input name, as the file gives it (e.g. `fail-on-severity`). */
  key: string;
  base: string | null;
  proposed: string | null;
}

/**
 * A local policy file on a pull request or merge group: read as it stands at the base commit,
 * which judges; the workspace's copy is only what the change proposes (contract: "A pull request
 * cannot change the policy that judges it").
 */
export interface BasePolicyFile {
  /** The base commit the file was read at. */
  commit: string;
  /** The file is in the base commit; false: no policy file judged (inputs and defaults). */
  atBase: boolean;
  /** Settings the workspace's copy changes, in input order, taking effect once merged; empty when none. */
  changes: PolicyChange[];
  /** Why the workspace's copy could not be compared (it does not parse, or cannot be read); null when it could. */
  proposedUnreadable: string | null;
}

/**
 * A workspace file the verdict rests on (a `kev-url` path …), read at a pull request's or merge
 * group's base commit, which judges; the change's own copy is only compared with it (contract: "A
 * pull request cannot change the policy that judges it").
 */
export interface BaseFileView {
  /** The input that names it: `kev-url`. */
  input: string;
  /** As the input gives it, relative to the workspace (the repository's root). */
  path: string;
  /** The base commit it was read at. */
  commit: string;
  /** The base commit holds it; false: absent there (what that means is the input's to say). */
  atBase: boolean;
  /** What the change does to it, taking effect once merged; null when its copy cannot be read to compare. */
  change: 'none' | 'changed' | 'added' | 'removed' | null;
}

/** Where an input's value came from (the log, the summary and the JSON report say it). */
export type InputSource = 'input' | 'file' | 'default';

/**
 * The inputs a run uses, parsed and without the tokens: what config/ fills in, what the JSON report
 * records, and what the verdict and the reports read.
 */
export interface RunOptions {
  /** Normalised: no trailing `/`. */
  apiUrl: string;
  organizationId: string | null;
  projectId: string | null;
  repositoryId: string | null;
  appId: string | null;
  failOnSeverity: Threshold;
  ignoreUnreachable: boolean;
  allowAlerts: AllowEntry[];
  /** A policy file's entries whose `repositories` do not name this one: not used here, kept for the record. */
  allowAlertsElsewhere: AllowEntry[];
  /** `max-allow-days`: every allow-alerts entry must end within that many days of the run; null: no limit. */
  maxAllowDays: number | null;
  /** The lists a policy file set that an input replaced (the log and the summary say so). */
  replacedLists: ReplacedList[];
  failOnCriticalIssues: boolean;
  postureDays: number;
  onApiError: (typeof ON_API_ERROR)[number];
  requestTimeoutMs: number;
  maxRetries: number;
  /** null: the input was empty, so the setting is left as it is. */
  settings: { prScanning: boolean | null; maxPrTimeoutMinutes: number | null; cweWhitelist: string[] | null };
  dryRun: boolean;
  summary: boolean;
  commentOnPr: CommentMode;
  reportFile: string | null;
  sarifFile: string | null;
  annotations: boolean;
  configFile: string | null;
  licenses: { allow: string[] | null; deny: string[] | null; exceptions: string[]; unknown: UnknownLicenses };
  graceDays: GraceDays;
  knownExploited: KnownExploitedMode;
  kevSource: FeedSource;
  epss: EpssMode;
  epssSource: FeedSource;
  prChanges: (typeof PR_CHANGES)[number];
  prIntroduced: PrIntroducedMode;
  /**
   * Why GitHub passed no secrets to this run (a fork's pull request, Dependabot's), so that the
   * service is not read and only what the pull request brings in is judged; null: the service is read.
   */
  withheldSecrets: 'fork' | 'dependabot' | null;
  /** `min-release-age` in ms: a version a pull request brings in younger than this gates; null: off. */
  minReleaseAgeMs: number | null;
  /** Where publish times are read (`release-age-url`): deps.dev's v3 API or a mirror, no trailing `/`. */
  releaseAgeUrl: string;
  /** `malicious`: whether OSV's MAL- ids gate (fail), are warned about (warn), or are not asked (off). */
  malicious: MaliciousMode;
  /** Where OSV is asked (`osv-url`), no trailing `/`. */
  osvUrl: string;
  /** `deny-packages`: packages that must not be used, each with why. */
  denyPackages: DenyEntry[];
  /** `private-packages`: names and package URLs (a trailing `*` allowed) never sent to an outside source. */
  privatePackages: string[];
  /** Whether the service's alerts fail a pull request (`existing-alerts`); push and schedule runs always judge them. */
  existingAlerts: ExistingAlertsMode;
  /** The scopes of a change entry whose findings can fail the gate (`fail-on-scopes`), in SCOPES' order. */
  failOnScopes: Scope[];
  /** OpenVEX documents in the workspace (`vex-files`), in the order given; empty when none. */
  vexFiles: string[];
  /** Where to write the OpenVEX document of what the gate judged (`vex-output`); null when not asked. */
  vexOutput: string | null;
  /** Per input name; secrets say where they came from too, never what they are. */
  sources: Record<string, InputSource>;
  /** A local policy file read at a pull request's base commit; null otherwise. */
  basePolicy: BasePolicyFile | null;
}

/** The inputs a policy file gave (an input in the workflow wins over the file), in input order. */
export function fromPolicyFile(sources: Record<string, InputSource>): string[] {
  return Object.entries(sources)
    .filter(([, source]) => source === 'file')
    .map(([name]) => name);
}

/** A list input given in the workflow that replaced the whole list the policy file set. */
export interface ReplacedList {
  input: string;
  /** Entries of the input, and of the policy file's list it replaced. */
  entries: number;
  fileEntries: number;
}

/** "allow-alerts: 2 entries from the input replace the policy file's 14" (the log and the summary). */
export function replacedListWords({ input, entries, fileEntries }: ReplacedList): string {
  const one = entries === 1;
  return `${input}: ${entries} ${one ? 'entry' : 'entries'} from the input ${one ? 'replaces' : 'replace'} the policy file's ${fileEntries}`;
}

/** The JSON report's schemaVersion: it changes only when a field is removed or changes meaning. */
export const SCHEMA_VERSION = 2;

export interface GateResult {
  schemaVersion: typeof SCHEMA_VERSION;
  /** The action that wrote it: package.json's version; its commit when the workflow pinned one (else null). */
  tool: { name: string; version: string; commit: string | null };
  result: 'pass' | 'fail' | 'error';
  generatedAt: string;
  repository: { id: string; name: string | null; url: string | null };
  /** Where the repository's files are shown at the commit under test (under GITHUB_SERVER_URL); null when unknown. */
  blobUrl: string | null;
  /** The inputs the run used, parsed (never tokens). */
  options: RunOptions;
  /** null: the alerts were not read (no page of them, or the run stopped first): no count, never 0. */
  counts: AlertCounts | null;
  /** The license policy's outcome; null when none is set (no license is read). */
  licenses: LicenseReport | null;
  alerts: EvaluatedAlert[];
  verdict: Verdict;
  posture: PostureView | null;
  timeSaved: TimeSaved | null;
  schedule: ScheduleView | null;
  settings: SettingChange[];
  warnings: Warning[];
  /** Why there is no trustworthy verdict (result `error`), or what else went wrong beside a failing gate. */
  errors: RunError[];
  /** What the pull request changes (contract: "Pull requests and time"); null off a pull request or merge group. */
  change: ChangeView | null;
  /** The earliest date (YYYY-MM-DD, UTC) on which a due alert starts to gate; null when none. */
  nextDue: string | null;
  /** The service's last scan as the package search reports it; null when it does not say. */
  scan: ScanView | null;
  /** The KEV catalog's read (contract: "Known exploited vulnerabilities"); null when known-exploited is off. */
  knownExploited: KnownExploitedView | null;
  /** What the pull request brings in (contract: "Brought in by the pull request"); null when not judged. */
  introduced: IntroducedView | null;
  /** The EPSS scores' read (contract: "Exploit prediction (EPSS)"); null when epss is off. */
  epss: EpssView | null;
  /** Workspace files the verdict rests on, read at the base commit; empty off a pull request or merge group. */
  baseFiles: BaseFileView[];
  /** The VEX documents read (contract: "VEX statements"); null when vex-files is empty. */
  vex: VexView | null;
  /** Release age, malicious and denied packages (contract: "Before any advisory"); null when none is on. */
  supplyChain: SupplyChainView | null;
  /** The fixes' read (contract: "The fix"); null when nothing needed one. */
  fixes: FixesView | null;
  /** This repository's allow-alerts entries that end within 7 days, soonest first (output allow-expiring). */
  allowExpiring: ExpiringAllow[];
  /**
   * Entries that allowed nothing this run (no alert, finding or malicious version they name was read);
   * null when the alerts were not all read, so that nothing is called unused on a partial read.
   */
  allowUnused: AllowEntry[] | null;
}

/** The pull request's change as the gate read it. */
export interface ChangeView {
  /** `pull_request`, `pull_request_target` or `merge_group`. */
  event: string;
  /** The pull request's number; null in a merge group. */
  pullRequest: number | null;
  base: string | null;
  /** The commit judged: the pull request's head (`head_sha` in a merge group). */
  head: string | null;
  /**
   * `read`: the change's dependencies and the package search were read, so alerts can be resolved;
   * `off`: pr-changes is off; `unavailable`: one of them could not be read (`reason` says why).
   */
  state: 'read' | 'off' | 'unavailable';
  /** Entries of the compare (added and removed) when read. */
  entries: number | null;
  /**
   * Read from the lockfiles themselves, not GitHub's compare (contract: "Without GitHub's dependency
   * graph"): the files compared and why; null when read from GitHub or not read.
   */
  lockfiles?: { files: string[]; why: string } | null;
  /** Why nothing could be resolved, and what to do (state `unavailable`). */
  reason: string | null;
}

/** The commit and branch the service's last scan saw, from the package search. */
export interface ScanView {
  commitSha: string | null;
  branch: string | null;
}

/** One entry of GitHub's dependency review compare of a pull request's base and head. */
export interface DependencyChange {
  changeType: 'added' | 'removed';
  /** Repository-relative manifest path, as GitHub gives it. */
  manifest: string;
  ecosystem: string;
  name: string;
  /** As GitHub gives it: one exact version, a range, or ''. */
  version: string;
  /** The package URL; null when GitHub gave none. */
  packageUrl: string | null;
  /** The vulnerabilities GitHub lists for this version. */
  vulnerabilities: ChangeVulnerability[];
  /** GitHub's SPDX expression of the package's license; null when none (or empty). */
  license: string | null;
  /** GitHub's scope: `runtime`, `development` or `unknown`; null when not given. */
  scope: string | null;
  /** Read from a lockfile (no license known: unknown-licenses does not apply), not GitHub's compare. */
  fromLockfile?: true;
}

/** A vulnerability GitHub lists on a compare entry. */
export interface ChangeVulnerability {
  /** The GHSA id. */
  advisory: string;
  /** GitHub's word, normalised: `moderate` is medium, anything unknown is unknown. */
  severity: Severity;
  summary: string;
}

/**
 * A vulnerability a pull request brings in (contract: "Brought in by the pull request"): one per
 * advisory, package and version, with every manifest that adds it.
 */
export interface IntroducedFinding {
  /** The GHSA id. */
  advisory: string;
  /** Its CVE ids from GitHub's advisory; null when not read (read only when known-exploited is on). */
  cves: string[] | null;
  severity: Severity;
  summary: string;
  /** The package as GitHub names it. */
  name: string;
  ecosystem: string;
  version: string;
  packageUrl: string | null;
  /** Every manifest that adds it, in order. */
  manifests: string[];
  /** GitHub's scope (`runtime`, `development`, `unknown`); null when it gave none. */
  scope: string | null;
  /** The advisory's page on GitHub (GITHUB_SERVER_URL). */
  url: string;
  /** Where each manifest names the package in the workspace (line 1 when it cannot be found); empty until located. */
  locations: ManifestLocation[];
}

/** A finding with the verdict's decision, as an alert has it. */
export interface EvaluatedFinding extends IntroducedFinding {
  /** `gating`, `allowed`, or `below-threshold` (nothing makes it gate; under pr-introduced: warn, nothing does). */
  status: AlertStatus;
  disposition: Disposition;
  /** The allow entry that spared it (status `allowed`). */
  allowedBy?: AllowEntry;
  /** Its CISA KEV entry when one of its CVE ids is listed; null otherwise. */
  knownExploited: KevEntry | null;
  /** The EPSS score of its CVE id scored highest; null when none is or the scores were not read. */
  epss: EpssScore | null;
  /** Set when the scores were read and the source scores none of its CVE ids. */
  epssMissing?: true;
  /** The latest VEX statement that speaks of it; null when none does. */
  vex: VexMark | null;
  /** The version that fixes it for its package; null when not known (contract: "The fix"). */
  fix?: Fix | null;
  /** Why `fix` is null when it could not be known. */
  fixNote?: FixNote;
}

/**
 * A version a pull request brings in (or, for the denied list, a package the service lists) as the
 * checks before any advisory judge it (contract: "Before any advisory").
 */
export interface SupplyChainEntry {
  /** GitHub's ecosystem word (`npm`, `maven` …), or the service's. */
  ecosystem: string;
  name: string;
  version: string;
  packageUrl: string | null;
  /** Every manifest that adds it (or declares it, for a package the service lists). */
  manifests: string[];
  scope: string | null;
  /** `change`: the pull request brings it in; `service`: the service's package search lists it. */
  source: 'change' | 'service';
  /** Its publish instant (ISO 8601, UTC) when read; null when unknown or not asked. */
  publishedAt: string | null;
  /** Hours between its publish instant and the run; null when unknown. */
  ageHours: number | null;
  /** When too new: the instant (ISO 8601, UTC) from which it is old enough to land; null otherwise. */
  landsFrom: string | null;
  /** What release age made of it; null when not checked (off, or the read failed). */
  releaseAge: 'too-new' | 'unknown' | 'old' | 'not-covered' | 'private' | null;
  /** Why the publish time is unknown (releaseAge `unknown`); null otherwise. */
  unknownWhy: string | null;
  /** OSV's MAL- ids for it; null when not asked (malicious off, private, or the read failed). */
  malicious: string[] | null;
  /** The deny-packages entry that names it; null when none. */
  denied: DenyEntry | null;
  /** Where each manifest names it in the workspace (line 1 when it cannot be found). */
  locations: ManifestLocation[];
}

/** An entry with the verdict's decision, as an alert has it. */
export interface EvaluatedSupplyChainEntry extends SupplyChainEntry {
  status: AlertStatus;
  disposition: Disposition;
  /** The allow entry that spared it (a malicious version's MAL- id). */
  allowedBy?: AllowEntry;
}

/** What the run did before any advisory; null on the result when none of the checks is on. */
export interface SupplyChainView {
  /** Every entry judged, gating first, then the others. */
  entries: EvaluatedSupplyChainEntry[];
  /** The release-age read; null when min-release-age is off or nothing was checked. */
  releaseAge: {
    minAgeMs: number;
    source: string;
    read: boolean;
    error: string | null;
    /** Entries of ecosystems the source does not cover, not judged by age, and those ecosystems. */
    notCovered: { count: number; ecosystems: string[] };
  } | null;
  /** The OSV read for malicious packages; null when malicious is off or nothing was checked. */
  malicious: { mode: 'warn' | 'fail'; source: string; read: boolean; error: string | null } | null;
  /** Entries private-packages kept from every outside source. */
  private: number;
}

/** What the pull request brings in; null on the result when pr-introduced is off or the change was not read. */
export interface IntroducedView {
  mode: 'fail' | 'warn';
  /** Gating first (in the verdict's order), then the others, worst first. */
  findings: EvaluatedFinding[];
}

/** OpenVEX's statuses (v0.2.0). */
export const VEX_STATUSES = ['not_affected', 'affected', 'fixed', 'under_investigation'] as const;
export type VexStatus = (typeof VEX_STATUSES)[number];
/** OpenVEX's justifications of `not_affected` (v0.2.0); no other label is accepted. */
export const VEX_JUSTIFICATIONS = [
  'component_not_present',
  'vulnerable_code_not_present',
  'vulnerable_code_not_in_execute_path',
  'vulnerable_code_cannot_be_controlled_by_adversary',
  'inline_mitigations_already_exist',
] as const;
export type VexJustification = (typeof VEX_JUSTIFICATIONS)[number];

/** Where a VEX statement stands: its document's @id and author, the file read, its index in `statements`. */
export interface VexSource {
  document: string;
  author: string | null;
  file: string;
  /** 0-based, as `statements[i]` names it. */
  statement: number;
}

/** A VEX statement as the gate reads it, with where it stands. */
export interface VexStatement extends VexSource {
  vulnerability: { name: string; id: string | null; aliases: string[] };
  status: VexStatus;
  justification: VexJustification | null;
  impactStatement: string | null;
  actionStatement: string | null;
  statusNotes: string | null;
  /** Its time as an instant (ms): last_updated, else timestamp, else the document's; null when none reads. */
  time: number | null;
}

/** The statement that speaks of an alert, latest first: what the verdict and the reports show of it. */
export type VexMark = VexStatement;

/** What the run did with the VEX documents; null on the result when vex-files is empty. */
export interface VexView {
  /** The files read, in order, with their document's @id and how many statements each holds; absent ones at the base commit too. */
  files: { path: string; document: string | null; statements: number }[];
  /** Statements that speak of no alert or finding read; null when the alerts were not all read (none can be said to). */
  unmatched: VexUnmatched[] | null;
}

/** A statement that speaks of nothing read: where it stands, its vulnerability and the package URLs it names. */
export interface VexUnmatched extends VexSource {
  vulnerability: string;
  /** The package URLs of its products and subcomponents; empty when it names none. */
  packages: string[];
}
