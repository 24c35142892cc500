// The one place that turns untrusted text (service data, inputs, error messages) into GitHub-flavoured
// Markdown. Escape once, at render time: the output is not meant to be escaped again.
import { BIDI, CONTROLS } from '../characters.js';

/** Zero-width space: GitHub finds @mentions, #refs and GH-refs in the rendered text, after entities are
 * decoded, so an entity alone does not stop them; a ZWSP after the marker does (as Renovate does). */
const ZWSP = '&#8203;';

const REPLACEMENTS: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '@': `&#64;${ZWSP}`,
  '#': `&#35;${ZWSP}`,
  // `:` as an entity stops cmark-gfm's scheme autolinks (`https://`, `mailto:`) and `::` workflow commands.
  ':': '&#58;',
  '://': `&#58;${ZWSP}//`,
};

// `\\` `` ` `` * _ { } [ ] ( ) + - . ! | ~ $: emphasis, links, images, lists, tables, strikethrough and
// GitHub's `$` maths; `.` also breaks `www.` autolinks. All are ASCII punctuation, so `\x` is a literal x.
const BACKSLASHED = new Set('\\`*_{}[]()+-.!|~$');

// `://` first so it wins over the lone `:`; `GH-` before a number is a GitHub issue reference.
const SPECIAL = /:\/\/|\bgh-(?=\d)|[&<>"'@#:\\`*_{}[\]()+\-.!|~$]/gi;

const LINE_BREAKS = /\s*[\r\n\u2028\u2029]+\s*/g;

/** One line of plain text: line breaks collapsed, controls removed. */
function oneLine(s: string): string {
  return s.replace(BIDI, '').replace(LINE_BREAKS, ' ').replace(CONTROLS, ' ');
}

/** Cuts to at most `maxLength` characters (code points), ending with `…` when cut. */
export function truncate(s: string, maxLength: number): string {
  const chars = Array.from(s);
  if (chars.length <= maxLength) return s;
  return `${chars.slice(0, Math.max(0, maxLength - 1)).join('')}…`;
}

/** Text for prose: renders as the literal characters, on one line, with no markup, HTML, mentions or links. */
export function escapeText(s: string): string {
  return oneLine(s).replace(SPECIAL, (match) => {
    if (match.length === 3 && match !== '://') return `${match.slice(0, 2)}\\-${ZWSP}`; // GH-123
    return REPLACEMENTS[match] ?? (BACKSLASHED.has(match) ? `\\${match}` : match);
  });
}

/** Text for a table cell: as {@link escapeText} (which also escapes `|`), cut to `maxLength` characters. */
export function escapeCell(s: string, maxLength = 200): string {
  return escapeText(truncate(s, maxLength));
}

/** Inline code for prose: a backtick fence longer than any run of backticks inside. */
export function code(s: string, maxLength = 200): string {
  const text = oneLine(truncate(s, maxLength));
  if (text === '') return '';
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  // CommonMark strips one space from each side when both are there, so padding keeps the text exact.
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Inline code inside a table cell. GFM splits cells on `|` even inside code spans, and its `\|` escape
 * shows a stray backslash there after another `\`, so text with a `|` is escaped as plain text instead. */
export function codeCell(s: string, maxLength = 200): string {
  return s.includes('|') ? escapeCell(s, maxLength) : code(s, maxLength);
}

// Percent-encoded in a link destination: `( ) < >` and spaces could end it, `\\` escapes the next
// character, `|` splits a table cell, `` ` `` can open a code span that outranks the link, quotes start a title.
const URL_UNSAFE = /[()<>"'`|\\\s]/g;

/** A Markdown link when `url` is an http(s) URL; otherwise just the escaped text. */
export function link(text: string, url: string | null | undefined): string {
  const label = escapeText(text);
  const href = safeHref(url);
  return href === null ? label : `[${label}](${href})`;
}

/** The URL, normalised and percent-encoded for a link destination, or null when it is not http(s). */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  return parsed.href.replace(URL_UNSAFE, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Cell for a link inside a table: the label cut to `maxLength` characters. */
export function linkCell(text: string, url: string | null | undefined, maxLength = 200): string {
  return link(truncate(text, maxLength), url);
}
