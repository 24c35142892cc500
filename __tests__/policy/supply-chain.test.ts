// Before any advisory, pure (policy/supply-chain.ts; contract: "Before any advisory: release age,
// malicious and denied packages"): which versions a change brings in, what the lists and the reads
// say of each, and how the verdict's list judges them: a denied package whatever else applies, a
// malicious one spared only by an allow entry naming its MAL- id, a too-new one following
// pr-introduced and fail-on-scopes. Expectations from the contract.
import { describe, expect, test } from '@jest/globals';
import type { DenyEntry, DependencyChange, Package, SupplyChainEntry } from '../../src/model.js';
import {
  addedVersions,
  isExactVersion,
  deniedListed,
  judgeSupplyChain,
  withWhatIsKnown,
  type PublishTime,
  type SupplyReads,
} from '../../src/policy/supply-chain.js';
import type { VerdictPolicy } from '../../src/policy/verdict.js';

const NOW = new Date('2026-11-28T12:00:00Z');
const DAY = 86_400_000;
const H = 3_600_000;

const change = (over: Partial<DependencyChange> & Pick<DependencyChange, 'name' | 'version'>): DependencyChange => ({
  changeType: 'added',
  manifest: 'package-lock.json',
  ecosystem: 'npm',
  packageUrl: `pkg:npm/${over.name.replace(/^@/, '%40')}@${over.version}`,
  vulnerabilities: [],
  license: 'MIT',
  scope: 'runtime',
  ...over,
});

const policy = (over: Partial<VerdictPolicy> = {}): VerdictPolicy => ({
  failOn: 'critical',
  ignoreUnreachable: false,
  allow: [],
  now: NOW,
  introduced: 'fail',
  malicious: 'fail',
  ...over,
});

const reads = (times: Record<string, PublishTime>, mal: Record<string, string[]> = {}): SupplyReads => ({
  publishTime: (e) => times[`${e.name}@${e.version}`] ?? { kind: 'unknown', why: 'not found (404)' },
  maliciousIds: (e) => mal[`${e.name}@${e.version}`] ?? [],
});

const deny = (purl: string, reason: string | null = null): DenyEntry => ({ purl, reason });

function known(
  changes: DependencyChange[],
  r: SupplyReads,
  lists: { deny?: DenyEntry[]; private?: string[] } = {},
  minAgeMs: number | null = 3 * DAY,
): SupplyChainEntry[] {
  return withWhatIsKnown(
    addedVersions(changes),
    { deny: lists.deny ?? [], private: lists.private ?? [] },
    r,
    minAgeMs,
    NOW,
  );
}

describe('addedVersions: what the change brings in, once', () => {
  test('a version added in two manifests is one entry with both; a moved one and a range are not', () => {
    const entries = addedVersions([
      change({ name: 'a', version: '1.0.0', manifest: 'web/package-lock.json' }),
      change({ name: 'a', version: '1.0.0', manifest: 'api/package-lock.json' }),
      // moved: removed from one manifest, added to another
      change({ name: 'b', version: '2.0.0', manifest: 'x/package-lock.json', changeType: 'removed' }),
      change({ name: 'b', version: '2.0.0', manifest: 'y/package-lock.json' }),
      change({ name: 'c', version: '^3.0.0', packageUrl: null }),
    ]);
    expect(entries.map((e) => [e.name, e.version, e.manifests])).toEqual([
      ['a', '1.0.0', ['web/package-lock.json', 'api/package-lock.json']],
    ]);
  });
});

