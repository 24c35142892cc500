// Each format's reader on a real file of that format (__tests__/fixtures/lockfiles/). The npm, yarn
// and pnpm files were written by the tools themselves (npm 11 with --lockfile-version 1, 2 and 3,
// yarn 1.22.22, yarn 4.18.1, pnpm 8.15.9 and 9.15.9) for one small project: debug, ms (a range two
// packages share), an alias `old-debug: npm:debug@2.6.9`, a `file:` folder, and development packages
// (npm as configured here, without `resolved` URLs; yarn 1's `resolved` URLs on its default host).
// The others follow their tools' output byte for byte in form (the tools cannot run here): pip-compile
// --generate-hashes, Poetry 1.1 and 2.1, pipenv, uv, Go, Cargo, Bundler, Composer, NuGet. Expected
// rows are read off the files by hand: name, version, scope, package URL per the purl spec.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { parseLockfile, type LockEntry, type LockfileFormat } from '../../../src/packages/lockfiles/index.js';

const fixture = (path: string) => readFileSync(`__tests__/fixtures/lockfiles/${path}`, 'utf8');

type Row = [name: string, version: string, scope: LockEntry['scope'], packageUrl: string];
const rows = (entries: LockEntry[]): Row[] => entries.map((e) => [e.name, e.version, e.scope, e.packageUrl]);

function parsed(format: LockfileFormat, path: string, goMod: string | null = null): LockEntry[] {
  const outcome = parseLockfile(
    format,
    fixture(path),
    path,
    goMod === null ? null : { text: fixture(goMod), path: goMod },
  );
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
}

// One project, four npm files: the `file:` folder (v1's `file:` version, v2/v3's link) is not an entry,
// the alias is debug, and npm's `dev: true` marks the development packages.
const NPM: Row[] = [
  ['@types/ms', '0.7.34', 'development', 'pkg:npm/%40types/ms@0.7.34'],
  ['debug', '4.3.7', 'runtime', 'pkg:npm/debug@4.3.7'],
  ['is-number', '7.0.0', 'development', 'pkg:npm/is-number@7.0.0'],
  ['ms', '2.1.3', 'runtime', 'pkg:npm/ms@2.1.3'],
  ['debug', '2.6.9', 'runtime', 'pkg:npm/debug@2.6.9'],
  ['ms', '2.0.0', 'runtime', 'pkg:npm/ms@2.0.0'],
];

describe('npm: package-lock.json v1, v2, v3 and npm-shrinkwrap.json', () => {
  test.each([
    ['npm-v1/package-lock.json'],
    ['npm-v2/package-lock.json'],
    ['npm-v3/package-lock.json'],
    ['npm-shrinkwrap/npm-shrinkwrap.json'],
  ])('%s', (path) => {
    const entries = parsed('npm', path);
    expect(rows(entries)).toEqual(NPM);
    expect(entries.every((e) => e.ecosystem === 'npm')).toBe(true);
  });
});

describe('yarn.lock: every scope unknown (the file does not say)', () => {
  test('v1: `ms@^2.1.1, ms@^2.1.3` is one entry; the alias is debug; the file: folder is skipped', () => {
    expect(rows(parsed('yarn', 'yarn-v1/yarn.lock'))).toEqual([
      ['@types/ms', '0.7.34', 'unknown', 'pkg:npm/%40types/ms@0.7.34'],
      ['debug', '4.3.7', 'unknown', 'pkg:npm/debug@4.3.7'],
      ['is-number', '7.0.0', 'unknown', 'pkg:npm/is-number@7.0.0'],
      ['ms', '2.0.0', 'unknown', 'pkg:npm/ms@2.0.0'],
      ['ms', '2.1.3', 'unknown', 'pkg:npm/ms@2.1.3'],
      ['debug', '2.6.9', 'unknown', 'pkg:npm/debug@2.6.9'],
    ]);
  });

  test('Berry: __metadata, the workspace, the file: folder and the patch: of resolve are skipped', () => {
    expect(rows(parsed('yarn', 'yarn-berry/yarn.lock'))).toEqual([
      ['@types/ms', '0.7.34', 'unknown', 'pkg:npm/%40types/ms@0.7.34'],
      ['debug', '4.3.7', 'unknown', 'pkg:npm/debug@4.3.7'],
      ['function-bind', '1.1.2', 'unknown', 'pkg:npm/function-bind@1.1.2'],
      ['hasown', '2.0.4', 'unknown', 'pkg:npm/hasown@2.0.4'],
      ['is-core-module', '2.18.0', 'unknown', 'pkg:npm/is-core-module@2.18.0'],
      ['is-number', '7.0.0', 'unknown', 'pkg:npm/is-number@7.0.0'],
      ['ms', '2.0.0', 'unknown', 'pkg:npm/ms@2.0.0'],
      ['ms', '2.1.3', 'unknown', 'pkg:npm/ms@2.1.3'],
      ['debug', '2.6.9', 'unknown', 'pkg:npm/debug@2.6.9'],
      ['path-parse', '1.0.7', 'unknown', 'pkg:npm/path-parse@1.0.7'],
      ['resolve', '1.22.8', 'unknown', 'pkg:npm/resolve@1.22.8'],
      ['supports-preserve-symlinks-flag', '1.0.0', 'unknown', 'pkg:npm/supports-preserve-symlinks-flag@1.0.0'],
    ]);
  });
});

