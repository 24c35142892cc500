// The views of the feeds beside the service (contract: "Known exploited vulnerabilities", "Exploit
// prediction (EPSS)", "Before any advisory"): what was read and from where, and the counts before any
// advisory, from the marks and dispositions the verdict recorded. Pure.
import type { Config } from '../config/inputs.js';
import {
  feedSourceName,
  type AlertCounts,
  type EpssScores,
  type EpssView,
  type EvaluatedSupplyChainEntry,
  type KevCatalog,
  type KnownExploitedView,
  type Outcome,
  type SupplyChainView,
} from '../model.js';
import type { SupplyGathered } from '../policy/supply-chain.js';

/** The counts before any advisory: each null when its check is off or its read failed (contract: "Outputs"). */
export function supplyCounts(
  { judged: supply, gathered, listedRead }: SupplyCounted,
  config: Config,
): Pick<AlertCounts, 'tooNew' | 'malicious' | 'denied'> {
  const entries = supply ?? [];
  const ageRead = gathered?.releaseAge != null && gathered.releaseAge.error === null;
  const osvRead = gathered?.malicious != null && gathered.malicious.error === null;
  return {
    tooNew: ageRead ? entries.filter((e) => e.releaseAge === 'too-new' || e.releaseAge === 'unknown').length : null,
    malicious: osvRead ? entries.filter((e) => (e.malicious?.length ?? 0) > 0).length : null,
    // The service's package search is a read the denied count needs (contract): failed, it is empty.
    denied:
      config.denyPackages.length > 0 && supply !== null && listedRead
        ? entries.filter((e) => e.denied !== null).length
        : null,
  };
}

/** What the supply counts rest on: the entries judged, the reads, and whether the service's packages were read (or need not be). */
export interface SupplyCounted {
  judged: EvaluatedSupplyChainEntry[] | null;
  gathered: SupplyGathered | null;
  listedRead: boolean;
}

/** What the reports show before any advisory; null when none of its checks is on and nothing is denied. */
export function supplyChainView(
  config: Config,
  supply: EvaluatedSupplyChainEntry[] | null,
  gathered: SupplyGathered | null,
): SupplyChainView | null {
  if (supply === null) return null;
  const age = gathered?.releaseAge ?? null;
  const osv = gathered?.malicious ?? null;
  return {
    entries: supply,
    releaseAge:
      age === null || config.minReleaseAgeMs === null
        ? null
        : {
            minAgeMs: config.minReleaseAgeMs,
            source: config.releaseAgeUrl,
            read: age.error === null,
            error: age.error,
            notCovered: age.notCovered,
          },
    malicious:
      osv === null || config.malicious === 'off'
        ? null
        : { mode: config.malicious, source: config.osvUrl, read: osv.error === null, error: osv.error },
    private: gathered?.private ?? 0,
  };
}

/** What the reports say of the EPSS scores; null when epss is off. */
export function epssView(config: Config, read: Outcome<EpssScores> | null): EpssView | null {
  if (config.epss === 'off') return null;
  const [mode, threshold] =
    typeof config.epss === 'object' ? (['threshold', config.epss.threshold] as const) : (['show', null] as const);
  const source = feedSourceName(config.epssSource);
  if (read === null || !read.ok)
    return {
      mode,
      threshold,
      source,
      read: false,
      modelVersion: null,
      scoreDate: null,
      asked: null,
      scored: null,
      error: read?.error ?? 'not read',
    };
  const { modelVersion, scoreDate, asked, scores } = read.value;
  return { mode, threshold, source, read: true, modelVersion, scoreDate, asked, scored: scores.size, error: null };
}

/** What the reports say of the catalog; null when known-exploited is off. */
export function catalogView(config: Config, catalog: Outcome<KevCatalog> | null): KnownExploitedView | null {
  if (config.knownExploited === 'off') return null;
  const source = feedSourceName(config.kevSource);
  const mode = config.knownExploited;
  if (catalog === null || !catalog.ok)
    return {
      mode,
      source,
      read: false,
      version: null,
      released: null,
      entries: null,
      error: catalog?.error ?? 'not read',
    };
  const { version, released, entries } = catalog.value;
  return { mode, source, read: true, version, released, entries: entries.size, error: null };
}
