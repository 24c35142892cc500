// Ties alerts to the manifest lines that declare their packages, for annotations and SARIF locations.
// Contract ("Reports"): `metadata.packageIdentifier` (a package URL or `name@version`) names the package;
// an SCA package matches on name, and on version and ecosystem when both sides have them.
import { percentDecoded } from '../characters.js';
import type { EvaluatedAlert, ManifestLocation, Package } from '../model.js';
import { packageIndex, type PackageName, sameVersion, samePackage, sharedEcosystem } from './identity.js';

/**
 * Where an alert is located when the repository has no manifest the package search knows of. Every
 * repository that runs this action has a `.github/` folder, and no real file has this name, so the
 * location cannot be mistaken for a real manifest line; it never changes, so SARIF fingerprints stay stable.
 */
export const FALLBACK_MANIFEST_PATH = '.github/security-gate';

export interface PackageIdentifier {
  /** The purl type, lower-cased (`npm`, `maven`, `golang`…); null for `name@version` and plain names. */
  ecosystem: string | null;
  /** `lodash`, `@babel/core`, `github.com/gin-gonic/gin`; for Maven the artifact id (`commons-text`). */
  name: string;
  version: string | null;
  /** Maven group id, kept so `group:artifact` and `group/artifact` also match; null otherwise. */
  namespace: string | null;
}

/** Parses a package URL, `name@version` (also `@scope/name@version`, `group:artifact:version`) or a name. */
export function parsePackageIdentifier(id: string): PackageIdentifier | null {
  const text = id.trim();
  if (/^pkg:/i.test(text)) return parsePurl(text.slice(4));
  const at = text.lastIndexOf('@');
  // `@` at 0 starts an npm scope, not a version.
  const name = at > 0 ? text.slice(0, at) : text;
  const version = at > 0 ? text.slice(at + 1) || null : null;
  if (name === '') return null;
  // Maven coordinates: `group:artifact` or `group:artifact:version`.
  const parts = name.split(':');
  if ((parts.length === 2 || (parts.length === 3 && version === null)) && parts.every((p) => p !== '')) {
    const [group = '', artifact = '', coordinateVersion = null] = parts;
    return { ecosystem: null, name: artifact, version: version ?? coordinateVersion, namespace: group };
  }
  return { ecosystem: null, name, version, namespace: null };
}

/** Percent-decoded; most parts hold no escape, and decoding costs on 100,000 alerts. */
const decoded = (part: string) => (part.includes('%') ? percentDecoded(part) : part);

/** `type/namespace/name@version?qualifiers#subpath` (after `pkg:`); qualifiers and subpath are ignored. */
function parsePurl(rest: string): PackageIdentifier | null {
  // The purl spec tolerates slashes after the scheme (`pkg://npm/...`).
  const body = (rest.split('#', 1)[0] ?? '').split('?', 1)[0]?.replace(/^\/+/, '') ?? '';
  const slash = body.indexOf('/');
  if (slash <= 0) return null;
  const ecosystem = body.slice(0, slash).toLowerCase();
  let path = body.slice(slash + 1);
  let version: string | null = null;
  const at = path.lastIndexOf('@');
  // An `@` right after a `/` is an unencoded npm scope (`pkg:npm/@babel/core`), not a version.
  if (at > 0 && path[at - 1] !== '/') {
    version = decoded(path.slice(at + 1)) || null;
    path = path.slice(0, at);
  }
  const segments = path
    .split('/')
    .filter((s) => s !== '')
    .map(decoded);
  const name = segments.pop();
  if (!name) return null;
  if (ecosystem === 'maven') return { ecosystem, name, version, namespace: segments.join('/') || null };
  // Elsewhere the namespace is part of the name the ecosystem uses: `@babel/core`, `github.com/gin-gonic/gin`.
  return { ecosystem, name: [...segments, name].join('/'), version, namespace: null };
}

/** `lodash@4.17.20`, `org.apache.commons:commons-text@1.9`: the package as people write it. */
export function packageLabel(identifier: string): string {
  const id = parsePackageIdentifier(identifier);
  if (id === null) return identifier.trim();
  const name = id.namespace === null ? id.name : `${id.namespace}:${id.name}`;
  return id.version === null ? name : `${name}@${id.version}`;
}

/** An SCA package as `samePackage` compares it. */
export const packageName = (pkg: Package): PackageName => ({
  ecosystem: pkg.ecosystem,
  namespace: null,
  name: pkg.name,
});

