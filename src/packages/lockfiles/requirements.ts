// requirements*.txt: only pins (`name==1.0`, `name[extra]==1.0`, `name===1.0`) are entries; a range, a
// URL, an editable or an option line pins nothing, so it is skipped, and so the file always parses.
// As pip reads it: a `\` at the end of a line joins the next, ` #` begins a comment, `; marker` and
// `--hash=…` options follow the requirement. The file name does not make a scope: unknown.
import { success } from '../../model.js';
import { Entries, type Parsed } from './entry.js';
import { Lines } from './lines.js';

// PEP 508's name, optional extras, then one `==` or `===` version without a wildcard.
const PIN = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*===?\s*([^\s,;*=<>!~]+)$/;

export function parseRequirements(text: string, _path: string): Parsed {
  const entries = new Entries('pip');
  const lines = new Lines(text);
  let joined = '';
  for (let line = lines.next(); line !== null; line = lines.next()) {
    if (line.endsWith('\\')) {
      joined += `${line.slice(0, -1)} `;
      continue;
    }
    const pin = pinOf(joined + line);
    joined = '';
    if (pin) entries.add(pin.name, pin.version, 'unknown');
  }
  const last = pinOf(joined);
  if (last) entries.add(last.name, last.version, 'unknown');
  return success(entries.list());
}

function pinOf(logical: string): { name: string; version: string } | null {
  // A comment is `#` at the start or after whitespace (a URL's `#egg=` is not one).
  const requirement = logical
    .replace(/(?:^|\s)#.*$/, '')
    .replace(/\s--?[a-z].*$/i, '')
    .split(';', 1)[0]!
    .trim();
  if (requirement === '' || requirement.startsWith('-')) return null;
  const match = PIN.exec(requirement);
  return match ? { name: match[1]!, version: match[2]! } : null;
}
