// Pure: a package version as deps.dev's v3 API is asked of it (contract: "Release age"): its SYSTEM
// from GitHub's dependency-review ecosystem words and package URL types, and the path of its
// GetVersion, each segment percent-encoded (`@scope/name` as `%40scope%2Fname`, Maven's
// `group:artifact` as `group%3Aartifact`). An ecosystem outside the table is not covered.
import { ecosystemKey, nameKey } from '../../packages/identity.js';

/** The systems deps.dev covers, as its API names them. */
export type DepsDevSystem = 'NPM' | 'PYPI' | 'MAVEN' | 'GO' | 'CARGO' | 'NUGET';

// deps.dev's system of each ecosystem it covers, by the one key identity.ts folds every word of it to
// (GitHub's dependency review, package URL types, deps.dev's own). A Map, so that "constructor" finds nothing.
const SYSTEMS = new Map<string, DepsDevSystem>([
  ['npm', 'NPM'],
  ['pypi', 'PYPI'],
  ['maven', 'MAVEN'],
  ['golang', 'GO'],
  ['cargo', 'CARGO'],
  ['nuget', 'NUGET'],
]);

/** deps.dev's system of an ecosystem word or package URL type; null when deps.dev does not cover it. */
export function systemOf(word: string | null | undefined): DepsDevSystem | null {
  return SYSTEMS.get(ecosystemKey(word) ?? '') ?? null;
}

/** One version to ask of: its system, name as deps.dev spells it, and version. */
export interface ReleaseQuery {
  system: DepsDevSystem;
  name: string;
  version: string;
}

/**
 * The query for a package version: Maven's `group:artifact` (from a group given apart, or a
 * `group/artifact`), npm's `@scope/name`, Go's module path with its namespace; null when not covered
 * or without a name or version.
 */
export function releaseQuery(
  ecosystem: string | null | undefined,
  name: string,
  version: string,
  namespace: string | null = null,
): ReleaseQuery | null {
  const system = systemOf(ecosystem);
  const [bare, space, v] = [name.trim(), namespace?.trim() || null, version.trim()];
  if (system === null || bare === '' || v === '') return null;
  if (system === 'MAVEN') {
    const slash = bare.lastIndexOf('/');
    const full =
      space !== null
        ? `${space}:${bare}`
        : bare.includes(':') || slash < 0
          ? bare
          : `${bare.slice(0, slash)}:${bare.slice(slash + 1)}`;
    return { system, name: full, version: v };
  }
  const full = space === null ? bare : `${space}/${bare}`;
  return {
    system,
    name: system === 'NPM' && full.includes('/') && !full.startsWith('@') ? `@${full}` : full,
    version: v,
  };
}

/** One key per distinct query: names compared as the one package equality compares them (identity.ts). */
export const releaseKey = ({ system, name, version }: ReleaseQuery): string =>
  `${system}\n${nameKey(name, system)}\n${version}`;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * `/v3/systems/NPM/packages/%40scope%2Fname/versions/1.0.0`; null when a segment cannot be asked: a
 * `.` or `..` (a URL would resolve it and ask for another path) or text that is no Unicode (a lone
 * surrogate, which cannot be percent-encoded).
 */
export function versionPath({ system, name, version }: ReleaseQuery): string | null {
  if ([name, version].some((segment) => segment === '.' || segment === '..' || LONE_SURROGATE.test(segment)))
    return null;
  return `/v3/systems/${system}/packages/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`;
}
