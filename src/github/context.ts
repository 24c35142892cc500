// The one place that knows the runner's environment and event file.
import { readFileSync } from 'node:fs';

export interface RunnerContext {
  eventName: string | null;
  /** `owner/name` (GITHUB_REPOSITORY). */
  repository: string | null;
  serverUrl: string;
  /** GITHUB_API_URL: GitHub's REST API (on GitHub Enterprise Server, https://HOST/api/v3). */
  apiUrl: string;
  /** GITHUB_GRAPHQL_URL: GitHub's GraphQL API (on GitHub Enterprise Server, https://HOST/api/graphql); see graphqlUrlOf. */
  graphqlUrl: string;
  /** GITHUB_WORKSPACE, else the working directory: where a local policy file is read. */
  workspace: string;
  /** Where a file of the repository is shown, at the commit under test: `${server}/${repo}/blob/${sha}`; null off a runner. */
  blobUrl: string | null;
  /** The event payload's `repository.id`, as a string. */
  repositoryNumericId: string | null;
  actor: string | null;
  isForkPullRequest: boolean;
  /** The pull request's `user.login` (who opened it: `dependabot[bot]` for Dependabot's); null without one. */
  pullRequestAuthor: string | null;
  pullRequestNumber: number | null;
  /** The commit under test: a pull request's (or merge group's) head, else GITHUB_SHA; null off a runner. */
  commit: string | null;
  /** Link to this workflow run, when on a runner. */
  runUrl: string | null;
  /** GITHUB_STEP_SUMMARY is set (the job summary can be written). */
  canWriteSummary: boolean;
  /**
   * On pull_request, pull_request_target, merge_group and any event whose payload carries
   * pull_request.base.sha (pull_request_review …): the change judged, its base and head commits from
   * the event (null where the event does not give them); null on other events.
   */
  change: { event: string; pullRequest: number | null; base: string | null; head: string | null } | null;
  /** GITHUB_ACTION_REF: the ref the workflow named this action by (a tag, a branch, a SHA); null for `uses: ./`. */
  actionRef: string | null;
}

/**
 * Events judged as a change (contract: "Pull requests and time"), whatever their payload; so is any
 * other event whose payload carries pull_request.base.sha (contract: "Verdict integrity").
 */
export const CHANGE_EVENTS: readonly string[] = ['pull_request', 'pull_request_target', 'merge_group'];

export interface EventPayload {
  repository?: { id?: number | string; full_name?: string };
  pull_request?: {
    number?: number;
    user?: { login?: unknown } | null;
    base?: { sha?: unknown };
    head?: { sha?: string; repo?: { full_name?: string; fork?: boolean } | null };
  };
  merge_group?: { base_sha?: unknown; head_sha?: unknown };
}

/** A commit id as the event gives it; anything else is none. */
const sha = (value: unknown): string | null =>
  typeof value === 'string' && /^[0-9a-f]{7,64}$/i.test(value) ? value : null;

/**
 * The change an event judges. pull_request_review, pull_request_review_comment and the like check
 * out the pull request's merge commit as pull_request does, so the workspace holds its files: the
 * base's copies must judge them, and the change is theirs to read and comment on.
 */
export function changeOf(eventName: string | null, event: EventPayload): RunnerContext['change'] {
  if (eventName === null) return null;
  // A base.sha of any value counts (an unreadable one is no base: the reads that need it fail closed).
  const carriesBase =
    typeof event.pull_request?.base === 'object' &&
    event.pull_request.base !== null &&
    'sha' in event.pull_request.base;
  if (!CHANGE_EVENTS.includes(eventName) && !carriesBase) return null;
  if (eventName === 'merge_group') {
    return {
      event: eventName,
      pullRequest: null,
      base: sha(event.merge_group?.base_sha),
      head: sha(event.merge_group?.head_sha),
    };
  }
  const pr = event.pull_request;
  return { event: eventName, pullRequest: pr?.number ?? null, base: sha(pr?.base?.sha), head: sha(pr?.head?.sha) };
}

export function readRunnerContext(env: NodeJS.ProcessEnv = process.env): RunnerContext {
  const event = readEvent(env.GITHUB_EVENT_PATH);
  const repository = env.GITHUB_REPOSITORY || event.repository?.full_name || null;
  const server = serverUrl(env);
  const eventName = env.GITHUB_EVENT_NAME || null;
  const change = changeOf(eventName, event);
  // A pull request's (or merge group's) head commit (GITHUB_SHA is the merge commit there), else GITHUB_SHA.
  const commit = change?.head || env.GITHUB_SHA;
  const head = event.pull_request?.head?.repo;
  const apiUrl = (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '');
  return {
    eventName,
    change,
    repository,
    serverUrl: server,
    apiUrl,
    graphqlUrl: graphqlUrlOf(env.GITHUB_GRAPHQL_URL, apiUrl),
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    blobUrl: repository && commit ? `${server}/${repository}/blob/${commit}` : null,
    repositoryNumericId: event.repository?.id === undefined ? null : String(event.repository.id),
    actor: env.GITHUB_ACTOR || null,
    // A deleted fork has head.repo null; treat it as a fork too (no secrets are passed either way).
    isForkPullRequest:
      event.pull_request !== undefined &&
      (head === null || head?.fork === true || (head?.full_name !== undefined && head.full_name !== repository)),
    pullRequestAuthor: typeof event.pull_request?.user?.login === 'string' ? event.pull_request.user.login : null,
    pullRequestNumber: event.pull_request?.number ?? null,
    canWriteSummary: Boolean(env.GITHUB_STEP_SUMMARY),
    commit: commit || null,
    runUrl: repository && env.GITHUB_RUN_ID ? `${server}/${repository}/actions/runs/${env.GITHUB_RUN_ID}` : null,
    actionRef: env.GITHUB_ACTION_REF || null,
  };
}

/**
 * GitHub's GraphQL endpoint: GITHUB_GRAPHQL_URL, which the runner sets; else beside the REST API:
 * `{GITHUB_API_URL}/graphql` (github.com, GHE.com), but `https://HOST/api/graphql` where the REST API
 * is `https://HOST/api/v3` (GitHub Enterprise Server).
 */
export function graphqlUrlOf(given: string | undefined, apiUrl: string): string {
  if (given?.trim()) return given.trim().replace(/\/+$/, '');
  return /\/api\/v3$/i.test(apiUrl) ? `${apiUrl.slice(0, -'/v3'.length)}/graphql` : `${apiUrl}/graphql`;
}

function serverUrl(env: NodeJS.ProcessEnv): string {
  return (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
}

function readEvent(path: string | undefined): EventPayload {
  if (!path) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as EventPayload) : {};
  } catch {
    return {}; // no event file outside Actions; resolution then relies on GITHUB_REPOSITORY
  }
}
