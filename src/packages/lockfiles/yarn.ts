// yarn.lock, Yarn 1's (v1: `version "1.2.3"` under each `name@range` key) and Berry's (YAML, with
// `__metadata`, `version:` and `resolution: "name@npm:1.2.3"`), both through @yarnpkg/parsers. A
// yarn.lock does not tell development from runtime: every scope is unknown.
import { success } from '../../model.js';
import { Entries, type Parsed } from './entry.js';
import { readSyml } from './syml.js';
import { atKey, isRecord, quoted } from './where.js';

export function parseYarnLock(text: string, path: string): Parsed {
  const read = readSyml(text, path);
  if (!read.ok) return read;
  return read.value['__metadata'] === undefined ? fromV1(read.value, path) : fromBerry(read.value, path);
}

/** `name@range`'s name: up to the first `@` that does not begin a scope. */
const nameOf = (descriptor: string) => descriptor.slice(0, Math.max(0, descriptor.indexOf('@', 1)));

/** Protocols of folders and patches of the project's own, not packages of a registry. */
const LOCAL = /^(?:workspace|link|portal|file|exec|patch):/;

/** Yarn 1: each key a range (or several, one entry each); an alias's range names its package (`npm:a@^1`). */
function fromV1(lock: Record<string, unknown>, path: string): Parsed {
  const entries = new Entries('npm');
  for (const [descriptor, meta] of Object.entries(lock)) {
    if (!isRecord(meta) || typeof meta['version'] !== 'string') return atKey(path, quoted(descriptor), 'no version');
    let name = nameOf(descriptor);
    const range = descriptor.slice(name.length + 1);
    if (name === '') return atKey(path, quoted(descriptor), 'not name@range');
    if (LOCAL.test(range)) continue;
    if (range.startsWith('npm:')) name = nameOf(range.slice('npm:'.length)) || name;
    entries.add(name, meta['version'], 'unknown');
  }
  return success(entries.list());
}

/** Berry: `resolution` names the package (`name@npm:1.2.3`); workspaces and patches are skipped. */
function fromBerry(lock: Record<string, unknown>, path: string): Parsed {
  const entries = new Entries('npm');
  for (const [descriptor, meta] of Object.entries(lock)) {
    if (descriptor === '__metadata') continue;
    if (!isRecord(meta)) return atKey(path, quoted(descriptor), 'not a mapping');
    const { resolution, version } = meta;
    if (typeof resolution !== 'string') return atKey(path, quoted(descriptor), 'no resolution');
    const name = nameOf(resolution);
    if (name === '') return atKey(path, `${quoted(descriptor)}.resolution`, 'not name@reference');
    if (LOCAL.test(resolution.slice(name.length + 1))) continue;
    if (typeof version !== 'string' || version === '') return atKey(path, quoted(descriptor), 'no version');
    entries.add(name, version, 'unknown');
  }
  return success(entries.list());
}
