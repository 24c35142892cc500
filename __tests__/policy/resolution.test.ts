import { describe, expect, it } from '@jest/globals';
import type { DependencyChange, Package } from '../../src/model.js';
import { changeJudge, isExactVersion, type ResolvableAlert } from '../../src/policy/resolution.js';

const pkg = (name: string, version: string, manifestPath: string, ecosystem = 'npm'): Package => ({
  id: `${name}@${version}:${manifestPath}`,
  name,
  version,
  ecosystem,
  manifestPath,
  manifestStartLine: 1,
  manifestEndLine: 1,
  manifestStartColumn: null,
  manifestEndColumn: null,
});

const change = (
  changeType: 'added' | 'removed',
  name: string,
  version: string,
  manifest = 'package-lock.json',
  advisories: string[] = [],
  type = 'npm',
): DependencyChange => ({
  changeType,
  manifest,
  ecosystem: type,
  name,
  version,
  packageUrl: version ? `pkg:${type}/${name.replace(/^@/, '%40')}@${version}` : `pkg:${type}/${name}`,
  vulnerabilities: advisories.map((advisory) => ({ advisory, severity: 'high', summary: '' })),
  license: null,
  scope: 'runtime',
});

const lodash: ResolvableAlert = {
  advisory: 'GHSA-35jh-r3h4-6jhm',
  aliases: ['CVE-2021-23337'],
  package: 'pkg:npm/lodash@4.17.20',
};
const inLock = [pkg('lodash', '4.17.20', 'package-lock.json')];

