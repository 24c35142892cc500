// One run of the action, in the order of the contract's "What one run does".
import * as core from '@actions/core';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ApiError, createClient } from './api/client.js';
import { createEndpoints, type Endpoints } from './api/endpoints.js';
import { assembleResult } from './assemble.js';
import { gather } from './gather.js';
import { formatInputErrors, parseInputs, type Config } from './inputs.js';
import * as log from './log.js';
import { actionOutputs } from './outputs.js';
import { failureMessage } from './policy/index.js';
import { githubCommentApi, isPermissionError } from './github-comment.js';
import { renderComment, upsertComment } from './reports/comment.js';
import { buildAnnotations, MAX_ERROR_ANNOTATIONS } from './reports/annotations.js';
import { renderJsonReport } from './reports/json.js';
import { renderSarif } from './reports/sarif.js';
import { VERSION } from './version.js';
import { renderSummary } from './reports/summary.js';
import { matchRepository } from './repository.js';
import type { GateResult } from './result.js';
import { readRunnerContext, type RunnerContext } from './runner.js';
import { applySettings, describeSetting, planSettings } from './settings.js';

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
    core.setFailed(formatInputErrors(parsed.errors));
    return;
  }
  const config = parsed.config;
  const api = createEndpoints(
    createClient({
      baseUrl: config.apiUrl,
      tokenId: config.tokenId,
      tokenSecret: config.tokenSecret,
      timeoutMs: config.requestTimeoutMs,
      maxRetries: config.maxRetries,
      fetch,
      onRetry: (e) => log.info(`${e.endpoint}: attempt ${e.attempt} failed (${e.reason}); retrying in ${log.seconds(e.delayMs)}`),
    }),
  );

  try {
    // 3. Which repository of the service is this one?
    const repository = await log.group('Resolving the repository', () => resolveRepository(api, config, context));
    if (!repository) return;

    // 4 + 6. Reads and settings changes are independent: run them together.
    const started = now();
    const window = postureWindow(started, config.postureDays);
    const plan = planSettings(config.settings);
    const [gathered, settings] = await log.group('Reading from the service', async () => {
      const target = { organizationId: config.organizationId ?? undefined, repositoryId: repository.id };
      const both = await Promise.all([
        gather(api, { ...window, organizationId: config.organizationId, projectId: config.projectId, repositoryId: repository.id, packages: config.annotations || config.sarifFile !== null }),
        applySettings(api, target, plan, config.dryRun),
      ]);
      const [g] = both;
      if (g.alerts.ok) log.info(`${g.alerts.value.length} alerts read`);
      for (const change of both[1]) log.info(`${change.status === 'dry-run' ? 'dry run, not sent' : change.status}: ${describeSetting(change)}`);
      return both;
    });

    // 5. The verdict, and the result model every report renders.
    const result = assembleResult({ config, repository, gathered, settings, window, now: started });
    await log.group('Writing the reports', () => writeReports(result, config, context));
    const reads = [gathered.alerts, gathered.posture, gathered.timeSaved, gathered.schedule];
    const rejected =
      reads.some((r) => !r.ok && r.error.kind === 'credentials') || settings.some((s) => s.status === 'rejected');
    finish(result, config, rejected);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    core.setOutput('result', 'error');
    failOnApiError([error.message], config, error.kind === 'credentials');
  }
}

async function resolveRepository(api: Endpoints, config: Config, context: RunnerContext): Promise<GateResult['repository'] | null> {
  if (config.repositoryId) {
    log.info(`repository-id given: ${config.repositoryId}`);
    return { id: config.repositoryId, name: context.repository, url: null };
  }
  const appId = config.appId ?? '';
  const repositories = await api.listRepositories({ organizationId: config.organizationId ?? undefined, appId });
  const match = matchRepository(repositories, context, appId);
  if (!match.ok) {
    // A configuration problem, not a service fault: it fails whatever on-api-error says.
    core.setOutput('result', 'error');
    core.setFailed(match.error);
    return null;
  }
  log.info(`${match.repository.repositoryName} is ${match.repository.id} (matched by ${match.rule})`);
  core.setOutput('repository-id', match.repository.id);
  return { id: match.repository.id, name: match.repository.repositoryName, url: match.repository.repositoryUrl };
}

