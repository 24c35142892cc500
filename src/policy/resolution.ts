// Pure: which alerts a pull request resolves, and which it only touches (contract: "Pull requests
// and time", "Resolved by this pull request" and "Details of the rule"). Everything here fails
// closed: whatever cannot be compared exactly resolves nothing.
import type { DependencyChange, Package, Resolution } from '../model.js';
import { packageIndex, type PackageName, sameVersion, sharedEcosystem, versionKey } from '../packages/identity.js';
import { packageFinder, parsePackageIdentifier, type PackageIdentifier } from '../packages/locations.js';

export interface ChangeVerdict {
  /** Set when the change resolves the alert (the contract's three conditions hold). */
  resolution: Resolution | null;
  /** The change adds or removes some version of the alert's package, without resolving it. */
  changed: boolean;
}

/** The alert as resolution sees it. */
export interface ResolvableAlert {
  advisory: string;
  aliases: readonly string[];
  /** metadata.packageIdentifier: a package URL or name@version. */
  package: string;
}

/**
 * One exact version: not empty, not a range (`^4.17.0`, `>=1 <2`, `1.x`, `*`, `1.0 || 2.0`). A
 * range cannot be compared with a version, so it resolves nothing.
 */
export function isExactVersion(version: string | null | undefined): version is string {
  if (typeof version !== 'string' || version === '' || version !== version.trim()) return false;
  if (/[\s*|,<>=^]/.test(version) || /^[~!]/.test(version)) return false;
  if (/(^|[.-])[xX](?=$|[.-])/.test(version)) return false;
  return version.toLowerCase() !== 'latest';
}

/** Repository-relative manifest path as compared: exact, a leading `./` dropped. */
export const manifestKey = (path: string) => path.replace(/^(\.\/)+/, '');

/** GitHub's entry as a package: its package URL, else (no readable purl) its name alone. */
function changeName(change: DependencyChange): PackageName | null {
  const url = change.packageUrl ?? '';
  const fromPurl = /^pkg:/i.test(url) ? parsePackageIdentifier(url) : null;
  if (fromPurl) return fromPurl;
  const fromName = parsePackageIdentifier(change.name);
  return fromName && { ecosystem: null, namespace: fromName.namespace, name: fromName.name };
}

/** An entry of the change, read once. */
interface Entry {
  change: DependencyChange;
  identity: PackageName;
  /** One exact version; a range or '' might hold any. */
  exact: boolean;
}

/** What the change does to one package and version, whichever alert names it. */
interface PackageFacts {
  /** Rules 1 and 2 hold: what the resolution would be, unless rule 3 stops it. */
  resolvable: Resolution | null;
  /** Advisory ids, lower-cased, that GitHub lists on an added entry of the package (rule 3). */
  addedAdvisories: ReadonlySet<string>;
}

const NO_ADVISORIES: ReadonlySet<string> = new Set();

/**
 * Prepares the change once; the function it returns judges one alert. `packages` is the service's
 * package search (where each version is declared), `changes` GitHub's compare of base and head.
 * Both are filed by package once and each package identifier is judged once, so the work grows
 * with alerts + changes + packages, not with their products.
 */
export function changeJudge(
  changes: readonly DependencyChange[],
  packages: readonly Package[],
): (alert: ResolvableAlert) => ChangeVerdict {
  const entries = changes.flatMap((change): Entry[] => {
    const identity = changeName(change);
    return identity === null ? [] : [{ change, identity, exact: isExactVersion(change.version) }];
  });
  const touching = packageIndex(entries, (e) => e.identity);
  const listing = packageFinder(packages);
  const memo = new Map<string, PackageFacts | null>();
  return (alert) => {
    let facts = memo.get(alert.package);
    if (facts === undefined) memo.set(alert.package, (facts = packageFacts(alert.package, touching, listing)));
    if (facts === null) return { resolution: null, changed: false };
    const resolution = facts.resolvable && !carries(facts, alert) ? copyOf(facts.resolvable) : null;
    return { resolution, changed: resolution === null };
  };
}

/** 3. An added version GitHub lists as vulnerable to the alert's advisory or one of its aliases. */
function carries(facts: PackageFacts, alert: ResolvableAlert): boolean {
  if (facts.addedAdvisories.size === 0) return false;
  return [alert.advisory, ...alert.aliases].some((a) => facts.addedAdvisories.has(a.toLowerCase()));
}

/** Each alert its own resolution, so that no report can change another's. */
const copyOf = (r: Resolution): Resolution => ({ ...r, manifests: [...r.manifests], added: [...r.added] });

/** Null when no entry of the change is of the identifier's package. */
function packageFacts(
  identifier: string,
  touchingOf: (name: PackageName) => Entry[],
  listing: (id: PackageIdentifier) => Package[],
): PackageFacts | null {
  const id = parsePackageIdentifier(identifier);
  const touching = id === null ? [] : touchingOf(id);
  if (id === null || touching.length === 0) return null;
  const advisories = touching.flatMap((e) =>
    e.change.changeType === 'added' ? e.change.vulnerabilities.map((v) => v.advisory) : [],
  );
  return {
    resolvable: resolvable(id, touching, listing),
    addedAdvisories: advisories.length === 0 ? NO_ADVISORIES : new Set(advisories.map((a) => a.toLowerCase())),
  };
}

/** The contract's conditions 1 and 2, in its order; null when either fails or cannot be checked. */
function resolvable(
  id: PackageIdentifier,
  touching: Entry[],
  listing: (id: PackageIdentifier) => Package[],
): Resolution | null {
  const version = id.version;
  if (!isExactVersion(version)) return null;
  const manifests = manifestsListing(listing(id));
  if (manifests === null) return null;
  const isVersion = (e: Entry) => e.exact && sameVersion(e.change.version, version, sharedEcosystem(id, e.identity));
  // 1. Removed from every manifest the package search lists the version in.
  const removed = touching.filter((e) => e.change.changeType === 'removed' && isVersion(e));
  const removedFrom = new Set(removed.map((e) => manifestKey(e.change.manifest)));
  if (!manifests.every((m) => removedFrom.has(m))) return null;
  // 2. Added back nowhere. An added range might hold the version: it counts as added back.
  const added = touching.filter((e) => e.change.changeType === 'added');
  if (added.some((e) => !e.exact || isVersion(e))) return null;
  return { manifests, removed: version, added: distinctVersions(id, added) };
}

/** The versions added, sorted, each once however often and however spelled. */
function distinctVersions(id: PackageIdentifier, added: Entry[]): string[] {
  const byKey = new Map<string, string>();
  for (const { change, identity } of added) {
    const key = versionKey(change.version, sharedEcosystem(id, identity));
    const seen = byKey.get(key);
    if (seen === undefined || change.version < seen) byKey.set(key, change.version);
  }
  return [...byKey.values()].sort();
}

/**
 * The manifests of the listed packages (those of the alert's version, as "Reports" compares), or
 * null when there are none, or one without a manifest path: then the removal cannot be checked.
 */
function manifestsListing(listed: readonly Package[]): string[] | null {
  const versioned = listed.filter((pkg) => pkg.version.trim() !== '');
  if (versioned.length === 0) return null;
  const paths = versioned.map((pkg) => manifestKey(pkg.manifestPath));
  if (paths.some((path) => path === '')) return null;
  return [...new Set(paths)].sort();
}
