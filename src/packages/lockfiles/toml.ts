// TOML lockfiles (poetry.lock, uv.lock, Cargo.lock) through smol-toml: TOML 1.0, dependency-free, and
// its errors carry the line and column.
import { parse, TomlError } from 'smol-toml';
import { success, type Outcome } from '../../model.js';
import { atKey, atLine, isRecord, withoutBom } from './where.js';

export function readToml(text: string, path: string): Outcome<Record<string, unknown>> {
  try {
    return success(parse(withoutBom(text)));
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    // The message's first line; the rest is a picture of the text around the place.
    const why = error.message.split('\n', 1)[0]!.replace(/^Invalid TOML document: /, '');
    return atLine(path, error.line, error.column, `not TOML: ${why}`);
  }
}

/** The `[[package]]` tables of poetry.lock, uv.lock and Cargo.lock; a file of none has none. */
export function packageTables(document: Record<string, unknown>, path: string): Outcome<Record<string, unknown>[]> {
  const tables = document['package'] ?? [];
  if (!Array.isArray(tables) || !tables.every(isRecord))
    return atKey(path, 'package', 'not an array of tables ([[package]])');
  return success(tables);
}
