// One lockfile's change from its base and head copies: parsed and diffed, or which copy does not parse.
import { describe, expect, test } from '@jest/globals';
import { lockfileChange } from '../../../src/packages/lockfiles/index.js';

const REQUIREMENTS_BASE = 'requests==2.31.0\nidna==3.6\n';
const REQUIREMENTS_HEAD = 'requests==2.32.3\nidna==3.6\n';

/** `added requests@2.32.3 in requirements.txt`, or the error with its copy. */
function changeOf(...args: Parameters<typeof lockfileChange>): string[] | string {
  const outcome = lockfileChange(...args);
  return outcome.ok
    ? outcome.value.map((c) => `${c.changeType} ${c.name}@${c.version} in ${c.manifest}`)
    : `${outcome.error.copy}: ${outcome.error.error}`;
}

describe('lockfileChange', () => {
  test('a changed file: both copies parsed, the difference', () => {
    expect(
      changeOf('requirements', 'requirements.txt', { text: REQUIREMENTS_BASE }, { text: REQUIREMENTS_HEAD }),
    ).toEqual(['removed requests@2.31.0 in requirements.txt', 'added requests@2.32.3 in requirements.txt']);
  });

  test('an added file (no base copy) and a removed one (no head copy)', () => {
    expect(changeOf('requirements', 'a/requirements.txt', { text: null }, { text: REQUIREMENTS_BASE })).toEqual([
      'added requests@2.31.0 in a/requirements.txt',
      'added idna@3.6 in a/requirements.txt',
    ]);
    expect(changeOf('requirements', 'b/requirements.txt', { text: REQUIREMENTS_BASE }, { text: null })).toEqual([
      'removed requests@2.31.0 in b/requirements.txt',
      'removed idna@3.6 in b/requirements.txt',
    ]);
  });

  test('copies alike are no change, and are not parsed (even when they would not parse)', () => {
    const broken = '{"lockfileVersion": 3, "packages": {';
    expect(changeOf('npm', 'package-lock.json', { text: broken }, { text: broken })).toEqual([]);
    expect(changeOf('npm', 'package-lock.json', { text: null }, { text: null })).toEqual([]);
  });

  test('a copy that does not parse: which copy, and the reader error naming the file', () => {
    const good = '{"lockfileVersion": 3, "packages": {"node_modules/ms": {"version": "2.1.3"}}}';
    const broken = '{"lockfileVersion": 3, "packages": {';
    expect(changeOf('npm', 'web/package-lock.json', { text: broken }, { text: good })).toBe(
      'base: web/package-lock.json:1:37: not JSON: the text ends early',
    );
    expect(changeOf('npm', 'web/package-lock.json', { text: good }, { text: broken })).toBe(
      'head: web/package-lock.json:1:37: not JSON: the text ends early',
    );
  });

  test('a go.sum left alike while its go.mod changes is read again: the upgrade shows', () => {
    const sum = [
      'golang.org/x/text v0.13.0 h1:aaa=',
      'golang.org/x/text v0.13.0/go.mod h1:bbb=',
      'golang.org/x/text v0.14.0 h1:ccc=',
      'golang.org/x/text v0.14.0/go.mod h1:ddd=',
      '',
    ].join('\n');
    const goMod = (version: string) => ({
      text: `module example.com/a\n\ngo 1.22\n\nrequire golang.org/x/text ${version}\n`,
      path: 'go.mod',
    });
    expect(
      changeOf('go', 'go.sum', { text: sum, goMod: goMod('v0.13.0') }, { text: sum, goMod: goMod('v0.14.0') }),
    ).toEqual(['removed golang.org/x/text@v0.13.0 in go.sum', 'added golang.org/x/text@v0.14.0 in go.sum']);
  });
});
