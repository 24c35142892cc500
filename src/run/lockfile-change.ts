// A pull request's change read from the lockfiles themselves (contract: "Without GitHub's dependency
// graph: the lockfiles themselves"), when GitHub's compare answers 403/404 or pr-changes is
// lockfiles: every lockfile of the workspace (the head's copy) compared with its copy at the base
// commit (GitHub's contents API, raw, with github-token; 404 is an added file), the added and removed
// entries as the compare gives them, and the vulnerabilities of the added ones from OSV. Fails closed:
// a copy that cannot be read or does not parse, or an OSV read that fails, is a change not read
// (`failed`: an API error under pr-introduced: fail), never a change read from some of the files.
import type { Config } from '../config/inputs.js';
import { baseCommitOf, readAtBase, type BaseCommit } from '../github/base-file.js';
import { ENABLE_CHANGE, type ChangeRead } from '../github/changes.js';
import type { CommitCheck } from '../github/contents.js';
import type { RunnerContext } from '../github/context.js';
import { findLockfiles, MAX_LOCKFILE_BYTES, type LockfilePath } from '../github/lockfile-paths.js';
import { readWorkspaceFile } from '../github/workspace.js';
import { boundedBy, boundedByWeight } from '../feeds/bounded.js';
import { failure, success, type DependencyChange, type Outcome } from '../model.js';
import type { GoMod, LockfileCopy } from '../packages/lockfiles/index.js';
import { githubReadOptions } from './github-reads.js';
import { readOsvVulnerabilities } from './osv-vulnerabilities.js';

/** Lockfiles read at once (two copies each: the workspace's and GitHub's). */
const CONCURRENCY = 8;
/**
 * Bytes of lockfiles held at once (both copies, while read and parsed), so that memory stays bounded
 * as for manifests whatever the files weigh: eight of 16 MiB, two of 64 MiB.
 */
const BYTES_AT_ONCE = 256 * 1024 * 1024;

/** The formats, as the messages name them. */
const FORMATS =
  'package-lock.json, npm-shrinkwrap.json, yarn.lock, pnpm-lock.yaml, requirements*.txt, poetry.lock, Pipfile.lock, uv.lock, go.sum, Cargo.lock, Gemfile.lock, composer.lock, packages.lock.json, gradle.lockfile';

/**
 * The change between the base and head commits as the workspace's lockfiles show it. `why` says why
 * the lockfiles are read ("GitHub's dependency review compare answered HTTP 403"). Never rejects.
 */
export async function readLockfileChange(
  config: Config,
  context: RunnerContext,
  commits: { base: string | null; head: string | null },
  why: string,
): Promise<ChangeRead> {
  const at = baseCommitOf(commits.base, context.repository, 'lockfile');
  if (!at.ok) return notRead(at.error);
  const found = await findLockfiles(context.workspace);
  if (!found.ok) return notRead(`${why}, and the lockfiles could not be read instead: ${found.error}`);
  if (found.value.length === 0)
    return {
      state: 'unavailable',
      cause: 'not-enabled',
      reason: `${why}, and the workspace holds no lockfile to read the change from instead (${FORMATS}; check the repository out before this step). ${ENABLE_CHANGE}`,
    };
  const read = await readAll(found.value, at.value, config, context);
  const problem = read.find((r) => !r.ok);
  if (problem && !problem.ok) return notRead(`${why}; the lockfiles were read instead, and ${problem.error}`);
  const changes = read.flatMap((r) => (r.ok ? r.value : []));
  for (const change of changes) change.fromLockfile = true;
  const lockfiles = { files: found.value.map((f) => f.path), why };
  if (config.prIntroduced === 'off') return { state: 'read', changes, lockfiles };
  const osv = await readOsvVulnerabilities(config, changes);
  if (!osv.ok)
    return notRead(
      `${why}; the lockfiles were read instead, and the vulnerabilities of the versions they add could not be: ${osv.error}`,
    );
  return { state: 'read', changes, lockfiles, osv: osv.value };
}

const notRead = (reason: string): ChangeRead => ({ state: 'unavailable', reason, cause: 'failed' });

/** Each lockfile's change, in path order, or why it could not be read. */
async function readAll(files: LockfilePath[], at: BaseCommit, config: Config, context: RunnerContext) {
  // The readers and their libraries are a chunk of their own: loaded only when a change is read this way.
  const chunk = await import('../packages/lockfiles/index.js');
  const limited = boundedBy(CONCURRENCY);
  const weighed = boundedByWeight(BYTES_AT_ONCE);
  const options = { ...githubReadOptions(config, context), maxBytes: MAX_LOCKFILE_BYTES };
  const checks = new Map<string, Promise<CommitCheck>>();
  const short = at.commit.slice(0, 7);
  const atBase = async (path: string): Promise<Outcome<string | null>> => {
    const copy = await readAtBase(path, at, options, checks);
    if (copy.kind === 'failed') return failure(`${path} could not be read at the base commit ${short}: ${copy.reason}`);
    return success(copy.kind === 'file' ? copy.text : null);
  };
  const atHead = async (path: string): Promise<Outcome<string | null>> => {
    const copy = await readWorkspaceFile(path, context.workspace, MAX_LOCKFILE_BYTES);
    if (copy.ok) return success(copy.text);
    if (copy.why === 'absent') return success(null);
    const what =
      copy.why === 'unreadable'
        ? `unreadable (${copy.code})`
        : copy.why === 'too-large'
          ? 'larger than 64 MiB'
          : 'outside the workspace';
    return failure(`${path} in the workspace is ${what}`);
  };
  /** A go.sum's go.mod, at one commit: null when it has none. */
  const goMod = async (path: string, read: (path: string) => Promise<Outcome<string | null>>) => {
    const text = await read(path);
    return text.ok ? success<GoMod | null>(text.value === null ? null : { text: text.value, path }) : text;
  };
  const one = async ({ path, format }: LockfilePath): Promise<Outcome<DependencyChange[]>> => {
    const modPath = format === 'go' ? chunk.goModBeside(path) : null;
    const [base, head, baseMod, headMod] = await Promise.all([
      atBase(path),
      atHead(path),
      modPath === null ? success(null) : goMod(modPath, atBase),
      modPath === null ? success(null) : goMod(modPath, atHead),
    ]);
    for (const read of [base, head, baseMod, headMod]) if (!read.ok) return read;
    const copy = (text: Outcome<string | null>, mod: Outcome<GoMod | null>): LockfileCopy => ({
      text: text.ok ? text.value : null,
      goMod: mod.ok ? mod.value : null,
    });
    const change = chunk.lockfileChange(format, path, copy(base, baseMod), copy(head, headMod));
    if (change.ok) return change;
    const where = change.error.copy === 'base' ? `its copy at the base commit ${short}` : 'its copy in the workspace';
    return failure(`${path} does not parse (${where}): ${change.error.error}`);
  };
  // Both copies weigh about the head's size each.
  return Promise.all(files.map((file) => weighed(2 * file.bytes, () => limited(() => one(file)))));
}
