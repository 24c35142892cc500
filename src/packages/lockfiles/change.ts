// The change of one lockfile between a pull request's base and head commits, from its two copies.
import { failure, success, type DependencyChange, type Outcome } from '../../model.js';
import type { LockfileFormat } from './detect.js';
import { diffLockfiles } from './diff.js';
import type { LockEntry } from './entry.js';
import type { GoMod } from './go.js';
import { parseLockfile } from './parse.js';

/** One commit's copy of a lockfile: its text (null: the file is not there) and, for a go.sum, its go.mod. */
export interface LockfileCopy {
  text: string | null;
  goMod?: GoMod | null;
}

/** Why a copy does not parse, and which copy. */
export interface CopyError {
  copy: 'base' | 'head';
  error: string;
}

const sameCopy = (a: LockfileCopy, b: LockfileCopy) =>
  a.text === b.text && (a.goMod?.text ?? null) === (b.goMod?.text ?? null);

/**
 * The change between a lockfile's base and head copies at `path`. Copies alike (a pull request leaves
 * most lockfiles as they are) are no change whatever they hold, and are not parsed: only a changed
 * file costs its parse.
 */
export function lockfileChange(
  format: LockfileFormat,
  path: string,
  base: LockfileCopy,
  head: LockfileCopy,
): Outcome<DependencyChange[], CopyError> {
  if (sameCopy(base, head)) return success([]);
  const read = (copy: 'base' | 'head', { text, goMod }: LockfileCopy): Outcome<LockEntry[] | null, CopyError> => {
    if (text === null) return success(null);
    const parsed = parseLockfile(format, text, path, goMod ?? null);
    return parsed.ok ? parsed : failure({ copy, error: parsed.error });
  };
  const before = read('base', base);
  if (!before.ok) return before;
  const after = read('head', head);
  if (!after.ok) return after;
  return success(diffLockfiles(before.value, after.value, path));
}
