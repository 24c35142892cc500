// An error at a place in the policy file is written `FILE:LINE:COLUMN: message` (the form editors and
// terminals link to the place), and read back for an annotation on that line: the one place that
// knows the form, so the two cannot drift apart.

/** A place in a file, from 1. */
export interface Position {
  line: number;
  column: number;
}

/** `FILE:LINE:COLUMN: message`. */
export const atPosition = (file: string, { line, column }: Position, message: string): string =>
  `${file}:${line}:${column}: ${message}`;

/** The place and the message of an error {@link atPosition} wrote for `file`; null for any other error. */
export function positionIn(error: string, file: string): (Position & { message: string }) | null {
  if (!error.startsWith(`${file}:`)) return null;
  const match = /^(\d+):(\d+): ([\s\S]*)$/.exec(error.slice(file.length + 1));
  return match ? { line: Number(match[1]), column: Number(match[2]), message: match[3]! } : null;
}
