// yarn.lock and pnpm-lock.yaml through Yarn's own reader, @yarnpkg/parsers' parseSyml: a file that
// begins with yarn v1's header (`# yarn lockfile v1`) by its grammar for that format, anything else as
// YAML by js-yaml's failsafe schema (every scalar a string, so a version `1.10` stays itself). pnpm's
// files go through it too: one copy of js-yaml in the bundle, and on 50,000 pnpm entries it takes
// about 0.3 s where the `yaml` package the policy file uses takes 4 s or more.
import { parseSyml } from '@yarnpkg/parsers';
import { success, type Outcome } from '../../model.js';
import { atLine, isRecord, withoutBom } from './where.js';

export function readSyml(text: string, path: string): Outcome<Record<string, unknown>> {
  try {
    return success(parseSyml(withoutBom(text)));
  } catch (error) {
    const place = placeOf(error);
    if (place === null) throw error;
    return atLine(path, place.line, place.column, place.why);
  }
}

/**
 * Where either reader stopped: js-yaml's `YAMLException` counts lines and columns from 0 in its
 * `mark`, the v1 grammar's `SyntaxError` from 1 in its `location.start`.
 */
function placeOf(error: unknown): { line: number; column: number; why: string } | null {
  if (!(error instanceof Error) || !isRecord(error)) return null;
  const { mark, location, reason } = error;
  if (isRecord(mark) && typeof mark['line'] === 'number' && typeof mark['column'] === 'number')
    return { line: mark['line'] + 1, column: mark['column'] + 1, why: `not YAML: ${String(reason)}` };
  const start = isRecord(location) ? location['start'] : null;
  if (isRecord(start) && typeof start['line'] === 'number' && typeof start['column'] === 'number')
    return { line: start['line'], column: start['column'], why: `not a yarn.lock: ${error.message}` };
  return null;
}
