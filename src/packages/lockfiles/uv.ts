// uv.lock: a `[[package]]` per package, with its `source`. The project itself and its workspace
// members (`editable`, `virtual`) and other folders (`directory`) are the project's own; the rest
// come from an index, a URL or git. uv.lock does not mark development packages: scope unknown.
import { success } from '../../model.js';
import { Entries, type Parsed } from './entry.js';
import { packageTables, readToml } from './toml.js';
import { atKey, isRecord } from './where.js';

const OWN = ['editable', 'virtual', 'directory'];

export function parseUvLock(text: string, path: string): Parsed {
  const document = readToml(text, path);
  if (!document.ok) return document;
  const tables = packageTables(document.value, path);
  if (!tables.ok) return tables;
  const entries = new Entries('pip');
  for (const [index, table] of tables.value.entries()) {
    const { name, version, source } = table;
    if (typeof name !== 'string') return atKey(path, `package ${index + 1}`, 'no name');
    if (isRecord(source) && OWN.some((key) => key in source)) continue;
    if (typeof version !== 'string') return atKey(path, `package ${index + 1} (${name})`, 'no version');
    entries.add(name, version, 'unknown');
  }
  return success(entries.list());
}
