// poetry.lock: a `[[package]]` per package. Poetry before 1.2 wrote `category = "main"` or `"dev"`;
// Poetry 2 writes `groups = ["main", "dev"]` (any group but main is not installed in production);
// Poetry 1.2 to 1.8 write neither: scope unknown. A `directory` source is a folder of the project's own.
import { success } from '../../model.js';
import { Entries, type Parsed, type Scope } from './entry.js';
import { packageTables, readToml } from './toml.js';
import { atKey, isRecord } from './where.js';

export function parsePoetryLock(text: string, path: string): Parsed {
  const document = readToml(text, path);
  if (!document.ok) return document;
  const tables = packageTables(document.value, path);
  if (!tables.ok) return tables;
  const entries = new Entries('pip');
  for (const [index, table] of tables.value.entries()) {
    const { name, version, source } = table;
    if (typeof name !== 'string' || typeof version !== 'string')
      return atKey(path, `package ${index + 1}`, 'no name or no version');
    if (sourceType(source) === 'directory') continue;
    entries.add(name, version, groupsScope(table));
  }
  return success(entries.list());
}

const sourceType = (source: unknown) => (isRecord(source) ? source['type'] : null);

function groupsScope(table: Record<string, unknown>): Scope {
  const { category, groups } = table;
  if (category === 'main') return 'runtime';
  if (category === 'dev') return 'development';
  if (Array.isArray(groups) && groups.length > 0) return groups.includes('main') ? 'runtime' : 'development';
  return 'unknown';
}
