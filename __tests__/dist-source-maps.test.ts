// dist/ is reviewable: every bundled file has its source map beside it (ncc --source-map, carried
// through the chunks' minification by scripts/minify-chunks.mjs), and the maps lead to src/. Node
// reads them only when asked (node --enable-source-maps): the bundle registers no source-map support.
import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = resolve(fileURLToPath(new URL('.', import.meta.url)), '../dist');
const bundled = readdirSync(DIST).filter((f) => /^(\d+\.)?index\.js$/.test(f));

/** Each `function NAME` and `class NAME` of the code, with where NAME starts (0-based). */
function declarations(code: string): { name: string; line: number; column: number }[] {
  return code.split('\n').flatMap((text, line) =>
    [...text.matchAll(/\b(?:function\*?|class)\s+([A-Za-z_$][\w$]{2,})/g)].map((m) => ({
      name: m[1]!,
      line,
      column: m.index + m[0].length - m[1]!.length,
    })),
  );
}

describe('dist/ source maps', () => {
  test('the entry and its chunks are there', () => {
    expect(bundled).toContain('index.js');
    expect(bundled.length).toBeGreaterThanOrEqual(4);
  });

  test.each(bundled)('%s: its map beside it, named by its last line, its sources on disk', (file) => {
    const code = readFileSync(resolve(DIST, file), 'utf8');
    expect(code.trimEnd().split('\n').at(-1)).toBe(`//# sourceMappingURL=${file}.map`);
    const payload = JSON.parse(readFileSync(resolve(DIST, `${file}.map`), 'utf8')) as SourceMapPayload;
    expect(payload.file).toBe(file);
    expect(payload.sourcesContent?.length).toBe(payload.sources.length);
    // webpack's runtime and Node's built-ins are sources of no file
    const virtual = /^\.\.\/(webpack\/|external )/;
    const missing = payload.sources.filter((source) => !virtual.test(source) && !existsSync(resolve(DIST, source)));
    expect(missing).toEqual([]);
  });

  test.each(bundled)('%s: every function and class is mapped, those of src/ to their own name in src/', (file) => {
    const code = readFileSync(resolve(DIST, file), 'utf8');
    const payload = JSON.parse(readFileSync(resolve(DIST, `${file}.map`), 'utf8')) as SourceMapPayload;
    const map = new SourceMap(payload);
    const wrong: string[] = [];
    let fromSrc = 0;
    for (const { name, line, column } of declarations(code)) {
      const entry = map.findEntry(line, column);
      if (!('originalSource' in entry)) {
        wrong.push(`${name}: not mapped`);
        continue;
      }
      const index = payload.sources.findIndex((s) => entry.originalSource.endsWith(s.replace(/^(\.\.\/)+/, '/')));
      if (!payload.sources[index]?.startsWith('../src/')) continue;
      fromSrc++;
      const original = payload.sourcesContent?.[index]?.split('\n')[entry.originalLine] ?? '';
      if (!original.includes(name)) wrong.push(`${name} -> ${payload.sources[index]}:${entry.originalLine + 1}`);
    }
    expect(wrong).toEqual([]);
    if (payload.sources.some((s) => s.startsWith('../src/')) && declarations(code).length > 0) {
      expect(fromSrc).toBeGreaterThan(0);
    }
  });

  test('no source-map support is registered: Node does not read the maps at start-up', () => {
    expect(existsSync(resolve(DIST, 'sourcemap-register.js'))).toBe(false);
    for (const file of bundled)
      expect(readFileSync(resolve(DIST, file), 'utf8')).not.toMatch(/sourcemap-register|source-map-support/);
  });
});
