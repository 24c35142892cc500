// The GitHub side of the PR comment: Octokit's typed calls and paging, loaded only when a comment is
// due, sent through the one HTTP path as every other request of the run (github/rest.ts: the proxy
// rules, same-origin redirects, the retry loop, every secret redacted), never through a fetch of its own.
import type { CommentApi, PullRequestComment } from '../reports/comment.js';
import { githubRequest, type GitHubGetOptions } from './rest.js';

export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
}

export interface CommentApiOptions extends Omit<GitHubGetOptions, 'accept' | 'maxBytes'> {
  /** GITHUB_API_URL, without a trailing slash. */
  apiUrl: string;
  token: string;
}

export async function githubCommentApi(pr: PullRequestRef, options: CommentApiOptions): Promise<CommentApi> {
  const { getOctokit } = await import('@actions/github');
  // `request` replaces the defaults' proxy fetch whole: Octokit builds each request, the one path sends it.
  const octokit = getOctokit(options.token, {
    baseUrl: options.apiUrl,
    request: { fetch: throughTheOnePath(options) },
  });
  const where = { owner: pr.owner, repo: pr.repo };
  return {
    list: async () =>
      (await octokit.paginate(octokit.rest.issues.listComments, {
        ...where,
        issue_number: pr.number,
        per_page: 100,
      })) as PullRequestComment[],
    create: async (body) => void (await octokit.rest.issues.createComment({ ...where, issue_number: pr.number, body })),
    update: async (id, body) => void (await octokit.rest.issues.updateComment({ ...where, comment_id: id, body })),
  };
}

/** Headers Octokit reads of an answer: its body's type, the next page, GitHub's request id. */
const ANSWER_HEADERS = ['content-type', 'link', 'x-github-request-id'];
/** A comment answer is a few KB; a list page of 100 comments well under this. */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * A fetch for Octokit that sends through github/rest.ts, with Octokit's authorization header (the
 * token is redacted there as on every GitHub request). A request that got no answer rejects, as a
 * fetch does; Octokit turns that into its error.
 */
function throughTheOnePath(options: CommentApiOptions): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST' && method !== 'PATCH') throw new Error(`${method} is not sent to GitHub`);
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const authorization = new Headers(init?.headers).get('authorization') ?? undefined;
    const answer = await githubRequest(url, { method, body }, { ...options, authorization, maxBytes: MAX_BYTES });
    if (!answer.ok) throw new Error(answer.reason);
    const headers = new Headers();
    for (const name of ANSWER_HEADERS) {
      const value = answer.header(name);
      if (value !== null) headers.set(name, value);
    }
    const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
    return new Response(empty ? null : answer.text, { status: answer.status, headers });
  };
}

/** GitHub answers 403/404 to a read-only token or a fork's PR: a reason to warn, never to fail. */
export function isPermissionError(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status;
  return status === 403 || status === 404;
}
