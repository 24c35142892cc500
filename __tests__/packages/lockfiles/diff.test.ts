// The change between two copies of a lockfile (contract: "Without GitHub's dependency graph" and
// "Same package, same version"): expectations from the contract's words, entries written by hand.
import { describe, expect, test } from '@jest/globals';
import type { DependencyChange } from '../../../src/model.js';
import { diffLockfiles, type LockEntry } from '../../../src/packages/lockfiles/index.js';

const entry = (
  ecosystem: LockEntry['ecosystem'],
  name: string,
  version: string,
  scope: LockEntry['scope'] = 'unknown',
): LockEntry => ({ ecosystem, name, version, scope, packageUrl: `pkg:x/${name}@${version}` });

/** `added npm lodash@4.17.21 (runtime)`: enough to read a change at a glance. */
const brief = (changes: DependencyChange[]) =>
  changes.map((c) => `${c.changeType} ${c.ecosystem} ${c.name}@${c.version} (${c.scope})`);

describe('diffLockfiles', () => {
  const base = [entry('npm', 'lodash', '4.17.20', 'runtime'), entry('npm', 'ms', '2.1.3', 'runtime')];

  test("each change as GitHub's compare gives one: the manifest, no vulnerability, no license", () => {
    const changes = diffLockfiles(base, [entry('npm', 'lodash', '4.17.21', 'runtime'), base[1]!], 'web/yarn.lock');
    expect(changes).toEqual([
      {
        changeType: 'removed',
        manifest: 'web/yarn.lock',
        ecosystem: 'npm',
        name: 'lodash',
        version: '4.17.20',
        packageUrl: 'pkg:x/lodash@4.17.20',
        vulnerabilities: [],
        license: null,
        scope: 'runtime',
      },
      {
        changeType: 'added',
        manifest: 'web/yarn.lock',
        ecosystem: 'npm',
        name: 'lodash',
        version: '4.17.21',
        packageUrl: 'pkg:x/lodash@4.17.21',
        vulnerabilities: [],
        license: null,
        scope: 'runtime',
      },
    ]);
  });

  test('an unchanged file is no change', () => {
    expect(diffLockfiles(base, [...base].reverse(), 'yarn.lock')).toEqual([]);
  });

  test('an added file (no base copy): every entry added', () => {
    expect(brief(diffLockfiles(null, base, 'yarn.lock'))).toEqual([
      'added npm lodash@4.17.20 (runtime)',
      'added npm ms@2.1.3 (runtime)',
    ]);
  });

  test('a removed file (no head copy): every entry removed', () => {
    expect(brief(diffLockfiles(base, null, 'yarn.lock'))).toEqual([
      'removed npm lodash@4.17.20 (runtime)',
      'removed npm ms@2.1.3 (runtime)',
    ]);
  });

  test('a version bump is one removed and one added; a second version beside the first is only added', () => {
    const head = [entry('npm', 'lodash', '4.17.20'), entry('npm', 'lodash', '4.17.21'), entry('npm', 'ms', '2.1.2')];
    expect(brief(diffLockfiles(base, head, 'yarn.lock'))).toEqual([
      'removed npm ms@2.1.3 (runtime)',
      'added npm lodash@4.17.21 (unknown)',
      'added npm ms@2.1.2 (unknown)',
    ]);
  });

  test('a package version listed twice is one change, runtime when either copy is', () => {
    const head = [entry('npm', 'debug', '4.3.7', 'development'), entry('npm', 'debug', '4.3.7', 'runtime')];
    expect(brief(diffLockfiles([], head, 'package-lock.json'))).toEqual(['added npm debug@4.3.7 (runtime)']);
  });

  test('moved between files: removed from one, added to the other, each naming its file', () => {
    const moved = entry('pip', 'requests', '2.31.0');
    const changes = [
      ...diffLockfiles([moved], [], 'requirements.txt'),
      ...diffLockfiles(null, [moved], 'services/api/requirements.txt'),
    ];
    expect(changes.map((c) => [c.changeType, c.manifest, c.name, c.version])).toEqual([
      ['removed', 'requirements.txt', 'requests', '2.31.0'],
      ['added', 'services/api/requirements.txt', 'requests', '2.31.0'],
    ]);
  });
});

describe('same package, same version: no change between spellings the contract makes equal', () => {
  test.each<[string, LockEntry, LockEntry, boolean]>([
    [
      'PEP 503: runs of - _ . are one, any case',
      entry('pip', 'Typing_Extensions', '4.10.0'),
      entry('pip', 'typing.extensions', '4.10.0'),
      true,
    ],
    ['PEP 440: 3.2 is 3.2.0', entry('pip', 'flask', '3.2'), entry('pip', 'flask', '3.2.0'), true],
    ['PEP 440: 1.0RC1 is 1.0rc1', entry('pip', 'django', '1.0RC1'), entry('pip', 'django', '1.0rc1'), true],
    [
      'a leading v (Composer)',
      entry('composer', 'symfony/console', 'v6.4.3'),
      entry('composer', 'symfony/console', '6.4.3'),
      true,
    ],
    [
      'semver build metadata (Cargo)',
      entry('cargo', 'wasi', '0.11.0+wasi-snapshot-preview1'),
      entry('cargo', 'wasi', '0.11.0'),
      true,
    ],
    ['npm names in any case', entry('npm', 'JSONStream', '1.3.5'), entry('npm', 'jsonstream', '1.3.5'), true],
    [
      'PyPI rules are for PyPI only: npm keeps _ and -',
      entry('npm', 'string_decoder', '1.3.0'),
      entry('npm', 'string-decoder', '1.3.0'),
      false,
    ],
    ['npm 3.2 is not 3.2.0', entry('npm', 'a', '3.2'), entry('npm', 'a', '3.2.0'), false],
    [
      'another ecosystem is another package',
      entry('npm', 'requests', '2.31.0'),
      entry('pip', 'requests', '2.31.0'),
      false,
    ],
  ])('%s', (_case, before, after, same) => {
    const changes = diffLockfiles([before], [after], 'lockfile');
    expect(changes.length === 0).toBe(same);
    if (!same) expect(changes.map((c) => c.changeType)).toEqual(['removed', 'added']);
  });
});
