// The one equality of packages and versions (contract: "Same package, same version"), and the index
// that joins by it. Expectations come from the contract's words, PEP 440 and PEP 503.
import { describe, expect, test } from '@jest/globals';
import {
  ecosystemKey,
  nameKey,
  packageIndex,
  samePackage,
  sameVersion,
  versionKey,
  type PackageName,
} from '../../src/packages/identity.js';

describe('ecosystemKey: case-insensitive, synonyms folded', () => {
  test.each<[string | null, string | null]>([
    ['npm', 'npm'],
    ['  NPM ', 'npm'],
    ['PyPI', 'pypi'],
    ['pip', 'pypi'],
    ['Go', 'golang'],
    ['golang', 'golang'],
    ['RubyGems', 'gem'],
    ['crates.io', 'cargo'],
    ['crates', 'cargo'],
    ['Maven', 'maven'],
    ['', null],
    ['  ', null],
    [null, null],
  ])('%j is %j', (ecosystem, key) => expect(ecosystemKey(ecosystem)).toBe(key));
});

describe('nameKey: case-insensitive; PEP 503 for PyPI only', () => {
  test.each<[string, string | null, string]>([
    ['LoDash', 'npm', 'lodash'],
    [' lodash ', null, 'lodash'],
    ['Typing_Extensions', 'pypi', 'typing-extensions'],
    ['typing.extensions', 'pip', 'typing-extensions'],
    ['Zope--_.Interface', 'PyPI', 'zope-interface'],
    ['typing_extensions', 'npm', 'typing_extensions'],
    ['typing_extensions', null, 'typing_extensions'],
  ])('%j in %j is %j', (name, ecosystem, key) => expect(nameKey(name, ecosystem)).toBe(key));
});

describe('versionKey', () => {
  test.each<[string, string | null, string]>([
    ['4.17.20', 'npm', '4.17.20'],
    ['v4.17.20', 'npm', '4.17.20'],
    ['V4.17.20', null, '4.17.20'],
    ['4.17.20+build.5', 'npm', '4.17.20'],
    [' v1.0.0+b ', 'golang', '1.0.0'],
    ['v0.0.0-20210101000000-ABCDEF123456', 'golang', '0.0.0-20210101000000-abcdef123456'],
    ['version', 'npm', 'version'],
    ['+x', 'npm', '+x'],
    ['1.0', 'npm', '1.0'],
    ['3.2.0', 'pypi', '3.2'],
    // PEP 440's normal form, the release without trailing zeros (PEP 440 compares it so).
    ['1.0RC1', 'PyPI', '1rc1'],
    ['1.0-alpha', 'pip', '1a0'],
    ['0!01.2.0.post01.dev0', 'pypi', '1.2.post1.dev0'],
    ['2!1.0', 'pypi', '2!1'],
    ['banana', 'pypi', 'banana'],
  ])('%j in %j is %j', (version, ecosystem, key) => expect(versionKey(version, ecosystem)).toBe(key));
});

