// The lockfile readers, one per format, and the change between two copies of a file: what the run
// loads (as a chunk of its own) when it reads a pull request's change from the lockfiles themselves.
import { parseCargoLock } from './cargo.js';
import { parseComposerLock } from './composer.js';
import type { Parsed } from './entry.js';
import type { LockfileFormat } from './detect.js';
import { parseGemfileLock } from './gemfile.js';
import { parseGoSum, type GoMod } from './go.js';
import { parseNpmLock } from './npm.js';
import { parseNugetLock } from './nuget.js';
import { parsePipfileLock } from './pipfile.js';
import { parsePnpmLock } from './pnpm.js';
import { parsePoetryLock } from './poetry.js';
import { parseRequirements } from './requirements.js';
import { parseUvLock } from './uv.js';
import { parseYarnLock } from './yarn.js';

export type { Ecosystem, LockEntry, Parsed, Scope } from './entry.js';
export { goModBeside, lockfileFormat, type LockfileFormat } from './detect.js';
export { diffLockfiles } from './diff.js';
export type { GoMod } from './go.js';

const PARSERS: Record<Exclude<LockfileFormat, 'go'>, (text: string, path: string) => Parsed> = {
  npm: parseNpmLock,
  yarn: parseYarnLock,
  pnpm: parsePnpmLock,
  requirements: parseRequirements,
  poetry: parsePoetryLock,
  pipfile: parsePipfileLock,
  uv: parseUvLock,
  cargo: parseCargoLock,
  gemfile: parseGemfileLock,
  composer: parseComposerLock,
  nuget: parseNugetLock,
};

/** A lockfile's entries, or why it does not parse (naming `path` and where); a go.sum with its go.mod when there is one. */
export function parseLockfile(format: LockfileFormat, text: string, path: string, goMod: GoMod | null = null): Parsed {
  return format === 'go' ? parseGoSum(text, path, goMod) : PARSERS[format](text, path);
}
