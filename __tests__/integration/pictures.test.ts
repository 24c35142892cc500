// The README's pictures show today's output (issue 26, item 6): the Markdown they were photographed
// from (docs/pictures/, written by `npm run pictures`) carries the numbers the demo gives when run
// on the pictures' day (`--today`: the action's clock set to it, so the posture window is that
// day's), and docs/reports.md's excerpt is that Markdown, line for line. The words may change
// without new pictures; a number that differs means the pictures are of another demo.
import { describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const DAY = read('docs/pictures/day.txt').trim();

/** Every number of a page in order, dates and commit ids apart (a date is a number of its own). */
function numbersOf(markdown: string): string[] {
  return markdown.match(/\b\d{4}-\d\d-\d\d\b|\b[0-9a-f]{7,40}\b|\d+(?:[.,]\d+)*/g) ?? [];
}

/** The demo's job summary and PR comment, run as on the pictures' day. */
async function demoOnTheDay(): Promise<Record<'summary' | 'comment', string>> {
  const out = mkdtempSync(join(tmpdir(), 'pictures-check-'));
  try {
    await promisify(execFile)(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['simulator/demo.ts', '--comment', '--today', DAY, '--out', out],
      { cwd: ROOT, timeout: 60_000 },
    ).catch((error: { code?: number }) => {
      if (error.code !== 1) throw error; // the demo's gate fails, on purpose
    });
    return {
      summary: readFileSync(join(out, 'summary.md'), 'utf8'),
      comment: readFileSync(join(out, 'comment.md'), 'utf8'),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

describe("the pictures' Markdown is the demo's", () => {
  test('same numbers, in the same order, in the job summary and the PR comment', async () => {
    expect(DAY).toMatch(/^\d{4}-\d\d-\d\d$/);
    const demo = await demoOnTheDay();
    expect(numbersOf(read('docs/pictures/summary.md'))).toEqual(numbersOf(demo.summary));
    expect(numbersOf(read('docs/pictures/comment.md'))).toEqual(numbersOf(demo.comment));
    // The posture is that day's: the window ends on it.
    expect(demo.summary).toContain(`to ${DAY}`);
  }, 90_000);

  test("the README's --today example names the pictures' day", () => {
    expect(read('README.md')).toContain(`npm run demo -- --today ${DAY} `);
  });

  test("docs/reports.md's excerpt is the pictured summary, line for line", () => {
    const source = read('docs/pictures/summary.md').split('\n');
    const docs = read('docs/reports.md').split('\n');
    const start = docs.indexOf("an excerpt of the demo's:") + 2;
    const excerpt: string[] = [];
    for (let i = start; docs[i]?.startsWith('>'); i++) excerpt.push(docs[i]!.replace(/^> ?/, ''));
    expect(excerpt.length).toBeGreaterThan(10);
    for (const line of excerpt.filter((l) => l !== '')) expect(source).toContain(line);
  });

  test('the check can fail: an older posture number is found', () => {
    const pictured = read('docs/pictures/summary.md');
    const older = pictured.replace(/risk score \(service scale\) [\d.]+/, 'risk score (service scale) 79.1');
    expect(numbersOf(older)).not.toEqual(numbersOf(pictured));
  });
});
