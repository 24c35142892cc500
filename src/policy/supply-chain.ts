// Before any advisory (contract: "Before any advisory: release age, malicious and denied packages"):
// the versions a pull request brings in (added, not moved), and for deny-packages the packages the
// service lists, each with what release age, OSV and the deny list say of it; then judged by the
// verdict's one list (the grounds too-new, malicious and denied in policy/verdict.ts). Pure: the reads
// come in as lookups.
import {
  type Alert,
  type DenyEntry,
  type DependencyChange,
  type EvaluatedSupplyChainEntry,
  type Package,
  type Scope,
  type SupplyChainEntry,
  type SupplyFacts,
} from '../model.js';
import { denierOf, privateMatcher, type NamedVersion } from '../packages/package-patterns.js';
import { samePackage, sameVersion, sharedEcosystem } from '../packages/identity.js';
import { locationOf, parsePackageIdentifier } from '../packages/locations.js';
import { addedNotMoved } from './introduced.js';
import { alertJudge, type VerdictPolicy } from './verdict.js';

/** What release age says of a version: its publish instant, or why it is unknown, or that its ecosystem is not covered. */
export type PublishTime =
  { kind: 'published'; at: number } | { kind: 'unknown'; why: string } | { kind: 'not-covered' };

/** What the reads gave, as lookups; a lookup is null when its check is off or its read failed. */
export interface SupplyReads {
  publishTime: ((entry: SupplyChainEntry) => PublishTime | null) | null;
  maliciousIds: ((entry: SupplyChainEntry) => string[] | null) | null;
}

/** A package as the lists and the feeds name it. */
export const namedVersion = (
  entry: Pick<SupplyChainEntry, 'ecosystem' | 'name' | 'version' | 'packageUrl'>,
): NamedVersion => {
  const id = (entry.packageUrl && parsePackageIdentifier(entry.packageUrl)) || parsePackageIdentifier(entry.name);
  return {
    ecosystem: id?.ecosystem ?? entry.ecosystem,
    namespace: id?.namespace ?? null,
    name: id?.name ?? entry.name,
    version: entry.version,
  };
};

const blank = (): Omit<
  SupplyChainEntry,
  'ecosystem' | 'name' | 'version' | 'packageUrl' | 'manifests' | 'scope' | 'source'
> => ({
  publishedAt: null,
  ageHours: null,
  landsFrom: null,
  releaseAge: null,
  unknownWhy: null,
  malicious: null,
  denied: null,
  locations: [],
});

/** A version, not a range: no operator, wildcard, space or alternative (`^1.2.0`, `1.x`, `>=1 <2`, `1 || 2`). */
export const isExactVersion = (version: string): boolean =>
  version.trim() !== '' && !/[\^~<>=*|,\s]|(^|\.)[xX](\.|$)/.test(version.trim());

/** Each version the change adds and does not move, once, with every manifest that adds it. */
export function addedVersions(changes: readonly DependencyChange[]): SupplyChainEntry[] {
  const entries: SupplyChainEntry[] = [];
  const byKey = new Map<string, SupplyChainEntry>();
  for (const { id, change } of addedNotMoved(changes)) {
    // A range (`^3.0.0`, `>= 1.0`) names no version to judge: its lockfile's entry names one.
    if (id.version === null || !isExactVersion(id.version)) continue;
    const key = `${id.ecosystem ?? change.ecosystem}\n${id.namespace ?? ''}\n${id.name}\n${id.version}`.toLowerCase();
    const known = byKey.get(key);
    if (known) {
      if (!known.manifests.includes(change.manifest)) known.manifests.push(change.manifest);
      continue;
    }
    const entry: SupplyChainEntry = {
      ecosystem: change.ecosystem,
      name: change.name,
      version: id.version,
      packageUrl: change.packageUrl,
      manifests: [change.manifest],
      scope: change.scope,
      source: 'change',
      ...blank(),
    };
    byKey.set(key, entry);
    entries.push(entry);
  }
  return entries;
}

/** The packages the service lists that deny-packages names (on every event), once a package version. */
export function deniedListed(packages: readonly Package[], deny: readonly DenyEntry[]): SupplyChainEntry[] {
  if (deny.length === 0) return [];
  const denier = denierOf(deny);
  const byKey = new Map<string, SupplyChainEntry>();
  for (const pkg of packages) {
    const id = parsePackageIdentifier(pkg.name);
    const named: NamedVersion = {
      ecosystem: pkg.ecosystem || null,
      namespace: id?.namespace ?? null,
      name: id?.name ?? pkg.name,
      version: pkg.version || null,
    };
    const entry = denier(named);
    if (entry === null) continue;
    const key = `${pkg.ecosystem}\n${pkg.name}\n${pkg.version}`.toLowerCase();
    const location = locationOf(pkg);
    const known = byKey.get(key);
    if (known) {
      if (pkg.manifestPath && !known.manifests.includes(pkg.manifestPath)) known.manifests.push(pkg.manifestPath);
      if (location) known.locations.push(location);
      continue;
    }
    byKey.set(key, {
      ecosystem: pkg.ecosystem,
      name: pkg.name,
      version: pkg.version,
      packageUrl: null,
      manifests: pkg.manifestPath ? [pkg.manifestPath] : [],
      scope: null,
      source: 'service',
      ...blank(),
      denied: entry,
      locations: location ? [location] : [],
    });
  }
  return [...byKey.values()];
}

/** Whether two entries name one package version (contract: "Same package, same version"). */
export function sameRelease(a: SupplyChainEntry, b: SupplyChainEntry): boolean {
  const [x, y] = [namedVersion(a), namedVersion(b)];
  return samePackage(x, y) && sameVersion(a.version, b.version, sharedEcosystem(x, y) ?? null);
}