describe('changeJudge: the contract three conditions', () => {
  it('resolves an upgrade that removes the version from its one manifest', () => {
    const judge = changeJudge([change('removed', 'lodash', '4.17.20'), change('added', 'lodash', '4.17.21')], inLock);
    expect(judge(lodash)).toEqual({
      resolution: { manifests: ['package-lock.json'], removed: '4.17.20', added: ['4.17.21'] },
      changed: false,
    });
  });

  it('resolves a removal with nothing added back (added is empty)', () => {
    expect(changeJudge([change('removed', 'lodash', '4.17.20')], inLock)(lodash).resolution?.added).toEqual([]);
  });

  it('needs the version removed from every manifest the package search lists (rule 1)', () => {
    const two = [...inLock, pkg('lodash', '4.17.20', 'tools/package-lock.json')];
    const judge = changeJudge([change('removed', 'lodash', '4.17.20')], two);
    expect(judge(lodash)).toEqual({ resolution: null, changed: true });
    const both = changeJudge(
      [change('removed', 'lodash', '4.17.20'), change('removed', 'lodash', '4.17.20', './tools/package-lock.json')],
      two,
    );
    expect(both(lodash).resolution?.manifests).toEqual(['package-lock.json', 'tools/package-lock.json']);
  });

  it('resolves nothing the package search does not list, or lists without a manifest', () => {
    const removed = [change('removed', 'lodash', '4.17.20')];
    expect(changeJudge(removed, [])(lodash).resolution).toBeNull();
    expect(changeJudge(removed, [pkg('lodash', '4.17.20', '')])(lodash).resolution).toBeNull();
    expect(changeJudge(removed, [pkg('lodash', '4.17.19', 'package-lock.json')])(lodash).resolution).toBeNull();
  });

  it('compares manifests as exact paths: another file of the same name is not the one', () => {
    const judge = changeJudge([change('removed', 'lodash', '4.17.20', 'web/package-lock.json')], inLock);
    expect(judge(lodash)).toEqual({ resolution: null, changed: true });
  });

  it('does not resolve a version added back anywhere (rule 2), nor under a range', () => {
    const back = changeJudge(
      [change('removed', 'lodash', '4.17.20'), change('added', 'lodash', '4.17.20', 'web/package-lock.json')],
      inLock,
    );
    expect(back(lodash).resolution).toBeNull();
    const range = changeJudge(
      [change('removed', 'lodash', '4.17.20'), change('added', 'lodash', '^4.17.0', 'package.json')],
      inLock,
    );
    expect(range(lodash).resolution).toBeNull();
  });

  it('does not resolve when the added version is vulnerable to the same advisory or an alias (rule 3)', () => {
    for (const advisory of ['ghsa-35jh-r3h4-6jhm', 'CVE-2021-23337']) {
      const judge = changeJudge(
        [change('removed', 'lodash', '4.17.20'), change('added', 'lodash', '4.17.21', 'package-lock.json', [advisory])],
        inLock,
      );
      expect(judge(lodash)).toEqual({ resolution: null, changed: true });
    }
    const other = changeJudge(
      [
        change('removed', 'lodash', '4.17.20'),
        change('added', 'lodash', '4.17.21', 'package-lock.json', ['GHSA-other']),
      ],
      inLock,
    );
    expect(other(lodash).resolution).not.toBeNull();
  });

  it('removals of a range or of another version resolve nothing', () => {
    expect(changeJudge([change('removed', 'lodash', '^4.17.20')], inLock)(lodash).resolution).toBeNull();
    expect(changeJudge([change('removed', 'lodash', '')], inLock)(lodash).resolution).toBeNull();
    expect(changeJudge([change('removed', 'lodash', '4.17.2')], inLock)(lodash).resolution).toBeNull();
  });

  it('compares purl type and name case-insensitively', () => {
    const upper = { ...change('removed', 'lodash', '4.17.20'), packageUrl: 'pkg:NPM/LoDash@4.17.20' };
    expect(changeJudge([upper], inLock)(lodash).resolution).not.toBeNull();
    const other = { ...change('removed', 'lodash', '4.17.20'), packageUrl: 'pkg:pypi/lodash@4.17.20' };
    expect(changeJudge([other], inLock)(lodash)).toEqual({ resolution: null, changed: false });
  });

  it('an alert named name@version compares name and version only; namespaces take part', () => {
    const plainAlert = { ...lodash, package: 'lodash@4.17.20' };
    expect(changeJudge([change('removed', 'lodash', '4.17.20')], inLock)(plainAlert).resolution).not.toBeNull();
    const scoped: ResolvableAlert = { advisory: 'GHSA-x', aliases: [], package: 'pkg:npm/%40babel/core@7.0.0' };
    const babel = [pkg('@babel/core', '7.0.0', 'package-lock.json')];
    expect(changeJudge([change('removed', '@babel/core', '7.0.0')], babel)(scoped).resolution).not.toBeNull();
    expect(changeJudge([change('removed', 'core', '7.0.0')], babel)(scoped)).toEqual({
      resolution: null,
      changed: false,
    });
    const maven: ResolvableAlert = {
      advisory: 'GHSA-jfh8-c2jp-5v3q',
      aliases: [],
      package: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
    };
    const pom = [pkg('org.apache.logging.log4j:log4j-core', '2.14.1', 'pom.xml', 'maven')];
    const upgrade = [
      {
        ...change('removed', 'org.apache.logging.log4j:log4j-core', '2.14.1', 'pom.xml'),
        packageUrl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
      },
      {
        ...change('added', 'org.apache.logging.log4j:log4j-core', '2.17.1', 'pom.xml'),
        packageUrl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.17.1',
      },
    ];
    expect(changeJudge(upgrade, pom)(maven).resolution).toEqual({
      manifests: ['pom.xml'],
      removed: '2.14.1',
      added: ['2.17.1'],
    });
  });

  it('labels an alert whose package the change touches without resolving it', () => {
    const judge = changeJudge([change('added', 'lodash', '4.17.21', 'web/package-lock.json')], inLock);
    expect(judge(lodash)).toEqual({ resolution: null, changed: true });
    expect(changeJudge([change('added', 'express', '4.0.0')], inLock)(lodash)).toEqual({
      resolution: null,
      changed: false,
    });
  });
});

