import {
  FALLBACK_MANIFEST_PATH,
  fallbackLocation,
  locateAlerts,
  packageLabel,
  packageMatches,
  parsePackageIdentifier,
  repoRelativePath,
  type PackageIdentifier,
} from '../../src/packages/locations.js';
import type { ManifestLocation, Package } from '../../src/model.js';
import { makeEvaluated, makeLocation } from '../fixtures/result.js';

let nextPackage = 1;

/** An SCA package declared in package.json at lines 10-10, columns 5-30. */
function makePackage(overrides: Partial<Package> = {}): Package {
  const n = nextPackage++;
  return {
    id: `pkg-${n}`,
    name: 'lodash',
    version: '4.17.20',
    ecosystem: 'npm',
    manifestPath: 'package.json',
    manifestStartLine: 10,
    manifestEndLine: 10,
    manifestStartColumn: 5,
    manifestEndColumn: 30,
    ...overrides,
  };
}

function id(
  ecosystem: string | null,
  name: string,
  version: string | null,
  namespace: string | null = null,
): PackageIdentifier {
  return { ecosystem, name, version, namespace };
}

describe('parsePackageIdentifier', () => {
  test.each<[string, string, PackageIdentifier]>([
    ['an npm purl', 'pkg:npm/lodash@4.17.20', id('npm', 'lodash', '4.17.20')],
    ['a scoped npm purl, percent-encoded', 'pkg:npm/%40babel/core@7.0.0', id('npm', '@babel/core', '7.0.0')],
    ['a scoped npm purl, not encoded', 'pkg:npm/@babel/core@7.0.0', id('npm', '@babel/core', '7.0.0')],
    ['a scoped npm purl without version', 'pkg:npm/@babel/core', id('npm', '@babel/core', null)],
    [
      'a maven purl (artifact id, group kept)',
      'pkg:maven/org.apache.commons/commons-text@1.9',
      id('maven', 'commons-text', '1.9', 'org.apache.commons'),
    ],
    ['a maven purl without group', 'pkg:maven/commons-text@1.9', id('maven', 'commons-text', '1.9')],
    ['a pypi purl', 'pkg:pypi/django@3.2.0', id('pypi', 'django', '3.2.0')],
    [
      'a golang purl (full path as name)',
      'pkg:golang/github.com/gin-gonic/gin@1.6.0',
      id('golang', 'github.com/gin-gonic/gin', '1.6.0'),
    ],
    [
      'qualifiers ignored',
      'pkg:maven/org.apache/commons@1.0?type=jar&classifier=sources',
      id('maven', 'commons', '1.0', 'org.apache'),
    ],
    [
      'subpath ignored',
      'pkg:golang/google.golang.org/genproto@abc#googleapis/api',
      id('golang', 'google.golang.org/genproto', 'abc'),
    ],
    [
      'qualifiers and subpath ignored',
      'pkg:npm/lodash@4.17.20?repository_url=x#lib/a.js',
      id('npm', 'lodash', '4.17.20'),
    ],
    ['the type lower-cased', 'pkg:NPM/lodash@1.0.0', id('npm', 'lodash', '1.0.0')],
    ['an upper-case scheme', 'PKG:npm/lodash@1.0.0', id('npm', 'lodash', '1.0.0')],
    ['slashes after the scheme', 'pkg://npm/lodash@1.0.0', id('npm', 'lodash', '1.0.0')],
    ['a purl without version', 'pkg:pypi/requests', id('pypi', 'requests', null)],
    [
      'an encoded version',
      'pkg:golang/example.com/mod@v1.0.0%2Bincompatible',
      id('golang', 'example.com/mod', 'v1.0.0+incompatible'),
    ],
    ['a stray percent kept literally', 'pkg:npm/odd%zzname@1.0.0', id('npm', 'odd%zzname', '1.0.0')],
    ['name@version', 'lodash@4.17.20', id(null, 'lodash', '4.17.20')],
    ['scoped name@version', '@babel/core@7.0.0', id(null, '@babel/core', '7.0.0')],
    ['a scoped name alone', '@babel/core', id(null, '@babel/core', null)],
    ['a name alone', 'lodash', id(null, 'lodash', null)],
    ['surrounding space', '  lodash@1.2.3 \n', id(null, 'lodash', '1.2.3')],
    ['a trailing @ (no version)', 'lodash@', id(null, 'lodash', null)],
    [
      'maven group:artifact@version',
      'org.apache.commons:commons-text@1.9',
      id(null, 'commons-text', '1.9', 'org.apache.commons'),
    ],
    [
      'maven group:artifact:version',
      'org.apache.commons:commons-text:1.9',
      id(null, 'commons-text', '1.9', 'org.apache.commons'),
    ],
  ])('reads %s', (_case, input, expected) => {
    expect(parsePackageIdentifier(input)).toEqual(expected);
  });

  test.each([
    ['empty', ''],
    ['blank', '   '],
    ['a purl without type', 'pkg:lodash@1.0.0'],
    ['a purl without name', 'pkg:npm/'],
    ['only a scheme', 'pkg:'],
  ])('gives null for %s', (_case, input) => {
    expect(parsePackageIdentifier(input)).toBeNull();
  });
});

