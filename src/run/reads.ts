// Step 4 of a run, as evaluate.ts starts it: the reads that need no repository id (the statistics, the
// pull request's change from GitHub, the KEV catalog) at once, the repository resolved or checked, then
// every read of the service and the settings changes concurrently, each logged as it came.
import type { Config } from '../config/inputs.js';
import type { RunnerContext } from '../github/context.js';
import {
  compareTarget,
  ENABLE_CHANGE,
  readChange,
  type ChangeRead,
  type PullRequestChange,
} from '../github/changes.js';
import * as log from '../github/log.js';
import type { VerdictFiles } from '../github/verdict-file.js';
import type { EpssReader } from '../feeds/epss/read.js';
import { success, type BaseFileView, type KevCatalog, type Outcome, type RunError } from '../model.js';
import type { Endpoints } from '../api/endpoints.js';
import { plural } from '../numbers.js';
import { readKnownExploited } from './feed-reads.js';
import { githubReadOptions } from './github-reads.js';
import { readRepository, readStatistics, type Statistics } from './gather.js';
import { alertsNotFound } from './not-found.js';
import { checkRepositoryId, findRepository, type RepositoryRef } from './resolve.js';
import { applySettings, describeSetting, planSettings } from './settings.js';
import { notSent } from './views.js';

/** The reads that do not need the repository id; none of them rejects. */
export function startEarlyReads(
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

/** What startEarlyReads started. */
export type EarlyReads = ReturnType<typeof startEarlyReads>;

/** The repository the reads are for, and the check of a given id against app-id (null: no problem). */
export interface Target {
  repository: RepositoryRef;
  check: Promise<RunError | null>;
}

/** repository-id as given (checked against app-id when both are), else resolved through app-id. */
export async function repositoryOf(
  api: Endpoints,
  config: Config,
  context: RunnerContext,
  statistics: Promise<Statistics>,
): Promise<Outcome<Target, RunError>> {
  if (config.repositoryId) {
    log.info(
      `repository-id given: ${config.repositoryId}${config.appId ? ` (checked against app ${config.appId})` : ''}`,
    );
    const check = config.appId
      ? checkRepositoryId(api, config, config.repositoryId, statistics)
      : Promise.resolve(null);
    return success({ repository: { id: config.repositoryId, name: context.repository, url: null }, check });
  }
  const found = await log.group('Resolving the repository', () => findRepository(api, config, context, statistics));
  if (!found.ok) return found;
  const { rule, ...repository } = found.value;
  log.info(`${repository.name} is ${repository.id} (matched by ${rule})`);
  log.debug(`repository ${repository.name} matched by rule: ${rule}`);
  return success({ repository, check: Promise.resolve(null) });
}

/** Every read, and the settings changes, concurrently; what each gave is logged. */
export async function readEverything(
  api: Endpoints,
  config: Config,
  context: RunnerContext,
  { repository, check }: Target,
  early: EarlyReads,
  epss: EpssReader | null,
) {
  const reading = readRepository(api, {
    organizationId: config.organizationId,
    repositoryId: repository.id,
    // Also when the change is read: an alert is resolved only in the manifests the search lists.
    // Under deny-packages, on every event: a denied package the service lists gates.
    packages:
      config.annotations || config.sarifFile !== null || readsChange(config, context) || config.denyPackages.length > 0,
    licenses: licensed(config),
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
  // With repository-id alone, an alerts 404 is api-url's when every other request answered 404 too.
  const read = config.appId ? reads : alertsNotFound(config.apiUrl, reads, stats, settings);
  return { reads: read, stats, settings, wrongRepository, pullRequest, catalog };
}

/** One line a file read at the change's base commit; a notice when the change changes it (it takes effect once merged). */
export function logBaseFile({ input, path, commit, atBase, change }: BaseFileView, context: RunnerContext): void {
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

function logChange({ read, base, head }: PullRequestChange): void {
  const commits = `${base?.slice(0, 7) ?? '?'}...${head?.slice(0, 7) ?? '?'}`;
  if (read.state === 'read' && read.lockfiles)
    log.info(
      `The change's dependencies (${commits}): ${plural(read.changes.length, 'entry', 'entries')} read from ${plural(read.lockfiles.files.length, 'lockfile')} (${read.lockfiles.why}): ${read.lockfiles.files.slice(0, 10).join(', ')}${read.lockfiles.files.length > 10 ? ` and ${read.lockfiles.files.length - 10} more` : ''}`,
    );
  else if (read.state === 'read')
    log.info(`The change's dependencies (${commits}): ${plural(read.changes.length, 'entry', 'entries')} read`);
  else if (read.state === 'off') log.info("pr-changes is off: the change's dependencies are not read");
  else log.info(`The change's dependencies (${commits}) could not be read: ${read.reason}`);
}

/**
 * The change's dependencies are asked for: on a pull request or merge group with pr-changes: auto,
 * when the event names both commits and there is a token to ask with. Only then does resolution
 * need the package search.
 */
const readsChange = (config: Config, context: RunnerContext) =>
  context.change !== null &&
  config.prChanges !== 'off' &&
  !('reason' in compareTarget(context.change, { repository: context.repository, token: config.githubToken }));

/**
 * The change's dependencies from GitHub's dependency review compare; null off a pull request or
 * merge group. Never rejects: a read that fails resolves nothing (contract: "Fail closed").
 */
export async function readPullRequestChange(config: Config, context: RunnerContext): Promise<PullRequestChange | null> {
  if (context.change === null) return null;
  const { base, head } = context.change;
  const read: ChangeRead = await readEither(config, context, { base, head }).catch((error: unknown) => ({
    state: 'unavailable' as const,
    reason: `the change could not be read (${error instanceof Error ? error.message : String(error)}).`,
    cause: 'failed' as const,
  }));
  return { ...context.change, read };
}

/**
 * GitHub's compare, or the lockfiles themselves (contract: "Without GitHub's dependency graph"): under
 * pr-changes: lockfiles always, under auto when the compare answers 403 or 404 (the dependency graph
 * is off). The lockfiles' reader is loaded only then.
 */
async function readEither(
  config: Config,
  context: RunnerContext,
  commits: { base: string | null; head: string | null },
): Promise<ChangeRead> {
  if (config.prChanges === 'off') return { state: 'off' };
  const fromLockfiles = async (why: string) =>
    (await import('./lockfile-change.js')).readLockfileChange(config, context, commits, why);
  const target = compareTarget(commits, { repository: context.repository, token: config.githubToken });
  if (config.prChanges === 'lockfiles')
    return 'reason' in target && target.cause === 'not-asked'
      ? { state: 'unavailable', reason: target.reason, cause: target.cause }
      : fromLockfiles('pr-changes is lockfiles');
  const read = await readChange(commits, { ...githubReadOptions(config, context), repository: context.repository });
  if (read.state !== 'unavailable' || read.cause !== 'not-enabled') return read;
  // Why, in the compare's own words (which commits, which status), without its advice: the lockfiles' read says what follows.
  return fromLockfiles(read.reason.replace(ENABLE_CHANGE, '').trim().replace(/\.$/, ''));
}

/** A license policy is set: the licenses are read and decide the verdict too. */
export const licensed = (config: Config) => config.licenses.allow !== null || config.licenses.deny !== null;
