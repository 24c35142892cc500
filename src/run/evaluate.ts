// Steps 3 to 6 of a run: resolve the repository, read and change settings concurrently, decide.
// Loaded as a chunk once the inputs are valid (see main.ts).
import { createClient } from '../api/client.js';
import { createEndpoints } from '../api/endpoints.js';
import { oneLine } from '../characters.js';
import type { Config } from '../config/inputs.js';
import type { RunnerContext } from '../github/context.js';
import * as log from '../github/log.js';
import type { GateResult } from '../model.js';
import { assembleResult, notSent, stoppedResult } from './assemble.js';
import { readRepository, readStatistics } from './gather.js';
import { checkRepositoryId, findRepository, unconfirmedRepository, type RepositoryRef } from './resolve.js';
import { applySettings, describeSetting, planSettings } from './settings.js';

export { stepFails } from './assemble.js';
export { failureMessage } from '../policy/index.js';

export async function evaluate(config: Config, context: RunnerContext, started: Date): Promise<GateResult> {
  const client = createClient({
    baseUrl: config.apiUrl,
    tokenId: config.tokenId,
    tokenSecret: config.tokenSecret,
    timeoutMs: config.requestTimeoutMs,
    maxRetries: config.maxRetries,
    onRetry: (e) =>
      log.info(`${e.endpoint}: attempt ${e.attempt} failed (${e.reason}); retrying in ${log.seconds(e.delayMs)}`),
  });
  const api = createEndpoints(client);
  // The crontab libraries, and the SPDX ones under a license policy, load while the requests are in flight.
  const scheduling = import('./schedule.js');
  const licensing = licensed(config) ? import('../policy/licenses.js') : null;
  // Awaited once the reads are in; a run that stops before must not leave them unhandled.
  for (const loading of [scheduling, licensing]) loading?.catch(() => undefined);
  const result = await resolveReadAndJudge(api, config, context, started, scheduling, licensing);
  log.info(`${client.stats.requests} requests to the service (${client.stats.retries} retries)`);
  // The id as the outputs and reports give it: one line (contract: "Outputs"). The reads used it, and
  // the posture row was found by it, as the service sent it.
  return { ...result, repository: { ...result.repository, id: oneLine(result.repository.id) } };
}

/** Resolves (or checks) the repository, reads and changes settings concurrently, and judges what was read. */
async function resolveReadAndJudge(
  api: ReturnType<typeof createEndpoints>,
  config: Config,
  context: RunnerContext,
  started: Date,
  scheduling: Promise<typeof import('./schedule.js')>,
  licensing: Promise<typeof import('../policy/licenses.js')> | null,
): Promise<GateResult> {
  const window = postureWindow(started, config.postureDays);
  // The statistics do not need the repository id: they start at once.
  const statistics = readStatistics(api, {
    ...window,
    organizationId: config.organizationId,
    projectId: config.projectId,
  });

  let repository: RepositoryRef;
  let check: Promise<GateResult['errors'][number] | null> = Promise.resolve(null);
  if (config.repositoryId) {
    repository = { id: config.repositoryId, name: context.repository, url: null };
    log.info(
      `repository-id given: ${config.repositoryId}${config.appId ? ` (checked against app ${config.appId})` : ''}`,
    );
    if (config.appId) check = checkRepositoryId(api, config, config.repositoryId);
  } else {
    const found = await log.group('Resolving the repository', () => findRepository(api, config, context));
    if (!found.ok) {
      await statistics; // settle what is in flight; its answer is of no use without the repository
      return stoppedResult(config, { id: '', name: context.repository, url: null }, [found.error], started);
    }
    const { rule, ...ref } = found.value;
    log.info(`${ref.name} is ${ref.id} (matched by ${rule})`);
    repository = ref;
  }

  const { reads, stats, settings, wrongRepository } = await log.group('Reading from the service', async () => {
    const reading = readRepository(api, {
      organizationId: config.organizationId,
      repositoryId: repository.id,
      packages: config.annotations || config.sarifFile !== null,
      licenses: licensed(config),
    });
    // With an id to check, settings wait for the check: never change another repository's settings.
    const target = { organizationId: config.organizationId ?? undefined, repositoryId: repository.id };
    const changes = check.then((problem) =>
      problem
        ? notSent(config, 'the repository id was not confirmed')
        : applySettings(api, target, planSettings(config.settings), config.dryRun),
    );
    const [r, s, c, w] = await Promise.all([reading, statistics, changes, check]);
    log.info(`${r.alerts.alerts.length} alerts read`);
    for (const change of c)
      log.info(`${change.status === 'dry-run' ? 'dry run, not sent' : change.status}: ${describeSetting(change)}`);
    return { reads: r, stats: s, settings: c, wrongRepository: w };
  });

  // The right repository: a wrong id stops the run; the data read for it would only mislead. A check
  // that could not be made (the service failed) is an error beside the verdict: what was read of the
  // id's alerts still fails the gate when it should.
  const unconfirmed =
    wrongRepository?.kind === 'setup'
      ? wrongRepository
      : config.appId
        ? null
        : unconfirmedRepository(repository.id, reads, stats);
  if (unconfirmed) return stoppedResult(config, repository, [unconfirmed], started, settings);
  const checkFailed = wrongRepository ? [wrongRepository] : [];
  // 5. The verdict, and the result model every report renders.
  const [{ describeSchedule }, spdx] = await Promise.all([scheduling, licensing]);
  return assembleResult({
    config,
    repository,
    reads,
    statistics: stats,
    settings,
    window,
    now: started,
    describeSchedule,
    evaluateLicenses: spdx?.evaluateLicenses,
    blobUrl: context.blobUrl,
    errors: checkFailed,
  });
}

/** A license policy is set: the licenses are read and decide the verdict too. */
const licensed = (config: Config) => config.licenses.allow !== null || config.licenses.deny !== null;

/** Posture window: endDate today (UTC), startDate today - (days - 1). */
export function postureWindow(now: Date, days: number): { startDate: string; endDate: string } {
  const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  return { startDate: day(days - 1), endDate: day(0) };
}
