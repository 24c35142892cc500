// pnpm-lock.yaml, lockfile versions 6 (pnpm 8: keys `/name@version(peer@1)`) to 9 (pnpm 9 and 10:
// keys `name@version`, and `snapshots` per set of peers, which add no version `packages` lacks).
// v6 marks what only devDependencies need `dev: true` (and `dev: false` what only dependencies need;
// no mark: both, so installed in production); v9 marks nothing: scope unknown.
import { success } from '../../model.js';
import { Entries, type Parsed, type Scope } from './entry.js';
import { readSyml } from './syml.js';
import { atKey, isRecord, quoted } from './where.js';

export function parsePnpmLock(text: string, path: string): Parsed {
  const read = readSyml(text, path);
  if (!read.ok) return read;
  const lock = read.value;
  const version = lock['lockfileVersion'];
  const major = typeof version === 'string' ? Number.parseInt(version, 10) : NaN;
  if (!(major >= 6 && major <= 9))
    return atKey(path, 'lockfileVersion', `${JSON.stringify(version ?? null)}: only versions 6 to 9 are read`);
  const packages = lock['packages'] ?? {};
  if (!isRecord(packages)) return atKey(path, 'packages', 'not a mapping');
  const entries = new Entries('npm');
  for (const [key, meta] of Object.entries(packages)) {
    const where = `packages${quoted(key)}`;
    if (!isRecord(meta)) return atKey(path, where, 'not a mapping');
    if (isLocal(key, meta)) continue;
    const fromKey = nameAndVersion(key);
    // A tarball or git dependency is keyed by its URL, and says its name and version.
    const name = typeof meta['name'] === 'string' ? meta['name'] : fromKey?.name;
    const at = typeof meta['version'] === 'string' ? meta['version'] : fromKey?.version;
    if (!name || !at) return atKey(path, where, 'not name@version');
    entries.add(name, at, major === 6 ? scopeOf(meta['dev']) : 'unknown');
  }
  return success(entries.list());
}

/** A folder of the project's own (`file:`, `link:`), not a package of a registry. */
const isLocal = (key: string, meta: Record<string, unknown>) =>
  /(?:^|@)(?:file|link):/.test(key) || (isRecord(meta['resolution']) && 'directory' in meta['resolution']);

/** `/name@1.0.0(peer@2.0.0)` (v6) or `name@1.0.0(peer@2.0.0)` (v9): the peers are not the version. */
function nameAndVersion(key: string): { name: string; version: string } | null {
  const bare = key.slice(key.startsWith('/') ? 1 : 0, key.includes('(') ? key.indexOf('(') : key.length);
  const at = bare.lastIndexOf('@');
  return at > 0 ? { name: bare.slice(0, at), version: bare.slice(at + 1) } : null;
}

const scopeOf = (dev: unknown): Scope => (dev === 'true' ? 'development' : 'runtime');