describe('pnpm-lock.yaml', () => {
  test('v6: `dev: true` development, `dev: false` and no mark (both) runtime; peers dropped from react-dom', () => {
    expect(rows(parsed('pnpm', 'pnpm-v6/pnpm-lock.yaml'))).toEqual([
      ['@types/ms', '0.7.34', 'development', 'pkg:npm/%40types/ms@0.7.34'],
      ['debug', '2.6.9', 'runtime', 'pkg:npm/debug@2.6.9'],
      ['debug', '4.3.7', 'runtime', 'pkg:npm/debug@4.3.7'],
      ['is-number', '7.0.0', 'development', 'pkg:npm/is-number@7.0.0'],
      ['js-tokens', '4.0.0', 'runtime', 'pkg:npm/js-tokens@4.0.0'],
      ['loose-envify', '1.4.0', 'runtime', 'pkg:npm/loose-envify@1.4.0'],
      ['ms', '2.0.0', 'runtime', 'pkg:npm/ms@2.0.0'],
      ['ms', '2.1.3', 'runtime', 'pkg:npm/ms@2.1.3'],
      ['object-assign', '4.1.1', 'development', 'pkg:npm/object-assign@4.1.1'],
      ['prop-types', '15.8.1', 'development', 'pkg:npm/prop-types@15.8.1'],
      ['react-dom', '18.3.1', 'runtime', 'pkg:npm/react-dom@18.3.1'],
      ['react-is', '16.13.1', 'development', 'pkg:npm/react-is@16.13.1'],
      ['react', '18.3.1', 'runtime', 'pkg:npm/react@18.3.1'],
      ['scheduler', '0.23.2', 'runtime', 'pkg:npm/scheduler@0.23.2'],
    ]);
  });

  test('v9: `name@version` keys, the file: folder skipped, no dev mark: unknown', () => {
    expect(rows(parsed('pnpm', 'pnpm-v9/pnpm-lock.yaml'))).toEqual([
      ['@types/ms', '0.7.34', 'unknown', 'pkg:npm/%40types/ms@0.7.34'],
      ['debug', '2.6.9', 'unknown', 'pkg:npm/debug@2.6.9'],
      ['debug', '4.3.7', 'unknown', 'pkg:npm/debug@4.3.7'],
      ['is-number', '7.0.0', 'unknown', 'pkg:npm/is-number@7.0.0'],
      ['js-tokens', '4.0.0', 'unknown', 'pkg:npm/js-tokens@4.0.0'],
      ['loose-envify', '1.4.0', 'unknown', 'pkg:npm/loose-envify@1.4.0'],
      ['ms', '2.0.0', 'unknown', 'pkg:npm/ms@2.0.0'],
      ['ms', '2.1.3', 'unknown', 'pkg:npm/ms@2.1.3'],
      ['object-assign', '4.1.1', 'unknown', 'pkg:npm/object-assign@4.1.1'],
      ['prop-types', '15.8.1', 'unknown', 'pkg:npm/prop-types@15.8.1'],
      ['react-dom', '18.3.1', 'unknown', 'pkg:npm/react-dom@18.3.1'],
      ['react-is', '16.13.1', 'unknown', 'pkg:npm/react-is@16.13.1'],
      ['react', '18.3.1', 'unknown', 'pkg:npm/react@18.3.1'],
      ['scheduler', '0.23.2', 'unknown', 'pkg:npm/scheduler@0.23.2'],
    ]);
  });
});

