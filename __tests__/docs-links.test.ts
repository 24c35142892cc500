// Every relative link in the README and docs/ leads somewhere: the file exists, and a `#fragment`
// names a heading of it as GitHub makes its anchors (lower case, punctuation dropped, spaces as `-`,
// `-1`, `-2` … after a repeated heading).
import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FILES = [
  'README.md',
  'CHANGELOG.md',
  'SECURITY.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Markdown without fenced code blocks and code spans, where a `[x](y)` is no link. */
function prose(markdown: string): string {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/(`+)[\s\S]*?\1/g, '');
}

/** GitHub's anchors for the headings of a Markdown file (github-slugger's rule). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, text] of prose(markdown).matchAll(/^#{1,6}\s+(.*?)\s*#*\s*$/gm)) {
    const base = text!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n === 0 ? base : `${base}-${n}`);
  }
  return result;
}

const links = FILES.flatMap((file) =>
  [...prose(readFileSync(join(ROOT, file), 'utf8')).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => [file, target] as const),
);

describe('relative links in the README and docs/', () => {
  test('there are some', () => {
    expect(links.length).toBeGreaterThan(50);
  });

  test.each(links)('%s: %s', (file, target) => {
    const [path, fragment] = target.split('#') as [string, string | undefined];
    const resolved = path === '' ? file : normalize(join(dirname(file), decodeURIComponent(path)));
    expect({ target, exists: existsSync(join(ROOT, resolved)) }).toEqual({ target, exists: true });
    if (fragment !== undefined && resolved.endsWith('.md')) {
      const headings = anchors(readFileSync(join(ROOT, resolved), 'utf8'));
      expect({ target, anchor: headings.has(fragment) }).toEqual({ target, anchor: true });
    }
  });
});
