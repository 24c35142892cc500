// Steps 3 to 6 of a run: resolve the repository, read and change settings concurrently, decide.
// Loaded as a chunk once the inputs are valid (see main.ts).
import { createClient } from '../api/client.js';
import { createEndpoints } from '../api/endpoints.js';
import { oneLine } from '../characters.js';
import type { Config } from '../config/inputs.js';
import type { RunnerContext } from '../github/context.js';
import { compareTarget, readChange, type ChangeRead, type PullRequestChange } from '../github/changes.js';
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
  const result = await resolveReadAndJudge(api, config, context, started, scheduling, licensing);
  log.info(`${client.stats.requests} requests to the service (${client.stats.retries} retries)`);
  // Fail closed, and say so (contract: "Fail closed"): the verdict is what it would be without the change.
  if (result.change?.state === 'unavailable')
    log.notice(
      `Nothing is resolved by this ${result.change.event === 'merge_group' ? 'merge group' : 'pull request'}: ${result.change.reason}`,
    );
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
  // Nor does the pull request's change, which comes from GitHub.
  const change = readPullRequestChange(config, context);

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
      await Promise.all([statistics, change]); // settle what is in flight; no use without the repository
      return stoppedResult(config, { id: '', name: context.repository, url: null }, [found.error], started);
    }
    const { rule, ...ref } = found.value;
    log.info(`${ref.name} is ${ref.id} (matched by ${rule})`);
    log.debug(`repository ${ref.name} matched by rule: ${rule}`);
    repository = ref;
  }

  const { reads, stats, settings, wrongRepository, pullRequest } = await log.group(
    'Reading from the service',
    async () => {
      const reading = readRepository(api, {
        organizationId: config.organizationId,
        repositoryId: repository.id,
        // Also when the change is read: an alert is resolved only in the manifests the search lists.
        packages: config.annotations || config.sarifFile !== null || readsChange(config, context),
        licenses: licensed(config),
      });
      // With an id to check, settings wait for the check: never change another repository's settings.
      const target = { organizationId: config.organizationId ?? undefined, repositoryId: repository.id };
      const changes = check.then((problem) =>
        problem
          ? notSent(config, 'the repository id was not confirmed')
          : applySettings(api, target, planSettings(config.settings), config.dryRun),
      );
      const [r, s, c, w, pr] = await Promise.all([reading, statistics, changes, check, change]);
      log.info(`${r.alerts.alerts.length} alerts read`);
      if (pr) logChange(pr);
      for (const change of c)
        log.info(`${change.status === 'dry-run' ? 'dry run, not sent' : change.status}: ${describeSetting(change)}`);
      return { reads: r, stats: s, settings: c, wrongRepository: w, pullRequest: pr };
    },
  );

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
    change: pullRequest,
    trace: (line) => log.debug(`decision: ${line}`),
  });
}

/**
 * The change's dependencies are asked for: on a pull request or merge group with pr-changes: auto,
 * when the event names both commits and there is a token to ask with. Only then does resolution
 * need the package search.
 */
const readsChange = (config: Config, context: RunnerContext) =>
  context.change !== null &&
  config.prChanges === 'auto' &&
  !('reason' in compareTarget(context.change, { repository: context.repository, token: config.githubToken }));

/**
 * The change's dependencies from GitHub's dependency review compare; null off a pull request or
 * merge group. Never rejects: a read that fails resolves nothing (contract: "Fail closed").
 */
async function readPullRequestChange(config: Config, context: RunnerContext): Promise<PullRequestChange | null> {
  if (context.change === null) return null;
  const { base, head } = context.change;
  const read: ChangeRead =
    config.prChanges === 'off'
      ? { state: 'off' }
      : await readChange(
          { base, head },
          {
            apiUrl: context.apiUrl,
            repository: context.repository,
            token: config.githubToken,
            timeoutMs: config.requestTimeoutMs,
            maxRetries: config.maxRetries,
          },
        ).catch((error: unknown) => ({
          state: 'unavailable' as const,
          reason: `the change could not be read (${error instanceof Error ? error.message : String(error)}).`,
        }));
  return { ...context.change, read };
}

function logChange({ read, base, head }: PullRequestChange): void {
  const commits = `${base?.slice(0, 7) ?? '?'}...${head?.slice(0, 7) ?? '?'}`;
  if (read.state === 'read') log.info(`The change's dependencies (${commits}): ${read.changes.length} entries read`);
  else if (read.state === 'off') log.info("pr-changes is off: the change's dependencies are not read");
  else log.info(`The change's dependencies (${commits}) could not be read: ${read.reason}`);
}

/** A license policy is set: the licenses are read and decide the verdict too. */
const licensed = (config: Config) => config.licenses.allow !== null || config.licenses.deny !== null;

/** Posture window: endDate today (UTC), startDate today - (days - 1). */
export function postureWindow(now: Date, days: number): { startDate: string; endDate: string } {
  const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  return { startDate: day(days - 1), endDate: day(0) };
}
