// The one place that knows the runner's environment and event file.
import { readFileSync } from 'node:fs';

export interface RunnerContext {
  eventName: string | null;
  /** `owner/name` (GITHUB_REPOSITORY). */
  repository: string | null;
  serverUrl: string;
  /** GITHUB_API_URL: GitHub's REST API (on GitHub Enterprise Server, https://HOST/api/v3). */
  apiUrl: string;
  /** GITHUB_WORKSPACE, else the working directory: where a local policy file is read. */
  workspace: string;
  /** Where a file of the repository is shown, at the commit under test: `${server}/${repo}/blob/${sha}`; null off a runner. */
  blobUrl: string | null;
  /** The event payload's `repository.id`, as a string. */
  repositoryNumericId: string | null;
  actor: string | null;
  isForkPullRequest: boolean;
  pullRequestNumber: number | null;
  /** Link to this workflow run, when on a runner. */
  runUrl: string | null;
  /** GITHUB_STEP_SUMMARY is set (the job summary can be written). */
  canWriteSummary: boolean;
}

interface EventPayload {
  repository?: { id?: number | string; full_name?: string };
  pull_request?: { number?: number; head?: { sha?: string; repo?: { full_name?: string; fork?: boolean } | null } };
}

export function readRunnerContext(env: NodeJS.ProcessEnv = process.env): RunnerContext {
  const event = readEvent(env.GITHUB_EVENT_PATH);
  const repository = env.GITHUB_REPOSITORY || event.repository?.full_name || null;
  const server = serverUrl(env);
  // A pull request's head commit (GITHUB_SHA is the merge commit there), else GITHUB_SHA.
  const commit = event.pull_request?.head?.sha || env.GITHUB_SHA;
  const head = event.pull_request?.head?.repo;
  return {
    eventName: env.GITHUB_EVENT_NAME || null,
    repository,
    serverUrl: server,
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    blobUrl: repository && commit ? `${server}/${repository}/blob/${commit}` : null,
    repositoryNumericId: event.repository?.id === undefined ? null : String(event.repository.id),
    actor: env.GITHUB_ACTOR || null,
    // A deleted fork has head.repo null; treat it as a fork too (no secrets are passed either way).
    isForkPullRequest:
      event.pull_request !== undefined &&
      (head === null || head?.fork === true || (head?.full_name !== undefined && head.full_name !== repository)),
    pullRequestNumber: event.pull_request?.number ?? null,
    canWriteSummary: Boolean(env.GITHUB_STEP_SUMMARY),
    runUrl: repository && env.GITHUB_RUN_ID ? `${server}/${repository}/actions/runs/${env.GITHUB_RUN_ID}` : null,
  };
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