describe('sameVersion', () => {
  // [a, b, ecosystem]: the contract's table, then PEP 440's spellings.
  test.each<[string, string, string | null]>([
    ['4.17.20', 'v4.17.20', 'npm'],
    ['4.17.20', 'V4.17.20', 'npm'],
    ['4.17.20', '4.17.20+b', 'npm'],
    ['1.0.0+build.1', '1.0.0+build.2', 'npm'],
    ['1.6.0', 'v1.6.0', 'golang'],
    ['v2.0.0+incompatible', '2.0.0', 'golang'],
    ['1.2.3', ' 1.2.3 ', null],
    ['3.2', '3.2.0', 'pypi'],
    ['1.0RC1', '1.0rc1', 'pypi'],
    ['01.2.0', '1.2', 'pypi'],
    ['2.00', '2', 'pypi'],
    ['1.0.0.0', '1', 'pip'],
    ['v3.2', '3.2.0', 'pypi'],
    ['1.0+ubuntu.1', '1.0', 'pypi'],
    ['0!1.0', '1.0', 'pypi'],
    ['00!1.0', '1.0', 'pypi'],
    ['1.0-alpha', '1.0a0', 'pypi'],
    ['1.0alpha1', '1.0a1', 'pypi'],
    ['1.0.a.1', '1.0a1', 'pypi'],
    ['1.0a01', '1.0a1', 'pypi'],
    ['1.0-beta_2', '1.0b2', 'pypi'],
    ['1.0c1', '1.0rc1', 'pypi'],
    ['1.0pre1', '1.0rc1', 'pypi'],
    ['1.0preview1', '1.0rc1', 'pypi'],
    ['1.0.0-RC.1', '1.0rc1', 'pypi'],
    ['1.0-1', '1.0.post1', 'pypi'],
    ['1.0post', '1.0.post0', 'pypi'],
    ['1.0-rev2', '1.0.post2', 'pypi'],
    ['1.0r2', '1.0.post2', 'pypi'],
    ['1.0_post_3', '1.0.post3', 'pypi'],
    ['1.0dev', '1.0.dev0', 'pypi'],
    ['1.0-dev-1', '1.0.dev1', 'pypi'],
    ['1.0a1.post2.dev3', '1.0.0A1-POST2-DEV3', 'pypi'],
  ])('%j is %j in %j', (a, b, ecosystem) => {
    expect(sameVersion(a, b, ecosystem)).toBe(true);
    expect(sameVersion(b, a, ecosystem)).toBe(true);
  });

  test.each<[string, string, string | null]>([
    ['1.0', '1.0.1', 'pypi'],
    ['1.0a1', '1.0b1', 'pypi'],
    ['1.0rc1', '1.0', 'pypi'],
    ['1.0.post1', '1.0', 'pypi'],
    ['1.0.dev0', '1.0', 'pypi'],
    ['1!1.0', '1.0', 'pypi'],
    ['1.10', '1.1', 'pypi'],
    ['10.0', '1.0', 'pypi'],
    ['1.0a1', '1.0a10', 'pypi'],
    ['4.17.20', '4.17.21', 'npm'],
    ['4.17.20', 'v4.17.2', 'npm'],
    ['4.17.20', '4.17.20-b', 'npm'],
    // PEP 440 is PyPI's rule, not another ecosystem's.
    ['3.2', '3.2.0', 'npm'],
    ['3.2', '3.2.0', null],
    ['1.0-alpha', '1.0a0', 'npm'],
    ['1.0RC1', '1.0-rc1', 'maven'],
  ])('%j is not %j in %j', (a, b, ecosystem) => {
    expect(sameVersion(a, b, ecosystem)).toBe(false);
    expect(sameVersion(b, a, ecosystem)).toBe(false);
  });
});

const named = (ecosystem: string | null, name: string, namespace: string | null = null): PackageName => ({
  ecosystem,
  name,
  namespace,
});

describe('samePackage', () => {
  test.each<[string, PackageName, PackageName, boolean]>([
    ['same ecosystem and name', named('npm', 'lodash'), named('npm', 'lodash'), true],
    ['names in another case', named('npm', 'lodash'), named('NPM', 'LoDash'), true],
    ['another name', named('npm', 'lodash'), named('npm', 'lodash-es'), false],
    ['another ecosystem', named('npm', 'lodash'), named('pypi', 'lodash'), false],
    ['one side without ecosystem', named('npm', 'lodash'), named(null, 'lodash'), true],
    ['one side with an empty ecosystem', named('npm', 'lodash'), named('', 'lodash'), true],
    ['pip is pypi', named('pip', 'django'), named('pypi', 'Django'), true],
    ['PEP 503: _ is -', named('pypi', 'Typing_Extensions'), named('pypi', 'typing-extensions'), true],
    ['PEP 503: . is -', named('pypi', 'typing.extensions'), named('PyPI', 'typing-extensions'), true],
    ['PEP 503: runs are one', named('pypi', 'zope-_.interface'), named('pypi', 'zope_interface'), true],
    ['PEP 503 when one side is PyPI', named(null, 'typing_extensions'), named('pypi', 'typing-extensions'), true],
    ['npm names by - and _ differ', named('npm', 'typing_extensions'), named('npm', 'typing-extensions'), false],
    ['no ecosystem: - and _ differ', named(null, 'typing_extensions'), named(null, 'typing-extensions'), false],
    ['npm scope is part of the name', named('npm', '@babel/core'), named('npm', 'core'), false],
    ['go path is the name', named('golang', 'github.com/gin-gonic/gin'), named('go', 'gin'), false],
    [
      'maven group apart and group:artifact',
      named('maven', 'commons-text', 'org.apache.commons'),
      named('maven', 'org.apache.commons:commons-text'),
      true,
    ],
    [
      'maven group apart and group/artifact',
      named('maven', 'commons-text', 'org.apache.commons'),
      named(null, 'org.apache.commons/commons-text'),
      true,
    ],
    [
      'maven group apart and the artifact alone',
      named('maven', 'commons-text', 'org.apache.commons'),
      named('maven', 'commons-text'),
      true,
    ],
    [
      'maven artifact alone and group:artifact',
      named('maven', 'commons-text'),
      named('Maven', 'org.apache.commons:commons-text'),
      true,
    ],
    [
      'maven: another group',
      named('maven', 'commons-text', 'org.apache.commons'),
      named('maven', 'com.evil:commons-text'),
      false,
    ],
    [
      'maven: groups apart that differ',
      named('maven', 'commons-text', 'org.apache.commons'),
      named('maven', 'commons-text', 'com.evil'),
      false,
    ],
  ])('%s', (_case, a, b, same) => {
    expect(samePackage(a, b)).toBe(same);
    expect(samePackage(b, a)).toBe(same);
  });
});

