// Pure: a package version as OSV is asked of it (contract: "Malicious packages"): OSV's ecosystem
// names, from GitHub's dependency-review words and package URL types, and names as OSV spells them
// (Maven `group:artifact`, npm `@scope/name`). OSV answers a whole batch 400 "invalid ecosystem"
// for one name it does not know, so an ecosystem outside the table is never asked.
import { parsePackageIdentifier } from '../../packages/locations.js';
import { ecosystemKey } from '../../packages/identity.js';

/** The ecosystems OSV is asked of, as OSV names them. */
export type OsvEcosystem =
  'npm' | 'PyPI' | 'Maven' | 'Go' | 'crates.io' | 'NuGet' | 'RubyGems' | 'Packagist' | 'Pub' | 'Hex' | 'GitHub Actions';

/** One query's package version, in OSV's words. */
export interface OsvPackageVersion {
  ecosystem: OsvEcosystem;
  name: string;
  version: string;
}

// OSV's name of each ecosystem, by the one key identity.ts folds every word of it to (GitHub's
// dependency review, package URL types, OSV's own names). A Map, so that "constructor" finds nothing.
const OSV_NAMES = new Map<string, OsvEcosystem>([
  ['npm', 'npm'],
  ['pypi', 'PyPI'],
  ['maven', 'Maven'],
  ['golang', 'Go'],
  ['cargo', 'crates.io'],
  ['nuget', 'NuGet'],
  ['gem', 'RubyGems'],
  ['composer', 'Packagist'],
  ['pub', 'Pub'],
  ['hex', 'Hex'],
  ['githubactions', 'GitHub Actions'],
]);

/** OSV's name of an ecosystem given as GitHub, a package URL or OSV names it; null when OSV is not asked of it. */
export function osvEcosystem(word: string | null | undefined): OsvEcosystem | null {
  return OSV_NAMES.get(ecosystemKey(word) ?? '') ?? null;
}

/**
 * The package's name as OSV spells it: Maven's `group:artifact` (from a group given apart, or a
 * `group/artifact`), npm's `@scope/name` (a scope given without its `@` gets one: npm names hold a
 * `/` only after a scope); other ecosystems' namespace joined with `/` (Go, Packagist).
 */
export function osvPackageName(ecosystem: OsvEcosystem, name: string, namespace: string | null = null): string {
  const bare = name.trim();
  const space = namespace?.trim() || null;
  if (ecosystem === 'Maven') {
    if (space !== null) return `${space}:${bare}`;
    const slash = bare.lastIndexOf('/');
    return bare.includes(':') || slash < 0 ? bare : `${bare.slice(0, slash)}:${bare.slice(slash + 1)}`;
  }
  const full = space === null ? bare : `${space}/${bare}`;
  return ecosystem === 'npm' && full.includes('/') && !full.startsWith('@') ? `@${full}` : full;
}

/** The version as OSV compares it: Go's without the leading `v` module versions carry (as OSV's records have them). */
export function osvVersion(ecosystem: OsvEcosystem, version: string): string {
  const trimmed = version.trim();
  return ecosystem === 'Go' && /^v\d/.test(trimmed) ? trimmed.slice(1) : trimmed;
}

/** The query for a package version; null when OSV is not asked of its ecosystem, or it has no name or version. */
export function osvPackageVersion(
  ecosystem: string | null | undefined,
  name: string,
  version: string,
  namespace: string | null = null,
): OsvPackageVersion | null {
  const osv = osvEcosystem(ecosystem);
  if (osv === null || name.trim() === '' || version.trim() === '') return null;
  return { ecosystem: osv, name: osvPackageName(osv, name, namespace), version: osvVersion(osv, version) };
}

/** The query for a package URL with a version (`pkg:npm/%40scope/name@1.0.0`); null when it is none OSV is asked of. */
export function osvPackageOfPurl(purl: string): OsvPackageVersion | null {
  if (!/^pkg:/i.test(purl.trim())) return null;
  const id = parsePackageIdentifier(purl);
  if (id === null || id.version === null) return null;
  return osvPackageVersion(id.ecosystem, id.name, id.version, id.namespace);
}
