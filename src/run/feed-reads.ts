// The public feeds the verdict may rest on, read for a run: CISA's KEV catalog (once, alongside the
// service reads), FIRST's EPSS scores (asked as alert pages arrive, given once the alerts are in), and
// release age and OSV's malicious packages (asked once the change is in, alongside the service reads).
// Each module loads only when its input is on; none of these rejects: a failed read is a message,
// weighed with the verdict (weigh.ts).
import type { Config } from '../config/inputs.js';
import type { RunnerContext } from '../github/context.js';
import * as log from '../github/log.js';
import type { VerdictFiles } from '../github/verdict-file.js';
import type { EpssReader } from '../feeds/epss/read.js';
import { cveIdsOf, type EpssScores, type KevCatalog, type Outcome } from '../model.js';
import type { PullRequestChange } from '../github/changes.js';
import type { SupplyGathered } from '../policy/supply-chain.js';
import type { AlertsRead } from './gather.js';
import type { IntroducedRead } from './introduced.js';

/**
 * The KEV catalog, read once under known-exploited warn or fail; null when off. A workspace copy is
 * read as the verdict must see it (at a pull request's base commit). Never rejects: a catalog that
 * cannot be read is a message, weighed with the verdict (assemble.ts).
 */
export async function readKnownExploited(
  config: Config,
  context: RunnerContext,
  files: VerdictFiles,
): Promise<Outcome<KevCatalog> | null> {
  if (config.knownExploited === 'off') return null;
  const { readCatalog } = await import('../feeds/kev/read.js');
  return readCatalog(config.kevSource, {
    workspace: context.workspace,
    timeoutMs: config.requestTimeoutMs,
    maxRetries: config.maxRetries,
    readFile: (path, maxBytes) => files.read({ input: 'kev-url', path, maxBytes }),
  });
}

/** The EPSS scores' reader under epss show or a threshold (its module loaded then); null when off. */
export async function startEpss(
  config: Config,
  context: RunnerContext,
  files: VerdictFiles,
): Promise<EpssReader | null> {
  if (config.epss === 'off') return null;
  const { epssReader } = await import('../feeds/epss/read.js');
  return epssReader(config.epssSource, {
    workspace: context.workspace,
    timeoutMs: config.requestTimeoutMs,
    maxRetries: config.maxRetries,
    readFile: (path, maxBytes, readBody) => files.read({ input: 'epss-url', path, maxBytes, readBody }),
  });
}

/**
 * The scores of every CVE id the verdict judges (each alert, each copy of a duplicate, each finding
 * of the pull request), once the alerts are in; null when epss is off.
 */
export async function readEpssScores(
  epss: EpssReader | null,
  { alerts, copies }: AlertsRead,
  introduced: IntroducedRead | null,
): Promise<Outcome<EpssScores> | null> {
  if (epss === null) return null;
  epss.ask(cveIdsOf(alerts));
  for (const copiesOfOne of copies?.values() ?? []) epss.ask(cveIdsOf(copiesOfOne));
  epss.ask(cveIdsOf((introduced?.findings ?? []).map((f) => ({ advisory: f.advisory, aliases: f.cves ?? [] }))));
  const waited = performance.now();
  const scores = await epss.scores();
  // How long the run waited for the scores once the alerts were in (the benchmark reads it).
  log.debug(`epss: the scores were in ${Math.round(performance.now() - waited)} ms after the alerts`);
  if (!scores.ok) log.info(scores.error);
  else {
    const { scores: read, asked, scoreDate, modelVersion } = scores.value;
    const about = [scoreDate && `dated ${scoreDate}`, modelVersion && `model ${modelVersion}`]
      .filter(Boolean)
      .join(', ');
    log.info(`EPSS scores: ${read.size} of ${asked} CVE ids scored${about ? ` (${about})` : ''}`);
  }
  return scores;
}

/** Whether any check before any advisory is on (contract: "Before any advisory"). */
export const checksSupply = (config: Config) =>
  config.minReleaseAgeMs !== null || config.malicious !== 'off' || config.denyPackages.length > 0;

/**
 * What the change brings in, asked of release age and OSV once the change is in (the module that asks
 * loads only when a check is on); null when none is. Never rejects.
 */
export async function readSupplyChain(
  config: Config,
  change: Promise<PullRequestChange | null>,
  now: Date,
): Promise<SupplyGathered | null> {
  if (!checksSupply(config)) return null;
  // The readers' modules load while the change is read (gatherSupply imports them again, from the cache).
  const readers = [
    config.minReleaseAgeMs !== null ? import('../feeds/release-age/read.js') : null,
    config.malicious !== 'off' ? import('../feeds/osv/querybatch.js') : null,
  ];
  const [{ gatherSupply }, read] = await Promise.all([import('./supply-reads.js'), change, ...readers]);
  return gatherSupply(config, read, now);
}
