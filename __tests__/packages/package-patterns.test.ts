// The deny-packages and private-packages lists, pure (packages/package-patterns.ts; contract:
// "Denied packages", "Private packages"): what an entry is, what it names.
import { describe, expect, test } from '@jest/globals';
import { denierOf, privateMatcher, privatePatternProblem, readDenyEntry } from '../../src/packages/package-patterns.js';

const npm = (name: string, version: string | null = '1.0.0') => ({ ecosystem: 'npm', namespace: null, name, version });
const maven = (group: string, artifact: string, version = '1.0') => ({
  ecosystem: 'maven',
  namespace: group,
  name: artifact,
  version,
});

describe('readDenyEntry', () => {
  test.each([
    ['pkg:npm/event-stream', { purl: 'pkg:npm/event-stream', reason: null }],
    ['pkg:npm/event-stream # compromised in 2018', { purl: 'pkg:npm/event-stream', reason: 'compromised in 2018' }],
    ['  pkg:npm/ua-parser-js@0.7.29#one version ', { purl: 'pkg:npm/ua-parser-js@0.7.29', reason: 'one version' }],
    ['pkg:npm/@evil-scope/*', { purl: 'pkg:npm/@evil-scope/*', reason: null }],
    ['pkg:maven/com.evil/*', { purl: 'pkg:maven/com.evil/*', reason: null }],
  ])('%j', (text, entry) => {
    expect(readDenyEntry(text)).toEqual(entry);
  });

  test.each([
    'event-stream',
    'npm/event-stream',
    'pkg:npm/',
    'pkg:npm/ev*il',
    'pkg:npm/*',
    '# only a reason',
    // A line with a reason is one entry: two package URLs before it would deny nothing.
    'pkg:npm/a, pkg:npm/b # hijacked',
    'pkg:npm/a pkg:npm/b # hijacked',
  ])('%j is not a package URL: the error says so, with examples', (text) => {
    expect(readDenyEntry(text)).toMatch(/is not a package URL; expected e\.g\. pkg:npm\/event-stream/);
  });
});

describe('denierOf: the entry that names a package', () => {
  const denier = denierOf([
    { purl: 'pkg:npm/event-stream', reason: 'every version' },
    { purl: 'pkg:npm/ua-parser-js@0.7.29', reason: 'one version' },
    { purl: 'pkg:npm/@evil-scope/*', reason: 'a scope' },
    { purl: 'pkg:maven/com.evil/*', reason: 'a group' },
  ]);
  test.each([
    [npm('event-stream', '3.3.6'), 'every version'],
    [npm('Event-Stream', '4.0.0'), 'every version'],
    [npm('ua-parser-js', '0.7.29'), 'one version'],
    [npm('ua-parser-js', '0.7.30'), null],
    [npm('@evil-scope/anything'), 'a scope'],
    [npm('@evil-scope-two/x'), null],
    [maven('com.evil', 'lib'), 'a group'],
    [maven('com.evil.sub', 'lib'), null],
    [{ ...npm('event-stream'), ecosystem: 'pip' }, null],
  ])('%j: %s', (pkg, reason) => {
    expect(denier(pkg)?.reason ?? null).toBe(reason);
  });
});

describe('privateMatcher', () => {
  const isPrivate = privateMatcher(['@acme/*', 'acme-internal-*', 'pkg:maven/com.acme/*', 'billing-core']);
  test.each([
    [npm('@acme/ui'), true],
    [npm('acme-internal-auth'), true],
    [npm('billing-core'), true],
    [maven('com.acme', 'payments'), true],
    [npm('@acme-corp/ui'), false],
    [npm('acme'), false],
    [maven('com.acmex', 'payments'), false],
  ])('%j: %s', (pkg, expected) => {
    expect(isPrivate(pkg)).toBe(expected);
  });

  test('a * elsewhere than at the end names no package', () => {
    expect(privatePatternProblem('@acme/*-internal')).toMatch(/names no package/);
    expect(privatePatternProblem('@acme/*')).toBeNull();
  });
});
