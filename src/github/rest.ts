// GET from GitHub's REST API (GITHUB_API_URL), and POST to its GraphQL API, through the one request
// path (api/get.ts): the token is sent only to GitHub's own origin, and a redirect elsewhere is
// refused, so it goes nowhere else.
import { getWithRetries, type GetAnswer, type GetOptions } from '../api/get.js';
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
}

/** What GitHub answered (any status, its body read as text), or why no answer came. */
export type GitHubAnswer = GetAnswer;

export function githubGet(url: string, options: GitHubGetOptions): Promise<GitHubAnswer> {
  return githubRequest(url, options);
}

/**
 * POST `body` (JSON) to GitHub's GraphQL endpoint through the same path as a GET: the same
 * headers, token rules, redirects, retries and size cap (github/graphql.ts reads the answer).
 */
export function githubPost(url: string, body: string, options: GitHubGetOptions): Promise<GitHubAnswer> {
  return githubRequest(url, options, body);
}

function githubRequest(url: string, options: GitHubGetOptions, body?: string): Promise<GitHubAnswer> {
  const { token, secrets = [], maxBytes = 64 * 1024 * 1024, accept = 'application/vnd.github+json', ...rest } = options;
  return getWithRetries(url, {
    ...rest,
    maxBytes,
    host: 'GitHub',
    whyNotFollowed: 'where the token is not sent',
    secrets: token ? [token, ...secrets] : secrets,
    headers: {
      Accept: accept,
      'X-GitHub-Api-Version': '2022-11-28',
      'User-Agent': `security-gate/${VERSION}`,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
}
