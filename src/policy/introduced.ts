// Pure: what a pull request brings in (contract: "Brought in by the pull request"). The service's
// alerts describe the repository as last scanned; a vulnerable package the change adds is not among
// them until it is merged and scanned. Every vulnerability GitHub lists on an `added` entry is brought
// in, unless the change removes the same package and version somewhere (it moved) or an alert read
// from the service carries that advisory for the same package (the alert is judged as itself).
// Joined through indexes: the work grows with the change and the alerts, not with their product.
import type { Alert, DependencyChange, IntroducedFinding, LicenseEntry, Package, Severity } from '../model.js';
import { severityRank } from '../model.js';
import { packageMatches, parsePackageIdentifier, type PackageIdentifier } from '../packages/locations.js';

/** GitHub's entry as a package: its package URL, else its name and version. */
export function changePackage(change: DependencyChange): PackageIdentifier | null {
  const fromPurl =
    change.packageUrl && /^pkg:/i.test(change.packageUrl) ? parsePackageIdentifier(change.packageUrl) : null;
  if (fromPurl) return { ...fromPurl, version: fromPurl.version ?? (change.version || null) };
  const fromName = parsePackageIdentifier(change.name);
  return (
    fromName && { ...fromName, ecosystem: change.ecosystem.toLowerCase() || null, version: change.version || null }
  );
}

/** The package as an SCA package, for the matching and license machinery. */
function asPackage(id: PackageIdentifier, change: DependencyChange): Package {
  const name = id.namespace === null ? id.name : `${id.namespace}:${id.name}`;
  return {
    id: `pull-request:${change.manifest}:${name}@${id.version ?? ''}`,
    name,
    version: id.version ?? '',
    ecosystem: id.ecosystem ?? change.ecosystem,
    manifestPath: change.manifest,
    manifestStartLine: null,
    manifestEndLine: null,
    manifestStartColumn: null,
    manifestEndColumn: null,
  };
}

/** A bucket every package that can be the same shares (the name's last part, lower-cased). */
const bucketOf = (id: PackageIdentifier) => id.name.toLowerCase().replace(/[-_.]+/g, '-');

/** Packages by bucket; `get` gives the candidates to compare exactly. */
function index<T>(items: Iterable<[PackageIdentifier, T]>): (id: PackageIdentifier) => [PackageIdentifier, T][] {
  const buckets = new Map<string, [PackageIdentifier, T][]>();
  for (const item of items) {
    const bucket = buckets.get(bucketOf(item[0]));
    if (bucket) bucket.push(item);
    else buckets.set(bucketOf(item[0]), [item]);
  }
  return (id) => buckets.get(bucketOf(id)) ?? [];
}

/** Added entries that are not moved: the change removes the same package and version nowhere. */
function addedNotMoved(changes: readonly DependencyChange[]): [PackageIdentifier, DependencyChange][] {
  const removed = index(
    changes.flatMap((c) => {
      const id = c.changeType === 'removed' ? changePackage(c) : null;
      return id ? [[id, c] as [PackageIdentifier, DependencyChange]] : [];
    }),
  );
  return changes.flatMap((change) => {
    const id = change.changeType === 'added' ? changePackage(change) : null;
    if (id === null) return [];
    const moved = removed(id).some(([other, r]) => packageMatches(id, asPackage(other, r)));
    return moved ? [] : [[id, change] as [PackageIdentifier, DependencyChange]];
  });
}

/** Whether an alert read from the service carries the advisory for the same package. */
function alertsCarrying(alerts: readonly Alert[]): (advisory: string, pkg: Package) => boolean {
  const byAdvisory = new Map<string, PackageIdentifier[]>();
  for (const alert of alerts) {
    const id = parsePackageIdentifier(alert.package);
    if (id === null) continue;
    for (const name of [alert.advisory, ...alert.aliases]) {
      const key = name.trim().toLowerCase();
      const list = byAdvisory.get(key);
      if (list) list.push(id);
      else byAdvisory.set(key, [id]);
    }
  }
  // The same package, any version: the alert is the one the change touches.
  return (advisory, pkg) =>
    (byAdvisory.get(advisory.toLowerCase()) ?? []).some((alertId) =>
      packageMatches({ ...alertId, version: null }, { ...pkg, version: '' }),
    );
}

const worse = (a: Severity, b: Severity): Severity => (severityRank(a) >= severityRank(b) ? a : b);

/** One finding per advisory, package and version, every manifest that adds it listed once. */
export function introducedFindings(
  changes: readonly DependencyChange[],
  alerts: readonly Alert[],
  /** GITHUB_SERVER_URL: where the advisories are shown. */
  serverUrl: string,
): IntroducedFinding[] {
  const carried = alertsCarrying(alerts);
  const findings = new Map<string, IntroducedFinding>();
  for (const [id, change] of addedNotMoved(changes)) {
    const pkg = asPackage(id, change);
    for (const v of change.vulnerabilities) {
      if (carried(v.advisory, pkg)) continue;
      const key = [v.advisory.toLowerCase(), id.ecosystem ?? '', pkg.name.toLowerCase(), pkg.version].join('\n');
      const known = findings.get(key);
      if (known) {
        if (!known.manifests.includes(change.manifest)) known.manifests.push(change.manifest);
        known.severity = worse(known.severity, v.severity);
        continue;
      }
      findings.set(key, {
        advisory: v.advisory,
        cves: null,
        severity: v.severity,
        summary: v.summary,
        name: change.name,
        ecosystem: change.ecosystem,
        version: change.version,
        packageUrl: change.packageUrl,
        manifests: [change.manifest],
        scope: change.scope,
        url: `${serverUrl}/advisories/${encodeURIComponent(v.advisory)}`,
        locations: [],
      });
    }
  }
  return [...findings.values()];
}

/**
 * The licenses the change brings in, as license entries the license policy judges: each added entry
 * (not moved) with GitHub's license, unless the service's license search lists the package (then
 * its license is judged already). `null`, empty and NOASSERTION are unknown, as the policy reads them.
 */
export function introducedLicenses(
  changes: readonly DependencyChange[],
  listed: readonly LicenseEntry[],
  /** Where the workspace's manifest names the package (null: line 1). */
  lineOf: (manifest: string, name: string) => number | null = () => null,
): LicenseEntry[] {
  const known = index(
    listed.flatMap((entry) =>
      entry.packages.flatMap((p) => {
        const id = parsePackageIdentifier(p.version ? `${p.name}@${p.version}` : p.name);
        return id ? [[{ ...id, ecosystem: p.ecosystem || null }, p] as [PackageIdentifier, Package]] : [];
      }),
    ),
  );
  return addedNotMoved(changes).flatMap(([id, change]) => {
    const pkg = asPackage(id, change);
    if (known(id).some(([, p]) => packageMatches(id, p))) return [];
    const line = lineOf(change.manifest, change.name);
    return [{ id: change.license, name: null, packages: [{ ...pkg, manifestStartLine: line, manifestEndLine: line }] }];
  });
}
