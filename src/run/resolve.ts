// Which repository the gate reads (contract: "Resolving the repository", "The right repository").
// A wrong repository id must never pass quietly: it reads as "no alerts" on most servers.
import { ApiError } from '../api/client.js';
import type { Endpoints } from '../api/endpoints.js';
import type { Config } from '../config/inputs.js';
import type { RunnerContext } from '../github/context.js';
import { failure, success, type GateResult, type Outcome, type Repository, type RunError } from '../model.js';
import { settle, type RepositoryReads, type Statistics } from './gather.js';
import { installationsNotFound } from './not-found.js';

export type RepositoryRef = GateResult['repository'];

/**
 * `alike`: the entry's URL or name is this repository's; `matches` also requires that the entry is
 * not another GitHub repository.
 */
type Rule = { name: string; matches: (repo: Repository) => boolean; alike?: (repo: Repository) => boolean };

function normaliseUrl(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '');
}

/** The GitHub repository an entry names (`github.externalGithubRepositoryId`), null when not set. */
function githubIdOf(repo: Repository): string | null {
  return repo.externalGithubRepositoryId?.trim() || null;
}

/**
 * An entry of another GitHub repository than the event's (deleted and re-created, or renamed): its
 * URL or name may be this repository's, yet it is not this repository (contract: "The right
 * repository, again"). Without an id in the event, nothing shows an entry to be another.
 */
function isAnotherGitHubRepository(repo: Repository, eventId: string | null): boolean {
  const id = githubIdOf(repo);
  return eventId !== null && id !== null && id !== eventId;
}

function rules(context: RunnerContext): Rule[] {
  const list: Rule[] = [];
  const eventId = context.repositoryNumericId?.trim() || null;
  if (eventId) {
    list.push({ name: `github.externalGithubRepositoryId = ${eventId}`, matches: (r) => githubIdOf(r) === eventId });
  }
  const fullName = context.repository;
  if (fullName) {
    const url = normaliseUrl(`${context.serverUrl}/${fullName}`);
    // GitHub names are case-insensitive, so the name rule is too.
    const names = new Set([fullName.toLowerCase(), fullName.split('/').pop()!.toLowerCase()]);
    const byEntry = (name: string, alike: (r: Repository) => boolean): Rule => ({
      name,
      alike,
      matches: (r) => alike(r) && !isAnotherGitHubRepository(r, eventId),
    });
    list.push(
      byEntry(`repositoryUrl = ${context.serverUrl}/${fullName}`, (r) => normaliseUrl(r.repositoryUrl) === url),
    );
    list.push(byEntry(`repositoryName = ${fullName}`, (r) => names.has(r.repositoryName.toLowerCase())));
  }
  return list;
}

/** Pure: the first rule that matches any repository decides; it must match exactly one, with an id. */
function matchRepository(
  repositories: Repository[],
  context: RunnerContext,
  appId: string,
): Outcome<{ repository: Repository & { id: string }; rule: string }> {
  const applied = rules(context);
  if (applied.length === 0) {
    return failure(
      'Cannot resolve the repository: neither the event payload nor GITHUB_REPOSITORY names it. Set repository-id.',
    );
  }
  for (const rule of applied) {
    const hits = repositories.filter(rule.matches);
    const [hit] = hits;
    if (hits.length === 1 && hit?.id) return success({ repository: { ...hit, id: hit.id }, rule: rule.name });
    if (hits.length === 1) {
      return failure(
        `Cannot resolve the repository: the repository of app ${appId} that matches ${rule.name} has no id in the service's answer: ${describe(hits)}. Set repository-id.`,
      );
    }
    if (hits.length > 1) {
      return failure(
        `Cannot resolve the repository: ${hits.length} repositories of app ${appId} match ${rule.name}: ${describe(hits)}. Set repository-id to the one to gate.`,
      );
    }
  }
  const seen = repositories.length ? describe(repositories) : 'none';
  // Entries whose URL or name is this repository's but that name another GitHub repository.
  const others = repositories.filter((r) => applied.some((rule) => rule.alike?.(r)));
  const why = others.length
    ? ` Not matched by URL or name, as each is another GitHub repository than this one (${context.repositoryNumericId}; deleted and re-created, or renamed?): ${others
        .slice(0, 20)
        .map((r) => `${r.repositoryName} (id ${r.id ?? 'none'}, GitHub repository ${githubIdOf(r)})`)
        .join('; ')}.`
    : '';
  return failure(
    `Cannot resolve the repository: no repository of app ${appId} matches ${applied.map((r) => r.name).join(', or ')}. Seen: ${seen}.${why} Check app-id, or set repository-id.`,
  );
}

