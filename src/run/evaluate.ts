// Steps 3 to 6 of a run: resolve the repository, read and change settings concurrently, decide.
// Loaded as a chunk once the inputs are valid (see main.ts).
import { createClient } from '../api/client.js';
import { createEndpoints } from '../api/endpoints.js';
import { oneLine } from '../characters.js';
import type { Config } from '../config/inputs.js';
import type { VexInput } from '../config/vex-files.js';
import type { RunnerContext } from '../github/context.js';
import { compareTarget, readChange, type ChangeRead, type PullRequestChange } from '../github/changes.js';
import * as log from '../github/log.js';
import { verdictFileSources, verdictFiles, type VerdictFiles } from '../github/verdict-file.js';
import {
  cveIdsOf,
  success,
  type BaseFileView,
  type EpssScores,
  type GateResult,
  type KevCatalog,
  type Outcome,
  type RunError,
} from '../model.js';
import { plural } from '../numbers.js';
import { assembleResult, notSent, stoppedResult } from './assemble.js';
import { githubReadOptions } from './github-reads.js';
import { gatherIntroduced, type IntroducedRead } from './introduced.js';
import type { EpssReader } from '../feeds/epss/read.js';
import { readRepository, readStatistics, type AlertsRead } from './gather.js';
import { checkRepositoryId, findRepository, unconfirmedRepository, type RepositoryRef } from './resolve.js';
import { applySettings, describeSetting, planSettings } from './settings.js';

export { stepFails } from './assemble.js';
export { failureMessage } from '../policy/index.js';

export async function evaluate(
  config: Config,
  context: RunnerContext,
  started: Date,
  vex: VexInput | null = null,
): Promise<GateResult> {
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
  return { ...result, repository: { ...result.repository, id: oneLine(result.repository.id) } };
}

/** Resolves (or checks) the repository, reads and changes settings concurrently, and judges what was read. */
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
  // What does not need the repository id starts at once: the statistics, the pull request's change
  // (from GitHub) and the KEV catalog (from its host, or a workspace copy at the change's base).
  const files = verdictFiles(verdictFileSources(config, context));
  const early = startEarlyReads(api, config, context, window, files);
  // Its module loads while the repository is resolved; the scores are asked for as alert pages arrive.
  const epssLoading = startEpss(config, context, files);
  epssLoading.catch(() => undefined); // awaited below; a run that stops first must not leave it unhandled
  const target = await repositoryOf(api, config, context);
  if (!target.ok) {
    await Promise.all(Object.values(early)); // settle what is in flight; no use without the repository
    return stoppedResult(config, { id: '', name: context.repository, url: null }, [target.error], started);
  }
  const { repository } = target.value;
  const epss = await epssLoading;
  const { reads, stats, settings, wrongRepository, pullRequest, catalog } = await log.group(
    'Reading from the service',
    () => readEverything(api, config, context, target.value, early, epss),
  );
  const baseFiles = [...(vex?.baseFiles ?? []), ...files.views()];
  baseFiles.forEach((view) => logBaseFile(view, context));

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
  // What the pull request brings in: the alerts tell which of its vulnerabilities the service knows.
  const introduced = await gatherIntroduced(config, context, pullRequest, reads.alerts.alerts, vex?.documents);
  if (introduced)
    log.info(
      `${plural(introduced.findings.length, 'vulnerability', 'vulnerabilities')} brought in by the pull request`,
    );
  const scores = await readEpssScores(epss, reads.alerts, introduced);
  // An epss-url copy is read once every CVE id is known: its view comes after the others.
  const csvViews = files.views().filter((view) => !baseFiles.includes(view));
  csvViews.forEach((view) => logBaseFile(view, context));
  baseFiles.push(...csvViews);
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
    introduced,
    catalog,
    epss: scores,
    baseFiles,
    vex,
    trace: (line) => log.debug(`decision: ${line}`),
  });
}

type Endpoints = ReturnType<typeof createEndpoints>;

/** The reads that do not need the repository id; none of them rejects. */
function startEarlyReads(
  api: Endpoints,
  config: Config,
  context: RunnerContext,
  window: { startDate: string; endDate: string },
  files: VerdictFiles,
) {
  return {
    statistics: readStatistics(api, { ...window, organizationId: config.organizationId, projectId: config.projectId }),
    change: readPullRequestChange(config, context),
    catalog: readKnownExploited(config, context, files),
  };
}

/** The repository the reads are for, and the check of a given id against app-id (null: no problem). */
interface Target {
  repository: RepositoryRef;
  check: Promise<RunError | null>;
}

