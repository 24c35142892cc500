// Which lockfile a repository path is, by its base name (contract: "Without GitHub's dependency graph").
import { describe, expect, test } from '@jest/globals';
import { goModBeside, lockfileFormat, type LockfileFormat } from '../../../src/packages/lockfiles/index.js';

describe('lockfileFormat', () => {
  test.each<[string, LockfileFormat | null]>([
    ['package-lock.json', 'npm'],
    ['web/npm-shrinkwrap.json', 'npm'],
    ['yarn.lock', 'yarn'],
    ['apps/site/pnpm-lock.yaml', 'pnpm'],
    ['requirements.txt', 'requirements'],
    ['requirements-dev.txt', 'requirements'],
    ['api/requirements_test.txt', 'requirements'],
    ['poetry.lock', 'poetry'],
    ['Pipfile.lock', 'pipfile'],
    ['uv.lock', 'uv'],
    ['svc/go.sum', 'go'],
    ['Cargo.lock', 'cargo'],
    ['Gemfile.lock', 'gemfile'],
    ['composer.lock', 'composer'],
    ['src/App/packages.lock.json', 'nuget'],
    // Not lockfiles, or not spelled as the tools write them.
    ['package.json', null],
    ['go.mod', null],
    ['Pipfile', null],
    ['requirements.in', null],
    ['dev-requirements.txt', null],
    ['cargo.lock', null],
    ['yarn.lock.bak', null],
    ['yarn.lock/notes.md', null],
  ])('%s is %j', (path, format) => expect(lockfileFormat(path)).toBe(format));
});

describe('goModBeside', () => {
  test.each([
    ['go.sum', 'go.mod'],
    ['services/api/go.sum', 'services/api/go.mod'],
  ])('%s reads %s', (sum, mod) => expect(goModBeside(sum)).toBe(mod));
});