describe('packageLabel', () => {
  test.each([
    ['pkg:npm/lodash@4.17.20', 'lodash@4.17.20'],
    ['pkg:npm/%40babel/core@7.0.0', '@babel/core@7.0.0'],
    ['pkg:maven/org.apache.commons/commons-text@1.9', 'org.apache.commons:commons-text@1.9'],
    ['pkg:pypi/requests', 'requests'],
    ['lodash@1.0.0', 'lodash@1.0.0'],
    [' pkg:npm/ ', 'pkg:npm/'],
  ])('labels %j as %j', (input, expected) => {
    expect(packageLabel(input)).toBe(expected);
  });
});

describe('packageMatches', () => {
  test.each<[string, string, Partial<Package>, boolean]>([
    ['same name, version and ecosystem', 'pkg:npm/lodash@4.17.20', {}, true],
    ['name in another case', 'pkg:npm/LoDash@4.17.20', {}, true],
    ['another name', 'pkg:npm/underscore@4.17.20', {}, false],
    ['another version', 'pkg:npm/lodash@4.17.21', {}, false],
    ['another ecosystem', 'pkg:pypi/lodash@4.17.20', {}, false],
    ['identifier without version: any version', 'pkg:npm/lodash', { version: '1.0.0' }, true],
    ['package without version: any version', 'pkg:npm/lodash@9.9.9', { version: '' }, true],
    ['name@version without ecosystem: any ecosystem', 'lodash@4.17.20', { ecosystem: 'whatever' }, true],
    ['name@version, other version', 'lodash@4.17.21', {}, false],
    ['bare name: any version and ecosystem', 'lodash', { version: '0.1.0', ecosystem: 'pypi' }, true],
    ['package without ecosystem: any ecosystem', 'pkg:npm/lodash@4.17.20', { ecosystem: '' }, true],
    ['ecosystem in another case', 'pkg:npm/lodash@4.17.20', { ecosystem: 'NPM' }, true],
    ['pip is pypi', 'pkg:pypi/django@3.2.0', { name: 'Django', version: '3.2.0', ecosystem: 'pip' }, true],
    ['PyPI is pypi', 'pkg:pypi/django@3.2.0', { name: 'django', version: '3.2.0', ecosystem: 'PyPI' }, true],
    [
      'pypi names by PEP 503',
      'pkg:pypi/typing-extensions@4.0.0',
      { name: 'typing_extensions', version: '4.0.0', ecosystem: 'pypi' },
      true,
    ],
    [
      'PEP 503 only for pypi',
      'pkg:npm/typing-extensions@4.0.0',
      { name: 'typing_extensions', version: '4.0.0' },
      false,
    ],
    [
      'go is golang',
      'pkg:golang/github.com/gin-gonic/gin@1.6.0',
      { name: 'github.com/gin-gonic/gin', version: '1.6.0', ecosystem: 'Go' },
      true,
    ],
    [
      'go version with v',
      'pkg:golang/github.com/gin-gonic/gin@v1.6.0',
      { name: 'github.com/gin-gonic/gin', version: '1.6.0', ecosystem: 'go' },
      true,
    ],
    [
      'go: the last path part is not the name',
      'pkg:golang/github.com/gin-gonic/gin@1.6.0',
      { name: 'gin', version: '1.6.0', ecosystem: 'go' },
      false,
    ],
    ['rubygems is gem', 'pkg:gem/rails@7.0.0', { name: 'rails', version: '7.0.0', ecosystem: 'RubyGems' }, true],
    ['crates.io is cargo', 'pkg:cargo/serde@1.0.0', { name: 'serde', version: '1.0.0', ecosystem: 'crates.io' }, true],
    ['crates is cargo', 'pkg:cargo/serde@1.0.0', { name: 'serde', version: '1.0.0', ecosystem: 'crates' }, true],
    [
      'nuget in another case',
      'pkg:nuget/Newtonsoft.Json@13.0.1',
      { name: 'newtonsoft.json', version: '13.0.1', ecosystem: 'NuGet' },
      true,
    ],
    [
      'npm is not maven',
      'pkg:npm/commons-text@1.9',
      { name: 'commons-text', version: '1.9', ecosystem: 'maven' },
      false,
    ],
    ['scoped npm name', 'pkg:npm/%40babel/core@7.0.0', { name: '@babel/core', version: '7.0.0' }, true],
    ['scoped npm name is not its last part', 'pkg:npm/%40babel/core@7.0.0', { name: 'core', version: '7.0.0' }, false],
    [
      'maven: bare artifact id',
      'pkg:maven/org.apache.commons/commons-text@1.9',
      { name: 'commons-text', version: '1.9', ecosystem: 'maven' },
      true,
    ],
    [
      'maven: group:artifact',
      'pkg:maven/org.apache.commons/commons-text@1.9',
      { name: 'org.apache.commons:commons-text', version: '1.9', ecosystem: 'Maven' },
      true,
    ],
    [
      'maven: group/artifact',
      'pkg:maven/org.apache.commons/commons-text@1.9',
      { name: 'org.apache.commons/commons-text', version: '1.9', ecosystem: 'maven' },
      true,
    ],
    [
      'maven: another group',
      'pkg:maven/org.apache.commons/commons-text@1.9',
      { name: 'com.evil:commons-text', version: '1.9', ecosystem: 'maven' },
      false,
    ],
    [
      'maven without group matches group:artifact',
      'pkg:maven/commons-text@1.9',
      { name: 'org.apache.commons:commons-text', version: '1.9', ecosystem: 'maven' },
      true,
    ],
    [
      'maven coordinates match group:artifact',
      'org.apache.commons:commons-text:1.9',
      { name: 'org.apache.commons:commons-text', version: '1.9', ecosystem: 'maven' },
      true,
    ],
    // Versions as the contract's "Same package, same version" compares them.
    ['a version with build metadata is the version', 'pkg:npm/lodash@4.17.20', { version: '4.17.20+b' }, true],
    ['a version with V is the version', 'pkg:npm/lodash@4.17.20', { version: 'V4.17.20' }, true],
    ['build metadata on the identifier', 'pkg:npm/lodash@4.17.20%2Bsha.1', {}, true],
    ['a version with build metadata, another version', 'pkg:npm/lodash@4.17.21', { version: '4.17.20+b' }, false],
    [
      'pypi versions by PEP 440: 3.2 is 3.2.0',
      'pkg:pypi/django@3.2.0',
      { name: 'Django', version: '3.2', ecosystem: 'pip' },
      true,
    ],
    [
      'pypi versions by PEP 440: 1.0-alpha is 1.0a0',
      'pkg:pypi/django@1.0a0',
      { name: 'django', version: '1.0-alpha', ecosystem: 'pypi' },
      true,
    ],
    ['pypi: 3.2 is not 3.2.1', 'pkg:pypi/django@3.2.1', { name: 'django', version: '3.2', ecosystem: 'pypi' }, false],
    ['PEP 440 only for pypi', 'pkg:npm/lodash@3.2.0', { version: '3.2' }, false],
    [
      'pypi names by PEP 503: dots too',
      'pkg:pypi/typing.extensions@4.0.0',
      { name: 'Typing_Extensions', version: '4.0.0', ecosystem: 'pypi' },
      true,
    ],
  ])('%s: %s', (_case, identifier, overrides, expected) => {
    const parsed = parsePackageIdentifier(identifier);
    expect(parsed).not.toBeNull();
    expect(packageMatches(parsed as PackageIdentifier, makePackage(overrides))).toBe(expected);
  });
});