describe('withWhatIsKnown: release age against the run, MAL- ids, the lists', () => {
  test('younger than the age is too new, with its age and landing instant; older is old', () => {
    const [young, old] = known(
      [change({ name: 'young', version: '1.0.0' }), change({ name: 'old', version: '1.0.0' })],
      reads({
        'young@1.0.0': { kind: 'published', at: NOW.getTime() - 14 * H - 10 * 60_000 },
        'old@1.0.0': { kind: 'published', at: NOW.getTime() - 3 * DAY },
      }),
    );
    expect(young).toMatchObject({
      releaseAge: 'too-new',
      ageHours: 14,
      publishedAt: '2026-11-27T21:50:00.000Z',
      landsFrom: '2026-11-30T21:50:00.000Z',
    });
    // Exactly the age: old enough (less than the age is too new).
    expect(old).toMatchObject({ releaseAge: 'old', ageHours: 72, landsFrom: null });
  });

  test('unknown, not covered, and a private package asked of nothing', () => {
    const asked: string[] = [];
    const r: SupplyReads = {
      publishTime: (e) => (
        asked.push(e.name),
        e.name === 'gem' ? { kind: 'not-covered' } : { kind: 'unknown', why: 'no publishedAt' }
      ),
      maliciousIds: (e) => (asked.push(e.name), []),
    };
    const entries = known(
      [
        change({ name: 'x', version: '1.0.0' }),
        change({ name: 'gem', version: '1.0.0', ecosystem: 'rubygems' }),
        change({ name: '@acme/internal', version: '1.0.0' }),
      ],
      r,
      { private: ['@acme/*'] },
    );
    expect(entries.map((e) => [e.name, e.releaseAge, e.unknownWhy, e.malicious])).toEqual([
      ['x', 'unknown', 'no publishedAt', []],
      ['gem', 'not-covered', null, []],
      ['@acme/internal', 'private', null, null],
    ]);
    expect(asked).not.toContain('@acme/internal');
  });

  test('off: nothing is asked of release age', () => {
    const [entry] = known([change({ name: 'x', version: '1.0.0' })], reads({}), {}, null);
    expect(entry).toMatchObject({ releaseAge: null, publishedAt: null });
  });
});

describe('judgeSupplyChain: the verdict of each entry', () => {
  const judge = (entries: SupplyChainEntry[], over: Partial<VerdictPolicy> = {}) =>
    judgeSupplyChain(entries, policy(over)).map((e) => [e.name, e.status, e.disposition.rule]);

  test('a denied package gates whatever else applies: pr-introduced off, an allow entry, a development scope', () => {
    const entries = known(
      [change({ name: 'event-stream', version: '3.3.6', scope: 'development' })],
      reads({ 'event-stream@3.3.6': { kind: 'published', at: 0 } }),
      { deny: [deny('pkg:npm/event-stream', 'compromised in 2018')] },
    );
    expect(
      judge(entries, {
        introduced: undefined,
        failOnScopes: ['runtime'],
        allow: [{ id: 'event-stream', until: undefined, reason: undefined }],
      }),
    ).toEqual([['event-stream', 'gating', 'denied']]);
    expect(judgeSupplyChain(entries, policy())[0]!.disposition.reason).toBe(
      'denied by deny-packages entry pkg:npm/event-stream: compromised in 2018',
    );
  });

  test.each([
    ['pkg:npm/@evil-scope/*', '@evil-scope/x', '1.0.0', true],
    ['pkg:npm/@evil-scope/*', '@good-scope/x', '1.0.0', false],
    ['pkg:npm/ua-parser-js@0.7.29', 'ua-parser-js', '0.7.29', true],
    ['pkg:npm/ua-parser-js@0.7.29', 'ua-parser-js', '0.7.30', false],
  ])('deny %s: %s@%s gates %s', (purl, name, version, gates) => {
    const entries = known(
      [change({ name, version })],
      reads({ [`${name}@${version}`]: { kind: 'published', at: 0 } }),
      {
        deny: [deny(purl)],
      },
    );
    expect(judgeSupplyChain(entries, policy())[0]!.disposition.gates).toBe(gates);
  });

  test('malicious under fail gates, spared only by an allow entry naming its MAL- id', () => {
    const entries = known(
      [change({ name: 'color-stringify', version: '4.1.1' })],
      reads({ 'color-stringify@4.1.1': { kind: 'published', at: 0 } }, { 'color-stringify@4.1.1': ['MAL-2025-47301'] }),
    );
    expect(judge(entries)).toEqual([['color-stringify', 'gating', 'malicious']]);
    expect(judgeSupplyChain(entries, policy())[0]!.disposition.reason).toContain(
      'https://osv.dev/vulnerability/MAL-2025-47301',
    );
    expect(judge(entries, { allow: [{ id: 'MAL-2025-47301', until: undefined, reason: 'false positive' }] })).toEqual([
      ['color-stringify', 'allowed', 'allowed'],
    ]);
    // An expired entry spares nothing.
    expect(judge(entries, { allow: [{ id: 'MAL-2025-47301', until: '2026-11-27', reason: 'expired' }] })).toEqual([
      ['color-stringify', 'gating', 'malicious'],
    ]);
    // A grace period or a scope does not spare it; warn lists it.
    expect(judge(entries, { graceDays: { unknown: 30 }, failOnScopes: ['development'] })).toEqual([
      ['color-stringify', 'gating', 'malicious'],
    ]);
    const warned = judgeSupplyChain(entries, policy({ malicious: 'warn' }))[0]!;
    expect([warned.disposition.gates, warned.disposition.flagged]).toEqual([false, true]);
  });

  test('too new gates under pr-introduced fail; warn lists; a scope not in fail-on-scopes spares it', () => {
    const entries = known(
      [change({ name: 'string-palette', version: '2.3.1', scope: 'development' })],
      reads({ 'string-palette@2.3.1': { kind: 'published', at: NOW.getTime() - 14 * H } }),
    );
    expect(judge(entries)).toEqual([['string-palette', 'gating', 'too-new']]);
    expect(judgeSupplyChain(entries, policy())[0]!.disposition.reason).toBe(
      'too new: published 2026-11-27 22:00 UTC (14 h ago), younger than min-release-age; it can land from 2026-11-30 22:00 UTC',
    );
    expect(judge(entries, { introduced: 'warn' })[0]![1]).not.toBe('gating');
    expect(judge(entries, { failOnScopes: ['runtime'] })[0]![1]).toBe('out-of-scope');
    // An allow entry does not spare release age (it names no advisory); neither does a grace period.
    expect(
      judge(entries, {
        allow: [{ id: 'string-palette', until: undefined, reason: undefined }],
        graceDays: { unknown: 30 },
      }),
    ).toEqual([['string-palette', 'gating', 'too-new']]);
  });

  test('publish time unknown is too new, saying why', () => {
    const entries = known([change({ name: 'x', version: '1.0.0' })], reads({}));
    const [judged] = judgeSupplyChain(entries, policy());
    expect(judged!.disposition).toMatchObject({ gates: true, rule: 'too-new' });
    expect(judged!.disposition.reason).toBe(
      'publish time unknown (not found (404)): a version the source has not seen is too new (min-release-age)',
    );
  });

  test('an old, clean, not denied version does not gate', () => {
    const entries = known(
      [change({ name: 'x', version: '1.0.0' })],
      reads({ 'x@1.0.0': { kind: 'published', at: 0 } }),
    );
    expect(judgeSupplyChain(entries, policy())[0]!.disposition.gates).toBe(false);
  });
});

