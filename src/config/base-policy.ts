// A local policy file on a pull request or merge group (contract: "A pull request cannot change the
// policy that judges it"): the workspace may hold the proposed change, so the file is read as it
// stands at the base commit, through GitHub with github-token, and that copy judges. The workspace's
// copy is read too, only to say which settings the change would change once merged.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { checkCommit, failedRead, readFileAtRef } from '../github/contents.js';
import type { BasePolicyFile } from '../model.js';
import { policyChanges } from './policy-changes.js';
import { MAX_POLICY_BYTES, parsePolicyFile, readLocal, type PolicyFileRead } from './policy-file.js';

export interface BasePolicySources {
  /** GITHUB_WORKSPACE: where the proposed copy is read. */
  workspace: string;
  /** GITHUB_API_URL. */
  apiUrl: string;
  /** github-token: the repository's own files (config-token is for other repositories). */
  token: string | null;
  /** `owner/repo` (GITHUB_REPOSITORY). */
  repository: string | null;
  /** The change's base commit from the event; null when the event names none. */
  base: string | null;
  timeoutMs: number;
  maxRetries: number;
}

export type BasePolicyRead =
  /** The base's copy (null: none at the base: inputs and defaults judge), and what the change proposes. */
  | { kind: 'read'; file: PolicyFileRead | null; base: BasePolicyFile }
  /** No such file at the base nor in the workspace: an input error, as on any event. */
  | { kind: 'input-error'; errors: string[] }
  /** The base's copy could not be read: an API error of a read that decides the verdict. */
  | { kind: 'api-error'; message: string };

/** Reads `path` at the base commit (which judges) and in the workspace (what the change proposes). */
export async function readBasePolicy(path: string, sources: BasePolicySources): Promise<BasePolicyRead> {
  const name = path.trim();
  const where = `config-file ${name}`;
  const { base: commit, repository } = sources;
  const [owner, repo, ...rest] = repository?.split('/') ?? [];
  if (!commit)
    return apiError(
      `${where}: the event does not name the base commit, where a pull request's policy file is read (the workspace may hold the change's own copy).`,
    );
  if (!owner || !repo || rest.length > 0)
    return apiError(`${where}: GITHUB_REPOSITORY is not set, so the policy file cannot be read at the base commit.`);
  const inRepository = repositoryPath(sources.workspace, name);
  // Outside the repository there is nothing to read at the base: the workspace read says why.
  const local = readLocal(name, sources.workspace);
  if (inRepository === null) {
    const refused = await local;
    return { kind: 'input-error', errors: [refused.ok ? `${where}: is outside the workspace.` : refused.error] };
  }
  const short = commit.slice(0, 7);
  const at = `${where} at the base commit ${short}`;
  const options = { ...sources, maxBytes: MAX_POLICY_BYTES };
  const read = await readFileAtRef({ owner, repo, path: inRepository, ref: commit }, options);
  let file: PolicyFileRead | null;
  switch (read.kind) {
    case 'file':
      file = parsePolicyFile(read.text, `${name}@${short}`);
      break;
    case 'not-found': {
      // GitHub answers 404 for a token that may not read the repository too: absent only when the
      // same token shows the commit.
      const check = await checkCommit({ owner, repo, sha: commit }, options);
      if (check.kind !== 'readable')
        return apiError(
          `${at}: GitHub answered 404, and does not show the base commit readable with github-token (${check.reason.replace(/\.$/, '')}), so the file cannot be told absent. Give the job contents: read.`,
        );
      file = null;
      break;
    }
    case 'refused':
      return apiError(`${at}: GitHub refused github-token (HTTP ${read.status}). Give the job contents: read.`);
    case 'failed':
      return apiError(`${at}: ${failedRead(read)}`);
  }
  const proposed = await local;
  if (file === null && !proposed.ok && proposed.absent)
    return {
      kind: 'input-error',
      errors: [
        `${where}: no such file at the base commit ${short} nor in the workspace. Check the path (relative to the repository root).`,
      ],
    };
  const parsed = proposed.ok ? parsePolicyFile(proposed.value, name) : null;
  const unreadable = proposed.ok
    ? parsed!.ok
      ? null
      : parsed!.error.join('; ')
    : proposed.absent
      ? null
      : proposed.error;
  const baseCopy = file?.ok ? file.value : null;
  return {
    kind: 'read',
    file,
    base: {
      commit,
      atBase: file !== null,
      changes: unreadable === null ? policyChanges(baseCopy, parsed?.ok ? parsed.value : null) : [],
      proposedUnreadable: unreadable,
    },
  };
}

const apiError = (message: string): BasePolicyRead => ({ kind: 'api-error', message });

/** The workspace path as a path in the repository (the workspace is its root); null when it leads out. */
function repositoryPath(workspace: string, path: string): string | null {
  const inside = relative(resolve(workspace), resolve(workspace, path));
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return null;
  return inside.split(sep).join('/');
}