describe('packageIndex', () => {
  const items: PackageName[] = [
    named('npm', 'lodash'),
    named('maven', 'org.apache.commons:commons-text'),
    named('npm', 'LoDash'),
    named('pypi', 'typing_extensions'),
    named('maven', 'commons-text'),
    named('npm', '@babel/core'),
    named('npm', 'core'),
    named('', 'lodash'),
    named('pip', 'Typing.Extensions'),
    named('golang', 'github.com/a/b/v2'),
    named('maven', 'org.apache.commons/commons-text'),
  ];
  const probes: PackageName[] = [
    ...items,
    named(null, 'lodash'),
    named('maven', 'commons-text', 'org.apache.commons'),
    named('maven', 'commons-text', 'com.evil'),
    named(null, 'commons-text'),
    named(null, 'typing-extensions'),
    named('pypi', 'typing-extensions'),
    named('golang', 'v2'),
    named(null, 'v2'),
    named('npm', 'nothing'),
  ];

  test.each(probes.map((p) => [`${p.ecosystem}:${p.namespace ?? ''}:${p.name}`, p] as const))(
    'finds for %s exactly what samePackage accepts, in order',
    (_label, probe) => {
      const find = packageIndex(items, (item) => item);
      expect(find(probe)).toEqual(items.filter((item) => samePackage(item, probe)));
    },
  );

  test('over random names, finds exactly what samePackage accepts', () => {
    let seed = 7;
    const pick = <T>(xs: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return xs[seed % xs.length]!;
    };
    const ECOSYSTEMS = [null, '', 'maven', 'Maven', 'npm', 'pypi', 'pip', 'golang'];
    const NAMESPACES = [null, null, 'g', 'G.x', 'h'];
    const NAMES = [
      'art',
      'Art',
      'g:art',
      'g/art',
      'G.x:art',
      'h:art',
      'a_rt',
      'a-rt',
      'a--rt',
      'a.rt',
      'x/y/v2',
      'v2',
      '@s/art',
    ];
    const random = () => Array.from({ length: 300 }, () => named(pick(ECOSYSTEMS), pick(NAMES), pick(NAMESPACES)));
    const items = random();
    const find = packageIndex(items, (item) => item);
    for (const probe of random()) expect(find(probe)).toEqual(items.filter((item) => samePackage(item, probe)));
  });

  test('a join of n probes to n items reads each item a bounded number of times', () => {
    const n = 20_000;
    let reads = 0;
    // Go modules that all end in `/v2`, Maven artifacts of many groups, npm scopes: the shapes that
    // could share a bucket.
    const modules = Array.from(
      { length: n },
      (_, i) =>
        [
          named('golang', `github.com/o${i}/m/v2`),
          named('maven', `g${i}:artifact${i % 50}`),
          named('npm', `@s${i}/core`),
        ][i % 3]!,
    );
    const find = packageIndex(modules, (m) => {
      reads++;
      return m;
    });
    let found = 0;
    for (const probe of modules) found += find(probe).length;
    expect(found).toBeGreaterThanOrEqual(n);
    expect(reads).toBeLessThan(5 * n);
  });
});
