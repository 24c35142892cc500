// One run of the action, in the order of the contract's "What one run does".
import * as core from '@actions/core';
import { createClient } from './api/client.js';
import { createEndpoints, type Endpoints } from './api/endpoints.js';
import { formatInputErrors, parseInputs, type Config } from './config/inputs.js';
import { readRunnerContext, type RunnerContext } from './github/context.js';
import * as log from './github/log.js';
import type { GateResult } from './model.js';
import { failureMessage } from './policy/index.js';
import { assembleResult, notSent, stepFails, stoppedResult } from './run/assemble.js';
import { readRepository, readStatistics } from './run/gather.js';
import { writeReports } from './run/publish.js';
import { checkRepositoryId, findRepository, unconfirmedRepository, type RepositoryRef } from './run/resolve.js';
import { applySettings, describeSetting, planSettings } from './run/settings.js';

export interface RunDependencies {
  now?: () => Date;
  fetch?: typeof fetch;
}

export async function run({ now = () => new Date(), fetch }: RunDependencies = {}): Promise<void> {
  // 2. Mask the tokens before anything can be logged, even before they are validated.
  for (const name of ['api-token-id', 'api-token-secret', 'github-token']) {
    const value = core.getInput(name);
    if (value) core.setSecret(value);
  }
  // 1. Validate every input; nothing is sent unless all are good.
  const context = readRunnerContext();
  const parsed = parseInputs((name) => core.getInput(name), context);
  if (!parsed.ok) {
    core.setOutput('result', 'error');
    log.fail(formatInputErrors(parsed.error));
    return;
  }
  const config = parsed.value;
  const client = createClient({
    baseUrl: config.apiUrl,
    tokenId: config.tokenId,
    tokenSecret: config.tokenSecret,
    timeoutMs: config.requestTimeoutMs,
    maxRetries: config.maxRetries,
    fetch,
    onRetry: (e) => log.info(`${e.endpoint}: attempt ${e.attempt} failed (${e.reason}); retrying in ${log.seconds(e.delayMs)}`),
  });

  const result = await evaluate(createEndpoints(client), config, context, now());
  log.info(`${client.stats.requests} requests to the service (${client.stats.retries} retries)`);
  const writeErrors = await log.group('Writing the reports', () => writeReports(result, config, context));
  finish(result, config, writeErrors);
}

/** Steps 3 to 6: resolve, read and change settings concurrently, decide. */
async function evaluate(api: Endpoints, config: Config, context: RunnerContext, started: Date): Promise<GateResult> {
  const window = postureWindow(started, config.postureDays);
  // The statistics do not need the repository id: they start at once.
  const statistics = readStatistics(api, { ...window, organizationId: config.organizationId, projectId: config.projectId });

  let repository: RepositoryRef;
  let check: Promise<GateResult['errors'][number] | null> = Promise.resolve(null);
  if (config.repositoryId) {
    repository = { id: config.repositoryId, name: context.repository, url: null };
    log.info(`repository-id given: ${config.repositoryId}${config.appId ? ` (checked against app ${config.appId})` : ''}`);
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
    });
    // With an id to check, settings wait for the check: never change another repository's settings.
    const target = { organizationId: config.organizationId ?? undefined, repositoryId: repository.id };
    const changes = check.then((problem) =>
      problem ? notSent(config, 'the repository id was not confirmed') : applySettings(api, target, planSettings(config.settings), config.dryRun),
    );
    const [r, s, c, w] = await Promise.all([reading, statistics, changes, check]);
    log.info(`${r.alerts.alerts.length} alerts read`);
    for (const change of c) log.info(`${change.status === 'dry-run' ? 'dry run, not sent' : change.status}: ${describeSetting(change)}`);
    return { reads: r, stats: s, settings: c, wrongRepository: w };
  });

  // The right repository: a wrong id stops the run; the data read for it would only mislead.
  const unconfirmed = wrongRepository ?? (config.appId ? null : unconfirmedRepository(repository.id, reads, stats));
  if (unconfirmed) return stoppedResult(config, repository, [unconfirmed], started, settings);
  // 5. The verdict, and the result model every report renders.
  return assembleResult({ config, repository, reads, statistics: stats, settings, window, now: started });
}

/** Posture window: endDate today (UTC), startDate today - (days - 1). */
export function postureWindow(now: Date, days: number): { startDate: string; endDate: string } {
  const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  return { startDate: day(days - 1), endDate: day(0) };
}

/** Step 8. Exit as the result says: fail on a failed gate; API errors as on-api-error says. */
function finish(result: GateResult, config: Config, writeErrors: string[]): void {
  for (const warning of result.warnings) log.warning(warning.message);
  const errors = result.errors.map((e) => e.message);
  const failures: string[] = [...writeErrors];
  if (result.result === 'fail') {
    for (const message of errors) log.warning(message);
    failures.unshift(failureMessage(result.verdict));
  } else if (result.result === 'error') {
    if (stepFails(result, config.onApiError)) {
      failures.unshift(...errors);
    } else {
      for (const message of errors) log.warning(message);
      log.warning('on-api-error is warn: the step succeeds with result=error.');
    }
  } else {
    log.info(`Security gate passed: ${result.verdict.reasons.join(' ')}`);
  }
  if (failures.length > 0) log.fail(failures.join('\n'));
}