describe('Python', () => {
  test('requirements.txt (pip-compile): pins joined across `\\`, hashes, markers and extras dropped', () => {
    const entries = parsed('requirements', 'pip/requirements.txt');
    expect(rows(entries)).toEqual([
      ['certifi', '2024.2.2', 'unknown', 'pkg:pypi/certifi@2024.2.2'],
      ['charset-normalizer', '3.3.2', 'unknown', 'pkg:pypi/charset-normalizer@3.3.2'],
      ['idna', '3.6', 'unknown', 'pkg:pypi/idna@3.6'],
      ['pysocks', '1.7.1', 'unknown', 'pkg:pypi/pysocks@1.7.1'],
      ['requests', '2.31.0', 'unknown', 'pkg:pypi/requests@2.31.0'],
      ['tzdata', '2024.1', 'unknown', 'pkg:pypi/tzdata@2024.1'],
      ['urllib3', '2.2.1', 'unknown', 'pkg:pypi/urllib3@2.2.1'],
    ]);
    expect(entries.every((e) => e.ecosystem === 'pip')).toBe(true);
  });

  test('requirements-dev.txt: only pins; options, ranges, wildcards, editables and URLs skipped', () => {
    expect(rows(parsed('requirements', 'pip/requirements-dev.txt'))).toEqual([
      ['pytest', '8.0.2', 'unknown', 'pkg:pypi/pytest@8.0.2'],
      ['Black', '24.2.0', 'unknown', 'pkg:pypi/black@24.2.0'],
      ['mypy_extensions', '1.0.0', 'unknown', 'pkg:pypi/mypy-extensions@1.0.0'],
      ['Django', '5.0.3', 'unknown', 'pkg:pypi/django@5.0.3'],
      ['coverage', '7.4.3', 'unknown', 'pkg:pypi/coverage@7.4.3'],
      ['zope.interface', '6.2', 'unknown', 'pkg:pypi/zope.interface@6.2'],
    ]);
  });

  test('poetry.lock (Poetry 1.1): category main and dev; the directory source skipped', () => {
    expect(rows(parsed('poetry', 'poetry-1/poetry.lock'))).toEqual([
      ['certifi', '2021.10.8', 'runtime', 'pkg:pypi/certifi@2021.10.8'],
      ['iniconfig', '1.1.1', 'development', 'pkg:pypi/iniconfig@1.1.1'],
      ['pytest', '6.2.5', 'development', 'pkg:pypi/pytest@6.2.5'],
      ['Typing_Extensions', '4.0.1', 'runtime', 'pkg:pypi/typing-extensions@4.0.1'],
    ]);
  });

  test('poetry.lock (Poetry 2.1): groups, main among them runtime, else development', () => {
    expect(rows(parsed('poetry', 'poetry-2/poetry.lock'))).toEqual([
      ['certifi', '2025.1.31', 'runtime', 'pkg:pypi/certifi@2025.1.31'],
      ['colorama', '0.4.6', 'development', 'pkg:pypi/colorama@0.4.6'],
      ['packaging', '24.2', 'runtime', 'pkg:pypi/packaging@24.2'],
      ['pytest', '8.3.5', 'development', 'pkg:pypi/pytest@8.3.5'],
    ]);
  });

  test('Pipfile.lock: default runtime, develop development; no version (editable, git) skipped', () => {
    expect(rows(parsed('pipfile', 'pipenv/Pipfile.lock'))).toEqual([
      ['certifi', '2024.2.2', 'runtime', 'pkg:pypi/certifi@2024.2.2'],
      ['flask', '3.0.2', 'runtime', 'pkg:pypi/flask@3.0.2'],
      ['markupsafe', '2.1.5', 'runtime', 'pkg:pypi/markupsafe@2.1.5'],
      ['werkzeug', '3.0.1', 'runtime', 'pkg:pypi/werkzeug@3.0.1'],
      ['iniconfig', '2.0.0', 'development', 'pkg:pypi/iniconfig@2.0.0'],
      ['pytest', '8.0.2', 'development', 'pkg:pypi/pytest@8.0.2'],
    ]);
  });

  test('uv.lock: the editable members skipped; registry and git packages kept', () => {
    expect(rows(parsed('uv', 'uv/uv.lock'))).toEqual([
      ['certifi', '2024.8.30', 'unknown', 'pkg:pypi/certifi@2024.8.30'],
      ['colorama', '0.4.6', 'unknown', 'pkg:pypi/colorama@0.4.6'],
      ['iniconfig', '2.0.0', 'unknown', 'pkg:pypi/iniconfig@2.0.0'],
      ['packaging', '24.1', 'unknown', 'pkg:pypi/packaging@24.1'],
      ['pluggy', '1.5.0', 'unknown', 'pkg:pypi/pluggy@1.5.0'],
      ['pytest', '8.3.3', 'unknown', 'pkg:pypi/pytest@8.3.3'],
      ['tomli-w', '1.0.0', 'unknown', 'pkg:pypi/tomli-w@1.0.0'],
    ]);
  });
});

