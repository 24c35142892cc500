// Shared by the integration tests of "Brought in by the pull request": pull requests on acme/clean-lib
// (no alerts of its own, so what a pull request brings in decides), the JSON report's introduced view
// as these tests read it, and the tests' own reading of what a change brings in, written here from
// the contract's words ("Same package, same version", "Brought in by the pull request"), never from src/.
import type { ExpectedSeverity } from '../../simulator/data.js';
import { CLEAN_REPO } from '../../simulator/data.js';
import type { CompareEntry, FakeGitHub } from '../../simulator/github.js';
import { pullRequestEvent, type BadPullRequest } from '../../simulator/pull-requests.js';
import type { ScaAlert } from '../../simulator/wire.js';
import { readPackage } from './change-fixtures.js';
import { gates, type GateOptions, type GateRun, type Harness, type Threshold } from './harness.js';

export const REPORT = 'security-gate.json';
export const SARIF = 'security-gate.sarif';
/** The token the runner's default `github-token` stands for in these runs (simulator/run-action.ts). */
export const GITHUB_TOKEN = 'ghs_fakeGithubTokenForTests';

/** The pull_request event of `pr` on acme/clean-lib, base and head named; `from` another repository: a fork's. */
export function pullRequestOn(
  pr: Pick<BadPullRequest, 'number' | 'repository' | 'repositoryId' | 'base' | 'head'>,
  from = pr.repository,
) {
  return {
    eventName: 'pull_request',
    repository: pr.repository,
    event: pullRequestEvent(pr, from),
  } satisfies GateOptions;
}

/** The repository a fork's pull request comes from in these tests. */
export const FORK = 'contributor/clean-lib';

/** The service's inputs as a fork's run has them: GitHub withheld the secrets and variables they come from. */
export const NO_SECRETS = {
  'api-url': '',
  'api-token-id': '',
  'api-token-secret': '',
  'organization-id': '',
  'app-id': '',
} as const;

/**
 * Runs the action on `pr` (its pull_request event), GitHub's API the fake one, the JSON report asked
 * for and no retries unless `inputs` say otherwise; the report read back.
 */
export async function runOn(
  h: Harness,
  github: FakeGitHub,
  pr: BadPullRequest,
  inputs: Record<string, string> = {},
  options: GateOptions = {},
) {
  const run = await h.gate(
    { 'report-file': REPORT, 'max-retries': '0', ...inputs },
    { ...pullRequestOn(pr), ...options, env: { GITHUB_API_URL: github.url, ...options.env } },
  );
  return { run, report: introducedReportOf(run) };
}

/** The essentials of a run's verdict. */
export const outcome = (run: GateRun) => ({ exitCode: run.exitCode, result: run.outputs.result });

/** An advisory's CVE ids as the simulator's record of it gives them (`cve_id`, `identifiers` of type CVE). */
export function cvesOf(pr: BadPullRequest, advisory: string): string[] {
  const record = pr.advisories.get(advisory);
  if (!record) throw new Error(`no record of ${advisory}`);
  const ids = [record.cve_id, ...record.identifiers.filter((i) => i.type === 'CVE').map((i) => i.value)];
  return [...new Set(ids.filter((c) => c !== null))];
}

/** Puts `pr`'s compare and advisories where the fake GitHub serves them. */
export function serve(github: FakeGitHub, pr: BadPullRequest): void {
  github.compares.set(pr.compareKey, pr.changes);
  for (const [id, record] of pr.advisories) github.advisories.set(id, record);
}

/** The requests the fake GitHub received for the compare, and for advisories (REST's, and GraphQL's: it serves only those). */
export const compareRequests = (github: FakeGitHub) =>
  github.requests.filter((r) => r.path.includes('/dependency-graph/compare/'));
export const advisoryRequests = (github: FakeGitHub) =>
  github.requests.filter((r) => r.path.startsWith('/advisories/') || r.path.endsWith('/graphql'));
export const graphqlRequests = (github: FakeGitHub) => github.requests.filter((r) => r.path.endsWith('/graphql'));

/** The ids a GraphQL request asked about: the values of its variables (each field's id is passed as one). */
export function idsAskedIn(request: { body?: string }): string[] {
  const { variables } = JSON.parse(request.body ?? '{}') as { variables?: Record<string, unknown> };
  return Object.values(variables ?? {}).map(String);
}

