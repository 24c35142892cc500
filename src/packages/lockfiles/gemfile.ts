// Gemfile.lock: each `GEM` section's `specs:` lists the gems from that source as `    name (version)`
// at four spaces (their own dependencies follow at six). GIT and PATH sections are gems of a
// repository or folder, not of a gem server: skipped. A platform gem (`nokogiri (1.16.0-x86_64-linux)`)
// is the version before its platform, as advisories name it, once however many platforms the file
// locks: the version ends at the first `-`, as Bundler's own lockfile parser reads it. Scope unknown.
import { success } from '../../model.js';
import { Entries, type Parsed } from './entry.js';
import { Lines } from './lines.js';
import { atLine } from './where.js';

const SPEC = /^ {4}(\S+) \(([^()\s]+)\)$/;

export function parseGemfileLock(text: string, path: string): Parsed {
  const entries = new Entries('rubygems');
  const lines = new Lines(text);
  let section = '';
  let inSpecs = false;
  for (let line = lines.next(); line !== null; line = lines.next()) {
    if (line === '' || line.trim() === '') continue;
    if (!line.startsWith(' ')) {
      section = line.trim();
      inSpecs = false;
    } else if (section === 'GEM' && /^ {2}\S/.test(line)) inSpecs = line === '  specs:';
    else if (section === 'GEM' && inSpecs && /^ {4}\S/.test(line)) {
      const spec = SPEC.exec(line);
      if (!spec) return atLine(path, lines.number, 5, 'not "name (version)"');
      const version = spec[2]!;
      const platform = version.indexOf('-');
      entries.add(spec[1]!, platform === -1 ? version : version.slice(0, platform), 'unknown');
    }
  }
  return success(entries.list());
}
