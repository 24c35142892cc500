// A lockfile that does not parse is an error naming the file and where (contract: "Without GitHub's
// dependency graph": never silently skipped); small files of each format's own syntax, broken by hand.
import { describe, expect, test } from '@jest/globals';
import { parseLockfile, type LockfileFormat } from '../../../src/packages/lockfiles/index.js';

const errorOf = (format: LockfileFormat, text: string, path: string, goMod: string | null = null) => {
  const outcome = parseLockfile(format, text, path, goMod === null ? null : { text: goMod, path: 'svc/go.mod' });
  return outcome.ok ? `parsed: ${JSON.stringify(outcome.value)}` : outcome.error;
};

describe('text that is not the format: the file, line and column', () => {
  test.each<[string, LockfileFormat, string, string, string | RegExp]>([
    [
      'JSON cut short',
      'npm',
      'web/package-lock.json',
      '{\n  "lockfileVersion": 3,\n  "packages": {\n',
      'web/package-lock.json:4:1: not JSON: the text ends early',
    ],
    [
      'a JSON token that is not one (V8 gives no place for it)',
      'composer',
      'composer.lock',
      '{\n    "packages": [\n        {"name": "psr/log", "version": x}\n    ]\n}\n',
      'composer.lock:3:40: not JSON: "x" unexpected',
    ],
    [
      'a missing comma in NuGet JSON',
      'nuget',
      'src/App/packages.lock.json',
      '{\n  "version": 1\n  "dependencies": {}\n}\n',
      'src/App/packages.lock.json:3:3: not JSON: "\\"" unexpected',
    ],
    [
      'a merge conflict in Pipfile.lock',
      'pipfile',
      'Pipfile.lock',
      '{\n<<<<<<< HEAD\n    "default": {}\n}\n',
      'Pipfile.lock:2:1: not JSON: "<" unexpected',
    ],
    [
      'TOML with an unquoted version',
      'cargo',
      'Cargo.lock',
      'version = 3\n\n[[package]]\nname = "libc"\nversion = 0.2.153\n',
      /^Cargo\.lock:5:\d+: not TOML: /,
    ],
    [
      'TOML with a table left open',
      'poetry',
      'api/poetry.lock',
      '[[package]\nname = "certifi"\n',
      /^api\/poetry\.lock:1:\d+: not TOML: /,
    ],
    [
      'uv.lock with a duplicated key',
      'uv',
      'uv.lock',
      'version = 1\n\n[[package]]\nname = "idna"\nname = "idna"\n',
      /^uv\.lock:5:\d+: not TOML: /,
    ],
    [
      'pnpm YAML badly indented',
      'pnpm',
      'pnpm-lock.yaml',
      "lockfileVersion: '9.0'\n\npackages:\n\n  ms@2.1.3:\n    resolution: {integrity: sha512-x}\n   bad: [\n",
      'pnpm-lock.yaml:7:4: not YAML: bad indentation of a mapping entry',
    ],
    [
      'Berry YAML badly indented',
      'yarn',
      'yarn.lock',
      '__metadata:\n  version: 8\n\n"ms@npm:^2.1.1":\n  version: 2.1.3\n   resolution: "ms@npm:2.1.3"\n',
      /^yarn\.lock:6:\d+: not YAML: /,
    ],
    [
      'yarn v1 with a stray line',
      'yarn',
      'yarn.lock',
      '# yarn lockfile v1\n\n\nms@^2.1.1:\n  version "2.1.3"\n    stray "x"\n',
      /^yarn\.lock:6:\d+: not a yarn\.lock: /,
    ],
    [
      'go.sum with two fields',
      'go',
      'svc/go.sum',
      'golang.org/x/text v0.14.0 h1:abc=\ngolang.org/x/text v0.14.0/go.mod\n',
      'svc/go.sum:2:1: not "module version hash"',
    ],
    [
      'a Gemfile.lock spec without its version',
      'gemfile',
      'Gemfile.lock',
      'GEM\n  remote: https://rubygems.org/\n  specs:\n    rake (13.1.0)\n    rack\n\nBUNDLED WITH\n   2.5.6\n',
      'Gemfile.lock:5:5: not "name (version)"',
    ],
  ])('%s', (_case, format, path, text, expected) => {
    const error = errorOf(format, text, path);
    if (typeof expected === 'string') expect(error).toBe(expected);
    else expect(error).toMatch(expected);
  });
});