/**
 * Each entry with what the lists and the reads say of it (in place: the entries are the caller's
 * own): the deny entry that names it, its release age against `minAgeMs` at `now`, OSV's MAL- ids.
 * A private package is asked of no outside source and judged by neither.
 */
export function withWhatIsKnown(
  entries: SupplyChainEntry[],
  lists: { deny: readonly DenyEntry[]; private: readonly string[] },
  reads: SupplyReads,
  minAgeMs: number | null,
  now: Date,
): SupplyChainEntry[] {
  const denier = denierOf(lists.deny);
  const isPrivate = privateMatcher(lists.private);
  for (const entry of entries) {
    if (entry.source !== 'change') continue;
    const named = namedVersion(entry);
    entry.denied = denier(named);
    if (isPrivate(named)) {
      if (minAgeMs !== null) entry.releaseAge = 'private';
      continue;
    }
    entry.malicious = reads.maliciousIds?.(entry) ?? null;
    const time = minAgeMs === null ? null : (reads.publishTime?.(entry) ?? null);
    if (time === null || minAgeMs === null) continue;
    if (time.kind === 'not-covered') entry.releaseAge = 'not-covered';
    else if (time.kind === 'unknown') [entry.releaseAge, entry.unknownWhy] = ['unknown', time.why];
    else {
      entry.publishedAt = new Date(time.at).toISOString();
      entry.ageHours = Math.floor((now.getTime() - time.at) / 3_600_000);
      entry.releaseAge = now.getTime() - time.at < minAgeMs ? 'too-new' : 'old';
      if (entry.releaseAge === 'too-new') entry.landsFrom = new Date(time.at + minAgeMs).toISOString();
    }
  }
  return entries;
}

/** What the verdict's grounds read of an entry (policy/verdict.ts: too-new, malicious, denied). */
export function supplyFacts(entry: SupplyChainEntry): SupplyFacts {
  const tooNew =
    entry.releaseAge === 'unknown'
      ? { publishedAt: null, ageHours: null, landsFrom: null, unknown: entry.unknownWhy ?? 'not known' }
      : entry.releaseAge === 'too-new'
        ? { publishedAt: entry.publishedAt, ageHours: entry.ageHours, landsFrom: entry.landsFrom, unknown: null }
        : null;
  return { tooNew, malicious: entry.malicious ?? [], denied: entry.denied };
}

/** GitHub's scope of an entry: a missing, null or other one is unknown (contract: "Scopes"). */
function scopeOf({ scope }: SupplyChainEntry): Scope {
  const word = scope?.trim().toLowerCase();
  return word === 'runtime' || word === 'development' ? word : 'unknown';
}

/** An entry as the rules read an alert: alerted, its MAL- ids its ids (what an allow entry may name). */
function entryAsAlert(entry: SupplyChainEntry): Alert {
  const ids = entry.malicious ?? [];
  return {
    id: `supply-chain:${entry.source}:${entry.ecosystem}:${entry.name}@${entry.version}`,
    advisory: ids[0] ?? '',
    aliases: ids.slice(1),
    severity: 'unknown',
    score: null,
    alerted: true,
    reachability: null,
    package: entry.packageUrl ?? `${entry.name}@${entry.version}`,
    summary: '',
    description: '',
    references: [],
    languages: [],
    createdAt: null,
    updatedAt: null,
  };
}

/**
 * Each entry judged by the verdict's list: what a pull request brings in under its pr-introduced mode
 * (release age follows it), malicious under its own mode, a denied package whatever else applies.
 */
export function judgeSupplyChain(entries: SupplyChainEntry[], policy: VerdictPolicy): EvaluatedSupplyChainEntry[] {
  // Nothing of the service's alerts applies: no change, VEX, ratchet or grace of their own.
  const base: VerdictPolicy = { ...policy, change: null, vex: null, existingAlerts: null, graceDays: undefined };
  // Two judges for every entry (50,000 in a large change): each reads an entry's facts by its alert.
  const entryOf = new Map<Alert, SupplyChainEntry>();
  const supplyOf = (alert: Alert) => supplyFacts(entryOf.get(alert)!);
  const judgeBroughtIn = alertJudge({ ...base, scopeOf: (alert) => scopeOf(entryOf.get(alert)!), supplyOf });
  const judgeListed = alertJudge({ ...base, introduced: undefined, scopeOf: null, supplyOf });
  // In place (the entries are the run's own): they are not copied.
  return entries.map((entry) => {
    const alert = entryAsAlert(entry);
    entryOf.set(alert, entry);
    const { status, disposition, allowedBy } = (entry.source === 'change' ? judgeBroughtIn : judgeListed)(alert);
    entryOf.delete(alert);
    const judged: EvaluatedSupplyChainEntry = Object.assign(entry, { status, disposition });
    if (allowedBy) judged.allowedBy = allowedBy;
    else delete judged.allowedBy;
    return judged;
  });
}

/** What the run gathered before any advisory, for the verdict to weigh and judge (run/supply-reads.ts). */
export interface SupplyGathered {
  /** The versions the change brings in, with what the lists and the reads say of each. */
  entries: SupplyChainEntry[];
  /** The release-age read: null when not checked; `error` when it failed (then no entry is judged by age). */
  releaseAge: { error: string | null; notCovered: { count: number; ecosystems: string[] } } | null;
  /** The OSV read for MAL- ids: null when not asked; `error` when it failed. */
  malicious: { error: string | null } | null;
  /** Entries private-packages kept from every outside source. */
  private: number;
}