/** repository-id as given (checked against app-id when both are), else resolved through app-id. */
async function repositoryOf(
  api: Endpoints,
  config: Config,
  context: RunnerContext,
): Promise<Outcome<Target, RunError>> {
  if (config.repositoryId) {
    log.info(
      `repository-id given: ${config.repositoryId}${config.appId ? ` (checked against app ${config.appId})` : ''}`,
    );
    const check = config.appId ? checkRepositoryId(api, config, config.repositoryId) : Promise.resolve(null);
    return success({ repository: { id: config.repositoryId, name: context.repository, url: null }, check });
  }
  const found = await log.group('Resolving the repository', () => findRepository(api, config, context));
  if (!found.ok) return found;
  const { rule, ...repository } = found.value;
  log.info(`${repository.name} is ${repository.id} (matched by ${rule})`);
  log.debug(`repository ${repository.name} matched by rule: ${rule}`);
  return success({ repository, check: Promise.resolve(null) });
}

/** Every read, and the settings changes, concurrently; what each gave is logged. */
async function readEverything(
  api: Endpoints,
  config: Config,
  context: RunnerContext,
  { repository, check }: Target,
  early: ReturnType<typeof startEarlyReads>,
  epss: EpssReader | null,
) {
  const reading = readRepository(api, {
    organizationId: config.organizationId,
    repositoryId: repository.id,
    // Also when the change is read: an alert is resolved only in the manifests the search lists.
    packages: config.annotations || config.sarifFile !== null || readsChange(config, context),
    licenses: licensed(config),
    now: new Date(),
    // The scores of each page's CVE ids are asked for as it arrives, before it is checked.
    onCveIds: epss ? (cves) => epss.prefetch(cves) : undefined,
  });
  // With an id to check, settings wait for the check: never change another repository's settings.
  const target = { organizationId: config.organizationId ?? undefined, repositoryId: repository.id };
  const changes = check.then((problem) =>
    problem
      ? notSent(config, 'the repository id was not confirmed')
      : applySettings(api, target, planSettings(config.settings), config.dryRun),
  );
  const [reads, stats, settings, wrongRepository, pullRequest, catalog] = await Promise.all([
    reading,
    early.statistics,
    changes,
    check,
    early.change,
    early.catalog,
  ]);
  log.info(`${plural(reads.alerts.alerts.length, 'alert')} read`);
  if (pullRequest) logChange(pullRequest);
  if (catalog) logCatalog(catalog);
  for (const change of settings)
    log.info(`${change.status === 'dry-run' ? 'dry run, not sent' : change.status}: ${describeSetting(change)}`);
  return { reads, stats, settings, wrongRepository, pullRequest, catalog };
}

/**
 * The KEV catalog, read once under known-exploited warn or fail; null when off. A workspace copy is
 * read as the verdict must see it (at a pull request's base commit). Never rejects: a catalog that
 * cannot be read is a message, weighed with the verdict (assemble.ts).
 */
async function readKnownExploited(
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
async function startEpss(config: Config, context: RunnerContext, files: VerdictFiles): Promise<EpssReader | null> {
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
async function readEpssScores(
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

/** One line a file read at the change's base commit; a notice when the change changes it (it takes effect once merged). */
function logBaseFile({ input, path, commit, atBase, change }: BaseFileView, context: RunnerContext): void {
  const [short, where] = [commit.slice(0, 7), `${input} ${path}`];
  const what = `this ${context.change?.event === 'merge_group' ? 'merge group' : 'pull request'}`;
  const judges = `the copy at the base commit ${short} judges`;
  if (change === 'changed') log.notice(`${where}: ${what} changes it; ${judges}, the change takes effect once merged.`);
  else if (change === 'removed')
    log.notice(`${where}: ${what} removes it; ${judges}, the removal takes effect once merged.`);
  else if (change === 'added')
    log.notice(`${where}: ${what} adds it; the base commit ${short} has none, the change takes effect once merged.`);
  else {
    const compared =
      change === null
        ? `whether ${what} changes it cannot be told (its copy cannot be read)`
        : `${what} does not change it`;
    log.info(`${where}: ${atBase ? 'read at' : 'not in'} the base commit ${short}; ${compared}.`);
  }
}

function logCatalog(catalog: Outcome<KevCatalog>): void {
  if (!catalog.ok) return log.info(catalog.error);
  const { entries, version } = catalog.value;
  log.info(`The KEV catalog${version ? ` ${version}` : ''}: ${entries.size} CVE ids read`);
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
          { ...githubReadOptions(config, context), repository: context.repository },
        ).catch((error: unknown) => ({
          state: 'unavailable' as const,
          reason: `the change could not be read (${error instanceof Error ? error.message : String(error)}).`,
          cause: 'failed' as const,
        }));
  return { ...context.change, read };
}

function logChange({ read, base, head }: PullRequestChange): void {
  const commits = `${base?.slice(0, 7) ?? '?'}...${head?.slice(0, 7) ?? '?'}`;
  if (read.state === 'read')
    log.info(`The change's dependencies (${commits}): ${plural(read.changes.length, 'entry', 'entries')} read`);
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
