// composer.lock: JSON, `packages` (installed in production) and `packages-dev` (with --dev only),
// each a list of `{ "name": "vendor/name", "version": "v1.2.3", … }`.
import { success } from '../../model.js';
import { Entries, type Parsed, type Scope } from './entry.js';
import { readJson } from './json.js';
import { atKey, isRecord } from './where.js';

const SECTIONS: [string, Scope][] = [
  ['packages', 'runtime'],
  ['packages-dev', 'development'],
];

export function parseComposerLock(text: string, path: string): Parsed {
  const json = readJson(text, path);
  if (!json.ok) return json;
  const lock = json.value;
  if (!isRecord(lock)) return atKey(path, 'the file', 'not a JSON object');
  const entries = new Entries('composer');
  for (const [section, scope] of SECTIONS) {
    const packages = lock[section] ?? [];
    if (!Array.isArray(packages)) return atKey(path, section, 'not a list');
    for (const [index, meta] of packages.entries()) {
      if (!isRecord(meta) || typeof meta['name'] !== 'string' || typeof meta['version'] !== 'string')
        return atKey(path, `${section}[${index}]`, 'no name or no version');
      entries.add(meta['name'], meta['version'], scope);
    }
  }
  return success(entries.list());
}