describe('go.sum with go.mod', () => {
  const GO: Row[] = [
    ['github.com/davecgh/go-spew', 'v1.1.1', 'unknown', 'pkg:golang/github.com/davecgh/go-spew@v1.1.1'],
    [
      'github.com/docker/docker',
      'v24.0.7+incompatible',
      'unknown',
      'pkg:golang/github.com/docker/docker@v24.0.7%2Bincompatible',
    ],
    [
      'github.com/example/uuid',
      'v1.6.1-0.20240301120000-5e8b6a1c2d3f',
      'unknown',
      'pkg:golang/github.com/example/uuid@v1.6.1-0.20240301120000-5e8b6a1c2d3f',
    ],
    ['github.com/pmezard/go-difflib', 'v1.0.0', 'unknown', 'pkg:golang/github.com/pmezard/go-difflib@v1.0.0'],
    ['github.com/stretchr/testify', 'v1.8.4', 'unknown', 'pkg:golang/github.com/stretchr/testify@v1.8.4'],
    ['golang.org/x/text', 'v0.14.0', 'unknown', 'pkg:golang/golang.org/x/text@v0.14.0'],
    ['gopkg.in/yaml.v3', 'v3.0.1', 'unknown', 'pkg:golang/gopkg.in/yaml.v3@v3.0.1'],
  ];

  test('versions with their code in go.sum; testify v1.8.0, not the version go.mod requires, left out', () => {
    const entries = parsed('go', 'go/go.sum', 'go/go.mod');
    expect(rows(entries)).toEqual(GO);
    expect(entries.every((e) => e.ecosystem === 'go')).toBe(true);
  });

  test('without go.mod, every version whose code go.sum holds (testify v1.8.0 too)', () => {
    expect(rows(parsed('go', 'go/go.sum')).map(([name, version]) => `${name}@${version}`)).toEqual([
      'github.com/davecgh/go-spew@v1.1.1',
      'github.com/docker/docker@v24.0.7+incompatible',
      'github.com/example/uuid@v1.6.1-0.20240301120000-5e8b6a1c2d3f',
      'github.com/pmezard/go-difflib@v1.0.0',
      'github.com/stretchr/testify@v1.8.0',
      'github.com/stretchr/testify@v1.8.4',
      'golang.org/x/text@v0.14.0',
      'gopkg.in/yaml.v3@v3.0.1',
    ]);
  });
});

