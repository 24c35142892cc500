// Renders Markdown as GitHub would, for the tests: markdown-it (CommonMark, GFM tables and
// strikethrough, raw HTML allowed as GitHub allows it) with autolinks set up like cmark-gfm's
// (http(s)/ftp URLs and `www.` links, not bare domains or `//host`), then the checks GitHub's own
// filters would make on the rendered text: @mentions, #123 and GH-123 references and e-mail
// autolinks, which it finds in text outside links and code, after escapes and entities are decoded.
import markdownit, { type Token } from 'markdown-it';

const md = markdownit({ html: true, linkify: true });
md.linkify
  .set({ fuzzyLink: false, fuzzyEmail: false })
  // E-mail addresses (also after `mailto:`) are found in the rendered text, as cmark-gfm does: githubReferences.
  .add('//', null)
  .add('mailto:', null)
  .add('www.', {
    validate: (text: string, pos: number) => /^[\w-]+(?:\.[\w-]+)+[^\s<]*/.exec(text.slice(pos))?.[0].length ?? 0,
    normalize: (match: { url: string }) => {
      match.url = `http://${match.url}`;
    },
  });

/** Zero-width characters: invisible to a reader, so left out of what the tests compare. */
export const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;

export interface RenderedLink {
  href: string;
  /** The link's text as a reader sees it. */
  text: string;
  /** `''` for `[text](url)`, `linkify` for a bare-URL autolink, `autolink` for `<url>`. */
  markup: string;
}

export interface Rendered {
  html: string;
  /** Block token types, in order (`paragraph_open`, `table_open`, `heading_open`…). */
  blocks: string[];
  /** Inline token types other than text and line breaks (`strong_open`, `code_inline`, `link_open`, `html_inline`…). */
  inlineMarkup: string[];
  /** The contents of code spans, in order. */
  codeSpans: string[];
  /** Raw HTML passed through: `html_block` and `html_inline` contents. */
  rawHtml: string[];
  links: RenderedLink[];
  /** Every table: rows (the header first) of cell texts. */
  tables: string[][][];
  /** Text of each paragraph, heading and list item (tables apart), as a reader sees it. */
  paragraphs: string[];
  /** Text outside links and code, where GitHub looks for mentions, references and e-mail addresses. */
  scanned: string;
}

/** Text of an inline token's children as a reader sees it (zero-width characters kept). */
function inlineText(children: Token[]): string {
  return children
    .map((t) =>
      t.type === 'text' || t.type === 'code_inline'
        ? t.content
        : t.type === 'softbreak' || t.type === 'hardbreak'
          ? '\n'
          : t.type === 'image'
            ? t.content
            : '',
    )
    .join('');
}

export function render(markdown: string): Rendered {
  const tokens = md.parse(markdown, {});
  const out: Rendered = {
    html: md.renderer.render(tokens, md.options, {}),
    blocks: [],
    inlineMarkup: [],
    codeSpans: [],
    rawHtml: [],
    links: [],
    tables: [],
    paragraphs: [],
    scanned: '',
  };
  let table: string[][] | null = null;
  let row: string[] | null = null;
  const scanned: string[] = [];
  for (const [i, token] of tokens.entries()) {
    if (token.type !== 'inline') out.blocks.push(token.type);
    if (token.type === 'html_block') out.rawHtml.push(token.content);
    if (token.type === 'table_open') out.tables.push((table = []));
    if (token.type === 'table_close') table = null;
    if (token.type === 'tr_open') table?.push((row = []));
    if (token.type !== 'inline') continue;
    const children = token.children ?? [];
    const text = inlineText(children);
    if (row !== null && /^t[hd]_open$/.test(tokens[i - 1]?.type ?? '')) row.push(text);
    else out.paragraphs.push(text);
    let link: RenderedLink | null = null;
    for (const child of children) {
      if (!['text', 'softbreak', 'hardbreak'].includes(child.type)) out.inlineMarkup.push(child.type);
      if (child.type === 'html_inline') out.rawHtml.push(child.content);
      if (child.type === 'code_inline') out.codeSpans.push(child.content);
      if (child.type === 'link_open')
        out.links.push((link = { href: String(child.attrGet('href') ?? ''), text: '', markup: child.markup }));
      else if (child.type === 'link_close') link = null;
      else if (link !== null) link.text += inlineText([child]);
      else if (child.type === 'text') scanned.push(child.content);
      else scanned.push('\n');
    }
    scanned.push('\n');
  }
  out.scanned = scanned.join('');
  return out;
}

/**
 * What GitHub would turn into a mention, an issue reference or an e-mail link in `scanned` text: an
 * `@` before a name character, `#` before a digit, `GH-` before a digit. A zero-width character in
 * between breaks each, as it does on GitHub.
 */
export function githubReferences(scanned: string): string[] {
  return scanned.match(/@[A-Za-z0-9_-]|#\d|(?<![A-Za-z0-9])gh-\d/gi) ?? [];
}

/** Text as a reader sees it: zero-width characters dropped, whitespace runs as one space, trimmed. */
export function seen(text: string): string {
  return text.replace(ZERO_WIDTH, '').replace(/\s+/g, ' ').trim();
}

/** Escapes the contract allows anywhere: characters that start markup in most places. */
export const ALWAYS_ESCAPED = new Set('*_`[]<>|\\~$');

/**
 * Backslash escapes in `markdown` that change nothing when removed: the renderings (in each of
 * `contexts`, e.g. alone and after a paragraph) are compared with and without each backslash. Those
 * before {@link ALWAYS_ESCAPED} characters are not checked.
 */
export function needlessEscapes(markdown: string, contexts: ((s: string) => string)[] = [(s) => s]): string[] {
  const needless: string[] = [];
  for (let i = markdown.indexOf('\\'); i >= 0; i = markdown.indexOf('\\', i + 2)) {
    const next = markdown.charAt(i + 1);
    // cmark-gfm starts a `www.` link even right after an escaped `*`, `_`, `~` or `(`; markdown-it does not.
    if (ALWAYS_ESCAPED.has(next) || markdown.slice(i - 3, i).toLowerCase() === 'www') continue;
    const without = markdown.slice(0, i) + markdown.slice(i + 1);
    if (contexts.every((wrap) => render(wrap(markdown)).html === render(wrap(without)).html))
      needless.push(markdown.slice(i, i + 12));
  }
  return needless;
}

/**
 * What makes raw Markdown hard to read: character references (`&#58;`, `&amp;`; a `\&` is a plain
 * `&`), zero-width characters other than the ones that break a mention or reference (right after
 * an `@` before a name character, a `#` or `GH-` before a digit), and needless backslashes.
 */
export function readabilityProblems(markdown: string): {
  characterReferences: string[];
  zeroWidth: string[];
  needlessEscapes: string[];
} {
  const characterReferences = markdown.replace(/\\&/g, '').match(/&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/gi) ?? [];
  const zeroWidth = [...markdown.matchAll(/[\s\S]{0,6}[\u200b-\u200d\u2060\ufeff][\s\S]?/g)]
    .map((m) => m[0])
    .filter((around) => !/(?:@\u200b[A-Za-z0-9_-]|#\u200b\d|gh-\u200b\d)$/i.test(around));
  return { characterReferences, zeroWidth, needlessEscapes: needlessEscapes(markdown) };
}

/** A link destination as the renderer writes it into `href` (percent-encoding what a URL may not hold). */
export const normalizeLink = (url: string): string => md.normalizeLink(url);
