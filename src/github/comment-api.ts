// The GitHub side of the PR comment: Octokit, loaded only when a comment is due so that runs
// without one don't pay for it at start-up.
import type { CommentApi, PullRequestComment } from '../reports/comment.js';

export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
}

export async function githubCommentApi(token: string, pr: PullRequestRef): Promise<CommentApi> {
  const { getOctokit } = await import('@actions/github');
  const octokit = getOctokit(token);
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

/** GitHub answers 403/404 to a read-only token or a fork's PR: a reason to warn, never to fail. */
export function isPermissionError(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status;
  return status === 403 || status === 404;
}
