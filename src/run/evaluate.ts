// Steps 3 to 6 of a run: resolve the repository, read and change settings concurrently, decide.
// Loaded as a chunk once the inputs are valid (see main.ts).
import { createClient } from '../api/client.js';
import { createEndpoints } from '../api/endpoints.js';
import { oneLine } from '../characters.js';
import type { Config } from '../config/inputs.js';
import type { VexInput } from '../config/vex-files.js';
import type { RunnerContext } from '../github/context.js';
import * as log from '../github/log.js';
import { verdictFileSources, verdictFiles } from '../github/verdict-file.js';
import type { GateResult, RunError } from '../model.js';
import { plural } from '../numbers.js';
import { assembleResult } from './assemble.js';
import { readEpssScores, readSupplyChain, startEpss } from './feed-reads.js';
import { everyCopy } from './gather.js';
import { withFixes } from './fixes.js';
import { githubReadOptions } from './github-reads.js';
import { gatherIntroduced, locateSupply } from './introduced.js';
import { licensed, logBaseFile, readEverything, repositoryOf, startEarlyReads } from './reads.js';
import { unconfirmedRepository, type RepositoryRef } from './resolve.js';
import { stoppedResult } from './views.js';
import { toolOf } from '../version.js';
import { failureMessage as verdictFailure } from '../policy/index.js';
import { upgradesOf, upgradeWords } from '../reports/fix-words.js';

export { stepFails } from './judge.js';
/** The failure message: the verdict's reasons, the worst alerts, and what to do when a fix is known. */
export function failureMessage(result: GateResult): string {
  const upgrades = upgradesOf(result);
  const shown = upgrades.slice(0, 3).map(upgradeWords);
  const more = upgrades.length > 3 ? `; and ${upgrades.length - 3} more (the job summary's Fix column)` : '';
  return verdictFailure(result.verdict, 5, shown.length === 0 ? null : `${shown.join('; ')}${more}`);
}

export async function evaluate(
  config: Config,
  context: RunnerContext,
  started: Date,
  vex: VexInput | null = null,
): Promise<GateResult> {
  if (config.withheldSecrets) {
    const { judgeWithoutService } = await import('./without-service.js');
    return judgeWithoutService({ ...config, withheldSecrets: config.withheldSecrets }, context, started, vex);
  }
  const client = createClient({
    baseUrl: config.apiUrl,
    tokenId: config.tokenId,
    tokenSecret: config.tokenSecret,
    timeoutMs: config.requestTimeoutMs,
    maxRetries: config.maxRetries,
    onRetry: (e) =>
      log.info(`${e.endpoint}: attempt ${e.attempt} failed (${e.reason}); retrying in ${log.seconds(e.delayMs)}`),
    onResponse: (e) =>
      log.debug(
        `request ${e.endpoint}${e.page === null ? '' : ` page ${e.page}`}${e.attempt > 1 ? ` attempt ${e.attempt}` : ''}: ${e.status === null ? 'no answer' : `HTTP ${e.status}`} in ${e.ms} ms`,
      ),
  });
  const api = createEndpoints(client);
  // The crontab libraries, and the SPDX ones under a license policy, load while the requests are in flight.
  const scheduling = import('./schedule.js');
  const licensing = licensed(config) ? import('../policy/licenses.js') : null;
  // Awaited once the reads are in; a run that stops before must not leave them unhandled.
  for (const loading of [scheduling, licensing]) loading?.catch(() => undefined);
  const result = await resolveReadAndJudge(api, config, context, started, scheduling, licensing, vex);
  log.info(
    `${plural(client.stats.requests, 'request')} to the service (${plural(client.stats.retries, 'retry', 'retries')})`,
  );
  // Fail closed, and say so (contract: "Fail closed"): the verdict is what it would be without the change.
  if (result.change?.state === 'unavailable')
    log.notice(
      `Nothing is resolved by this ${result.change.event === 'merge_group' ? 'merge group' : 'pull request'}: ${result.change.reason}`,
    );
  // The id as the outputs and reports give it: one line (contract: "Outputs"). The reads used it, and
  // the posture row was found by it, as the service sent it.
  return {
    ...result,
    tool: toolOf(context.actionRef),
    repository: { ...result.repository, id: oneLine(result.repository.id) },
  };
}