/** The compare page a request asked for: its `page` parameter, 1 when it has none (as GitHub reads it). */
export const pageAsked = (query: string | undefined) => Number(new URLSearchParams(query ?? '').get('page') ?? 1);

/** An alert of the service, as a test adds it to acme/clean-lib (which has none). */
export function serviceAlert(
  id: string,
  advisory: string,
  packageIdentifier: string,
  severity: string,
  { aliases = [] as string[], alerted = true } = {},
): ScaAlert {
  return {
    id,
    isAlerted: alerted,
    createdAt: '2025-03-03T09:00:00Z',
    updatedAt: '2025-03-10T09:00:00Z',
    metadata: {
      id: advisory,
      packageIdentifier,
      summary: `Advisory ${advisory}`,
      description: `Advisory ${advisory} on ${packageIdentifier}.`,
      aliases,
      references: [],
      severity,
    },
    languages: [],
    reachabilityCounts: null,
  };
}

/** Adds alerts to acme/clean-lib. */
export const cleanLibAlerts = (alerts: Record<string, ScaAlert[]>) => (alerts[CLEAN_REPO.id] ??= []);

/** A well-formed GHSA id (GitHub's alphabet: 23456789cfghjmpqrvwx) that no real advisory has: `GHSA-xxxx-xxxx-` and `n` in four letters. */
export function madeUpGhsa(n: number): string {
  const alphabet = '23456789cfghjmpqrvwx';
  let tail = '';
  for (let i = 0, rest = n; i < 4; i++, rest = Math.floor(rest / 20)) tail = alphabet[rest % 20] + tail;
  return `GHSA-xxxx-xxxx-${tail}`;
}

// ---------- the JSON report, as these tests read it ----------

export interface ReportedFinding {
  advisory: string;
  cves: string[] | null;
  severity: string;
  summary: string;
  name: string;
  ecosystem: string;
  version: string;
  packageUrl: string | null;
  manifests: string[];
  scope: string | null;
  url: string;
  locations: { path: string; startLine: number; endLine: number }[];
  status: string;
  disposition: { gates: boolean; rule: string; reason: string; flagged: boolean };
  allowedBy?: { id: string; until?: string; reason?: string };
  knownExploited: { cve: string; dateAdded: string | null; ransomware: boolean | null } | null;
}

export interface IntroducedReport {
  result: string;
  counts: {
    gating: number;
    allowed: number;
    knownExploited: number | null;
    resolved: number | null;
    introduced: number | null;
  } | null;
  change: { state: string; reason: string | null } | null;
  introduced: { mode: string; findings: ReportedFinding[] } | null;
  licenses: {
    findings: { package: string; license: string; status: string; gates: boolean; introduced?: true }[];
  } | null;
  alerts: { id: string; advisory: string; status: string; changedByPullRequest: boolean }[];
  warnings: { kind: string; message: string }[];
  errors: { kind: string; message: string }[];
}

export function introducedReportOf(run: GateRun): IntroducedReport {
  const text = run.files[REPORT];
  if (text === undefined) throw new Error(`no ${REPORT} in the workspace; stdout:\n${run.stdout}`);
  return JSON.parse(text) as IntroducedReport;
}

/** The findings of a report (none when it has no introduced view). */
export const findingsOf = (report: IntroducedReport) => report.introduced?.findings ?? [];

// ---------- what a change brings in, as the contract says ----------

/** A package as "Same package, same version" compares: purl type, name and version in their compared forms. */
export interface ComparedKey {
  ecosystem: string | null;
  name: string;
  version: string;
}

/** PyPI names after PEP 503: runs of `-`, `_` and `.` are one `-`. */
const comparedName = (name: string, ecosystem: string | null) =>
  ecosystem === 'pypi' ? name.toLowerCase().replace(/[-_.]+/g, '-') : name.toLowerCase();

/**
 * A version as compared: a leading `v`/`V` and semver build metadata (`+…`) dropped; PyPI's after
 * PEP 440 as far as these tests use it (lower case, trailing `.0` release parts dropped).
 */
