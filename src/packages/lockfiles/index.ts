// The lockfile readers, one per format, and the change between two copies of a file: what the run
// loads (as a chunk of its own) when it reads a pull request's change from the lockfiles themselves
// (contract: "Without GitHub's dependency graph").
export { lockfileChange, type CopyError, type LockfileCopy } from './change.js';
export { goModBeside, lockfileFormat, type LockfileFormat } from './detect.js';
export { diffLockfiles } from './diff.js';
export type { Ecosystem, LockEntry, Parsed, Scope } from './entry.js';
export type { GoMod } from './go.js';
export { parseLockfile } from './parse.js';