// Contract, "Same package, same version": versions without a leading v/V or build metadata, PyPI's
// by PEP 440 and its names by PEP 503. A version added back in another spelling is added back.
describe('changeJudge: a package and version in another spelling are the same', () => {
  const removed = (version: string, manifest = 'package-lock.json') => change('removed', 'lodash', version, manifest);
  const added = (version: string, manifest = 'web/package-lock.json') => change('added', 'lodash', version, manifest);
  const py = (
    changeType: 'added' | 'removed',
    name: string,
    version: string,
    manifest = 'requirements.txt',
    advisories: string[] = [],
  ) => change(changeType, name, version, manifest, advisories, 'pypi');
  const django: ResolvableAlert = { advisory: 'GHSA-django', aliases: [], package: 'pkg:pypi/django@3.2.0' };
  const inRequirements = [pkg('Django', '3.2.0', 'requirements.txt', 'pypi')];
  const typing: ResolvableAlert = {
    advisory: 'GHSA-typing',
    aliases: [],
    package: 'pkg:pypi/typing-extensions@4.0.0',
  };
  const typingListed = [pkg('typing_extensions', '4.0.0', 'requirements.txt', 'pip')];
  const log4j: ResolvableAlert = { advisory: 'GHSA-log4j', aliases: [], package: 'pkg:maven/log4j-core@2.14.1' };
  const pom = [pkg('org.apache.logging.log4j:log4j-core', '2.14.1', 'pom.xml', 'maven')];
  const log4jChange = (changeType: 'added' | 'removed', manifest = 'pom.xml') => ({
    ...change(changeType, 'org.apache.logging.log4j:log4j-core', '2.14.1', manifest, [], 'maven'),
    packageUrl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
  });

  test.each<[string, ResolvableAlert, Package[], DependencyChange[], boolean]>([
    ['removed as v4.17.20: resolved', lodash, inLock, [removed('v4.17.20')], true],
    ['removed as 4.17.20+b: resolved', lodash, inLock, [removed('4.17.20+b')], true],
    ['added back as 4.17.20+b in another manifest', lodash, inLock, [removed('4.17.20'), added('4.17.20+b')], false],
    ['added back as V4.17.20 in another manifest', lodash, inLock, [removed('4.17.20'), added('V4.17.20')], false],
    [
      'added back as v4.17.20 where it was removed',
      lodash,
      inLock,
      [removed('4.17.20'), added('v4.17.20', 'package-lock.json')],
      false,
    ],
    ['4.17.21 added: resolved', lodash, inLock, [removed('4.17.20'), added('4.17.21')], true],
    [
      'listed as 4.17.20+b in another manifest, removed from one only',
      lodash,
      [...inLock, pkg('lodash', '4.17.20+b', 'tools/package-lock.json')],
      [removed('4.17.20')],
      false,
    ],
    [
      'PyPI: the alert is on 3.2.0, the change removes 3.2',
      django,
      inRequirements,
      [py('removed', 'django', '3.2')],
      true,
    ],
    [
      'PyPI: 3.2.0 removed, 3.2 added back in another manifest',
      django,
      inRequirements,
      [py('removed', 'django', '3.2.0'), py('added', 'django', '3.2', 'tools/requirements.txt')],
      false,
    ],
    [
      'PyPI: 3.2 removed, 3.2.0.0 added back where it was removed',
      django,
      inRequirements,
      [py('removed', 'Django', '3.2'), py('added', 'Django', '3.2.0.0')],
      false,
    ],
    [
      'PyPI: 3.2 removed, 3.2.1 added',
      django,
      inRequirements,
      [py('removed', 'django', '3.2'), py('added', 'django', '3.2.1')],
      true,
    ],
    [
      'PyPI: listed as 3.2 in another manifest, removed from one only',
      django,
      [...inRequirements, pkg('django', '3.2', 'tools/requirements.txt', 'pypi')],
      [py('removed', 'django', '3.2.0')],
      false,
    ],
    [
      'PyPI names: removed as Typing_Extensions',
      typing,
      typingListed,
      [py('removed', 'Typing_Extensions', '4.0.0')],
      true,
    ],
    [
      'PyPI names: added back as Typing.Extensions',
      typing,
      typingListed,
      [
        py('removed', 'typing-extensions', '4.0.0'),
        py('added', 'Typing.Extensions', '4.0.0', 'tools/requirements.txt'),
      ],
      false,
    ],
    [
      'PyPI names: the added typing_extensions carries the advisory (rule 3)',
      typing,
      typingListed,
      [
        py('removed', 'typing-extensions', '4.0.0'),
        py('added', 'typing_extensions', '4.0.1', 'requirements.txt', ['ghsa-typing']),
      ],
      false,
    ],
    [
      'npm names are not PEP 503: typing_extensions added is another package',
      { ...typing, package: 'pkg:npm/typing-extensions@4.0.0' },
      [pkg('typing-extensions', '4.0.0', 'package-lock.json')],
      [
        change('removed', 'typing-extensions', '4.0.0'),
        change('added', 'typing_extensions', '4.0.0', 'web/package-lock.json'),
      ],
      true,
    ],
    ['Maven: an alert without group, its group:artifact removed', log4j, pom, [log4jChange('removed')], true],
    [
      'Maven: an alert without group, its group:artifact added back',
      log4j,
      pom,
      [log4jChange('removed'), log4jChange('added', 'web/pom.xml')],
      false,
    ],
  ])('%s', (_case, alert, packages, changes, resolved) => {
    expect(changeJudge(changes, packages)(alert)).toEqual({
      resolution: resolved ? expect.anything() : null,
      changed: !resolved,
    });
  });

  it('lists each version added once, however spelled', () => {
    const judge = changeJudge([removed('4.17.20'), added('4.17.21', 'package-lock.json'), added('v4.17.21')], inLock);
    expect(judge(lodash).resolution).toEqual({
      manifests: ['package-lock.json'],
      removed: '4.17.20',
      added: ['4.17.21'],
    });
  });
});

