// Details of each format that the fixture files do not show, on small texts of the format's own form.
import { describe, expect, test } from '@jest/globals';
import { parseLockfile, type LockfileFormat } from '../../../src/packages/lockfiles/index.js';

/** `name@version scope` per entry; the error text when the file does not parse. */
function entriesOf(format: LockfileFormat, text: string, goMod: string | null = null): string[] | string {
  const outcome = parseLockfile(format, text, 'lockfile', goMod === null ? null : { text: goMod, path: 'go.mod' });
  return outcome.ok ? outcome.value.map((e) => `${e.name}@${e.version} ${e.scope}`) : outcome.error;
}

const GO_SUM = [
  'github.com/stretchr/testify v1.8.0 h1:aaa=',
  'github.com/stretchr/testify v1.8.0/go.mod h1:bbb=',
  'github.com/stretchr/testify v1.8.4 h1:ccc=',
  'github.com/stretchr/testify v1.8.4/go.mod h1:ddd=',
  '',
].join('\n');

describe('details', () => {
  test.each<[string, LockfileFormat, string, string[] | string]>([
    // npm
    ['npm v1 with no dependency', 'npm', '{"name": "a", "version": "1.0.0", "lockfileVersion": 1}', []],
    [
      'npm v1: a scoped alias',
      'npm',
      '{"lockfileVersion": 1, "dependencies": {"core": {"version": "npm:@babel/core@7.24.0", "dev": true}}}',
      ['@babel/core@7.24.0 development'],
    ],
    [
      'npm v3: a workspace folder and its link are the project own',
      'npm',
      JSON.stringify({
        lockfileVersion: 3,
        packages: {
          '': { name: 'root', workspaces: ['packages/*'] },
          'node_modules/app': { resolved: 'packages/app', link: true },
          'packages/app': { name: 'app', version: '1.0.0', dependencies: { ms: '^2.1.3' } },
          'packages/app/node_modules/ms': { version: '2.1.3' },
        },
      }),
      ['ms@2.1.3 runtime'],
    ],
    [
      'npm v3: the same version in two folders is one entry, runtime when either is',
      'npm',
      JSON.stringify({
        lockfileVersion: 3,
        packages: {
          'node_modules/a/node_modules/ms': { version: '2.1.3', dev: true },
          'node_modules/ms': { version: '2.1.3' },
        },
      }),
      ['ms@2.1.3 runtime'],
    ],
    // yarn
    [
      'yarn v1: a scoped alias and a git dependency',
      'yarn',
      '# yarn lockfile v1\n\n\n"core@npm:@babel/core@^7.24.0":\n  version "7.24.0"\n\n"left-pad@git+https://github.com/left-pad/left-pad.git#v1.3.0":\n  version "1.3.0"\n',
      ['@babel/core@7.24.0 unknown', 'left-pad@1.3.0 unknown'],
    ],
    [
      'Berry: a git resolution is kept, a link: and a portal: are the project own',
      'yarn',
      [
        '__metadata:',
        '  version: 8',
        '',
        '"left-pad@https://github.com/left-pad/left-pad.git#commit=5a4b3c":',
        '  version: 1.3.0',
        '  resolution: "left-pad@https://github.com/left-pad/left-pad.git#commit=5a4b3c"',
        '',
        '"tools@link:./tools::locator=app%40workspace%3A.":',
        '  version: 0.0.0-use.local',
        '  resolution: "tools@link:./tools::locator=app%40workspace%3A."',
        '',
        '"lib@portal:./lib::locator=app%40workspace%3A.":',
        '  version: 0.0.0-use.local',
        '  resolution: "lib@portal:./lib::locator=app%40workspace%3A."',
        '',
      ].join('\n'),
      ['left-pad@1.3.0 unknown'],
    ],
    ['an empty yarn.lock', 'yarn', '', []],
    // pnpm
    [
      'pnpm v6: a git dependency says its name and version',
      'pnpm',
      [
        "lockfileVersion: '6.0'",
        '',
        'packages:',
        '',
        '  github.com/kevva/is-positive/97edff6f525f192a3f83cea1944765f769ae2678:',
        '    resolution: {tarball: https://codeload.github.com/kevva/is-positive/tar.gz/97edff6f525f192a3f83cea1944765f769ae2678}',
        '    name: is-positive',
        '    version: 3.1.0',
        '    dev: true',
        '',
        '  /@babel/core@7.24.0(supports-color@8.1.1):',
        '    resolution: {integrity: sha512-x}',
        '',
      ].join('\n'),
      ['is-positive@3.1.0 development', '@babel/core@7.24.0 runtime'],
    ],
    [
      'pnpm v9: a version that YAML would read as a number stays the text written',
      'pnpm',
      "lockfileVersion: '9.0'\n\npackages:\n\n  left-pad@1.10:\n    resolution: {integrity: sha512-x}\n",
      ['left-pad@1.10 unknown'],
    ],
    ['pnpm with no package', 'pnpm', "lockfileVersion: '9.0'\n\nimporters:\n\n  .: {}\n", []],
    // Python
    [
      'requirements: CRLF lines, an inline comment, a continuation at the very end',
      'requirements',
      'idna==3.6  # via requests\r\nurllib3==2.2.1 \\\r\n    --hash=sha256:abc \\',
      ['idna@3.6 unknown', 'urllib3@2.2.1 unknown'],
    ],
    ['an empty requirements file', 'requirements', '', []],
    [
      'poetry.lock of Poetry 1.2 to 1.8 (neither category nor groups): unknown',
      'poetry',
      '[[package]]\nname = "certifi"\nversion = "2024.2.2"\ndescription = ""\noptional = false\npython-versions = ">=3.6"\n\n[metadata]\nlock-version = "2.0"\n',
      ['certifi@2024.2.2 unknown'],
    ],
    ['a poetry.lock with no package', 'poetry', '[metadata]\nlock-version = "2.0"\n', []],
    [
      'Pipfile.lock: a === pin',
      'pipfile',
      '{"default": {"six": {"version": "===1.16.0"}}, "develop": {}}',
      ['six@1.16.0 runtime'],
    ],
    // Go
    [
      'go.sum with CRLF lines',
      'go',
      GO_SUM.replace(/\n/g, '\r\n'),
      ['github.com/stretchr/testify@v1.8.0 unknown', 'github.com/stretchr/testify@v1.8.4 unknown'],
    ],
    ['an empty go.sum', 'go', '', []],
    // Ruby
    [
      'Gemfile.lock with CRLF lines and two GEM sources',
      'gemfile',
      'GEM\r\n  remote: https://rubygems.org/\r\n  specs:\r\n    rake (13.1.0)\r\n\r\nGEM\r\n  remote: https://gems.example.com/\r\n  specs:\r\n    private-gem (0.3.0)\r\n\r\nPLATFORMS\r\n  ruby\r\n',
      ['rake@13.1.0 unknown', 'private-gem@0.3.0 unknown'],
    ],
    // NuGet
    [
      'packages.lock.json with a byte order mark; a CentralTransitive pin without resolved skipped',
      'nuget',
      '\uFEFF{"version": 2, "dependencies": {"net8.0": {"Serilog": {"type": "Direct", "requested": "[3.1.1, )", "resolved": "3.1.1"}, "System.Text.Json": {"type": "CentralTransitive", "requested": "[8.0.4, )"}}}}',
      ['Serilog@3.1.1 unknown'],
    ],
  ])('%s', (_case, format, text, expected) => {
    expect(entriesOf(format, text)).toEqual(expected);
  });
});

