// The feeds beside the service weighed (contract: "Known exploited vulnerabilities", "Exploit
// prediction (EPSS)", "Before any advisory"): under the setting that lets a feed gate, a read that
// failed takes the verdict away (an error, on-api-error decides; a known failure still wins); otherwise
// it is a warning. Stale data warns and still gates. Pure: what was read comes in.
import type { Config } from '../config/inputs.js';
import type { PullRequestChange } from '../github/changes.js';
import { isCalendarDate, parseInstant } from '../instants.js';
import type { EpssScores, KevCatalog, Outcome } from '../model.js';
import { KEV_FEED_URL } from '../model.js';
import { plural } from '../numbers.js';
import type { SupplyGathered } from '../policy/supply-chain.js';
import type { Found } from './weigh.js';

/**
 * The KEV catalog's read weighed (contract: "Known exploited vulnerabilities"): under `fail` it
 * decides the verdict, so a catalog that cannot be read is an error (on-api-error decides; a known
 * failure still wins); under `warn`, a warning. Entries without a CVE id are counted in one warning;
 * a catalog released more than 7 × 24 hours before the run is a warning too, and still gates.
 */
export function weighCatalog(
  config: Config,
  catalog: Outcome<KevCatalog> | null,
  now: Date,
  found: Found,
): KevCatalog | null {
  if (config.knownExploited === 'off' || catalog === null) return null;
  const decides = config.knownExploited === 'fail';
  found.trace(
    `the KEV catalog (${decides ? 'decisive' : 'reports only'}): ${catalog.ok ? `read, ${plural(catalog.value.entries.size, 'entry', 'entries')}` : `failed: ${catalog.error}`}`,
  );
  if (!catalog.ok) {
    if (decides) found.errors.push({ kind: 'api', message: catalog.error });
    else
      found.warnings.push({
        kind: 'unavailable',
        message: `${catalog.error} Known-exploited alerts are not flagged in this run (known-exploited: warn).`,
      });
    return null;
  }
  const { skipped } = catalog.value;
  if (skipped > 0)
    found.warnings.push({
      kind: 'read',
      message: `The KEV catalog has ${plural(skipped, 'entry', 'entries')} without a CVE id (cveID missing, null, empty or not CVE-YYYY-N); ${skipped === 1 ? 'it was' : 'they were'} skipped.`,
    });
  const stale = staleCatalog(config, catalog.value.released, now, decides);
  if (stale) found.warnings.push({ kind: 'known-exploited', message: stale });
  return catalog.value;
}

/** A catalog released longer than this before the run is stale (contract: "A stale catalog warns"). */
const KEV_STALE_MS = 7 * 24 * 3_600_000;

/**
 * The warning for a catalog released more than 7 × 24 hours before the run, as for stale EPSS
 * scores; null when it is not, or says no readable dateReleased (nothing to tell its age by).
 */
function staleCatalog(config: Config, released: string | null, now: Date, gates: boolean): string | null {
  const at = released === null ? null : catalogReleasedAt(released);
  const age = at === null ? 0 : now.getTime() - at;
  if (age <= KEV_STALE_MS) return null;
  const days = Math.floor(age / 86_400_000);
  const hours = Math.floor((age % 86_400_000) / 3_600_000);
  const ago = `${plural(days, 'day')}${hours > 0 ? ` and ${plural(hours, 'hour')}` : ''}`;
  const why =
    config.kevSource.kind === 'url' && config.kevSource.url === KEV_FEED_URL
      ? 'CISA has released no newer one, or something between serves an old copy'
      : "kev-url may name a copy that is no longer updated; refresh the copy, or give kev-url CISA's feed";
  return `The KEV catalog was released ${released}, ${ago} before this run (more than 7 × 24 hours): ${why}. It is used as it is${gates ? ' and still gates' : ''}.`;
}

/**
 * A catalog's dateReleased as an instant: an RFC 3339 date-time with a zone as instants.ts reads it
 * (CISA writes `2025-03-14T14:01:12.0465Z`). A date alone, or a date-time without a zone (its time
 * and zone unknown), counts from the last moment that date is anywhere, its end at UTC-12, so the
 * age is never overstated: a stale warning may come late, never early. Anything else: null.
 */
