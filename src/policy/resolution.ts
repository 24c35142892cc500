// Pure: which alerts a pull request resolves, and which it only touches (contract: "Pull requests
// and time", "Resolved by this pull request" and "Details of the rule"). Everything here fails
// closed: whatever cannot be compared exactly resolves nothing.
import type { DependencyChange, Package, Resolution } from '../model.js';
import { packageMatches, parsePackageIdentifier, type PackageIdentifier } from '../packages/locations.js';

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

/** A package compared as the contract says: purl type (when both have it), namespace and name case-insensitively. */
interface Identity {
  type: string | null;
  name: string;
}

const identityOf = (id: PackageIdentifier): Identity => ({
  type: id.ecosystem,
  name: (id.namespace === null ? id.name : `${id.namespace}/${id.name}`).toLowerCase(),
});

const sameIdentity = (a: Identity, b: Identity) =>
  a.name === b.name && (a.type === null || b.type === null || a.type === b.type);

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
function changeIdentity(change: DependencyChange): Identity | null {
  const fromPurl = change.packageUrl ? parsePackageIdentifier(change.packageUrl) : null;
  if (fromPurl && /^pkg:/i.test(change.packageUrl ?? '')) return identityOf(fromPurl);
  const fromName = parsePackageIdentifier(change.name);
  return fromName ? { type: null, name: identityOf(fromName).name } : null;
}

interface IndexedChange extends DependencyChange {
  identity: Identity;
  /** Advisory ids GitHub lists for it, lower-cased. */
  advisoryKeys: Set<string>;
}

/**
 * Prepares the change once; the function it returns judges one alert. `packages` is the service's
 * package search (where each version is declared), `changes` GitHub's compare of base and head.
 */
export function changeJudge(
  changes: readonly DependencyChange[],
  packages: readonly Package[],
): (alert: ResolvableAlert) => ChangeVerdict {
  const byName = new Map<string, IndexedChange[]>();
  for (const change of changes) {
    const identity = changeIdentity(change);
    if (identity === null) continue;
    const indexed = { ...change, identity, advisoryKeys: new Set(change.advisories.map((a) => a.toLowerCase())) };
    const list = byName.get(identity.name);
    if (list) list.push(indexed);
    else byName.set(identity.name, [indexed]);
  }
  return (alert) => {
    const id = parsePackageIdentifier(alert.package);
    if (id === null) return { resolution: null, changed: false };
    const identity = identityOf(id);
    const touching = (byName.get(identity.name) ?? []).filter((c) => sameIdentity(c.identity, identity));
    if (touching.length === 0) return { resolution: null, changed: false };
    const resolution = resolve(alert, id, touching, packages);
    return { resolution, changed: resolution === null };
  };
}

/** The contract's three conditions, in its order; null when any fails or cannot be checked. */
function resolve(
  alert: ResolvableAlert,
  id: PackageIdentifier,
  touching: IndexedChange[],
  packages: readonly Package[],
): Resolution | null {
  const version = id.version;
  if (!isExactVersion(version)) return null;
  const manifests = manifestsListing(id, packages);
  if (manifests === null) return null;
  const added = touching.filter((c) => c.changeType === 'added');
  // 1. Removed from every manifest the package search lists the version in.
  const removedFrom = new Set(
    touching
      .filter((c) => c.changeType === 'removed' && isExactVersion(c.version) && c.version === version)
      .map((c) => manifestKey(c.manifest)),
  );
  if (!manifests.every((m) => removedFrom.has(m))) return null;
  // 2. Added back nowhere. An added range might hold the version: it counts as added back.
  if (added.some((c) => !isExactVersion(c.version) || c.version === version)) return null;
  // 3. No added version GitHub lists as vulnerable to the same advisory (or one of its aliases).
  const advisories = [alert.advisory, ...alert.aliases].map((a) => a.toLowerCase());
  if (added.some((c) => advisories.some((a) => c.advisoryKeys.has(a)))) return null;
  const versions = [...new Set(added.map((c) => c.version))].sort();
  return { manifests, removed: version, added: versions };
}

/**
 * The manifests the package search lists this exact version in (compared as "Reports" compares),
 * or null when it lists none, or one without a manifest path: then the removal cannot be checked.
 */
function manifestsListing(id: PackageIdentifier, packages: readonly Package[]): string[] | null {
  const listed = packages.filter((pkg) => pkg.version.trim() !== '' && packageMatches(id, pkg));
  if (listed.length === 0) return null;
  const paths = listed.map((pkg) => manifestKey(pkg.manifestPath));
  if (paths.some((path) => path === '')) return null;
  return [...new Set(paths)].sort();
}
