// The way out (contract: "The fix"): the version that fixes an alert or a finding for its own package,
// from GitHub's advisory: the advisory's entry of the same package ("Same package, same version")
// whose vulnerable range holds the version, and that entry's first patched version. Pure: the
// advisories come in as read (github/advisories.ts).
import type { AffectedPackage, GitHubAdvisory } from '../github/advisories.js';
import { cveId, type Fix } from '../model.js';
import { samePackage, type PackageName } from '../packages/identity.js';
import { compareVersions, inRange } from '../packages/version-order.js';

/** The id an alert is looked up by: its GHSA id (the advisory or an alias), else its first CVE id; null when neither. */
export function lookupId({ advisory, aliases }: { advisory: string; aliases: readonly string[] }): string | null {
  const ids = [advisory, ...aliases].map((id) => id.trim());
  return ids.find((id) => /^GHSA-/i.test(id)) ?? ids.find((id) => cveId(id) !== null) ?? null;
}

/** The fix for `pkg` at `version` from the advisories an id named; null when none of them lists the package. */
export function fixFrom(advisories: readonly GitHubAdvisory[], pkg: PackageName, version: string | null): Fix | null {
  for (const advisory of advisories) {
    const entries = advisory.vulnerabilities.filter((v) =>
      samePackage({ ecosystem: v.ecosystem, namespace: null, name: v.name }, pkg),
    );
    const entry = entryFor(entries, version);
    if (entry !== undefined) return { version: entry?.firstPatched ?? null, advisory: advisory.ghsaId };
  }
  return null;
}

/**
 * Of a package's entries (an advisory lists one per affected range: `< 4.17.21`, or `>= 2.13.0, <
 * 2.15.0` and `>= 2.0.0, < 2.12.2` for two branches), the one whose range holds the version; the only
 * one when there is one; undefined when none can be told. Of several that hold it, the earliest fix.
 */
function entryFor(entries: AffectedPackage[], version: string | null): AffectedPackage | undefined {
  if (entries.length <= 1 || version === null) return entries.length === 1 ? entries[0] : undefined;
  const holding = entries.filter((e) => e.range !== null && inRange(version, e.range));
  if (holding.length === 0) return undefined;
  return holding.reduce((a, b) =>
    a.firstPatched === null
      ? b
      : b.firstPatched === null
        ? a
        : compareVersions(a.firstPatched, b.firstPatched) <= 0
          ? a
          : b,
  );
}
