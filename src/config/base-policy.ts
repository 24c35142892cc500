// A local policy file on a pull request or merge group (contract: "A pull request cannot change the
// policy that judges it"): the workspace may hold the proposed change, so the file is read as it
// stands at the base commit, through GitHub with github-token, and that copy judges. The workspace's
// copy is read too, only to say which settings the change would change once merged.
import { baseCommitOf, readAtBase } from '../github/base-file.js';
import { repositoryPath } from '../github/workspace.js';
import type { BasePolicyFile } from '../model.js';
import { policyChanges } from './policy-changes.js';
import { MAX_POLICY_BYTES, parsePolicyFile, readLocal, remoteFormHint, type PolicyFileRead } from './policy-file.js';

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
  const at = baseCommitOf(sources.base, sources.repository, 'policy file');
  if (!at.ok) return apiError(`${where}: ${at.error}`);
  const inRepository = repositoryPath(sources.workspace, name);
  // Outside the repository there is nothing to read at the base: the workspace read says why.
  const local = readLocal(name, sources.workspace);
  if (inRepository === null) {
    const refused = await local;
    return { kind: 'input-error', errors: [refused.ok ? `${where}: is outside the workspace.` : refused.error] };
  }
  const { commit } = at.value;
  const short = commit.slice(0, 7);
  const read = await readAtBase(inRepository, at.value, { ...sources, maxBytes: MAX_POLICY_BYTES });
  if (read.kind === 'failed') return apiError(`${where} at the base commit ${short}: ${read.reason}`);
  const file = read.kind === 'file' ? parsePolicyFile(read.text, `${name}@${short}`) : null;
  const proposed = await local;
  if (file === null && !proposed.ok && proposed.absent)
    return {
      kind: 'input-error',
      errors: [
        `${where}: no such file at the base commit ${short} nor in the workspace. Check the path (relative to the repository root).${remoteFormHint(name)}`,
      ],
    };
  return { kind: 'read', file, base: compared(commit, file, proposed, name) };
}

/** The base copy (null: none there) and the workspace's, compared: the settings the change would change. */
function compared(commit: string, file: PolicyFileRead | null, proposed: LocalRead, name: string): BasePolicyFile {
  const parsed = proposed.ok ? parsePolicyFile(proposed.value, name) : null;
  // A copy that does not parse, or cannot be read, is said; a removed copy proposes no settings.
  const unreadable = parsed
    ? parsed.ok
      ? null
      : parsed.error.join('; ')
    : proposed.ok || proposed.absent
      ? null
      : proposed.error;
  const baseCopy = file?.ok ? file.value : null;
  return {
    commit,
    atBase: file !== null,
    changes: unreadable === null ? policyChanges(baseCopy, parsed?.ok ? parsed.value : null) : [],
    proposedUnreadable: unreadable,
  };
}

const apiError = (message: string): BasePolicyRead => ({ kind: 'api-error', message });

type LocalRead = Awaited<ReturnType<typeof readLocal>>;
