// Service text as plain text (annotations, SARIF): one place that strips controls and bidi
// overrides, collapses lines and cuts long text.
import { BIDI, CONTROLS } from '../characters.js';
import { safeHref, truncate } from './markdown.js';

/** Clipped generously before normalising: a megabyte-long text must not cost a megabyte of work per use. */
function clip(s: string, max: number): { text: string; clipped: boolean } {
  const limit = max * 4 + 64;
  if (s.length <= limit) return { text: s, clipped: false };
  return { text: s.slice(0, limit).replace(/[\uD800-\uDBFF]$/, ''), clipped: true };
}

function normalised(s: string, max: number, oneLine: boolean): string {
  const { text, clipped } = clip(s, max);
  let plain = text.replace(BIDI, '').replace(/\r\n?/g, '\n');
  plain = (oneLine ? plain.replace(/\s+/g, ' ') : plain).replace(CONTROLS, ' ').trim();
  // A clipped text always shows it was cut, even when normalising made it short.
  return truncate(clipped && !plain.endsWith('…') ? `${plain}…` : plain, max);
}

/** Plain text, line breaks kept (normalised to `\n`), cut to `max` characters. */
export function plainText(s: string, max: number): string {
  return normalised(s, max, false);
}

/** Plain text on one line, cut to `max` characters. */
export function plainLine(s: string, max: number): string {
  return normalised(s, max, true);
}

/** The first usable http(s) reference (https only when asked); a loop, as an advisory may list thousands. */
export function firstReference(references: string[], httpsOnly = false): string | null {
  for (const reference of references) {
    const href = safeHref(reference);
    if (href !== null && (!httpsOnly || href.startsWith('https:'))) return href;
  }
  return null;
}