/** Posture window: endDate today (UTC), startDate today - (days - 1). */
export function postureWindow(now: Date, days: number): { startDate: string; endDate: string } {
  const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  return { startDate: day(days - 1), endDate: day(0) };
}

async function writeReports(result: GateResult, config: Config, context: RunnerContext): Promise<void> {
  let reportFile: string | null = null;
  if (config.reportFile) {
    await writeText(config.reportFile, renderJsonReport(result));
    reportFile = config.reportFile;
    log.info(`JSON report written to ${reportFile}`);
  }
  let sarifFile: string | null = null;
  if (config.sarifFile) {
    await writeText(config.sarifFile, renderSarif(result, { toolVersion: VERSION }));
    sarifFile = config.sarifFile;
    log.info(`SARIF log written to ${sarifFile}`);
  }
  for (const [name, value] of Object.entries(actionOutputs(result, { reportFile, sarifFile }))) core.setOutput(name, value);
  if (config.annotations) {
    // GitHub shows 10 error annotations per step; the failure message (core.setFailed) is one of them.
    const { annotations } = buildAnnotations(result, MAX_ERROR_ANNOTATIONS - 1);
    for (const { message, ...properties } of annotations) log.error(message, properties);
  }
  if (config.summary) {
    if (process.env.GITHUB_STEP_SUMMARY) {
      await core.summary.addRaw(renderSummary(result)).write();
      log.info('Job summary written');
    } else {
      log.info('GITHUB_STEP_SUMMARY is not set (not on a runner): no job summary written');
    }
  }
  await commentOnPullRequest(result, config, context);
}

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

async function commentOnPullRequest(result: GateResult, config: Config, context: RunnerContext): Promise<void> {
  if (config.commentOnPr === 'never') return;
  const [owner, repo] = (context.repository ?? '').split('/');
  if (!PULL_REQUEST_EVENTS.has(context.eventName ?? '') || !context.pullRequestNumber || !owner || !repo) {
    log.info(`comment-on-pr is ${config.commentOnPr}, but this is not a pull request event: no comment`);
    return;
  }
  if (!config.githubToken) {
    log.warning('comment-on-pr needs github-token; no PR comment was written.');
    return;
  }
  try {
    const api = await githubCommentApi(config.githubToken, { owner, repo, number: context.pullRequestNumber });
    const outcome = await upsertComment(api, config.commentOnPr, result, renderComment(result, context.runUrl));
    log.info(`PR comment ${outcome}`);
  } catch (error) {
    // A comment is a courtesy: it never fails the gate. 403/404: fork or read-only token.
    const why = isPermissionError(error)
      ? 'the token may not write to this pull request (a fork, or permissions without pull-requests: write)'
      : error instanceof Error ? error.message : String(error);
    log.warning(`The PR comment was not written: ${why}.`);
  }
}

async function writeText(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text, 'utf8');
}

/** 8. Exit as the result says: fail on a failed gate; API errors as on-api-error says. */
function finish(result: GateResult, config: Config, credentialsRejected: boolean): void {
  for (const warning of result.warnings) log.warning(warning.message);
  if (result.result === 'fail') {
    for (const message of result.errors) log.warning(message);
    core.setFailed(failureMessage(result.verdict));
  } else if (result.result === 'error') {
    failOnApiError(result.errors, config, credentialsRejected);
  } else {
    log.info(`Security gate passed: ${result.verdict.reasons.join(' ')}`);
  }
}

function failOnApiError(messages: string[], config: Config, credentialsRejected: boolean): void {
  if (config.onApiError === 'warn' && !credentialsRejected) {
    for (const message of messages) log.warning(message);
    log.warning('on-api-error is warn: the step succeeds with result=error.');
    return;
  }
  core.setFailed(messages.join('\n'));
}
