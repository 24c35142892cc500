// The vulnerabilities of the versions a change read from the lockfiles adds (contract: "Without
// GitHub's dependency graph": "Vulnerabilities of added entries"): OSV's querybatch for every
// vulnerability id of each version (paged), then each id's record once, for its GHSA id, CVE ids,
// severity and fixed versions. Each added entry gets its vulnerabilities as GitHub's compare would
// list them, so the change is judged as one read from GitHub is; the records are also given as the
// advisories the run would otherwise ask GitHub for (their CVE ids, the Fix column), and the ids as
// the malicious check's answer (one querybatch for both). Private packages are never asked. Fails
// closed: any read that fails fails the whole change read.
import type { Config } from '../config/inputs.js';
import type { AffectedPackage, GitHubAdvisory } from '../github/advisory-query.js';
import type { OsvAnswers } from '../github/changes.js';
import { failure, success, type ChangeVulnerability, type DependencyChange, type Outcome } from '../model.js';
import { privateMatcher } from '../packages/package-patterns.js';
import { addedVersions, namedVersion } from '../policy/supply-chain.js';
import type { OsvVuln } from '../feeds/osv/record.js';
import { osvIds } from './osv-ids.js';

/** Sets each added entry's vulnerabilities from OSV (in place); what was read, or why it could not be. */
export async function readOsvVulnerabilities(
  config: Config,
  changes: DependencyChange[],
): Promise<Outcome<OsvAnswers>> {
  const [osv, { osvVulns }, { isMaliciousId }] = await Promise.all([
    osvIds(config),
    import('../feeds/osv/vulns.js'),
    import('../feeds/osv/malicious.js'),
  ]);
  const isPrivate = privateMatcher(config.privatePackages);
  const ids = await osv.read(addedVersions(changes).filter((entry) => !isPrivate(namedVersion(entry))));
  if (!ids.ok) return ids;
  // Malicious-package records are the malicious check's (its own rule): not vulnerabilities here.
  const vulnIds = new Set([...ids.value.values()].flat().filter((id) => !isMaliciousId(id)));
  const records = await osvVulns(config.osvUrl, vulnIds, {
    timeoutMs: config.requestTimeoutMs,
    maxRetries: config.maxRetries,
  });
  const failed = [...records.values()].find((read) => !read.ok);
  if (failed && !failed.ok) return failure(failed.error);
  const vulns = new Map([...records].flatMap(([id, read]) => (read.ok ? [[id, read.value] as const] : [])));
  const advisories = new Map<string, GitHubAdvisory[]>();
  for (const vuln of vulns.values()) advisories.set(advisoryId(vuln), [asAdvisory(vuln)]);
  for (const change of changes) {
    if (change.changeType !== 'added' || isPrivate(namedVersion(change))) continue;
    const key = osv.keyOf(change);
    change.vulnerabilities = vulnerabilitiesOf(key === null ? [] : (ids.value.get(key) ?? []), vulns);
  }
  return success({ ids: ids.value, advisories });
}

/** A finding's advisory: the record's GHSA id when it has one (the id itself or an alias), else its own. */
const advisoryId = (vuln: OsvVuln) => vuln.ghsa ?? vuln.id;

/** One per advisory, as GitHub's compare lists them. */
function vulnerabilitiesOf(ids: readonly string[], vulns: ReadonlyMap<string, OsvVuln>): ChangeVulnerability[] {
  const listed = new Map<string, ChangeVulnerability>();
  for (const id of ids) {
    const vuln = vulns.get(id);
    if (vuln === undefined) continue;
    const advisory = advisoryId(vuln);
    if (!listed.has(advisory)) listed.set(advisory, { advisory, severity: vuln.severity, summary: vuln.summary });
  }
  return [...listed.values()];
}

/**
 * The record as the advisory the run reads from GitHub: its CVE ids, and each affected package's
 * fixed versions as entries `< fixed` (of several that hold a version, the fix read takes the
 * earliest); a package without a fixed version is one entry with none.
 */
function asAdvisory(vuln: OsvVuln): GitHubAdvisory {
  const vulnerabilities = vuln.affected.flatMap(({ ecosystem, name, fixed }): AffectedPackage[] =>
    fixed.length === 0
      ? [{ ecosystem, name, range: null, firstPatched: null }]
      : fixed.map((version) => ({ ecosystem, name, range: `< ${version}`, firstPatched: version })),
  );
  return { ghsaId: advisoryId(vuln), cves: vuln.cves, vulnerabilities };
}