describe("go.sum: which versions go.mod's requirements keep", () => {
  test.each<[string, string, string[]]>([
    [
      'go 1.17 or later: only the version go.mod requires (single-line require, // indirect)',
      'module example.com/a\n\ngo 1.17\n\nrequire github.com/stretchr/testify v1.8.4 // indirect\n',
      ['github.com/stretchr/testify@v1.8.4 unknown'],
    ],
    [
      'go 1.21.0 with a toolchain line and a require block',
      'module example.com/a\n\ngo 1.21.0\n\ntoolchain go1.22.1\n\nrequire (\n\tgithub.com/stretchr/testify v1.8.4\n)\n',
      ['github.com/stretchr/testify@v1.8.4 unknown'],
    ],
    [
      'before go 1.17 go.mod does not list every module: every version with its code',
      'module example.com/a\n\ngo 1.16\n\nrequire github.com/stretchr/testify v1.8.4\n',
      ['github.com/stretchr/testify@v1.8.0 unknown', 'github.com/stretchr/testify@v1.8.4 unknown'],
    ],
    [
      'a module go.mod does not name is kept (a replace target, say)',
      'module example.com/a\n\ngo 1.22\n\nrequire golang.org/x/text v0.14.0\n\nreplace (\n\tgolang.org/x/net => golang.org/x/net v0.20.0\n)\n',
      ['github.com/stretchr/testify@v1.8.0 unknown', 'github.com/stretchr/testify@v1.8.4 unknown'],
    ],
  ])('%s', (_case, goMod, expected) => {
    expect(entriesOf('go', GO_SUM, goMod)).toEqual(expected);
  });
});
