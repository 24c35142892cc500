// gradle.lockfile (Gradle's dependency locking, one file per project since Gradle 6): a line
// `group:artifact:version=configuration,configuration…` per module, `empty=…` for configurations
// that resolve nothing, `#` comments. Not in the contract's list of formats; read so that a Maven
// dependency brought in through Gradle's lock is judged too. A module locked only for test
// configurations (`testCompileClasspath`, `testRuntimeClasspath`, …) is development, one locked for
// any other configuration runtime.
import { Entries, type Parsed } from './entry.js';
import { Lines } from './lines.js';
import { atLine } from './where.js';
import { success } from '../../model.js';

// group:artifact:version, each part without `:`, `=` or spaces.
const MODULE = /^([^:=\s]+):([^:=\s]+):([^:=\s]+)=(.*)$/;

export function parseGradleLockfile(text: string, path: string): Parsed {
  const entries = new Entries('maven');
  const lines = new Lines(text.replace(/^\uFEFF/, ''));
  for (let line = lines.next(); line !== null; line = lines.next()) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('empty=')) continue;
    const match = MODULE.exec(trimmed);
    if (!match)
      return atLine(path, lines.number, 1, 'not a line of a Gradle lockfile (group:artifact:version=configurations).');
    const [, group, artifact, version, configurations] = match;
    const test = configurations!
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== '')
      .every((c) => /^test/i.test(c));
    entries.add(`${group}:${artifact}`, version!, test ? 'development' : 'runtime');
  }
  return success(entries.list());
}
