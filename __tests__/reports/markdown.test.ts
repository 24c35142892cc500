import { describe, expect, it } from '@jest/globals';
import { BIDI, CONTROLS } from '../../src/characters.js';
import { code, codeCell, escapeCell, escapeText, link, safeHref, truncate } from '../../src/reports/markdown.js';
import { HOSTILE } from './hostile.js';
import { githubReferences, needlessEscapes, render, seen, ZERO_WIDTH } from './render.js';

/** The text a reader should see: one line, controls and bidi overrides gone. */
function expectedText(s: string): string {
  return seen(
    s
      .replace(BIDI, '')
      .replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
      .replace(CONTROLS, ' '),
  );
}

/** A `name@version` value (or an address): shown as code, so it copies as it reads. */
const VALUE_AS_CODE = /^[^\s@]*[\w.+-]@\w\S*$/;

/** Everything that would make escaped text more than plain text once rendered; {@link clean} when there is nothing. */
function problems(markdown: string) {
  const r = render(markdown);
  const values = r.codeSpans.filter((c) => VALUE_AS_CODE.test(c)).length;
  let valueSpans = 0;
  return {
    blocks: r.blocks,
    // Code spans of values are the escaping itself (no zero-width space inside a value); any other is markup.
    inlineMarkup: r.inlineMarkup.filter((m) => m !== 'code_inline' || ++valueSpans > values),
    rawHtml: r.rawHtml,
    links: r.links.filter((l) => l.href !== 'https://ok.example/'),
    references: githubReferences(r.scanned),
    workflowCommand: /^\s*::/m.test(markdown),
  };
}
const clean = (blocks: string[], inlineMarkup: string[] = []) => ({
  blocks,
  inlineMarkup,
  rawHtml: [],
  links: [],
  references: [],
  workflowCommand: false,
});
const PARAGRAPH = ['paragraph_open', 'paragraph_close'];

describe('escapeText renders as the text itself, whatever the text', () => {
  it.each(HOSTILE)('in the middle of a line: %j', (input) => {
    const markdown = `Before ${escapeText(input)} after.`;
    expect(problems(markdown)).toEqual(clean(PARAGRAPH));
    expect(seen(render(markdown).paragraphs[0] ?? '')).toBe(seen(`Before ${expectedText(input)} after.`));
  });

  it.each(HOSTILE)('at the start of a line, alone and after a paragraph: %j', (input) => {
    const escaped = escapeText(input, { lineStart: true });
    expect(problems(escaped)).toEqual(clean(PARAGRAPH));
    expect(seen(render(escaped).paragraphs[0] ?? '')).toBe(expectedText(input));
    const after = `A paragraph\n${escaped}`;
    expect(problems(after)).toEqual(clean(PARAGRAPH));
    expect(seen(render(after).paragraphs[0] ?? '')).toBe(seen(`A paragraph ${expectedText(input)}`));
  });

  it.each(HOSTILE)('in a table cell (the row keeps its cells): %j', (input) => {
    const table = `| a | b | c |\n|---|---|---|\n| 1 | ${escapeCell(input, 1000)} | 3 |`;
    const r = render(table);
    expect(problems(table)).toEqual(clean(render('| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |').blocks));
    expect(r.tables).toHaveLength(1);
    expect(r.tables[0]?.map((row) => row.map(seen))).toEqual([
      ['a', 'b', 'c'],
      ['1', expectedText(input), '3'],
    ]);
  });

  it.each(HOSTILE)('at the end of a heading: %j', (input) => {
    const heading = `## Security gate for ${escapeText(input, { endsHeading: true })}`;
    const blocks = ['heading_open', 'heading_close'];
    expect(problems(heading)).toEqual(clean(blocks));
    expect(seen(render(heading).paragraphs[0] ?? '')).toBe(seen(`Security gate for ${expectedText(input)}`));
  });

  it.each(HOSTILE)('as a link label (one link, the one the action made): %j', (input) => {
    const markdown = `See ${link(input, 'https://ok.example/')} now.`;
    const r = render(markdown);
    expect(problems(markdown)).toEqual(clean(PARAGRAPH, ['link_open', 'link_close']));
    expect(r.links).toEqual([{ href: 'https://ok.example/', text: expect.any(String), markup: '' }]);
    expect(seen(r.links[0]?.text ?? '')).toBe(expectedText(input));
  });

  it('drops control and bidirectional-override characters', () => {
    expect(escapeText('a\u0000b\u202ec\u0007d')).toBe('a bc d');
  });
});