function describe(repositories: Repository[]): string {
  const shown = repositories.slice(0, 20).map((r) => `${r.repositoryName} (id ${r.id ?? 'none'}, ${r.repositoryUrl})`);
  return shown.join('; ') + (repositories.length > 20 ? `; and ${repositories.length - 20} more` : '');
}

/** An API error as a run error: rejected credentials fail whatever on-api-error says. */
export function runError(error: ApiError): RunError {
  return { kind: error.kind === 'credentials' ? 'credentials' : 'api', message: error.message };
}

/**
 * The installation's repositories. A 404 is a repository that cannot be found, which always fails;
 * whom it blames (app-id, organization-id, api-url) the answer says, or the statistics read
 * alongside (`statistics`, awaited only then): see not-found.ts.
 */
async function listRepositories(
  api: Endpoints,
  config: Config,
  statistics: Promise<Statistics>,
): Promise<Outcome<Repository[], RunError>> {
  const read = await settle(
    api.listRepositories({ organizationId: config.organizationId ?? undefined, appId: config.appId ?? '' }),
  );
  if (read.ok) return read;
  if (read.error.status === 404) {
    const { posture, timeSaved } = await statistics;
    const message = installationsNotFound(config.apiUrl, config.appId ?? '', read.error, [posture, timeSaved]);
    return failure({ kind: 'setup', message });
  }
  return failure(runError(read.error));
}

/** `repository-id` empty: the one repository of `app-id` that is this workflow's. */
export async function findRepository(
  api: Endpoints,
  config: Config,
  context: RunnerContext,
  statistics: Promise<Statistics>,
): Promise<Outcome<RepositoryRef & { rule: string }, RunError>> {
  const listed = await listRepositories(api, config, statistics);
  if (!listed.ok) return listed;
  const match = matchRepository(listed.value, context, config.appId ?? '');
  if (!match.ok) return failure({ kind: 'setup', message: match.error });
  const { repository, rule } = match.value;
  return success({ id: repository.id, name: repository.repositoryName, url: repository.repositoryUrl, rule });
}

/** `repository-id` with `app-id`: the id must be one of the app's repositories; null when it is. */
export async function checkRepositoryId(
  api: Endpoints,
  config: Config,
  id: string,
  statistics: Promise<Statistics>,
): Promise<RunError | null> {
  const listed = await listRepositories(api, config, statistics);
  if (!listed.ok) return listed.error;
  if (listed.value.some((r) => r.id === id)) return null;
  const seen = listed.value.length ? describe(listed.value) : 'none';
  return {
    kind: 'setup',
    message: `repository-id ${id} is not a repository of app ${config.appId}: the gate would read another repository's alerts, or none. Seen: ${seen}. Check repository-id, or leave it empty to resolve it through app-id.`,
  };
}

/**
 * `repository-id` alone, and the alerts search returned no alert: most servers answer an unknown id
 * with an empty list, so "no alert" proves nothing until the posture (a row with this id) or the
 * schedule shows the repository exists. A read that failed shows nothing. Null when confirmed.
 */
export function unconfirmedRepository(id: string, reads: RepositoryReads, statistics: Statistics): RunError | null {
  const { alerts, schedule } = reads;
  if (alerts.totalCount === null || alerts.alerts.length > 0 || alerts.errors.length > 0) return null;
  const posture = statistics.posture;
  if (posture.ok && posture.value?.repositoryRiskScores.some((row) => row.id === id)) return null;
  // A schedule that does not name the repository shows nothing: it must be this one's.
  if (schedule.ok && schedule.value?.repoId === id) return null;
  return {
    kind: 'setup',
    message:
      `repository-id ${id} returned no alert, and neither the security posture nor the scan schedule knows it, ` +
      'so the id may be wrong: a gate on it would pass without looking at anything. Check repository-id, ' +
      'or give app-id as well so that the action can check it against the installation.',
  };
}
