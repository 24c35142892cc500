// The workspace's lockfiles (contract: "Without GitHub's dependency graph: the lockfiles themselves"):
// every file of a lockfile format anywhere in the checkout, `node_modules/`, `vendor/` and `.git/`
// skipped, links not followed (a link may lead out of the workspace, or in a circle): a lockfile that is
// a link, or that only a link to a skipped directory leads to, is a failure, never a file left unread.
// Bounded: at most
// MAX_LOCKFILES files of at most MAX_LOCKFILE_BYTES each, and a bounded walk; a workspace beyond a
// bound is a failure that names it, never a change read from some of its lockfiles.
import { lstat, opendir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { failure, success, type Outcome } from '../model.js';
import { lockfileFormat, type LockfileFormat } from '../packages/lockfiles/detect.js';

/** Lockfiles read at most (contract). */
export const MAX_LOCKFILES = 200;
/** Bytes of one lockfile at most (contract). */
export const MAX_LOCKFILE_BYTES = 64 * 1024 * 1024;
/** Directories walked at most: far beyond a real checkout without its dependencies, a bound on one that is not. */
const MAX_DIRECTORIES = 100_000;

/** Directories never walked: installed dependencies and git's own. */
const SKIPPED = new Set(['node_modules', 'vendor', '.git']);

/** A lockfile of the workspace: its repository-relative path (`/`-separated), its format and size. */
export interface LockfilePath {
  path: string;
  format: LockfileFormat;
  bytes: number;
}

/** The workspace's lockfiles, in path order, or why they cannot be read as the contract bounds them. */
export async function findLockfiles(workspace: string): Promise<Outcome<LockfilePath[]>> {
  const found: LockfilePath[] = [];
  const root = await realpath(workspace);
  // Each directory to walk, and the link it was reached through (null: none).
  const pending: Array<{ dir: string; via: string | null }> = [{ dir: '', via: null }];
  const linked = new Set<string>();
  let directories = 0;
  while (pending.length > 0) {
    const { dir, via } = pending.pop()!;
    if (++directories > MAX_DIRECTORIES)
      return failure(
        `the workspace has more than ${MAX_DIRECTORIES.toLocaleString('en-US')} directories to look for lockfiles in.`,
      );
    let entries;
    try {
      entries = await opendir(join(workspace, dir));
    } catch (error) {
      return failure(
        `the workspace's directory ${dir || '.'} cannot be read (${(error as { code?: string }).code ?? error}).`,
      );
    }
    for await (const entry of entries) {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) pending.push({ dir: path, via });
        continue;
      }
      const format = lockfileFormat(path);
      // A lockfile that is a link could say anything of where it leads: never read, never skipped.
      if (format !== null && entry.isSymbolicLink())
        return failure(`the lockfile ${path} is a link, which the action does not follow: commit the lockfile itself.`);
      if (entry.isSymbolicLink()) {
        const walk = await linkedDirectory(join(workspace, path), root, linked);
        if (walk) pending.push({ dir: path, via: via ?? path });
        continue;
      }
      if (format === null || !entry.isFile()) continue;
      // A lockfile only a link leads to (its directory skipped, or outside the walk) is not left unread.
      if (via !== null)
        return failure(
          `the lockfile ${path} is reached only through the link ${via}, which the action does not follow: commit the directory itself.`,
        );
      if (found.length === MAX_LOCKFILES)
        return failure(
          `the workspace holds more than ${MAX_LOCKFILES} lockfiles (the ${MAX_LOCKFILES + 1}th: ${path}), more than the action reads.`,
        );
      const { size } = await lstat(join(workspace, path));
      if (size > MAX_LOCKFILE_BYTES)
        return failure(
          `the lockfile ${path} is ${size.toLocaleString('en-US')} bytes, more than the 64 MiB the action reads.`,
        );
      found.push({ path, format, bytes: size });
    }
  }
  return success(found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)));
}

/**
 * Whether a link must be walked to see what it hides: a link to a directory of the workspace that the
 * walk does not reach by its own path (under `node_modules/`, `vendor/` or `.git/`), once. A link to a
 * directory walked anyway, to one outside the workspace (none of the repository's files), to a file, or
 * leading nowhere is not.
 */
async function linkedDirectory(link: string, root: string, seen: Set<string>): Promise<boolean> {
  const target = await realpath(link).catch(() => null);
  if (target === null || seen.has(target) || !(await stat(target)).isDirectory()) return false;
  const inside = relative(root, target);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return false;
  if (!inside.split(sep).some((segment) => SKIPPED.has(segment))) return false;
  seen.add(target);
  return true;
}