/** Versions agree when both sides give one and it is the same, or when either gives none. */
function versionsAgree(id: PackageIdentifier, pkg: Package): boolean {
  if (id.version === null || pkg.version.trim() === '') return true;
  return sameVersion(id.version, pkg.version, sharedEcosystem(id, packageName(pkg)));
}

/** Whether an SCA package is the one the identifier names. */
export function packageMatches(id: PackageIdentifier, pkg: Package): boolean {
  return samePackage(id, packageName(pkg)) && versionsAgree(id, pkg);
}

/**
 * Files the package search once; the function it returns gives, in the search's order, the packages
 * an identifier names (as {@link packageMatches} says), reading only their bucket.
 */
export function packageFinder(packages: readonly Package[]): (id: PackageIdentifier) => Package[] {
  const named = packageIndex(packages, packageName);
  return (id) => named(id).filter((pkg) => versionsAgree(id, pkg));
}

/** Relative to the repository root with forward slashes, as annotations and SARIF want it. */
export function repoRelativePath(path: string): string {
  return path
    .trim()
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/^(\.\/|\/)+/, '');
}

function line(n: number | null): number {
  return n !== null && Number.isFinite(n) ? Math.max(1, Math.floor(n)) : 1;
}

function column(n: number | null): number | undefined {
  return n !== null && Number.isFinite(n) && n >= 1 ? Math.floor(n) : undefined;
}

/** `name@version` of an SCA package, or its name when it has no version. */
export function packageVersionLabel(pkg: Pick<Package, 'name' | 'version'>): string {
  return pkg.version.trim() === '' ? pkg.name : `${pkg.name}@${pkg.version}`;
}

/** The package's declaration, or null when the search gave no manifest path. */
export function locationOf(pkg: Package): ManifestLocation | null {
  const path = repoRelativePath(pkg.manifestPath);
  if (path === '') return null;
  const startLine = line(pkg.manifestStartLine);
  const endLine = Math.max(startLine, line(pkg.manifestEndLine));
  const startColumn = column(pkg.manifestStartColumn);
  let endColumn = column(pkg.manifestEndColumn);
  // On one line, an end before the start is not a region.
  if (endLine === startLine && startColumn !== undefined && endColumn !== undefined && endColumn < startColumn) {
    endColumn = undefined;
  }
  const label = packageVersionLabel(pkg);
  return {
    path,
    startLine,
    endLine,
    ...(startColumn === undefined ? {} : { startColumn }),
    ...(endColumn === undefined ? {} : { endColumn }),
    package: label,
  };
}

/** Line 1 of the repository's first manifest, else of {@link FALLBACK_MANIFEST_PATH}. */
export function fallbackLocation(packages: readonly Package[] = []): ManifestLocation {
  const first = packages.map((p) => repoRelativePath(p.manifestPath)).find((path) => path !== '');
  return { path: first ?? FALLBACK_MANIFEST_PATH, startLine: 1, endLine: 1, package: null };
}

/**
 * Where a package identifier is declared: one location per matching package (same file and line
 * once), else one fallback location. Many alerts name the same package: each identifier is parsed
 * and matched once.
 */
export function manifestLocator(packages: Package[]): (identifier: string) => ManifestLocation[] {
  const find = packageFinder(packages);
  const fallback = fallbackLocation(packages);
  const found = new Map<string, ManifestLocation[]>();
  const locate = (identifier: string): ManifestLocation[] => {
    const id = parsePackageIdentifier(identifier);
    const locations = new Map<string, ManifestLocation>();
    for (const pkg of id === null ? [] : find(id)) {
      const location = locationOf(pkg);
      const key = location && `${location.path}\n${location.startLine}`;
      if (location && key && !locations.has(key)) locations.set(key, location);
    }
    return locations.size > 0 ? [...locations.values()] : [{ ...fallback }];
  };
  return (identifier) => {
    let locations = found.get(identifier);
    if (!locations) found.set(identifier, (locations = locate(identifier)));
    return locations;
  };
}

/** Each alert with its `locations`; with `packages` null (the search was not read), unchanged. */
export function locateAlerts(alerts: EvaluatedAlert[], packages: Package[] | null): EvaluatedAlert[] {
  if (packages === null) return alerts;
  const locate = manifestLocator(packages);
  return alerts.map((e) => ({ ...e, locations: locate(e.package) }));
}