describe('changeJudge: linear in alerts, packages and the change', () => {
  it('reads each package a bounded number of times however many alerts there are', () => {
    const n = 2_000;
    let reads = 0;
    const packages = Array.from({ length: n }, (_, i) => {
      const listed = pkg(`p${i}`, '1.0.0', 'package-lock.json');
      // Counts how often the join looks at a package's name.
      Object.defineProperty(listed, 'name', {
        enumerable: true,
        get: () => {
          reads++;
          return `p${i}`;
        },
      });
      return listed;
    });
    // Odd packages upgraded (resolved), even ones only given a new version beside (changed).
    const changes = Array.from({ length: n }, (_, i) =>
      i % 2 === 1 ? change('removed', `p${i}`, '1.0.0') : change('added', `p${i}`, '1.0.1', 'web/package-lock.json'),
    );
    const judge = changeJudge(changes, packages);
    const verdicts = Array.from({ length: n }, (_, i) =>
      judge({ advisory: `GHSA-${i}`, aliases: [], package: `pkg:npm/p${i}@1.0.0` }),
    );
    expect(verdicts.filter((v) => v.resolution !== null)).toHaveLength(n / 2);
    expect(verdicts.filter((v) => v.changed)).toHaveLength(n / 2);
    expect(reads).toBeLessThan(20 * n);
  });
});

describe('isExactVersion', () => {
  it.each([
    ['4.17.21', true],
    ['1.0.0-rc.1+build.5', true],
    ['v0.0.0-20210101000000-abcdef123456', true],
    ['2.14.1', true],
    ['', false],
    ['^4.17.0', false],
    ['~1.2.3', false],
    ['>=1.0 <2.0', false],
    ['1.x', false],
    ['1.2.X', false],
    ['*', false],
    ['1.0 || 2.0', false],
    ['[1.0,2.0)', false],
    ['= 1.0', false],
    ['latest', false],
    [' 1.0.0', false],
  ])('%j is exact: %s', (version, exact) => expect(isExactVersion(version)).toBe(exact));
});

