// packages.lock.json (NuGet): JSON, `dependencies` by target framework (`net8.0`, `net8.0/linux-x64`),
// then by package: `type` Direct, Transitive or CentralTransitive, and the `resolved` version. A
// `Project` is a project of the solution, not a package; a CentralTransitive pin a framework does not
// use has no `resolved`. A package locked for several frameworks is one entry. NuGet has no
// development scope: unknown.
import { success } from '../../model.js';
import { Entries, type Parsed } from './entry.js';
import { readJson } from './json.js';
import { atKey, isRecord, quoted } from './where.js';

export function parseNugetLock(text: string, path: string): Parsed {
  const json = readJson(text, path);
  if (!json.ok) return json;
  const lock = json.value;
  if (!isRecord(lock) || !isRecord(lock['dependencies']))
    return atKey(path, 'dependencies', 'missing: not a NuGet lock file');
  const entries = new Entries('nuget');
  for (const [framework, packages] of Object.entries(lock['dependencies'])) {
    if (!isRecord(packages)) return atKey(path, `dependencies${quoted(framework)}`, 'not an object');
    for (const [name, meta] of Object.entries(packages)) {
      const where = `dependencies${quoted(framework)}${quoted(name)}`;
      if (!isRecord(meta)) return atKey(path, where, 'not an object');
      const { type, resolved } = meta;
      if (type === 'Project' || (type === 'CentralTransitive' && resolved === undefined)) continue;
      if (typeof resolved !== 'string' || resolved === '') return atKey(path, where, 'no resolved version');
      entries.add(name, resolved, 'unknown');
    }
  }
  return success(entries.list());
}
