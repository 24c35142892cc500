// The most of a license expression the action judges (contract: "Verdict integrity", bounded work).
// Apart from the SPDX code and data, so that the licenses read can refuse such an entry as it is
// read, before the license policy's chunk is needed.

/** Longest expression judged, in UTF-8 bytes. */
export const MAX_EXPRESSION_BYTES = 64 * 1024;
/** Deepest nesting of parentheses judged; real expressions nest two or three deep. */
export const MAX_NESTING = 100;

/**
 * Why an expression is beyond what the action judges, or null when it is within. Depth is counted
 * on the text: every `(` is a parenthesis in SPDX's grammar (no id holds one).
 */
export function expressionBoundsProblem(text: string): string | null {
  if (text.length > MAX_EXPRESSION_BYTES / 4 && Buffer.byteLength(text, 'utf8') > MAX_EXPRESSION_BYTES)
    return `longer than ${MAX_EXPRESSION_BYTES / 1024} KiB`;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28 && ++depth > MAX_NESTING) return `nested more than ${MAX_NESTING} parentheses deep`;
    if (c === 0x29 && depth > 0) depth--;
  }
  return null;
}
