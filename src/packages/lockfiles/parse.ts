// One reader per format, chosen by the format detect.ts gives a path.
import { parseCargoLock } from './cargo.js';
import { parseComposerLock } from './composer.js';
import type { LockfileFormat } from './detect.js';
import type { Parsed } from './entry.js';
import { parseGemfileLock } from './gemfile.js';
import { parseGradleLockfile } from './gradle.js';
import { parseGoSum, type GoMod } from './go.js';
import { parseNpmLock } from './npm.js';
import { parseNugetLock } from './nuget.js';
import { parsePipfileLock } from './pipfile.js';
import { parsePnpmLock } from './pnpm.js';
import { parsePoetryLock } from './poetry.js';
import { parseRequirements } from './requirements.js';
import { parseUvLock } from './uv.js';
import { parseYarnLock } from './yarn.js';

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
  gradle: parseGradleLockfile,
};

/** A lockfile's entries, or why it does not parse (naming `path` and where); a go.sum with its go.mod when there is one. */
export function parseLockfile(format: LockfileFormat, text: string, path: string, goMod: GoMod | null = null): Parsed {
  return format === 'go' ? parseGoSum(text, path, goMod) : PARSERS[format](text, path);
}