// A property test over random changes: the judge resolves an alert exactly when an independent,
// literal reading of the contract's three conditions says so. Names and versions come in the
// spellings "Same package, same version" calls equal, and in others that are not.
describe('changeJudge agrees with a literal reading of the rule over random changes', () => {
  function random(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }
  type Ecosystem = 'npm' | 'pypi';
  // Per ecosystem: how the package search spells it, and groups of spellings of one name or version.
  const SPELLINGS: Record<Ecosystem, { ecosystems: string[]; names: string[][]; versions: string[][] }> = {
    npm: {
      ecosystems: ['npm', 'NPM'],
      names: [['lodash', 'LoDash', 'LODASH'], ['minimist'], ['typing-extensions'], ['typing_extensions']],
      versions: [['1.0.0', 'v1.0.0', 'V1.0.0', '1.0.0+b7'], ['1.0.1', 'v1.0.1+sha.5'], ['1.0.0-rc.1'], ['1.0']],
    },
    pypi: {
      ecosystems: ['pypi', 'PyPI', 'pip'],
      names: [
        ['typing-extensions', 'Typing_Extensions', 'typing.extensions', 'typing__extensions'],
        ['django', 'Django'],
      ],
      versions: [
        ['1.0.0', '1.0', 'v1', '1.0.0+local.7', '01.0.00'],
        ['1.0.1', '1.0.1.0'],
        ['1.0rc1', '1.0.0RC1', '1.0-rc-1', '1.0c1'],
        ['1.1'],
      ],
    },
  };
  const RANGES = ['^1.0.0', '', '>=1.0'];
  const MANIFESTS = ['package-lock.json', './package-lock.json', 'web/package-lock.json'];
  const ADVISORIES = ['GHSA-a', 'GHSA-b', 'CVE-1'];

  // The contract's words, read literally: ecosystems and names case-insensitively, PyPI's names with
  // runs of -, _ and . equal; versions without a leading v or V and without +…; PyPI versions as
  // PEP 440 reads these spellings (release numbers as numbers, trailing zeros not counting; c is rc;
  // separators and case of the pre-release not counting).
  const ecosystemOf = (e: string) => (e.toLowerCase() === 'pip' ? 'pypi' : e.toLowerCase());
  const nameOf = (name: string, ecosystem: string) =>
    ecosystem === 'pypi'
      ? name
          .toLowerCase()
          .split(/[-_.]+/)
          .join('-')
      : name.toLowerCase();
  function versionOf(version: string, ecosystem: string): string {
    const plain = version.replace(/^[vV]/, '').split('+')[0] ?? '';
    if (ecosystem !== 'pypi') return plain;
    const [, release = '', rest = ''] = /^([\d.]*\d)(.*)$/.exec(plain.toLowerCase()) ?? [];
    const numbers = release.split('.').map(Number);
    while (numbers.length > 1 && numbers[numbers.length - 1] === 0) numbers.pop();
    return numbers.join('.') + rest.replace(/[-_.]/g, '').replace(/^c/, 'rc');
  }
  const exact = (version: string) => !RANGES.includes(version);

  it('reads every spelling of a group as one and spellings of different groups as different', () => {
    for (const [ecosystem, { names, versions }] of Object.entries(SPELLINGS)) {
      for (const [groups, read] of [
        [names, nameOf],
        [versions, versionOf],
      ] as const) {
        const keys = groups.map((group) => new Set(group.map((x) => read(x, ecosystem))));
        expect(keys.map((k) => k.size)).toEqual(groups.map(() => 1));
        expect(new Set(keys.flatMap((k) => [...k])).size).toBe(groups.length);
      }
    }
  });

  interface Case {
    ecosystem: Ecosystem;
    name: string;
    version: string;
  }

  function literal(alert: ResolvableAlert, own: Case, changes: DependencyChange[], packages: Package[]): boolean {
    const strip = (p: string) => p.replace(/^(\.\/)+/, '');
    const same = (ecosystem: string, name: string) =>
      ecosystemOf(ecosystem) === own.ecosystem && nameOf(name, own.ecosystem) === nameOf(own.name, own.ecosystem);
    const sameVersion = (v: string) =>
      exact(v) && versionOf(v, own.ecosystem) === versionOf(own.version, own.ecosystem);
    const mine = changes.filter((c) => same(c.ecosystem, c.name));
    const listed = packages
      .filter((p) => same(p.ecosystem, p.name) && sameVersion(p.version))
      .map((p) => strip(p.manifestPath));
    if (listed.length === 0 || listed.includes('')) return false;
    const cond1 = listed.every((m) =>
      mine.some((c) => c.changeType === 'removed' && sameVersion(c.version) && strip(c.manifest) === m),
    );
    const cond2 = !mine.some((c) => c.changeType === 'added' && (!exact(c.version) || sameVersion(c.version)));
    const ids = [alert.advisory, ...alert.aliases].map((a) => a.toLowerCase());
    const cond3 = !mine.some(
      (c) => c.changeType === 'added' && c.vulnerabilities.some((v) => ids.includes(v.advisory.toLowerCase())),
    );
    return cond1 && cond2 && cond3;
  }

  it('over 5,000 random cases', () => {
    const rand = random(20261126);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    let resolved = 0;
    for (let i = 0; i < 5000; i++) {
      const ecosystem: Ecosystem = rand() < 0.5 ? 'npm' : 'pypi';
      const other: Ecosystem = ecosystem === 'npm' ? 'pypi' : 'npm';
      const { ecosystems, names, versions } = SPELLINGS[ecosystem];
      const names0 = pick(names);
      const versions0 = pick(versions);
      const own: Case = { ecosystem, name: pick(names0), version: pick(versions0) };
      const alert: ResolvableAlert = {
        advisory: pick(ADVISORIES),
        aliases: rand() < 0.5 ? [pick(ADVISORIES)] : [],
        package: `pkg:${ecosystem}/${own.name}@${own.version}`,
      };
      // Biased towards the alert's own package and version (in any spelling), so that both outcomes
      // come up often.
      const ownName = () => pick(rand() < 0.7 ? names0 : pick(names));
      const ownVersion = () => pick(rand() < 0.6 ? versions0 : pick(versions));
      const packages = Array.from({ length: 1 + Math.floor(rand() * 3) }, () =>
        pkg(
          ownName(),
          ownVersion(),
          rand() < 0.05 ? '' : pick(MANIFESTS),
          rand() < 0.05 ? pick(SPELLINGS[other].ecosystems) : pick(ecosystems),
        ),
      );
      const changes = Array.from({ length: Math.floor(rand() * 6) }, () =>
        change(
          rand() < 0.4 ? 'added' : 'removed',
          ownName(),
          rand() < 0.1 ? pick(RANGES) : ownVersion(),
          pick(MANIFESTS),
          rand() < 0.2 ? [pick(ADVISORIES).toLowerCase()] : [],
          rand() < 0.05 ? other : ecosystem,
        ),
      );
      const expected = literal(alert, own, changes, packages);
      const got = changeJudge(changes, packages)(alert);
      if (expected) resolved++;
      expect({ i, resolved: got.resolution !== null }).toEqual({ i, resolved: expected });
      const touched = changes.some(
        (c) => ecosystemOf(c.ecosystem) === ecosystem && nameOf(c.name, ecosystem) === nameOf(own.name, ecosystem),
      );
      expect({ i, changed: got.changed }).toEqual({ i, changed: touched && !expected });
    }
    // The generator must reach both outcomes, or the property proves little.
    expect(resolved).toBeGreaterThan(250);
    expect(resolved).toBeLessThan(4000);
  });
});
