// Characters no service text keeps: C0/C1 controls (except tab and line breaks) and the
// bidirectional overrides that could display text reordered.
export const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
export const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `%40` read as `@`; the text as written when it holds no valid escape (a stray `%` is taken literally). */
export function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Line breaks (Unicode's too) and control characters, in runs. */
const BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * Service text for an output (`schedule`, `repository-id`): each run of line breaks and control
 * characters becomes one space, so that a value is one line whatever the service sent.
 */
export function oneLine(text: string): string {
  return text.replace(BREAKS_AND_CONTROLS, ' ');
}