/**
 * The run as a pipeline: what needs no repository id starts at once; the repository is resolved (or
 * its id checked); every read and the settings changes run concurrently; a wrong repository stops
 * the run; what the pull request brings in and the EPSS scores are gathered once the alerts are in;
 * then the verdict and the result model every report renders (assemble.ts).
 */
async function resolveReadAndJudge(
  api: Endpoints,
  config: Config,
  context: RunnerContext,
  started: Date,
  scheduling: Promise<typeof import('./schedule.js')>,
  licensing: Promise<typeof import('../policy/licenses.js')> | null,
  vex: VexInput | null,
): Promise<GateResult> {
  const window = postureWindow(started, config.postureDays);
  const files = verdictFiles(verdictFileSources(config, context));
  const early = startEarlyReads(api, config, context, window, files);
  // Release age and OSV are asked as soon as the change is in, alongside the service's reads.
  const supplyReading = readSupplyChain(config, early.change, started);
  // Its module loads while the repository is resolved; the scores are asked for as alert pages arrive.
  const epssLoading = startEpss(config, context, files);
  epssLoading.catch(() => undefined); // awaited below; a run that stops first must not leave it unhandled
  const target = await repositoryOf(api, config, context, early.statistics);
  if (!target.ok) {
    await Promise.all([...Object.values(early), supplyReading]); // settle what is in flight; no use without the repository
    return stoppedResult(config, { id: '', name: context.repository, url: null }, [target.error], started);
  }
  const { repository } = target.value;
  const epss = await epssLoading;
  const read = await log.group('Reading from the service', () =>
    readEverything(api, config, context, target.value, early, epss),
  );
  const baseFiles = [...(vex?.baseFiles ?? []), ...files.views()];
  baseFiles.forEach((view) => logBaseFile(view, context));
  const wrong = wrongRepository(config, repository, read);
  if (wrong) return stoppedResult(config, repository, [wrong], started, read.settings);

  const introduced = await gatherIntroduced(
    config,
    context,
    read.pullRequest,
    everyCopy(read.reads.alerts),
    vex?.documents,
  );
  if (introduced)
    log.info(
      `${plural(introduced.findings.length, 'vulnerability', 'vulnerabilities')} brought in by the pull request`,
    );
  const [scores, supply] = await Promise.all([readEpssScores(epss, read.reads.alerts, introduced), supplyReading]);
  await locateSupply(supply, introduced, context.workspace);
  // An epss-url copy is read once every CVE id is known: its view comes after the others.
  const csvViews = files.views().filter((view) => !baseFiles.includes(view));
  csvViews.forEach((view) => logBaseFile(view, context));
  baseFiles.push(...csvViews);

  // 5. The verdict, and the result model every report renders.
  const [{ describeSchedule }, spdx] = await Promise.all([scheduling, licensing]);
  const result = assembleResult({
    config,
    repository,
    reads: read.reads,
    statistics: read.stats,
    settings: read.settings,
    window,
    now: started,
    describeSchedule,
    evaluateLicenses: spdx?.evaluateLicenses,
    blobUrl: context.blobUrl,
    // A check that could not be made (the service failed) is an error beside the verdict: what was
    // read of the id's alerts still fails the gate when it should.
    errors: read.wrongRepository ? [read.wrongRepository] : [],
    change: read.pullRequest,
    introduced,
    catalog: read.catalog,
    epss: scores,
    baseFiles,
    vex,
    supply,
    trace: (line) => log.debug(`decision: ${line}`),
  });
  // 6. The way out: the version that fixes each gating, due and allowed alert and each finding.
  return withFixes(result, githubReadOptions(config, context), introduced?.advisories);
}

type Endpoints = ReturnType<typeof createEndpoints>;

/**
 * The right repository: a wrong id stops the run (the data read for it would only mislead), and so
 * does an id given alone that nothing confirms. null: go on.
 */
function wrongRepository(
  config: Config,
  repository: RepositoryRef,
  { wrongRepository, reads, stats }: Awaited<ReturnType<typeof readEverything>>,
): RunError | null {
  if (wrongRepository?.kind === 'setup') return wrongRepository;
  return config.appId ? null : unconfirmedRepository(repository.id, reads, stats);
}

/** Posture window: endDate today (UTC), startDate today - (days - 1). */
export function postureWindow(now: Date, days: number): { startDate: string; endDate: string } {
  const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  return { startDate: day(days - 1), endDate: day(0) };
}
