// Minifies the chunks ncc emits beside dist/index.js: its --minify covers the entry only, and a
// chunk's source text is parsed on every run that loads it (about a third of the bytes, here).
// Each chunk's source map (ncc --source-map) is carried through: terser maps the minified chunk
// through ncc's map, so dist/<n>.index.js.map still leads to src/.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify } from 'terser';

const dir = 'dist';
for (const name of readdirSync(dir).filter((f) => /^\d+\.index\.js$/.test(f))) {
  const path = join(dir, name);
  const mapPath = `${path}.map`;
  const withMap = existsSync(mapPath);
  // ncc's own options for the entry: names kept (stack traces, and code that reads .name), no compress.
  const { code, map } = await minify(readFileSync(path, 'utf8'), {
    module: true,
    compress: false,
    mangle: { keep_classnames: true, keep_fnames: true },
    format: { comments: 'some' }, // license comments stay
    sourceMap: withMap
      ? { content: readFileSync(mapPath, 'utf8'), filename: name, url: `${name}.map`, includeSources: true }
      : false,
  });
  if (code === undefined) throw new Error(`terser gave nothing for ${path}`);
  writeFileSync(path, code);
  if (withMap) {
    if (typeof map !== 'string') throw new Error(`terser gave no source map for ${path}`);
    writeFileSync(mapPath, map);
  }
}
