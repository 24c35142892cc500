// One run of the action, in the order of the contract's "What one run does".
import * as core from '@actions/core';
import { ApiError, createClient } from './api/client.js';
import { createEndpoints, type Endpoints } from './api/endpoints.js';
import { assembleResult, errorResult } from './run/assemble.js';
import { gather } from './run/gather.js';
import { formatInputErrors, parseInputs, type Config } from './config/inputs.js';
import * as log from './github/log.js';
import { failureMessage } from './policy/index.js';
import { writeReports } from './run/publish.js';
import { matchRepository } from './run/resolve.js';
import type { GateResult } from './model.js';
import { readRunnerContext, type RunnerContext } from './github/context.js';
import { applySettings, describeSetting, planSettings } from './run/settings.js';

export interface RunDependencies {
  now?: () => Date;
  fetch?: typeof fetch;
}

/** The result, and whether it fails the step whatever on-api-error says (bad token, bad setup). */
interface Outcome {
  result: GateResult;
  alwaysFails: boolean;
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
    core.setFailed(formatInputErrors(parsed.errors));
    return;
  }
  const config = parsed.config;
  const client = createClient({
    baseUrl: config.apiUrl,
    tokenId: config.tokenId,
    tokenSecret: config.tokenSecret,
    timeoutMs: config.requestTimeoutMs,
    maxRetries: config.maxRetries,
    fetch,
    onRetry: (e) => log.info(`${e.endpoint}: attempt ${e.attempt} failed (${e.reason}); retrying in ${log.seconds(e.delayMs)}`),
  });

  const outcome = await evaluate(createEndpoints(client), config, context, now());
  log.info(`${client.stats.requests} requests to the service (${client.stats.retries} retries)`);
  const writeErrors = await log.group('Writing the reports', () => writeReports(outcome.result, config, context));
  finish(outcome, config, writeErrors);
}

/** Steps 3 to 6: resolve, read and change settings concurrently, decide. */
async function evaluate(api: Endpoints, config: Config, context: RunnerContext, started: Date): Promise<Outcome> {
  const unknown = { id: config.repositoryId ?? '', name: context.repository, url: null };
  let repository: GateResult['repository'];
  try {
    const resolved = await log.group('Resolving the repository', () => resolveRepository(api, config, context));
    // No match is a setup problem, not a service fault: it fails whatever on-api-error says.
    if (typeof resolved === 'string') return { result: errorResult(config, unknown, [resolved], started), alwaysFails: true };
    repository = resolved;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { result: errorResult(config, unknown, [error.message], started), alwaysFails: error.kind === 'credentials' };
  }

  const window = postureWindow(started, config.postureDays);
  const [gathered, settings] = await log.group('Reading from the service', async () => {
    const reads = gather(api, {
      ...window,
      organizationId: config.organizationId,
      projectId: config.projectId,
      repositoryId: repository.id,
      packages: config.annotations || config.sarifFile !== null,
    });
    const target = { organizationId: config.organizationId ?? undefined, repositoryId: repository.id };
    const changes = applySettings(api, target, planSettings(config.settings), config.dryRun);
    const [g, s] = await Promise.all([reads, changes]);
    if (g.alerts.ok) log.info(`${g.alerts.value.length} alerts read`);
    for (const change of s) log.info(`${change.status === 'dry-run' ? 'dry run, not sent' : change.status}: ${describeSetting(change)}`);
    return [g, s] as const;
  });

  // 5. The verdict, and the result model every report renders.
  const result = assembleResult({ config, repository, gathered, settings, window, now: started });
  const reads = [gathered.alerts, gathered.posture, gathered.timeSaved, gathered.schedule, gathered.packages];
  const rejected = reads.some((r) => r && !r.ok && r.error.kind === 'credentials') || settings.some((s) => s.status === 'rejected');
  return { result, alwaysFails: rejected };
}

/** The repository, or why it could not be resolved. */
async function resolveRepository(api: Endpoints, config: Config, context: RunnerContext): Promise<GateResult['repository'] | string> {
  if (config.repositoryId) {
    log.info(`repository-id given: ${config.repositoryId}`);
    return { id: config.repositoryId, name: context.repository, url: null };
  }
  const appId = config.appId ?? '';
  const repositories = await api.listRepositories({ organizationId: config.organizationId ?? undefined, appId });
  const match = matchRepository(repositories, context, appId);
  if (!match.ok) return match.error;
  log.info(`${match.repository.repositoryName} is ${match.repository.id} (matched by ${match.rule})`);
  return { id: match.repository.id, name: match.repository.repositoryName, url: match.repository.repositoryUrl };
}

/** Posture window: endDate today (UTC), startDate today - (days - 1). */
export function postureWindow(now: Date, days: number): { startDate: string; endDate: string } {
  const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  return { startDate: day(days - 1), endDate: day(0) };
}

/** Step 8. Exit as the result says: fail on a failed gate; API errors as on-api-error says. */
function finish({ result, alwaysFails }: Outcome, config: Config, writeErrors: string[]): void {
  for (const warning of result.warnings) log.warning(warning.message);
  const failures: string[] = [...writeErrors];
  if (result.result === 'fail') {
    for (const message of result.errors) log.warning(message);
    failures.unshift(failureMessage(result.verdict));
  } else if (result.result === 'error') {
    if (config.onApiError === 'warn' && !alwaysFails) {
      for (const message of result.errors) log.warning(message);
      log.warning('on-api-error is warn: the step succeeds with result=error.');
    } else {
      failures.unshift(...result.errors);
    }
  } else {
    log.info(`Security gate passed: ${result.verdict.reasons.join(' ')}`);
  }
  if (failures.length > 0) core.setFailed(failures.join('\n'));
}
