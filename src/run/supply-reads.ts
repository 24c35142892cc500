// Before any advisory (contract: "Before any advisory: release age, malicious and denied packages"):
// the versions a pull request brings in, asked of the release-age source (deps.dev or a mirror) and of
// OSV for MAL- ids, both at once and alongside the service's reads (evaluate.ts starts this as soon as
// the change is in). Private packages are asked of neither. Never rejects: a read that fails is a
// message, weighed with the verdict (weigh.ts weighSupply).
import type { Config } from '../config/inputs.js';
import type { PullRequestChange } from '../github/changes.js';
import * as log from '../github/log.js';
import { success, type SupplyChainEntry } from '../model.js';
import { plural } from '../numbers.js';
import { osvIds } from './osv-ids.js';
import { privateMatcher } from '../packages/package-patterns.js';
import {
  addedVersions,
  namedVersion,
  withWhatIsKnown,
  type PublishTime,
  type SupplyGathered,
  type SupplyReads,
} from '../policy/supply-chain.js';

/**
 * What the change brings in, with what the lists and the two sources say of it; null when no check is
 * on or the change was not read (weighIntroduced and weighSupply say what that leaves unchecked).
 */
export async function gatherSupply(
  config: Config,
  change: PullRequestChange | null,
  now: Date,
): Promise<SupplyGathered | null> {
  if (change?.read.state !== 'read') return null;
  const entries = addedVersions(change.read.changes);
  const isPrivate = privateMatcher(config.privatePackages);
  const asked = entries.filter((entry) => !isPrivate(namedVersion(entry)));
  const ageChecked = config.minReleaseAgeMs !== null && config.prIntroduced !== 'off';
  const [ages, malicious] = await Promise.all([
    ageChecked ? readAges(config, asked, now) : null,
    config.malicious === 'off' ? null : readMalicious(config, asked, change.read.osv?.ids),
  ]);
  const reads: SupplyReads = {
    publishTime: ages?.lookup ?? null,
    maliciousIds: malicious?.lookup ?? null,
  };
  withWhatIsKnown(
    entries,
    { deny: config.denyPackages, private: config.privatePackages },
    reads,
    ageChecked ? config.minReleaseAgeMs : null,
    now,
  );
  const notCovered = entries.filter((entry) => entry.releaseAge === 'not-covered');
  const gathered: SupplyGathered = {
    entries,
    releaseAge: ages && {
      error: ages.error,
      notCovered: {
        count: notCovered.length,
        ecosystems: [...new Set(notCovered.map((entry) => entry.ecosystem.toLowerCase()))].sort(),
      },
    },
    malicious: malicious && { error: malicious.error },
    private: entries.length - asked.length,
  };
  logSupply(config, gathered);
  return gathered;
}

/** A read's lookup of what it found, or its failure (then the lookup is null). */
interface Answered<T> {
  lookup: ((entry: SupplyChainEntry) => T | null) | null;
  error: string | null;
}

/** The publish time of each entry from release-age-url (its module loaded only then). */
async function readAges(
  config: Config,
  entries: readonly SupplyChainEntry[],
  now: Date,
): Promise<Answered<PublishTime>> {
  const { readPublishTimes, releaseKey, releaseQuery } = await import('../feeds/release-age/read.js');
  const queryOf = (entry: SupplyChainEntry) => {
    const named = namedVersion(entry);
    return releaseQuery(named.ecosystem ?? entry.ecosystem, named.name, entry.version, named.namespace);
  };
  const read = await readPublishTimes(
    config.releaseAgeUrl,
    entries.map(queryOf).filter((query) => query !== null),
    { timeoutMs: config.requestTimeoutMs, maxRetries: config.maxRetries, now: now.getTime() },
  );
  if (!read.ok) return { lookup: null, error: read.error };
  return {
    error: null,
    lookup: (entry) => {
      const query = queryOf(entry);
      // An ecosystem the source does not cover is listed, not judged (contract: "Not covered").
      if (query === null) return { kind: 'not-covered' };
      return read.value.get(releaseKey(query)) ?? null;
    },
  };
}

/**
 * The MAL- ids of each entry from OSV at osv-url (its module loaded only then); from `known` when the
 * change was read from the lockfiles, whose vulnerabilities were asked of OSV for the same versions.
 */
async function readMalicious(
  config: Config,
  entries: readonly SupplyChainEntry[],
  known?: ReadonlyMap<string, readonly string[]>,
): Promise<Answered<string[]>> {
  const [osv, { isMaliciousId }] = await Promise.all([osvIds(config), import('../feeds/osv/malicious.js')]);
  const read = known === undefined ? await osv.read(entries) : success(known);
  if (!read.ok) return { lookup: null, error: read.error };
  return {
    error: null,
    lookup: (entry) => {
      const key = osv.keyOf(entry);
      // An ecosystem OSV does not know has no record there: nothing found, as for a clean version.
      if (key === null) return [];
      return (read.value.get(key) ?? []).filter(isMaliciousId);
    },
  };
}

function logSupply(config: Config, { entries, releaseAge, malicious, private: kept }: SupplyGathered): void {
  const parts = [`${plural(entries.length, 'version')} brought in`];
  if (kept > 0) parts.push(`${kept} private (asked of no outside source)`);
  log.info(`Before any advisory: ${parts.join(', ')}`);
  if (releaseAge?.error) log.info(releaseAge.error);
  else if (releaseAge) {
    const young = entries.filter((e) => e.releaseAge === 'too-new' || e.releaseAge === 'unknown').length;
    log.info(`Release age (${config.releaseAgeUrl}): ${plural(young, 'version')} younger than min-release-age`);
    const { count, ecosystems } = releaseAge.notCovered;
    if (count > 0)
      log.notice(
        `Release age: ${plural(count, 'version')} of ${ecosystems.join(', ')} not judged (${config.releaseAgeUrl} does not cover ${ecosystems.length === 1 ? 'that ecosystem' : 'those ecosystems'}).`,
      );
  }
  if (malicious?.error) log.info(malicious.error);
  else if (malicious) {
    const listed = entries.filter((e) => (e.malicious?.length ?? 0) > 0).length;
    log.info(`OSV (${config.osvUrl}): ${plural(listed, 'version')} listed as malicious`);
  }
}
