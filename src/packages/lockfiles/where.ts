// How a lockfile that does not parse is named: `FILE:LINE:COLUMN: why` where the text is wrong (the
// policy file's form, which editors link to), `FILE: key: why` where a value is (JSON and TOML keep no
// lines once parsed).
import { atPosition } from '../../config/positions.js';
import { failure } from '../../model.js';

/** A line and column from 1. */
export const atLine = (path: string, line: number, column: number, why: string) =>
  failure(atPosition(path, { line, column }, why));

export const atKey = (path: string, key: string, why: string) => failure(`${path}: ${key}: ${why}`);

/** `["node_modules/a"]`: a key as JSON writes it, so that any name reads back unambiguously. */
export const quoted = (key: string) => `[${JSON.stringify(key)}]`;

/** Line and column (from 1) of an offset, counted without copying the text. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    start = at + 1;
  }
  return { line, column: offset - start + 1 };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A byte order mark is not part of the text (Windows tools write one). */
export const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
