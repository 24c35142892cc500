// Minifies the chunks ncc emits beside dist/index.js: its --minify covers the entry only, and a
// chunk's source text is parsed on every run that loads it (about a third of the bytes, here).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify } from 'terser';

const dir = 'dist';
for (const name of readdirSync(dir).filter((f) => /^\d+\.index\.js$/.test(f))) {
  const path = join(dir, name);
  // ncc's own options for the entry: names kept (stack traces, and code that reads .name), no compress.
  const { code } = await minify(readFileSync(path, 'utf8'), {
    module: true,
    compress: false,
    mangle: { keep_classnames: true, keep_fnames: true },
    format: { comments: 'some' }, // license comments stay
  });
  if (code === undefined) throw new Error(`terser gave nothing for ${path}`);
  writeFileSync(path, code);
}
