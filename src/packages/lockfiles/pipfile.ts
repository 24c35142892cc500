// Pipfile.lock: JSON, `default` (runtime) and `develop` (development) by name, each pinned as
// `"version": "==1.0"`. An editable, path or git requirement has no `version`: it is the project's own
// or pins no release, and is skipped.
import { success } from '../../model.js';
import { Entries, type Parsed, type Scope } from './entry.js';
import { readJson } from './json.js';
import { atKey, isRecord, quoted } from './where.js';

const SECTIONS: [string, Scope][] = [
  ['default', 'runtime'],
  ['develop', 'development'],
];

export function parsePipfileLock(text: string, path: string): Parsed {
  const json = readJson(text, path);
  if (!json.ok) return json;
  const lock = json.value;
  if (!isRecord(lock)) return atKey(path, 'the file', 'not a JSON object');
  const entries = new Entries('pip');
  for (const [section, scope] of SECTIONS) {
    const packages = lock[section] ?? {};
    if (!isRecord(packages)) return atKey(path, section, 'not an object');
    for (const [name, meta] of Object.entries(packages)) {
      const where = `${section}${quoted(name)}`;
      if (!isRecord(meta)) return atKey(path, where, 'not an object');
      const { version } = meta;
      if (version === undefined) continue;
      const pinned = typeof version === 'string' ? /^===?\s*(\S+)$/.exec(version.trim()) : null;
      if (!pinned) return atKey(path, `${where}.version`, 'not ==version');
      entries.add(name, pinned[1]!, scope);
    }
  }
  return success(entries.list());
}