export function comparedVersion(version: string, ecosystem: string | null): string {
  const plain = version.trim().replace(/^[vV]/, '').replace(/\+.*$/, '');
  if (ecosystem !== 'pypi') return plain;
  const [, release = '', rest = ''] = /^([\d.]*\d)(.*)$/.exec(plain.toLowerCase()) ?? [];
  return `${release.replace(/(\.0)+$/, '')}${rest}`;
}

/** A compare entry's package: its package URL (GitHub's), the entry's own `version`. */
export function entryKey(entry: CompareEntry): ComparedKey {
  const pkg = readPackage(entry.package_url ?? entry.name);
  const ecosystem = pkg.ecosystem === 'pip' ? 'pypi' : pkg.ecosystem;
  return { ecosystem, name: comparedName(pkg.name, ecosystem), version: comparedVersion(entry.version, ecosystem) };
}

/** The alert's package, compared likewise (a `name@version` alert has no ecosystem). */
function alertKey(alert: ScaAlert): ComparedKey {
  const pkg = readPackage(alert.metadata.packageIdentifier);
  return {
    ecosystem: pkg.ecosystem,
    name: comparedName(pkg.name, pkg.ecosystem),
    version: comparedVersion(pkg.version, pkg.ecosystem),
  };
}

const samePackage = (a: ComparedKey, b: ComparedKey) =>
  a.name === b.name && (a.ecosystem === null || b.ecosystem === null || a.ecosystem === b.ecosystem);

/** GitHub's severity word as the contract reads it: `moderate` is medium, any other word unknown. */
export function severityFromWord(word: string): ExpectedSeverity {
  const known: Record<string, ExpectedSeverity> = {
    critical: 'critical',
    high: 'high',
    moderate: 'medium',
    low: 'low',
  };
  return known[word] ?? 'unknown';
}

export interface ExpectedFinding {
  advisory: string;
  key: ComparedKey;
  severity: ExpectedSeverity;
  /** Every manifest that adds it, in the compare's order. */
  manifests: string[];
}

/**
 * What the change brings in, read literally: every vulnerability on an `added` entry, unless the change
 * removes the same package and version somewhere (moved), or an alert read from the service carries
 * the advisory (its id or an alias, any case) for the same package; one per advisory, package and
 * version, every manifest that adds it listed once.
 */
export function broughtIn(entries: readonly CompareEntry[], alerts: readonly ScaAlert[]): ExpectedFinding[] {
  const removed = entries.filter((e) => e.change_type === 'removed').map(entryKey);
  const findings = new Map<string, ExpectedFinding>();
  for (const entry of entries) {
    if (entry.change_type !== 'added') continue;
    const key = entryKey(entry);
    if (removed.some((r) => samePackage(r, key) && r.version === key.version)) continue;
    for (const v of entry.vulnerabilities) {
      const advisory = v.advisory_ghsa_id.toLowerCase();
      const carried = alerts.some(
        (a) =>
          [a.metadata.id, ...a.metadata.aliases].some((id) => id.toLowerCase() === advisory) &&
          samePackage(alertKey(a), key),
      );
      if (carried) continue;
      const id = findingId(v.advisory_ghsa_id, key);
      const known = findings.get(id);
      if (known && !known.manifests.includes(entry.manifest)) known.manifests.push(entry.manifest);
      if (!known)
        findings.set(id, {
          advisory: v.advisory_ghsa_id,
          key,
          severity: severityFromWord(v.severity),
          manifests: [entry.manifest],
        });
    }
  }
  return [...findings.values()];
}

/** One finding's identity: advisory (any case), package and version as compared. */
export const findingId = (advisory: string, key: ComparedKey) =>
  `${advisory.toLowerCase()} ${key.ecosystem ?? '-'}:${key.name}@${key.version}`;

/** A reported finding's identity, from its package URL (else its name) and its version. */
export function reportedId(f: ReportedFinding): string {
  const entry = { package_url: f.packageUrl, name: f.name, version: f.version } as CompareEntry;
  return findingId(f.advisory, entryKey(entry));
}

/** The findings that gate under `threshold` by severity alone (pr-introduced: fail, nothing allowed). */
export const gatingBySeverity = (findings: readonly ExpectedFinding[], threshold: Threshold) =>
  findings.filter((f) => gates(f.severity, threshold));