describe('the other ecosystems', () => {
  test('Cargo.lock: crates with a source (registry, git); the workspace crates skipped', () => {
    const entries = parsed('cargo', 'cargo/Cargo.lock');
    expect(rows(entries)).toEqual([
      ['cfg-if', '1.0.0', 'unknown', 'pkg:cargo/cfg-if@1.0.0'],
      ['getrandom', '0.1.16', 'unknown', 'pkg:cargo/getrandom@0.1.16'],
      ['getrandom', '0.2.12', 'unknown', 'pkg:cargo/getrandom@0.2.12'],
      ['libc', '0.2.153', 'unknown', 'pkg:cargo/libc@0.2.153'],
      ['rand', '0.7.3', 'unknown', 'pkg:cargo/rand@0.7.3'],
      ['rand', '0.8.5', 'unknown', 'pkg:cargo/rand@0.8.5'],
      ['serde', '1.0.197', 'unknown', 'pkg:cargo/serde@1.0.197'],
      ['wasi', '0.9.0+wasi-snapshot-preview1', 'unknown', 'pkg:cargo/wasi@0.9.0%2Bwasi-snapshot-preview1'],
      ['wasi', '0.11.0+wasi-snapshot-preview1', 'unknown', 'pkg:cargo/wasi@0.11.0%2Bwasi-snapshot-preview1'],
    ]);
    expect(entries.every((e) => e.ecosystem === 'cargo')).toBe(true);
  });

  test('Gemfile.lock: the GEM specs at four spaces; nokogiri once, without its platforms; GIT and PATH skipped', () => {
    const entries = parsed('gemfile', 'bundler/Gemfile.lock');
    expect(rows(entries)).toEqual([
      ['concurrent-ruby', '1.2.3', 'unknown', 'pkg:gem/concurrent-ruby@1.2.3'],
      ['diff-lcs', '1.5.1', 'unknown', 'pkg:gem/diff-lcs@1.5.1'],
      ['mini_portile2', '2.8.5', 'unknown', 'pkg:gem/mini_portile2@2.8.5'],
      ['nokogiri', '1.16.2', 'unknown', 'pkg:gem/nokogiri@1.16.2'],
      ['racc', '1.7.3', 'unknown', 'pkg:gem/racc@1.7.3'],
      ['rake', '13.1.0', 'unknown', 'pkg:gem/rake@13.1.0'],
      ['rspec', '3.13.0', 'unknown', 'pkg:gem/rspec@3.13.0'],
      ['rspec-core', '3.13.0', 'unknown', 'pkg:gem/rspec-core@3.13.0'],
      ['rspec-expectations', '3.13.0', 'unknown', 'pkg:gem/rspec-expectations@3.13.0'],
      ['rspec-support', '3.13.1', 'unknown', 'pkg:gem/rspec-support@3.13.1'],
    ]);
    expect(entries.every((e) => e.ecosystem === 'rubygems')).toBe(true);
  });

  test('composer.lock: packages runtime, packages-dev development; versions as written (v6.4.3)', () => {
    const entries = parsed('composer', 'composer/composer.lock');
    expect(rows(entries)).toEqual([
      ['monolog/monolog', '3.5.0', 'runtime', 'pkg:composer/monolog/monolog@3.5.0'],
      ['psr/log', '3.0.0', 'runtime', 'pkg:composer/psr/log@3.0.0'],
      ['symfony/console', 'v6.4.3', 'runtime', 'pkg:composer/symfony/console@v6.4.3'],
      ['symfony/polyfill-mbstring', 'v1.29.0', 'runtime', 'pkg:composer/symfony/polyfill-mbstring@v1.29.0'],
      ['phpunit/phpunit', '10.5.11', 'development', 'pkg:composer/phpunit/phpunit@10.5.11'],
      ['sebastian/diff', '5.1.1', 'development', 'pkg:composer/sebastian/diff@5.1.1'],
    ]);
    expect(entries.every((e) => e.ecosystem === 'composer')).toBe(true);
  });

  test('packages.lock.json: each package once over its frameworks; the Project skipped', () => {
    const entries = parsed('nuget', 'nuget/packages.lock.json');
    expect(rows(entries)).toEqual([
      ['Newtonsoft.Json', '13.0.3', 'unknown', 'pkg:nuget/Newtonsoft.Json@13.0.3'],
      ['Serilog', '3.1.1', 'unknown', 'pkg:nuget/Serilog@3.1.1'],
      [
        'Microsoft.Extensions.Logging.Abstractions',
        '8.0.0',
        'unknown',
        'pkg:nuget/Microsoft.Extensions.Logging.Abstractions@8.0.0',
      ],
      [
        'Microsoft.Extensions.DependencyInjection.Abstractions',
        '8.0.0',
        'unknown',
        'pkg:nuget/Microsoft.Extensions.DependencyInjection.Abstractions@8.0.0',
      ],
      ['System.Text.Json', '8.0.4', 'unknown', 'pkg:nuget/System.Text.Json@8.0.4'],
    ]);
    expect(entries.every((e) => e.ecosystem === 'nuget')).toBe(true);
  });
});

describe("gradle.lockfile (beyond the contract's list: Maven modules locked by Gradle)", () => {
  test('group:artifact:version per line; test configurations only are development; comments and empty= skipped', () => {
    const entries = parsed('gradle', 'gradle/gradle.lockfile');
    expect(rows(entries)).toEqual([
      ['com.google.guava:failureaccess', '1.0.1', 'runtime', 'pkg:maven/com.google.guava/failureaccess@1.0.1'],
      ['com.google.guava:guava', '30.1-jre', 'runtime', 'pkg:maven/com.google.guava/guava@30.1-jre'],
      ['junit:junit', '4.13.2', 'development', 'pkg:maven/junit/junit@4.13.2'],
      [
        'org.apache.logging.log4j:log4j-api',
        '2.14.1',
        'runtime',
        'pkg:maven/org.apache.logging.log4j/log4j-api@2.14.1',
      ],
      [
        'org.apache.logging.log4j:log4j-core',
        '2.14.1',
        'runtime',
        'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
      ],
      ['org.hamcrest:hamcrest-core', '1.3', 'development', 'pkg:maven/org.hamcrest/hamcrest-core@1.3'],
    ]);
    expect(entries.every((e) => e.ecosystem === 'maven')).toBe(true);
  });

  test('a line that is not a module is named with its file and line', () => {
    const outcome = parseLockfile('gradle', '# x\ncom.acme:lib=runtimeClasspath\n', 'app/gradle.lockfile');
    expect(outcome).toEqual({
      ok: false,
      error: expect.stringMatching(/^app\/gradle\.lockfile:2:1: not a line of a Gradle lockfile/),
    });
  });
});