test('a go.mod whose require block is never closed is named, not the go.sum', () => {
  const goMod = 'module example.com/svc\n\ngo 1.22\n\nrequire (\n\tgolang.org/x/text v0.14.0\n';
  expect(errorOf('go', 'golang.org/x/text v0.14.0 h1:abc=\n', 'svc/go.sum', goMod)).toBe(
    'svc/go.mod:5:1: require ( is not closed',
  );
});

describe('a value that is not what the format writes: the file and the key', () => {
  test.each<[string, LockfileFormat, string, string, string]>([
    [
      'JSON that is no npm lockfile',
      'npm',
      'package-lock.json',
      '{"name": "x"}',
      'package-lock.json: lockfileVersion: missing: not an npm lockfile',
    ],
    [
      'an npm v3 package without a version',
      'npm',
      'package-lock.json',
      '{"lockfileVersion": 3, "packages": {"": {}, "node_modules/a": {"resolved": "x"}}}',
      'package-lock.json: packages["node_modules/a"]: no version',
    ],
    [
      'an npm v1 nested dependency without a version',
      'npm',
      'package-lock.json',
      '{"lockfileVersion": 1, "dependencies": {"a": {"version": "1.0.0", "dependencies": {"b": {"dev": true}}}}}',
      'package-lock.json: dependencies["a"].dependencies["b"]: no version',
    ],
    [
      'a pnpm lockfile older than v6',
      'pnpm',
      'pnpm-lock.yaml',
      'lockfileVersion: 5.4\n\npackages:\n\n  /ms/2.1.3:\n    dev: false\n',
      'pnpm-lock.yaml: lockfileVersion: "5.4": only versions 6 to 9 are read',
    ],
    [
      'a pnpm package key without a version',
      'pnpm',
      'pnpm-lock.yaml',
      "lockfileVersion: '9.0'\n\npackages:\n\n  ms:\n    resolution: {integrity: sha512-x}\n",
      'pnpm-lock.yaml: packages["ms"]: not name@version',
    ],
    [
      'a Berry entry without a resolution',
      'yarn',
      'yarn.lock',
      '__metadata:\n  version: 8\n\n"ms@npm:^2.1.1":\n  version: 2.1.3\n',
      'yarn.lock: ["ms@npm:^2.1.1"]: no resolution',
    ],
    [
      'a poetry package without a version',
      'poetry',
      'poetry.lock',
      '[[package]]\nname = "certifi"\nversion = "2024.2.2"\n\n[[package]]\nname = "idna"\n',
      'poetry.lock: package 2: no name or no version',
    ],
    [
      'a uv registry package without a version',
      'uv',
      'uv.lock',
      'version = 1\n\n[[package]]\nname = "idna"\nsource = { registry = "https://pypi.org/simple" }\n',
      'uv.lock: package 1 (idna): no version',
    ],
    [
      'a Pipfile.lock version that is not a pin',
      'pipfile',
      'Pipfile.lock',
      '{"default": {"requests": {"version": ">=2.0"}}}',
      'Pipfile.lock: default["requests"].version: not ==version',
    ],
    [
      'a composer package without a version',
      'composer',
      'composer.lock',
      '{"packages": [{"name": "psr/log"}], "packages-dev": []}',
      'composer.lock: packages[0]: no name or no version',
    ],
    [
      'a NuGet Transitive package without its resolved version',
      'nuget',
      'packages.lock.json',
      '{"version": 1, "dependencies": {"net8.0": {"Serilog": {"type": "Transitive"}}}}',
      'packages.lock.json: dependencies["net8.0"]["Serilog"]: no resolved version',
    ],
  ])('%s', (_case, format, path, text, expected) => {
    expect(errorOf(format, text, path)).toBe(expected);
  });
});