export function catalogReleasedAt(text: string): number | null {
  const instant = parseInstant(text);
  if (instant !== null) return instant;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?)?$/.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isCalendarDate(year, month, day)) return null;
  const end = new Date(Date.UTC(2000, 0, 1, 12)); // the next day's 00:00 at UTC-12
  end.setUTCFullYear(year, month - 1, day + 1);
  return end.getTime();
}

/** Scores older than this, before the run, are stale (contract: "Provenance"). */
const EPSS_STALE_DAYS = 7;

/**
 * The EPSS scores' read weighed (contract: "Exploit prediction (EPSS)"): under a threshold they
 * decide the verdict, so scores that cannot be read are an error (on-api-error decides; a known
 * failure still wins); under show, a warning. Stale scores are a warning, and still gate.
 */
export function weighEpss(
  config: Config,
  read: Outcome<EpssScores> | null,
  now: Date,
  found: Found,
): EpssScores | null {
  if (config.epss === 'off' || read === null) return null;
  const decides = typeof config.epss === 'object';
  found.trace(
    `the EPSS scores (${decides ? 'decisive' : 'reports only'}): ${read.ok ? `read, ${read.value.scores.size} of ${read.value.asked} CVE ids scored` : `failed: ${read.error}`}`,
  );
  if (!read.ok) {
    if (decides) found.errors.push({ kind: 'api', message: read.error });
    else
      found.warnings.push({
        kind: 'unavailable',
        message: `${read.error} No alert shows an EPSS score in this run (epss: show).`,
      });
    return null;
  }
  const { scoreDate } = read.value;
  const age = scoreDate === null ? 0 : Math.floor((now.getTime() - Date.parse(`${scoreDate}T00:00:00Z`)) / 86_400_000);
  if (age > EPSS_STALE_DAYS)
    found.warnings.push({
      kind: 'epss',
      message: `The EPSS scores are dated ${scoreDate}, ${age} days before this run (more than ${EPSS_STALE_DAYS}): epss-url may name a copy that is no longer updated. They are used as they are${decides ? ' and still gate' : ''}; refresh the copy, or give epss-url FIRST's API.`,
    });
  return read.value;
}

/**
 * What was gathered before any advisory, weighed (contract: "Before any advisory"): a release-age read
 * that failed is an API error under pr-introduced: fail (release age follows it), a warning under
 * warn; an OSV read that failed is an API error under malicious: fail, a warning under warn. A known
 * failure still wins: what the reads that did arrive show is still judged.
 */
export function weighSupply(
  config: Config,
  change: PullRequestChange | null,
  gathered: SupplyGathered | null,
  found: Found,
): SupplyGathered | null {
  // Under pr-introduced off or warn, weighIntroduced makes no error of a change that could not be
  // read: the checks that gate whatever pr-introduced says (malicious: fail, deny-packages) say it
  // here (fail closed). Under fail it is an error there already.
  const read = change?.read;
  const gates = config.malicious === 'fail' || config.denyPackages.length > 0;
  if (config.prIntroduced !== 'fail' && gates && read?.state === 'unavailable' && read.cause !== 'not-asked') {
    const message = `What this pull request brings in was not checked for malicious or denied packages: ${read.reason}`;
    if (read.cause === 'failed' || read.cause === 'no-token') found.errors.push({ kind: 'api', message });
    else found.warnings.push({ kind: 'unavailable', message });
  }
  if (gathered === null) return null;
  const failed = (error: string | null, decides: boolean, what: string) => {
    if (error === null) return;
    found.trace(`${what} (${decides ? 'decisive' : 'reports only'}): failed: ${error}`);
    if (decides) found.errors.push({ kind: 'api', message: error });
    else found.warnings.push({ kind: 'unavailable', message: `${error} ${what} is not checked in this run.` });
  };
  failed(gathered.releaseAge?.error ?? null, config.prIntroduced === 'fail', 'Release age');
  failed(gathered.malicious?.error ?? null, config.malicious === 'fail', 'Whether a version is malicious');
  return gathered;
}
