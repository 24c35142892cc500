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

/** The OSV query of a change entry or a version brought in, by the same words the malicious check asks with. */
type QueryOf = (entry: Pick<DependencyChange, 'ecosystem' | 'name' | 'version' | 'packageUrl'>) => string | null;

/** Sets each added entry's vulnerabilities from OSV (in place); what was read, or why it could not be. */
export async function readOsvVulnerabilities(
  config: Config,
  changes: DependencyChange[],
): Promise<Outcome<OsvAnswers>> {
  const [{ osvQueryBatch }, { osvVulns }, { osvPackageVersion }, { osvPackageKey }, { isMaliciousId }] =
    await Promise.all([
      import('../feeds/osv/querybatch.js'),
      import('../feeds/osv/vulns.js'),
      import('../feeds/osv/ecosystems.js'),
      import('../feeds/osv/queries.js'),
      import('../feeds/osv/malicious.js'),
    ]);
  const osvQuery = (entry: Parameters<QueryOf>[0]) => {
    const named = namedVersion(entry);
    return osvPackageVersion(named.ecosystem ?? entry.ecosystem, named.name, entry.version, named.namespace);
  };
  const keyOf: QueryOf = (entry) => {
    const query = osvQuery(entry);
    return query === null ? null : osvPackageKey(query);
  };
  const isPrivate = privateMatcher(config.privatePackages);
  const asked = addedVersions(changes).filter((entry) => !isPrivate(namedVersion(entry)));
  const queries = asked.map(osvQuery).filter((query) => query !== null);
  const options = { timeoutMs: config.requestTimeoutMs, maxRetries: config.maxRetries };
  // OSV allows a batch 35 s: a request timeout below that would fail a read OSV is still answering.
  const ids = await osvQueryBatch(config.osvUrl, queries, {
    ...options,
    timeoutMs: Math.max(options.timeoutMs, 35_000),
  });
  if (!ids.ok) return ids;
  // Malicious-package records are the malicious check's (its own rule): not vulnerabilities here.
  const vulnIds = new Set([...ids.value.values()].flat().filter((id) => !isMaliciousId(id)));
  const records = await osvVulns(config.osvUrl, vulnIds, options);
  const failed = [...records.values()].find((read) => !read.ok);
  if (failed && !failed.ok) return failure(failed.error);
  const vulns = new Map([...records].flatMap(([id, read]) => (read.ok ? [[id, read.value] as const] : [])));
  const advisories = new Map<string, GitHubAdvisory[]>();
  for (const vuln of vulns.values()) advisories.set(advisoryId(vuln), [asAdvisory(vuln)]);
  for (const change of changes) {
    if (change.changeType !== 'added' || isPrivate(namedVersion(change))) continue;
    const key = keyOf(change);
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