describe('escapeText escapes only where a character would start markup', () => {
  it.each([
    [
      'the action’s dates, times, CWE ids and numbers',
      'CWE-79, CWE-89 on 2026-10-28 at 02:00 (UTC): 1,234.5 - ok!',
      'CWE-79, CWE-89 on 2026-10-28 at 02:00 (UTC): 1,234.5 - ok!',
    ],
    ['cronstrue words', 'At 02:00, Monday through Friday (UTC)', 'At 02:00, Monday through Friday (UTC)'],
    [
      'an allow-list reason (the mention still broken)',
      'pinned: see SEC-123 @alice',
      'pinned: see SEC-123 @\u200balice',
    ],
    [
      'a sentence',
      'allow-alerts entry GHSA-9999-aaaa-bbbb matches no alert: it can be removed.',
      'allow-alerts entry GHSA-9999-aaaa-bbbb matches no alert: it can be removed.',
    ],
    ['list and heading markers mid-line', 'a - b + c # d > e = f 1. g', 'a - b + c # d > e = f 1. g'],
    ['an ampersand that is no character reference', 'AT&T & R&D', 'AT&T & R&D'],
    ['character references (a numeric one broken by its #)', '&amp; &#64; &#x40;', '\\&amp; &#\u200b64; \\&#x40;'],
    ['underscores inside words', 'snake_case_name', 'snake_case_name'],
    ['underscores that could open or close emphasis', '_x_ a_ _b', '\\_x\\_ a\\_ \\_b'],
    ['a backslash before a letter', 'C:\\dir', 'C:\\dir'],
    ['a backslash before punctuation and at the end', '\\* \\', '\\\\\\* \\\\'],
    ['HTML', '<b>x</b>', '\\<b>x\\</b>'],
    ['a table pipe', 'a | b', 'a \\| b'],
    [
      'code, emphasis, strikethrough, links and maths',
      '`a` *b* ~c~ [d] $e$',
      '\\`a\\` \\*b\\* \\~c\\~ \\[d\\] \\$e\\$',
    ],
    ['a URL', 'see https://evil.example/a.b', 'see https\\://evil.example/a.b'],
    ['a www link', 'see www.evil.com', 'see www\\.evil.com'],
    ['a domain without www (GitHub does not link it)', 'see evil.com', 'see evil.com'],
    [
      'a URL of a scheme GitHub does not link',
      'ldap://evil.example ${jndi:ldap://x}',
      'ldap://evil.example \\${jndi:ldap://x}',
    ],
    ['an upper-case URL', 'HTTPS://E.EXAMPLE', 'HTTPS\\://E.EXAMPLE'],
    ['references', 'see #12 and GH-7, not #x or GHSA-1', 'see #\u200b12 and GH-\u200b7, not #x or GHSA-1'],
    ['an e-mail address, as code (no zero-width space inside)', 'a@b.example', '`a@b.example`'],
    [
      'a package at a version, as code, the sentence punctuation outside',
      'see (lodash@4.17.20).',
      'see (`lodash@4.17.20`).',
    ],
    ['an @ before no name', 'a @ b', 'a @ b'],
  ])('%s', (_name, input, expected) => {
    expect(escapeText(input)).toBe(expected);
  });

  it.each([
    ['- item', '\\- item'],
    ['+ item', '\\+ item'],
    ['# title', '\\# title'],
    ['> quote', '\\> quote'],
    ['===', '\\==='],
    ['1. one', '1\\. one'],
    ['12) twelve', '12\\) twelve'],
    ['::set-output name=a::b', '\\::set-output name=a::b'],
    ['    indented', 'indented'],
    ['2026-10-28 starts a line', '2026-10-28 starts a line'],
  ])('at a line start: %j → %j', (input, expected) => {
    expect(escapeText(input, { lineStart: true })).toBe(expected);
    expect(escapeText(input).startsWith('\\')).toBe(false);
  });

  it('escapes a closing # run only at the end of a heading', () => {
    expect(escapeText('a #', { endsHeading: true })).toBe('a \\#');
    expect(escapeText('a #')).toBe('a #');
  });

  it.each(HOSTILE)('leaves no needless backslash: %j', (input) => {
    expect(needlessEscapes(escapeText(input), [(s) => `Before ${s} after.`])).toEqual([]);
    const lineStart = escapeText(input, { lineStart: true });
    // `::` at a line start is the runner's workflow command, not Markdown.
    const markdown = lineStart.startsWith('\\::') ? lineStart.slice(1) : lineStart;
    expect(needlessEscapes(markdown, [(s) => s, (s) => `A paragraph\n${s}`])).toEqual([]);
  });

  it('the needless-escape check finds one', () => {
    expect(needlessEscapes('2026\\-10\\-28 02\\:00', [(s) => `Before ${s} after.`])).toEqual([
      '\\-10\\-28 02\\',
      '\\-28 02\\:00',
      '\\:00',
    ]);
  });
});

describe('escapeCell', () => {
  it.each([
    ['short text unchanged', 'abc', 10, 'abc'],
    ['long text cut with an ellipsis', 'abcdefghij', 5, 'abcd…'],
    ['emoji counted as one character', '🚀🚀🚀🚀', 3, '🚀🚀…'],
    ['line breaks collapsed', 'a\nb|c', 10, 'a b\\|c'],
  ])('%s', (_name, input, max, expected) => {
    expect(escapeCell(input, max)).toBe(expected);
  });

  it('cuts to 200 characters by default', () => {
    expect(Array.from(escapeCell('a'.repeat(500)))).toHaveLength(200);
  });
});