describe('deniedListed: what the service lists, on every event', () => {
  const pkg = (name: string, version: string, manifestPath: string): Package => ({
    id: `${name}@${version}@${manifestPath}`,
    name,
    version,
    ecosystem: 'npm',
    manifestPath,
    manifestStartLine: 7,
    manifestEndLine: 7,
    manifestStartColumn: null,
    manifestEndColumn: null,
  });

  test('once a package version, every manifest and line, only what the list names', () => {
    const listed = deniedListed(
      [
        pkg('event-stream', '3.3.6', 'a/package-lock.json'),
        pkg('event-stream', '3.3.6', 'b/package-lock.json'),
        pkg('left-pad', '1.3.0', 'a/package-lock.json'),
      ],
      [deny('pkg:npm/event-stream')],
    );
    expect(
      listed.map((e) => [e.name, e.source, e.manifests, e.locations.map((l) => `${l.path}:${l.startLine}`)]),
    ).toEqual([
      [
        'event-stream',
        'service',
        ['a/package-lock.json', 'b/package-lock.json'],
        ['a/package-lock.json:7', 'b/package-lock.json:7'],
      ],
    ]);
    expect(deniedListed([pkg('event-stream', '3.3.6', 'x')], [])).toEqual([]);
  });
});

describe('isExactVersion: a version, not a range', () => {
  test.each([
    ['1.2.3', true],
    ['2.14.1', true],
    ['v1.2.3', true],
    ['1.0.0-beta.1+build.5', true],
    ['2021.10.8', true],
    ['^1.2.0', false],
    ['~1.2.0', false],
    ['>= 1.0', false],
    ['1.x', false],
    ['1.2.X', false],
    ['*', false],
    ['1 || 2', false],
    ['>=1,<2', false],
    ['', false],
  ])('%j: %s', (version, exact) => {
    expect(isExactVersion(version)).toBe(exact);
  });
});
