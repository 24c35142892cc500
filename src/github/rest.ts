// Requests to GitHub's REST API (GITHUB_API_URL) through the one HTTP path (api/get.ts: the send and the
// retry loop): the token is sent only to GitHub's own origin, and a redirect elsewhere is refused.
import { requestWithRetries, type GetAnswer, type GetOptions } from '../api/get.js';
import { VERSION } from '../version.js';

export interface GitHubGetOptions extends Pick<
  GetOptions,
  'timeoutMs' | 'maxRetries' | 'sleep' | 'transport' | 'readBody'
> {
  token: string | null;
  /**
   * Every other secret of the run (the service's tokens, config-token): no message of a GitHub read
   * may carry any of them either, a host GitHub redirects to included (contract: "Every secret
   * redacted on every path").
   */
  secrets?: string[];
  /** Bytes held at most; a larger answer is a failure. Default 64 MiB. */
  maxBytes?: number;
  /** `application/vnd.github.raw` for a file's bytes. */
  accept?: string;
  /** The authorization header as a client built it (Octokit's `token …`), sent instead of `Bearer`. */
  authorization?: string;
}

/** What GitHub answered (any status, its body read as text), or why no answer came. */
export type GitHubAnswer = GetAnswer;

export function githubGet(url: string, options: GitHubGetOptions): Promise<GitHubAnswer> {
  return githubRequest(url, { method: 'GET' }, options);
}

/**
 * POST `body` (JSON) to GitHub's GraphQL endpoint through the same path as a GET: the same headers,
 * token rules, redirects, retries and size cap (github/graphql.ts reads the answer).
 */
export function githubPost(url: string, body: string, options: GitHubGetOptions): Promise<GitHubAnswer> {
  return githubRequest(url, { method: 'POST', body }, options);
}

/** A request of another method with a JSON body (the PR comment's POST and PATCH), through the same path. */
export function githubRequest(
  url: string,
  request: { method: 'GET' | 'POST' | 'PATCH'; body?: string },
  options: GitHubGetOptions,
): Promise<GitHubAnswer> {
  const { token, secrets = [], maxBytes = 64 * 1024 * 1024, accept = 'application/vnd.github+json', ...rest } = options;
  const { authorization = token ? `Bearer ${token}` : null, ...sending } = rest;
  return requestWithRetries(url, request, {
    ...sending,
    maxBytes,
    host: 'GitHub',
    whyNotFollowed: 'where the token is not sent',
    secrets: token ? [token, ...secrets] : secrets,
    headers: {
      Accept: accept,
      'X-GitHub-Api-Version': '2022-11-28',
      'User-Agent': `security-gate/${VERSION}`,
      ...(authorization ? { Authorization: authorization } : {}),
      ...(request.body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
    },
  });
}
