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
  advisories,
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

  it('compares purl type and name case-insensitively, the version exactly', () => {
    const upper = { ...change('removed', 'lodash', '4.17.20'), packageUrl: 'pkg:NPM/LoDash@4.17.20' };
    expect(changeJudge([upper], inLock)(lodash).resolution).not.toBeNull();
    const other = { ...change('removed', 'lodash', '4.17.20'), packageUrl: 'pkg:pypi/lodash@4.17.20' };
    expect(changeJudge([other], inLock)(lodash)).toEqual({ resolution: null, changed: false });
    const vPrefixed = change('removed', 'lodash', 'v4.17.20');
    expect(changeJudge([vPrefixed], inLock)(lodash).resolution).toBeNull();
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
// literal reading of the contract's three conditions says so.
describe('changeJudge agrees with a literal reading of the rule over random changes', () => {
  function random(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }
  const NAMES = ['lodash', 'minimist', 'express'];
  const VERSIONS = ['1.0.0', '1.0.1', '2.0.0', '^1.0.0', ''];
  const MANIFESTS = ['package-lock.json', './package-lock.json', 'web/package-lock.json'];
  const ADVISORIES = ['GHSA-a', 'GHSA-b', 'CVE-1'];

  function literal(
    alert: ResolvableAlert,
    name: string,
    version: string,
    changes: DependencyChange[],
    packages: Package[],
  ): boolean {
    const strip = (p: string) => p.replace(/^(\.\/)+/, '');
    const mine = changes.filter((c) => c.name.toLowerCase() === name);
    const listed = packages.filter((p) => p.name === name && p.version === version).map((p) => strip(p.manifestPath));
    if (listed.length === 0 || listed.includes('')) return false;
    const exact = !['', '^1.0.0'].includes(version);
    if (!exact) return false;
    const cond1 = listed.every((m) =>
      mine.some((c) => c.changeType === 'removed' && c.version === version && strip(c.manifest) === m),
    );
    const cond2 = !mine.some(
      (c) => c.changeType === 'added' && (c.version === version || c.version === '' || c.version.startsWith('^')),
    );
    const ids = [alert.advisory, ...alert.aliases].map((a) => a.toLowerCase());
    const cond3 = !mine.some(
      (c) => c.changeType === 'added' && c.advisories.some((a) => ids.includes(a.toLowerCase())),
    );
    return cond1 && cond2 && cond3;
  }

  it('over 5,000 random cases', () => {
    const rand = random(20261126);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    let resolved = 0;
    for (let i = 0; i < 5000; i++) {
      const name = pick(NAMES);
      const version = pick(VERSIONS.slice(0, 3));
      const alert: ResolvableAlert = {
        advisory: pick(ADVISORIES),
        aliases: rand() < 0.5 ? [pick(ADVISORIES)] : [],
        package: `pkg:npm/${name}@${version}`,
      };
      // Biased towards the alert's own package, so that both outcomes come up often.
      const own = <T>(mine: T, any: () => T): T => (rand() < 0.6 ? mine : any());
      const packages = Array.from({ length: 1 + Math.floor(rand() * 3) }, () =>
        pkg(
          own(name, () => pick(NAMES)),
          own(version, () => pick(VERSIONS.slice(0, 3))),
          rand() < 0.05 ? '' : pick(MANIFESTS),
        ),
      );
      const changes = Array.from({ length: Math.floor(rand() * 6) }, () =>
        change(
          rand() < 0.4 ? 'added' : 'removed',
          own(name, () => pick(NAMES)),
          own(version, () => pick(VERSIONS)),
          pick(MANIFESTS),
          rand() < 0.2 ? [pick(ADVISORIES).toLowerCase()] : [],
        ),
      );
      const expected = literal(alert, name, version, changes, packages);
      const got = changeJudge(changes, packages)(alert);
      if (expected) resolved++;
      expect({ i, resolved: got.resolution !== null }).toEqual({ i, resolved: expected });
      const touched = changes.some((c) => c.name === name);
      expect({ i, changed: got.changed }).toEqual({ i, changed: touched && !expected });
    }
    // The generator must reach both outcomes, or the property proves little.
    expect(resolved).toBeGreaterThan(250);
    expect(resolved).toBeLessThan(4000);
  });
});
