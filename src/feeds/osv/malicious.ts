// Pure: the malicious versions among what OSV answered (contract: "Malicious packages"): a version
// with a vulnerability id beginning `MAL-` (OpenSSF's malicious-packages records, in any case) is
// malicious. The other ids are not used for this check: the service and GitHub judge vulnerabilities.
import type { PackageKey } from './queries.js';

/** Whether an id is a malicious-package record's: `MAL-…`, in any case. */
export const isMaliciousId = (id: string): boolean => id.slice(0, 4).toUpperCase() === 'MAL-';

/** The package versions with a MAL- id, and only those ids (as OSV spelled them, in its order). */
export function maliciousIds(ids: ReadonlyMap<PackageKey, readonly string[]>): Map<PackageKey, string[]> {
  const found = new Map<PackageKey, string[]>();
  for (const [key, all] of ids) {
    const malicious = all.filter(isMaliciousId);
    if (malicious.length > 0) found.set(key, malicious);
  }
  return found;
}
