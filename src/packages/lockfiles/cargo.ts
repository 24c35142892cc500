// Cargo.lock: a `[[package]]` per crate; the workspace's own crates and path dependencies have no
// `source` (a registry's or git's). Cargo does not mark development crates: scope unknown.
import { success } from '../../model.js';
import { Entries, type Parsed } from './entry.js';
import { packageTables, readToml } from './toml.js';
import { atKey } from './where.js';

export function parseCargoLock(text: string, path: string): Parsed {
  const document = readToml(text, path);
  if (!document.ok) return document;
  const tables = packageTables(document.value, path);
  if (!tables.ok) return tables;
  const entries = new Entries('cargo');
  for (const [index, table] of tables.value.entries()) {
    const { name, version, source } = table;
    if (typeof name !== 'string' || typeof version !== 'string')
      return atKey(path, `package ${index + 1}`, 'no name or no version');
    if (source !== undefined) entries.add(name, version, 'unknown');
  }
  return success(entries.list());
}
