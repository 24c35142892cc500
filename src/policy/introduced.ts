// Pure: what a pull request brings in (contract: "Brought in by the pull request"). The service's
// alerts describe the repository as last scanned; a vulnerable package the change adds is not among
// them until it is merged and scanned. Every vulnerability GitHub lists on an `added` entry is brought
// in, unless the change removes the same package and version somewhere (it moved) or an alert read
// from the service carries that advisory for the same package (the alert is judged as itself).
// Joined through indexes: the work grows with the change and the alerts, not with their product.
import type { Alert, DependencyChange, IntroducedFinding, LicenseEntry, Package, Severity } from '../model.js';
import { osvVulnerabilityUrl, severityRank } from '../model.js';
import { packageIndex, samePackage, sameVersion, sharedEcosystem, type PackageName } from '../packages/identity.js';
import { packageName, parsePackageIdentifier, type PackageIdentifier } from '../packages/locations.js';

/** GitHub's entry as a package: its package URL, else its name, ecosystem and version. */
export function changePackage(change: DependencyChange): PackageIdentifier | null {
  const purl = change.packageUrl && /^pkg:/i.test(change.packageUrl) ? parsePackageIdentifier(change.packageUrl) : null;
  if (purl) return { ...purl, version: purl.version ?? (change.version || null) };
  const named = parsePackageIdentifier(change.name);
  return named && { ...named, ecosystem: change.ecosystem || null, version: change.version || null };
}

/** An added or removed entry, as a package with its version. */
export interface Entry {
  id: PackageIdentifier;
  change: DependencyChange;
}

const entriesOf = (changes: readonly DependencyChange[], type: DependencyChange['changeType']): Entry[] =>
  changes.flatMap((change) => {
    const id = change.changeType === type ? changePackage(change) : null;
    return id ? [{ id, change }] : [];
  });

/** Same package and version (contract: "Same package, same version"); a side without a version is none. */
const sameRelease = (a: PackageIdentifier, b: PackageIdentifier) =>
  a.version !== null && b.version !== null && sameVersion(a.version, b.version, sharedEcosystem(a, b) ?? null);

/** Added entries that are not moved: the change removes the same package and version nowhere. */
export function addedNotMoved(changes: readonly DependencyChange[]): Entry[] {
  const removed = packageIndex(entriesOf(changes, 'removed'), (e) => e.id);
  return entriesOf(changes, 'added').filter(({ id }) => !removed(id).some((r) => sameRelease(r.id, id)));
}

/** Whether an alert read from the service carries the advisory for the same package (any version). */
function alertsCarrying(alerts: readonly Alert[]): (advisory: string, id: PackageName) => boolean {
  const named = alerts.flatMap((alert) => {
    const id = parsePackageIdentifier(alert.package);
    return id
      ? [{ id, advisories: new Set([alert.advisory, ...alert.aliases].map((a) => a.trim().toLowerCase())) }]
      : [];
  });
  const find = packageIndex(named, (a) => a.id);
  return (advisory, id) => find(id).some((a) => a.advisories.has(advisory.toLowerCase()));
}

/** The package as an SCA package, for the license machinery. */
function asPackage({ id, change }: Entry): Package {
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

const worse = (a: Severity, b: Severity): Severity => (severityRank(a) >= severityRank(b) ? a : b);

/** The finding of one vulnerability on one added entry. */
function findingOf(
  v: DependencyChange['vulnerabilities'][number],
  { change }: Entry,
  serverUrl: string,
): IntroducedFinding {
  return {
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
    // GitHub's page of a GHSA id; OSV's of an id only OSV has (a change read from the lockfiles).
    url: /^GHSA-/i.test(v.advisory)
      ? `${serverUrl}/advisories/${encodeURIComponent(v.advisory)}`
      : osvVulnerabilityUrl(v.advisory),
    locations: [],
  };
}

/** One finding per advisory, package and version, every manifest that adds it listed once. */
export function introducedFindings(
  changes: readonly DependencyChange[],
  alerts: readonly Alert[],
  /** GITHUB_SERVER_URL: where the advisories are shown. */
  serverUrl: string,
): IntroducedFinding[] {
  const carried = alertsCarrying(alerts);
  const findings: { id: PackageIdentifier; finding: IntroducedFinding }[] = [];
  const byAdvisory = new Map<string, typeof findings>();
  for (const entry of addedNotMoved(changes)) {
    const { id, change } = entry;
    for (const v of change.vulnerabilities) {
      if (carried(v.advisory, id)) continue;
      const key = v.advisory.toLowerCase();
      const known = byAdvisory.get(key)?.find((f) => samePackage(f.id, id) && sameRelease(f.id, id));
      if (known) {
        if (!known.finding.manifests.includes(change.manifest)) known.finding.manifests.push(change.manifest);
        known.finding.severity = worse(known.finding.severity, v.severity);
        continue;
      }
      const made = { id, finding: findingOf(v, entry, serverUrl) };
      findings.push(made);
      const same = byAdvisory.get(key);
      if (same) same.push(made);
      else byAdvisory.set(key, [made]);
    }
  }
  return findings.map((f) => f.finding);
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
  // The service's packages by name; the same version is the service's to judge.
  const known = packageIndex(
    listed.flatMap((entry) => entry.packages),
    (p) => packageName(p),
  );
  return addedNotMoved(changes).flatMap((entry) => {
    const { id, change } = entry;
    // A lockfile names no license: nothing to judge, and not unknown either (contract: "The change").
    if (change.fromLockfile && change.license === null) return [];
    if (
      known(id).some(
        (p) =>
          p.version !== '' &&
          id.version !== null &&
          sameVersion(p.version, id.version, sharedEcosystem(id, packageName(p)) ?? null),
      )
    )
      return [];
    const line = lineOf(change.manifest, change.name);
    return [
      {
        id: change.license,
        name: null,
        packages: [{ ...asPackage(entry), manifestStartLine: line, manifestEndLine: line }],
      },
    ];
  });
}
