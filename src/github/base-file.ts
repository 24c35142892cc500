// A workspace file at a change's base commit (contract: "A pull request cannot change the policy
// that judges it"): on a pull request or merge group the workspace may hold the change's own copy,
// so the file is read as the base commit holds it, through GitHub's contents API with github-token.
// What "absent" and "cannot be read" mean is decided here once, for the policy file and every other
// file the verdict rests on.
import { failure, success, type Outcome } from '../model.js';
import { checkCommit, failedRead, readFileAtRef, type CommitCheck, type ContentsOptions } from './contents.js';

/** The repository and the commit a change's base files are read at. */
export interface BaseCommit {
  owner: string;
  repo: string;
  commit: string;
}

/**
 * The base commit from the event and the repository (`owner/repo`, GITHUB_REPOSITORY), or why the
 * file (`what`, e.g. "policy file") cannot be read there, as a sentence.
 */
export function baseCommitOf(base: string | null, repository: string | null, what: string): Outcome<BaseCommit> {
  const [owner, repo, ...rest] = repository?.split('/') ?? [];
  if (!base)
    return failure(
      `the event does not name the base commit, where a pull request's ${what} is read (the workspace may hold the change's own copy).`,
    );
  if (!owner || !repo || rest.length > 0)
    return failure(`GITHUB_REPOSITORY is not set, so the ${what} cannot be read at the base commit.`);
  return success({ owner, repo, commit: base });
}

/**
 * What the base commit holds at a repository path: the file; `absent` (404, and GitHub shows the
 * commit readable with the same token, so the 404 is not a token that may not see the repository);
 * or `failed`, why in a sentence (any other answer, 401/403 included).
 */
export type AtBase = { kind: 'file'; text: string } | { kind: 'absent' } | { kind: 'failed'; reason: string };

export async function readAtBase(
  path: string,
  at: BaseCommit,
  options: ContentsOptions,
  /** The commit's check, shared by the reads of one commit (asked once however many files are absent). */
  checks: Map<string, Promise<CommitCheck>> = new Map(),
): Promise<AtBase> {
  const { owner, repo, commit } = at;
  // No token is no token (contract: "An empty token is no token"): never a public read passed off as the base's copy.
  if (!options.token)
    return failed(
      "github-token is empty, so GitHub cannot be asked for the base commit's copy. Give the step github-token (its default is the job's token) with contents: read.",
    );
  const read = await readFileAtRef({ owner, repo, path, ref: commit }, options);
  switch (read.kind) {
    case 'file':
      return read;
    case 'not-found': {
      const key = `${owner}/${repo}@${commit}`;
      if (!checks.has(key))
        checks.set(key, checkCommit({ owner, repo, sha: commit }, { ...options, readBody: undefined }));
      const check = await checks.get(key)!;
      if (check.kind === 'readable') return { kind: 'absent' };
      return failed(
        `GitHub answered 404, and does not show the base commit readable with github-token (${check.reason.replace(/\.$/, '')}), so the file cannot be told absent. Give the job contents: read.`,
      );
    }
    case 'refused':
      return failed(`GitHub refused github-token (HTTP ${read.status}). Give the job contents: read.`);
    case 'failed':
      return failed(failedRead(read));
  }
}

const failed = (reason: string): AtBase => ({ kind: 'failed', reason });
