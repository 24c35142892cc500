// The one place that turns untrusted text (service data, inputs, error messages) into GitHub-flavoured
// Markdown. Escape once, at render time: the output is not meant to be escaped again.
//
// People read the raw Markdown too (notification e-mails, API answers, the comment editor), so a
// character is escaped only where it would start markup at its position, and with a backslash (which
// a reader skips easily) rather than a character reference. What must still never come out of service
// text: a table break, HTML, a link or autolink, an @mention, a #123 / GH-123 reference, a workflow
// command (`::` at a line start). Text the action writes itself (dates, numbers, crontabs, CWE ids)
// passes through these rules unchanged, because none of its characters starts markup where it stands.
import { BIDI, CONTROLS } from '../characters.js';

/**
 * GitHub finds @mentions and #123 / GH-123 references in the rendered text, after escapes and
 * character references are decoded, so no Markdown escape stops them: a zero-width space after the
 * marker does (as Renovate does). It is the only invisible character this module adds.
 */
const ZWSP = '\u200b';

/** A backslash before one of these is an escape (CommonMark: any ASCII punctuation). */
const ASCII_PUNCTUATION = /^[!-/:-@[-`{-~]/;
/** Letters and digits: `_` between two of them can neither open nor close emphasis. */
const WORD_CHAR = /^[\p{L}\p{N}]/u;
/** What may follow `@` in a GitHub user or team name, or begin an e-mail domain (GFM autolinks those). */
const NAME_CHAR = /^[A-Za-z0-9_-]/;
/**
 * A character reference the renderer would decode (`&amp;`, `&#64;`, `&#x40;`). Only a complete one:
 * no caller puts a `;` right after escaped text, so `AT&T` or a trailing `R&D` stays as it is.
 */
const CHARACTER_REFERENCE = /&(?:#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]{0,31});/y;

/**
 * Everything that can start markup (or a GitHub link, mention or reference) in the middle of a line;
 * each match is then decided by its neighbours in {@link escapeInline}:
 * - always: `` ` `` code, `*` `~` emphasis and strikethrough, `[` `]` links, images and footnotes,
 *   `<` HTML and autolinks, `|` table cells, `$` GitHub's maths;
 * - `\` only before ASCII punctuation or at the end (elsewhere it is a literal backslash);
 * - `_` unless inside a word (`snake_case` cannot open emphasis);
 * - `&` only where it would start a character reference;
 * - `@` before a name character, `#` before a digit, `GH-` before a digit: a zero-width space;
 * - `://` after `http`, `https` or `ftp`, and a word-initial `www.`: cmark-gfm's URL autolinks start
 *   there, and an escaped `:` or `.` is not seen by them (an e-mail address is broken at its `@`).
 * Not escaped: `-` `+` `.` `!` `(` `)` `#` `:` `>` `=` and the rest: they start nothing mid-line.
 */
const INLINE = /[\\`*~[\]<|$&@#]|_+|(?<=https?|ftp):\/\/|(?<![\p{L}\p{N}])(?:www\.|gh-(?=\d))/giu;

/** Block markup at the start of a line: heading, quote, list, setext underline or thematic break, ordered list, and the runner's `::command`. */
const LINE_START = /^(?:[#>+=-]|\d{1,9}[.)]|::)/;

/** A `#` run after a space at the end of an ATX heading is its closing sequence, dropped from the text. */
const TRAILING_HASHES = /(?<=\s)#+(?=\s*$)/;

const LINE_BREAKS = /\s*[\r\n\u2028\u2029]+\s*/g;

/** One line of plain text: line breaks collapsed, controls removed. */
function oneLine(s: string): string {
  return s.replace(BIDI, '').replace(LINE_BREAKS, ' ').replace(CONTROLS, ' ');
}

/** Escapes inline markup; `breakLinks` false inside a link label, where GitHub makes no autolink, mention or reference. */
function escapeInline(text: string, breakLinks: boolean): string {
  return text.replace(INLINE, (match: string, offset: number) => {
    const next = text.slice(offset + match.length, offset + match.length + 1);
    switch (match[0]) {
      case '\\':
        return next === '' || ASCII_PUNCTUATION.test(next) ? '\\\\' : '\\';
      case '_':
        return WORD_CHAR.test(text.charAt(offset - 1)) && WORD_CHAR.test(next) ? match : match.replace(/_/g, '\\_');
      case '&':
        // A numeric reference (`&#64;`) is already broken by the zero-width space after its `#`.
        CHARACTER_REFERENCE.lastIndex = offset;
        return CHARACTER_REFERENCE.test(text) && !(breakLinks && /^#\d/.test(text.slice(offset + 1, offset + 3)))
          ? '\\&'
          : '&';
      case '@':
        return breakLinks && NAME_CHAR.test(next) ? `@${ZWSP}` : '@';
      case '#':
        return breakLinks && /^\d/.test(next) ? `#${ZWSP}` : '#';
      case ':':
        return breakLinks ? '\\://' : match;
      case 'w':
      case 'W':
        return breakLinks ? `${match.slice(0, 3)}\\.` : match;
      case 'g':
      case 'G':
        return breakLinks ? `${match}${ZWSP}` : match;
      default:
        return `\\${match}`;
    }
  });
}

/**
 * A value written `name@version` (a package, an e-mail address): GitHub would autolink it as an
 * address, which only a zero-width space inside breaks; as a code span it renders as it reads and
 * copies as it is (`npm i ffmpeg-static@5.2.0` must work). Trailing sentence punctuation stays out.
 */
const VALUE = /[^\s`|<>[\]]*[\w.+-]@\w[^\s`|<>[\]]*/g;
const TRAILING_PUNCTUATION = /[.,;:!?)]+$/;

/** Escapes inline markup, values (see {@link VALUE}) as code spans. */
function escapeValues(text: string): string {
  let out = '';
  let at = 0;
  for (const match of text.matchAll(VALUE)) {
    const value = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    // `(lodash@4.17.20)`: the parenthesis stays prose.
    const lead = /^[([{"']+/.exec(value)?.[0] ?? '';
    const token = value.slice(lead.length);
    if (!/[\w.+-]@\w/.test(token)) continue;
    out += escapeInline(text.slice(at, start) + lead, true) + code(token, Infinity);
    at = start + lead.length + token.length;
  }
  return out + escapeInline(text.slice(at), true);
}

/** Cuts to at most `maxLength` characters (code points), ending with `…` when cut. */
export function truncate(s: string, maxLength: number): string {
  // No longer in UTF-16 units, so no longer in code points: most texts never need splitting.
  if (s.length <= maxLength) return s;
  const chars = Array.from(s);
  if (chars.length <= maxLength) return s;
  return `${chars.slice(0, Math.max(0, maxLength - 1)).join('')}…`;
}

export interface EscapeOptions {
  /** The text starts a line (a paragraph of its own): block markup at its start is escaped too. */
  lineStart?: boolean;
  /** The text ends a heading line: a closing `#` run is escaped too. */
  endsHeading?: boolean;
}

/**
 * Text for prose or a table cell: renders as the literal characters, on one line, with no markup,
 * HTML, mentions, references or links. Mid-line unless `lineStart` says it begins a line.
 */
export function escapeText(s: string, options: EscapeOptions = {}): string {
  const text = oneLine(s);
  // Indentation at a line start would make a code block; a reader would not see it anyway.
  const inline = escapeValues(options.lineStart ? text.replace(/^[ \t]+/, '') : text);
  const escaped = options.endsHeading ? inline.replace(TRAILING_HASHES, (hashes) => `\\${hashes}`) : inline;
  if (!options.lineStart) return escaped;
  const start = LINE_START.exec(escaped)?.[0];
  if (start === undefined) return escaped;
  // `1.` and `1)` start an ordered list at the dot or parenthesis; the rest at their first character.
  const at = /^\d/.test(start) ? start.length - 1 : 0;
  return `${escaped.slice(0, at)}\\${escaped.slice(at)}`;
}

/** Text for a table cell: as {@link escapeText} (which always escapes `|`), cut to `maxLength` characters. */
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

/**
 * Inline code inside a table cell. GFM splits cells on `|` even inside code spans, and its `\|` escape
 * shows a stray backslash there after another `\`, so a `|` stands escaped between code spans
 * (`a|b` as `` `a`\|`b` ``): the cell copies as the text, with no zero-width space in it.
 */
export function codeCell(s: string, maxLength = 200): string {
  return oneLine(truncate(s, maxLength))
    .split('|')
    .map((part) => code(part, Infinity))
    .join('\\|');
}

// Percent-encoded in a link destination: `( ) < >` and spaces could end it, `\\` escapes the next
// character, `|` splits a table cell, `` ` `` can open a code span that outranks the link, quotes start a title.
const URL_UNSAFE = /[()<>"'`|\\\s]/g;

/**
 * A Markdown link when `url` is an http(s) URL; otherwise just the escaped text. The label is escaped
 * for Markdown only: GitHub makes no autolink inside a link and finds no mention or reference in its
 * text, so a URL or `@name` as a label stays as it reads (and copies as it reads).
 */
export function link(text: string, url: string | null | undefined): string {
  const href = safeHref(url);
  if (href === null) return escapeText(text);
  // A link destination decodes character references too: `\&` keeps `&amp;` in a URL as it is.
  return `[${escapeInline(oneLine(text), false)}](${href.replace(/&(?=#?[A-Za-z\d]+;)/g, '\\&')})`;
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
