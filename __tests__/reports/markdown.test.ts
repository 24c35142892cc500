import { describe, expect, it } from '@jest/globals';
import { code, codeCell, escapeCell, escapeText, link, safeHref, truncate } from '../../src/reports/markdown.js';

/** What a reader sees: backslash escapes and entities undone, zero-width spaces gone unless kept. */
function visibleText(markdown: string, keepZeroWidth = false): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
  return markdown
    .replace(/\\([!-/:-@[-`{-~])|&(#\d+|amp|lt|gt|quot);/g, (_, escaped: string | undefined, entity: string | undefined) =>
      escaped ?? (entity?.startsWith('#') ? String.fromCodePoint(Number(entity.slice(1))) : (named[entity ?? ''] ?? '')),
    )
    .replaceAll('\u200b', keepZeroWidth ? '\u200b' : '');
}

/** Characters that reach the Markdown parser unescaped (a `\x` pair is skipped as one escape). */
function bareChars(markdown: string): string {
  return markdown.replace(/\\[\s\S]/g, '').replace(/&#?\w+;/g, '');
}

const HOSTILE = '| <script>alert(1)</script> @org/team #1 GH-7 [x](javascript:alert(1)) ![i](https://e.x/i.png) ::set-output name=a::b';

describe('escapeText', () => {
  it.each([
    ['plain words', 'Prototype pollution in minimist', 'Prototype pollution in minimist'],
    ['ampersand', 'a & b', 'a &amp; b'],
    ['HTML tags', '<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert\\(1\\)&gt;'],
    ['quotes', `"a" 'b'`, '&quot;a&quot; &#39;b&#39;'],
    ['a mention', '@org/team', '&#64;&#8203;org/team'],
    ['an issue reference', 'see #123', 'see &#35;&#8203;123'],
    ['a GH- issue reference', 'fixed in GH-12', 'fixed in GH\\-&#8203;12'],
    ['a bare URL', 'https://evil.example/a', 'https&#58;&#8203;//evil\\.example/a'],
    ['a www autolink', 'www.evil.com', 'www\\.evil\\.com'],
    ['a Markdown link', '[x](javascript:alert(1))', '\\[x\\]\\(javascript&#58;alert\\(1\\)\\)'],
    ['a table pipe', 'a | b', 'a \\| b'],
    ['emphasis and strikethrough', '*b* _i_ ~~s~~', '\\*b\\* \\_i\\_ \\~\\~s\\~\\~'],
    ['maths', '$x^2$', '\\$x^2\\$'],
    ['a backslash', 'C:\\dir', 'C&#58;\\\\dir'],
    ['a workflow command', '::set-output name=a::b', '&#58;&#58;set\\-output name=a&#58;&#58;b'],
    ['a heading and list after line breaks', 'a\n\n# Title\r\n- item', 'a &#35;&#8203; Title \\- item'],
    ['already-escaped text (shown literally, not decoded)', '&amp; &#64;', '&amp;amp; &amp;&#35;&#8203;64;'],
  ])('escapes %s', (_name, input, expected) => {
    expect(escapeText(input)).toBe(expected);
  });

  it.each([
    HOSTILE,
    'Ünïcödé 🚀 ok — “quotes” & <b>',
    'back`tick `` and \\| pipe',
    'a\nb',
  ])('keeps what a reader sees: %j', (input) => {
    expect(visibleText(escapeText(input))).toBe(input.replace(/\s*\n\s*/g, ' '));
  });

  it('leaves nothing hostile for the Markdown parser or GitHub filters', () => {
    const out = escapeText(HOSTILE);
    const bare = bareChars(out);
    for (const ch of ['<', '>', '|', '[', ']', '(', ')', '@', '#', ':', '!', '`']) {
      expect({ ch, bare: bare.includes(ch) }).toEqual({ ch, bare: false });
    }
    // Decoded text GitHub scans for mentions and references: broken by a zero-width space.
    const rendered = visibleText(out, true);
    expect(rendered).not.toMatch(/@\w|#\d|GH-\d|:\/\//i);
  });

  it('drops control and bidirectional-override characters', () => {
    expect(escapeText('a\u0000b\u202ec\u0007d')).toBe('a bc d');
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

  it('falls back to escaped text in a table cell when the text has a pipe', () => {
    expect(codeCell('a|b')).toBe('a\\|b');
    expect(codeCell('0 2 * * 1-5')).toBe('`0 2 * * 1-5`');
  });
});

describe('link', () => {
  it.each([
    ['https', 'https://github.com/advisories/GHSA-1', '[GHSA\\-1](https://github.com/advisories/GHSA-1)'],
    ['http', 'http://nvd.example/CVE-1', '[GHSA\\-1](http://nvd.example/CVE-1)'],
    ['javascript: (text only)', 'javascript:alert(1)', 'GHSA\\-1'],
    ['data: (text only)', 'data:text/html,<script>', 'GHSA\\-1'],
    ['ftp: (text only)', 'ftp://files.example/x', 'GHSA\\-1'],
    ['not a URL (text only)', 'see advisory', 'GHSA\\-1'],
    ['missing (text only)', undefined, 'GHSA\\-1'],
    ['parens, pipe, quotes and backticks encoded', 'https://x.example/a_(b)|c"d\'e`', '[GHSA\\-1](https://x.example/a_%28b%29%7Cc%22d%27e%60)'],
    ['an IPv6 host and query kept', 'http://[::1]:8080/x?a=1&b=*', '[GHSA\\-1](http://[::1]:8080/x?a=1&b=*)'],
    ['spaces and angle brackets encoded', 'https://x.example/a b<c>', '[GHSA\\-1](https://x.example/a%20b%3Cc%3E)'],
  ])('%s', (_name, url, expected) => {
    expect(link('GHSA-1', url)).toBe(expected);
  });

  it('escapes the link text', () => {
    expect(link('[x](y) @a', 'https://e.example/')).toBe('[\\[x\\]\\(y\\) &#64;&#8203;a](https://e.example/)');
  });

  it('never lets the destination close early', () => {
    const href = safeHref('https://e.example/))[x](javascript:1) |');
    expect(href).not.toMatch(/[()|\s<>`\\]/);
  });
});
