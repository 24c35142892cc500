// The versions brought in as OSV is asked of them (contract: "Malicious packages", "Vulnerabilities of
// added entries"): each version one query in OSV's words, and every vulnerability id of each from OSV's
// querybatch. One way of asking for the malicious check and the lockfiles' vulnerabilities, so that the
// answer to one serves the other. OSV's modules load only when it is asked.
import type { Config } from '../config/inputs.js';
import type { DependencyChange, Outcome } from '../model.js';
import { namedVersion } from '../policy/supply-chain.js';

/** A version as OSV is asked of it: a change's entry, or a version brought in. */
type Versioned = Pick<DependencyChange, 'ecosystem' | 'name' | 'version' | 'packageUrl'>;

export interface OsvIds {
  /** The key of a version's ids in an answer; null when OSV is not asked of its ecosystem. */
  keyOf: (entry: Versioned) => string | null;
  /** Every vulnerability id of each version asked, by key, or why they could not all be read. */
  read: (entries: readonly Versioned[]) => Promise<Outcome<ReadonlyMap<string, readonly string[]>>>;
}

export async function osvIds(config: Config): Promise<OsvIds> {
  const [{ osvQueryBatch }, { osvPackageVersion }, { osvPackageKey }] = await Promise.all([
    import('../feeds/osv/querybatch.js'),
    import('../feeds/osv/ecosystems.js'),
    import('../feeds/osv/queries.js'),
  ]);
  const queryOf = (entry: Versioned) => {
    const named = namedVersion(entry);
    return osvPackageVersion(named.ecosystem ?? entry.ecosystem, named.name, entry.version, named.namespace);
  };
  return {
    keyOf: (entry) => {
      const query = queryOf(entry);
      return query === null ? null : osvPackageKey(query);
    },
    // OSV allows a batch 35 s: a request timeout below that would fail a read OSV is still answering.
    read: (entries) =>
      osvQueryBatch(
        config.osvUrl,
        entries.map(queryOf).filter((query) => query !== null),
        { timeoutMs: Math.max(config.requestTimeoutMs, 35_000), maxRetries: config.maxRetries },
      ),
  };
}
