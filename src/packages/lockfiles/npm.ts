// package-lock.json (lockfile versions 1, 2 and 3) and npm-shrinkwrap.json, which has the same form.
// v2 and v3 list every installed folder under `packages`, keyed by its path (`node_modules/a`,
// `node_modules/a/node_modules/b`); v1 nests `dependencies` the way node_modules nests. v2 has both:
// `packages` is read. npm marks what only devDependencies need `dev: true`.
import { success } from '../../model.js';
import { Entries, type Parsed } from './entry.js';
import { readJson } from './json.js';
import { atKey, isRecord, quoted } from './where.js';

const NODE_MODULES = 'node_modules/';

export function parseNpmLock(text: string, path: string): Parsed {
  const json = readJson(text, path);
  if (!json.ok) return json;
  const lock = json.value;
  if (!isRecord(lock) || typeof lock['lockfileVersion'] !== 'number')
    return atKey(path, 'lockfileVersion', 'missing: not an npm lockfile');
  if (lock['packages'] !== undefined) return fromPackages(lock['packages'], path);
  return fromDependencies(lock['dependencies'] ?? {}, path);
}

/** v2 and v3: each folder once; the root (`""`), workspace folders and links are the project's own. */
function fromPackages(packages: unknown, path: string): Parsed {
  if (!isRecord(packages)) return atKey(path, 'packages', 'not an object');
  const entries = new Entries('npm');
  for (const [folder, meta] of Object.entries(packages)) {
    const at = folder.lastIndexOf(NODE_MODULES);
    if (at === -1) continue;
    if (!isRecord(meta)) return atKey(path, `packages${quoted(folder)}`, 'not an object');
    if (meta['link'] === true) continue;
    // `name` is written when it is not the folder's: an alias (`"b": "npm:a@1"` installs a in b/).
    const name = typeof meta['name'] === 'string' ? meta['name'] : folder.slice(at + NODE_MODULES.length);
    const version = meta['version'];
    if (typeof version !== 'string' || version === '') return atKey(path, `packages${quoted(folder)}`, 'no version');
    entries.add(name, version, meta['dev'] === true ? 'development' : 'runtime');
  }
  return success(entries.list());
}

/** v1: `dependencies` within `dependencies`, walked in a queue (no recursion as deep as the file). */
function fromDependencies(root: unknown, path: string): Parsed {
  const entries = new Entries('npm');
  const pending: { where: string; dependencies: unknown }[] = [{ where: 'dependencies', dependencies: root }];
  for (let at = 0; at < pending.length; at++) {
    const next = pending[at]!;
    if (!isRecord(next.dependencies)) return atKey(path, next.where, 'not an object');
    for (const [key, meta] of Object.entries(next.dependencies)) {
      const where = `${next.where}${quoted(key)}`;
      if (!isRecord(meta)) return atKey(path, where, 'not an object');
      const version = meta['version'];
      if (typeof version !== 'string' || version === '') return atKey(path, where, 'no version');
      const resolved = resolvedName(key, version);
      // `file:` is v1's link: a folder of the project's own.
      if (resolved !== null)
        entries.add(resolved.name, resolved.version, meta['dev'] === true ? 'development' : 'runtime');
      if (meta['dependencies'] !== undefined)
        pending.push({ where: `${where}.dependencies`, dependencies: meta['dependencies'] });
    }
  }
  return success(entries.list());
}

/** v1 writes an alias's package in its version (`npm:lodash@4.17.21`); null for a `file:` folder. */
function resolvedName(key: string, version: string): { name: string; version: string } | null {
  if (version.startsWith('file:')) return null;
  if (!version.startsWith('npm:')) return { name: key, version };
  const spec = version.slice('npm:'.length);
  const at = spec.lastIndexOf('@');
  return at > 0 ? { name: spec.slice(0, at), version: spec.slice(at + 1) } : { name: key, version };
}
