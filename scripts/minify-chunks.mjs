// Minifies the chunks ncc emits beside dist/index.js: its --minify covers the entry only, and a
// chunk's source text is parsed on every run that loads it (about a third of the bytes, here).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify } from 'terser';

const dir = 'dist';
for (const name of readdirSync(dir).filter((f) => /^\d+\.index\.js$/.test(f))) {
  const path = join(dir, name);
  const { code } = await minify(readFileSync(path, 'utf8'), {
    module: true,
    compress: { passes: 1 },
    mangle: true,
    format: { comments: false },
  });
  if (code === undefined) throw new Error(`terser gave nothing for ${path}`);
  writeFileSync(path, code);
}