describe('truncate', () => {
  it('never splits a surrogate pair', () => {
    expect(truncate('😀'.repeat(10), 4)).toBe('😀😀😀…');
  });
});

describe('code', () => {
  it.each([
    ['plain text', 'pkg:npm/a@1', '`pkg:npm/a@1`'],
    ['a backtick inside', 'a`b', '``a`b``'],
    ['a run of backticks inside', 'a``b', '```a``b```'],
    ['a leading backtick (padded)', '`x', '`` `x ``'],
    ['spaces at both ends (padded so they survive)', ' x ', '`  x  `'],
    ['HTML (literal inside code)', '<b>', '`<b>`'],
    ['line breaks', 'a\nb', '`a b`'],
    ['empty text', '', ''],
  ])('%s', (_name, input, expected) => {
    expect(code(input)).toBe(expected);
  });

  it.each(['pkg:npm/a@1', 'a`b', '`x', ' x ', '<b> @x #1 https://e.x'])(
    'renders as code with the text itself: %j',
    (input) => {
      const r = render(`x ${code(input)} y`);
      expect(r.inlineMarkup).toEqual(['code_inline']);
      expect(r.paragraphs[0]).toBe(`x ${input} y`);
    },
  );

  it('in a table cell, stands a pipe escaped between code spans, so no zero-width space is copied', () => {
    expect(codeCell('a|b')).toBe('`a`\\|`b`');
    expect(codeCell('@scope/pkg@1.0.0 || #12')).toBe('`@scope/pkg@1.0.0 `\\|\\|` #12`');
    expect(codeCell('@scope/pkg@1.0.0|GH-1')).not.toContain('\u200b');
    // Rendered in a table: one cell that reads (and copies) as the text, with no mention in it.
    const r = render(`| h |\n|---|\n| ${codeCell('@scope/pkg@1.0.0|#12')} |`);
    expect(r.tables[0]![1]).toEqual(['@scope/pkg@1.0.0|#12']);
    expect(githubReferences(r.scanned)).toEqual([]);
    expect(codeCell('0 2 * * 1-5')).toBe('`0 2 * * 1-5`');
  });
});

describe('link', () => {
  it.each([
    ['https', 'https://github.com/advisories/GHSA-1', '[GHSA-1](https://github.com/advisories/GHSA-1)'],
    ['http', 'http://nvd.example/CVE-1', '[GHSA-1](http://nvd.example/CVE-1)'],
    ['javascript: (text only)', 'javascript:alert(1)', 'GHSA-1'],
    ['data: (text only)', 'data:text/html,<script>', 'GHSA-1'],
    ['ftp: (text only)', 'ftp://files.example/x', 'GHSA-1'],
    ['not a URL (text only)', 'see advisory', 'GHSA-1'],
    ['missing (text only)', undefined, 'GHSA-1'],
    [
      'parens, pipe, quotes and backticks encoded',
      'https://x.example/a_(b)|c"d\'e`',
      '[GHSA-1](https://x.example/a_%28b%29%7Cc%22d%27e%60)',
    ],
    ['an IPv6 host and query kept', 'http://[::1]:8080/x?a=1&b=*', '[GHSA-1](http://[::1]:8080/x?a=1&b=*)'],
    ['spaces and angle brackets encoded', 'https://x.example/a b<c>', '[GHSA-1](https://x.example/a%20b%3Cc%3E)'],
  ])('%s', (_name, url, expected) => {
    expect(link('GHSA-1', url)).toBe(expected);
  });

  it('a URL or a name as its label reads (and copies) as it is', () => {
    const url = 'https://github.com/advisories/GHSA-35jh-r3h4-6jhm';
    expect(link(url, url)).toBe(`[${url}](${url})`);
    expect(link('@alice #12 www.x.com', url)).toBe(`[@alice #12 www.x.com](${url})`);
  });

  it('escapes Markdown in the label', () => {
    expect(link('[x](y) *a*', 'https://e.example/')).toBe('[\\[x\\](y) \\*a\\*](https://e.example/)');
  });

  it('never lets the destination close early', () => {
    const href = safeHref('https://e.example/))[x](javascript:1) |');
    expect(href).not.toMatch(/[()|\s<>`\\]/);
  });

  it.each(HOSTILE)('a label carries no character reference or zero-width character of its own: %j', (input) => {
    const label = link(input, 'https://ok.example/');
    const zeroWidth = (t: string) => t.match(ZERO_WIDTH)?.length ?? 0;
    expect(zeroWidth(label)).toBe(zeroWidth(input));
    // `\&` shows a literal `&` (the input's own `&amp;` is text, not a reference).
    expect(label.replace(/\\&/g, '')).not.toMatch(/&(#\d+|#x[\da-f]+|[a-z]+);/i);
  });
});
