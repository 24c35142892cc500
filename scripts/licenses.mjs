// Writes dist/licenses.txt: the license of every production dependency the bundle may contain,
// from package-lock.json (ncc's --license lists only the last chunk it emits).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const entries = Object.entries(lock.packages)
  .filter(([path, meta]) => path.startsWith('node_modules/') && !meta.dev && !meta.optional)
  .sort(([a], [b]) => a.localeCompare(b, 'en'));

const sections = [];
const seen = new Set();
for (const [path, meta] of entries) {
  const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const key = `${name}@${meta.version}`;
  if (seen.has(key) || !existsSync(path)) continue;
  seen.add(key);
  const file = readdirSync(path).find((f) => /^(licen[sc]e|copying)(\..*)?$/i.test(f));
  const text = file ? readFileSync(join(path, file), 'utf8').trim() : '(no license file in the package)';
  sections.push(`${key}\n${meta.license ?? 'UNKNOWN'}\n${text}`);
}
writeFileSync('dist/licenses.txt', `${sections.join('\n\n')}\n`);
