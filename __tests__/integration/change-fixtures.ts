// Shared by the integration tests of "Pull requests and time": the events that carry a change, the
// JSON report as these tests read it, and the test's own reading of packages (alerts, compare entries
// and the package search), written here from the contract, independently of src/.
import type { ScaAlert, ScaPackage } from '../../simulator/wire.js';
import { FIX_PR, MAIN_REPO } from '../../simulator/data.js';
import type { CompareEntry } from '../../simulator/github.js';
import type { GateRun } from './harness.js';

export const BASE = FIX_PR.base;
export const HEAD = FIX_PR.head;
export const REPORT = 'security-gate.json';

/** The fake GitHub's key of the compare of `base...head` on acme/webshop. */
export const compareKey = (base = BASE, head = HEAD) => `${MAIN_REPO.name}/${base}...${head}`;
/** The path the action asks GitHub for. */
export const comparePath = (base = BASE, head = HEAD) =>
  `/repos/${MAIN_REPO.name}/dependency-graph/compare/${base}...${head}`;

const repository = { id: 123456789, full_name: MAIN_REPO.name };

/** A pull_request (or pull_request_target) event on acme/webshop; `base`/`head` null leave the sha out. */
export function pullRequestEvent(base: string | null = BASE, head: string | null = HEAD, number = 7) {
  return {
    repository,
    pull_request: {
      number,
      base: base === null ? {} : { sha: base },
      head: { ...(head === null ? {} : { sha: head }), repo: { full_name: MAIN_REPO.name, fork: false } },
    },
  };
}

export function mergeGroupEvent(base = BASE, head = HEAD) {
  return {
    repository,
    merge_group: { base_sha: base, head_sha: head, head_ref: 'refs/heads/gh-readonly-queue/main/pr-7-' + base },
  };
}

/** What the JSON report (report-file) says of an alert, as far as these tests read it. */
export interface ReportedAlert {
  id: string;
  advisory: string;
  aliases: string[];
  package: string;
  severity: string;
  status: string;
  createdAt: string | null;
  resolution: { manifests: string[]; removed: string; added: string[] } | null;
  changedByPullRequest: boolean;
  dueOn: string | null;
  daysLeft: number | null;
}

export interface Report {
  result: string;
  change: {
    event: string;
    pullRequest: number | null;
    base: string | null;
    head: string | null;
    state: 'read' | 'off' | 'unavailable';
    entries: number | null;
    reason: string | null;
  } | null;
  nextDue: string | null;
  counts: { gating: number; resolved: number | null; due: number } | null;
  verdict: { result: string; reasons: string[]; gating: string[] };
  licenses: { findings: { package: string; gates: boolean }[] } | null;
  alerts: ReportedAlert[];
}

export function reportOf(run: GateRun): Report {
  const text = run.files[REPORT];
  if (text === undefined) throw new Error(`no ${REPORT} in the workspace; stdout:\n${run.stdout}`);
  return JSON.parse(text) as Report;
}

/** The report's alerts by advisory id (the seeded data has one alert per advisory in acme/webshop). */
export function byAdvisory(report: Report): Map<string, ReportedAlert> {
  return new Map(report.alerts.map((a) => [a.advisory, a]));
}

/** Decoded `::notice` messages. */
export const notices = (run: GateRun) => run.commands.filter((c) => c.command === 'notice').map((c) => c.message);

// ---------- packages, as the contract compares them ----------

/** A package as this test reads it: ecosystem (null for `name@version`), name (maven `group:artifact`, lower-cased), version. */
export interface PackageKey {
  ecosystem: string | null;
  name: string;
  version: string;
}

/** `pkg:type/namespace/name@version` or `name@version`, read literally. */
export function readPackage(identifier: string): PackageKey {
  const purl = /^pkg:([^/]+)\/(.+?)(?:@([^@/]*))?$/.exec(identifier);
  if (purl) {
    const [, type = '', path = '', version = ''] = purl;
    const name = decodeURIComponent(path);
    return {
      ecosystem: type.toLowerCase(),
      // A maven package URL names group and artifact as namespace and name.
      name: (type.toLowerCase() === 'maven' ? name.replace('/', ':') : name).toLowerCase(),
      version: decodeURIComponent(version),
    };
  }
  const at = identifier.lastIndexOf('@');
  return { ecosystem: null, name: identifier.slice(0, at).toLowerCase(), version: identifier.slice(at + 1) };
}

/** The alert's package. */
export const alertPackage = (alert: ScaAlert) => readPackage(alert.metadata.packageIdentifier ?? '');

/** Whether a compare entry is of `pkg`'s package (any version): name, and purl type when the alert has one. */
export function sameTarget(entry: CompareEntry, pkg: PackageKey): boolean {
  const other = readPackage(entry.package_url ?? entry.name);
  return other.name === pkg.name && (pkg.ecosystem === null || other.ecosystem === pkg.ecosystem);
}

/** The manifests where the package search lists `pkg`'s version in acme/webshop, sorted. */
export function listedManifests(packages: ScaPackage[], pkg: PackageKey): string[] {
  const listed = packages.filter(
    (p) =>
      p.repositoryId === MAIN_REPO.id &&
      p.name.toLowerCase() === pkg.name &&
      p.version === pkg.version &&
      (pkg.ecosystem === null || p.ecosystem === pkg.ecosystem),
  );
  return [...new Set(listed.map((p) => p.manifestPath))].sort();
}

/** A repository-relative manifest path as the contract compares it: a leading `./` dropped. */
export const manifestOf = (entry: CompareEntry) => entry.manifest.replace(/^(\.\/)+/, '');

/** A deterministic PRNG (mulberry32): the same seed, the same runs. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
