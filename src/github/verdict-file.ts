// A workspace file the verdict rests on (a `kev-url` path; later `epss-url` and `vex-files`), read
// as the verdict must see it (contract: "A pull request cannot change the policy that judges it"):
// on a pull request or merge group at the base commit, through GitHub's contents API (raw, so up to
// the caller's cap) with the policy file's rules for absence and failure, since the workspace may
// hold the change's own copy; elsewhere from the workspace. The workspace's copy is read on a change
// too, only to say whether the change changes the file.
import type { BodyReader } from '../api/send.js';
import type { BaseFileView } from '../model.js';
import { baseCommitOf, readAtBase } from './base-file.js';
import { readWorkspaceFile, repositoryPath, type WorkspaceFile } from './workspace.js';

export interface VerdictFileSources {
  /** GITHUB_WORKSPACE: the repository's checkout. */
  workspace: string;
  /** GITHUB_API_URL. */
  apiUrl: string;
  /** github-token: the repository's own files. */
  token: string | null;
  /** `owner/repo` (GITHUB_REPOSITORY). */
  repository: string | null;
  /** The change judged, with its base commit (null when the event names none); null on other events. */
  change: { base: string | null } | null;
  timeoutMs: number;
  maxRetries: number;
  /** Injected so tests need no real clock. */
  sleep?: (ms: number) => Promise<void>;
}

/** One file: the input that names it, its path as given (relative to the workspace), the caller's size cap. */
export interface VerdictFileRequest {
  input: string;
  path: string;
  maxBytes: number;
  /** How the file's bytes become its text, as they come (the EPSS CSV keeps only the rows it needs); default whole. */
  readBody?: BodyReader;
}

/**
 * The file's text, or why not: as a workspace read says (`absent` at the base commit when read
 * there), or `failed`: the base copy could not be read, why in a sentence (an API error).
 */
export type VerdictFile = WorkspaceFile | { ok: false; why: 'failed'; reason: string };

export interface VerdictFileRead {
  file: VerdictFile;
  /** The base commit the file was read at, or tried; null when it was read from the workspace. */
  base: string | null;
  /** What the reports say of a read at the base commit (absent included); null otherwise. */
  view: BaseFileView | null;
}

export async function readVerdictFile(
  { input, path, maxBytes, readBody }: VerdictFileRequest,
  sources: VerdictFileSources,
): Promise<VerdictFileRead> {
  const { workspace, change, repository } = sources;
  if (change === null)
    return { file: await readWorkspaceFile(path, workspace, maxBytes, readBody), base: null, view: null };
  const at = baseCommitOf(change.base, repository, `${input} file`);
  if (!at.ok) return { file: failed(at.error), base: null, view: null };
  const inRepository = repositoryPath(workspace, path);
  // Outside the checkout no commit has anything to read (kev-url refuses such a path anyway).
  if (inRepository === null) return { file: { ok: false, why: 'outside' }, base: null, view: null };
  const { commit } = at.value;
  const { apiUrl, token, timeoutMs, maxRetries, sleep } = sources;
  const [atBase, proposed] = await Promise.all([
    readAtBase(inRepository, at.value, { apiUrl, token, timeoutMs, maxRetries, sleep, maxBytes, readBody }),
    readWorkspaceFile(path, workspace, maxBytes, readBody),
  ]);
  if (atBase.kind === 'failed') return { file: failed(atBase.reason), base: commit, view: null };
  const text = atBase.kind === 'file' ? atBase.text : null;
  const view = { input, path, commit, atBase: text !== null, change: changeOf(text, proposed) };
  return { file: text === null ? { ok: false, why: 'absent' } : { ok: true, text }, base: commit, view };
}

const failed = (reason: string): VerdictFile => ({ ok: false, why: 'failed', reason });

/** What the change's copy does to the base's (null: none there). GitHub's answer has no byte-order mark. */
function changeOf(base: string | null, proposed: WorkspaceFile): BaseFileView['change'] {
  if (proposed.ok) return base === null ? 'added' : proposed.text.replace(/^\uFEFF/, '') === base ? 'none' : 'changed';
  switch (proposed.why) {
    case 'absent':
      return base === null ? 'none' : 'removed';
    case 'too-large':
      return base === null ? 'added' : 'changed'; // larger than any copy that could be read, the base's included
    case 'outside':
    case 'unreadable':
      return null;
  }
}

/** A run's reads of such files, and what each read at the base commit saw, in the order asked. */
export interface VerdictFiles {
  read(request: VerdictFileRequest): Promise<VerdictFileRead>;
  /** For the reports: the reads made at the base commit so far. */
  views(): BaseFileView[];
}

/** The run's sources of verdict files: the runner's context and the inputs that govern GitHub reads. */
export function verdictFileSources(
  run: { githubToken: string | null; requestTimeoutMs: number; maxRetries: number },
  context: { workspace: string; apiUrl: string; repository: string | null; change: { base: string | null } | null },
): VerdictFileSources {
  const { workspace, apiUrl, repository, change } = context;
  return {
    workspace,
    apiUrl,
    repository,
    change,
    token: run.githubToken,
    timeoutMs: run.requestTimeoutMs,
    maxRetries: run.maxRetries,
  };
}

/** One per run (no module state): each input's reader plugs in with one `read`. */
export function verdictFiles(sources: VerdictFileSources): VerdictFiles {
  const slots: Array<BaseFileView | null> = [];
  return {
    async read(request) {
      const slot = slots.push(null) - 1;
      const read = await readVerdictFile(request, sources);
      slots[slot] = read.view;
      return read;
    },
    views: () => slots.filter((view) => view !== null),
  };
}