describe('repoRelativePath', () => {
  test.each([
    ['package.json', 'package.json'],
    ['./package.json', 'package.json'],
    ['/app/package.json', 'app/package.json'],
    ['app\\web\\package.json', 'app/web/package.json'],
    ['.\\pom.xml', 'pom.xml'],
    ['a//b/go.mod', 'a/b/go.mod'],
    ['  requirements.txt ', 'requirements.txt'],
  ])('%j is %j', (input, expected) => {
    expect(repoRelativePath(input)).toBe(expected);
  });
});

describe('locateAlerts', () => {
  const alertFor = (packageIdentifier: string) => makeEvaluated({ package: packageIdentifier });
  const at = makeLocation;

  test('returns the alerts unchanged when the packages were not read', () => {
    const alerts = [alertFor('pkg:npm/lodash@4.17.20')];
    const located = locateAlerts(alerts, null);
    expect(located).toBe(alerts);
    expect(located[0]?.locations).toBeUndefined();
  });

  test.each<[string, string, Partial<Package>[], ManifestLocation[]]>([
    [
      'one matching package: its manifest lines and columns',
      'pkg:npm/lodash@4.17.20',
      [
        {
          manifestPath: 'web/package.json',
          manifestStartLine: 12,
          manifestEndLine: 14,
          manifestStartColumn: 3,
          manifestEndColumn: 20,
        },
      ],
      [at('web/package.json', 12, 'lodash@4.17.20', { endLine: 14, startColumn: 3, endColumn: 20 })],
    ],
    [
      'one location per matching package, in package order',
      'lodash@4.17.20',
      [
        {
          manifestPath: 'a/package.json',
          manifestStartLine: 3,
          manifestEndLine: 3,
          manifestStartColumn: 0,
          manifestEndColumn: 0,
        },
        { name: 'react', manifestPath: 'b/package.json' },
        {
          manifestPath: 'c/package-lock.json',
          manifestStartLine: 40,
          manifestEndLine: 41,
          manifestStartColumn: 0,
          manifestEndColumn: 0,
        },
      ],
      [at('a/package.json', 3, 'lodash@4.17.20'), at('c/package-lock.json', 40, 'lodash@4.17.20', { endLine: 41 })],
    ],
    [
      'the same file and line once',
      'pkg:npm/lodash@4.17.20',
      [
        { manifestStartColumn: 0, manifestEndColumn: 0 },
        { manifestStartColumn: 0, manifestEndColumn: 0, ecosystem: 'NPM' },
      ],
      [at('package.json', 10, 'lodash@4.17.20')],
    ],
    [
      'lines below 1 clamped to 1, end never before start',
      'pkg:npm/lodash@4.17.20',
      [{ manifestStartLine: 0, manifestEndLine: -5, manifestStartColumn: 0, manifestEndColumn: 0 }],
      [at('package.json', 1, 'lodash@4.17.20')],
    ],
    [
      'end line before start raised to start',
      'pkg:npm/lodash@4.17.20',
      [{ manifestStartLine: 20, manifestEndLine: 5, manifestStartColumn: 0, manifestEndColumn: 0 }],
      [at('package.json', 20, 'lodash@4.17.20')],
    ],
    [
      'end column before start column on one line dropped',
      'pkg:npm/lodash@4.17.20',
      [{ manifestStartColumn: 9, manifestEndColumn: 2 }],
      [at('package.json', 10, 'lodash@4.17.20', { startColumn: 9 })],
    ],
    [
      'lines and columns not given: line 1, no columns',
      'pkg:npm/lodash@4.17.20',
      [{ manifestStartLine: null, manifestEndLine: null, manifestStartColumn: null, manifestEndColumn: null }],
      [at('package.json', 1, 'lodash@4.17.20')],
    ],
    [
      'a path made relative with forward slashes',
      'pkg:npm/lodash@4.17.20',
      [{ manifestPath: '.\\web\\package.json', manifestStartColumn: 0, manifestEndColumn: 0 }],
      [at('web/package.json', 10, 'lodash@4.17.20')],
    ],
    [
      'no match: line 1 of the first manifest',
      'pkg:npm/left-pad@1.0.0',
      [{ manifestPath: 'first/package.json' }, { manifestPath: 'second/package.json' }],
      [at('first/package.json', 1, null)],
    ],
    [
      'no match, first package without a path: the first manifest with one',
      'pkg:npm/left-pad@1.0.0',
      [{ manifestPath: '' }, { manifestPath: 'second/package.json' }],
      [at('second/package.json', 1, null)],
    ],
    ['no packages at all: the fallback path', 'pkg:npm/lodash@4.17.20', [], [at(FALLBACK_MANIFEST_PATH, 1, null)]],
    [
      'an identifier that cannot be read: the first manifest',
      'pkg:',
      [{ manifestPath: 'go.mod' }],
      [at('go.mod', 1, null)],
    ],
    [
      'a matching package without a manifest path: the fallback',
      'pkg:npm/lodash@4.17.20',
      [{ manifestPath: '  ' }],
      [at(FALLBACK_MANIFEST_PATH, 1, null)],
    ],
    [
      'a package without version labelled by name alone',
      'pkg:npm/lodash',
      [{ version: '', manifestStartColumn: 0, manifestEndColumn: 0 }],
      [at('package.json', 10, 'lodash')],
    ],
    [
      'maven by artifact id and group:artifact',
      'pkg:maven/org.apache.commons/commons-text@1.9',
      [
        {
          name: 'commons-text',
          version: '1.9',
          ecosystem: 'maven',
          manifestPath: 'pom.xml',
          manifestStartLine: 30,
          manifestEndLine: 34,
          manifestStartColumn: 0,
          manifestEndColumn: 0,
        },
        {
          name: 'org.apache.commons:commons-text',
          version: '1.9',
          ecosystem: 'maven',
          manifestPath: 'build.gradle',
          manifestStartLine: 7,
          manifestEndLine: 7,
          manifestStartColumn: 0,
          manifestEndColumn: 0,
        },
      ],
      [
        at('pom.xml', 30, 'commons-text@1.9', { endLine: 34 }),
        at('build.gradle', 7, 'org.apache.commons:commons-text@1.9'),
      ],
    ],
  ])('%s', (_case, identifier, packages, expected) => {
    const [located] = locateAlerts([alertFor(identifier)], packages.map(makePackage));
    expect(located?.locations).toEqual(expected);
  });

  test('keeps every other field of the alert and does not change the input', () => {
    const alert = alertFor('pkg:npm/lodash@4.17.20');
    const [located] = locateAlerts([alert], [makePackage()]);
    expect(located).toEqual({
      ...alert,
      locations: [at('package.json', 10, 'lodash@4.17.20', { startColumn: 5, endColumn: 30 })],
    });
    expect(alert.locations).toBeUndefined();
  });

  test('locates each of many Go modules ending in /v2 by reading its own package, not all of them', () => {
    const n = 2_000;
    let reads = 0;
    const packages = Array.from({ length: n }, (_, i) => {
      const pkg = makePackage({ ecosystem: 'golang', version: 'v2.0.0' });
      const name = `github.com/o${i}/m/v2`;
      // Counts how often the join looks at a package's name.
      Object.defineProperty(pkg, 'name', {
        enumerable: true,
        get: () => {
          reads++;
          return name;
        },
      });
      return pkg;
    });
    const alerts = packages.map((_, i) => alertFor(`pkg:golang/github.com/o${i}/m/v2@2.0.0`));
    const located = locateAlerts(alerts, packages);
    expect(located.map((a) => a.locations?.[0]?.package)).toEqual(
      packages.map((_, i) => `github.com/o${i}/m/v2@v2.0.0`),
    );
    expect(reads).toBeLessThan(20 * n);
  });

  test('locates many alerts against many packages quickly (packages indexed by name)', () => {
    const packages = Array.from({ length: 20_000 }, (_, i) => makePackage({ name: `package-${i}`, version: '1.0.0' }));
    const alerts = Array.from({ length: 20_000 }, (_, i) => alertFor(`pkg:npm/package-${i}@1.0.0`));
    const started = Date.now();
    const located = locateAlerts(alerts, packages);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(located[19_999]?.locations).toEqual([
      {
        path: 'package.json',
        startLine: 10,
        endLine: 10,
        startColumn: 5,
        endColumn: 30,
        package: 'package-19999@1.0.0',
      },
    ]);
  });
});

describe('fallbackLocation', () => {
  test.each<[string, string, Partial<Package>[]]>([
    ['no packages', FALLBACK_MANIFEST_PATH, []],
    ['the first package', 'a/pom.xml', [{ manifestPath: 'a/pom.xml' }, { manifestPath: 'b/pom.xml' }]],
    ['only packages without a path', FALLBACK_MANIFEST_PATH, [{ manifestPath: '' }]],
  ])('%s: line 1 of %s', (_case, path, packages) => {
    expect(fallbackLocation(packages.map(makePackage))).toEqual({ path, startLine: 1, endLine: 1, package: null });
  });
});
