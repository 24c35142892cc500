// Reading publish times (feeds/release-age/) against the simulator's fake deps.dev on 127.0.0.1
// (contract: "Release age"): each distinct version asked once, at most 16 in flight, each path
// segment percent-encoded; unknown is new (404, no publishedAt, no zone, more than a day ahead); any
// other failure fails the whole read and stops what is queued; what leaves is the path and the
// User-Agent. Expectations from the contract and the simulator's data.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { publishTimeOf, readPublishTimes, releaseKey, releaseQuery } from '../../../src/feeds/release-age/read.js';
import { systemOf, versionPath } from '../../../src/feeds/release-age/systems.js';
import { DEPS_DEV_PATH, depsDevData, depsDevKey } from '../../../simulator/deps-dev.js';
import { startSimulator, type RecordedRequest, type Simulator } from '../../../simulator/server.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
  sim.setLatency(0);
  sim.depsDev = depsDevData();
});

const NOW = Date.parse('2026-11-28T12:00:00Z');
const OPTIONS = { timeoutMs: 5_000, maxRetries: 0, now: NOW };
const base = () => `${sim.url}${DEPS_DEV_PATH}`;
const asked = () => sim.requests.filter((r) => r.path.startsWith(`${DEPS_DEV_PATH}/`));
const npm = (name: string, version: string) => releaseQuery('npm', name, version)!;

/** The most requests the fake was answering at once. */
function mostAtOnce(requests: RecordedRequest[]): number {
  return Math.max(
    0,
    ...requests.map((r) => requests.filter((o) => o.at <= r.at && (o.answeredAt ?? Infinity) > r.at).length),
  );
}

describe('systems and paths (pure)', () => {
  test.each([
    ['npm', 'NPM'],
    ['pip', 'PYPI'],
    ['pypi', 'PYPI'],
    ['maven', 'MAVEN'],
    ['gomod', 'GO'],
    ['golang', 'GO'],
    ['cargo', 'CARGO'],
    ['rust', 'CARGO'],
    ['NuGet', 'NUGET'],
    ['rubygems', null],
    ['composer', null],
    ['actions', null],
    ['constructor', null],
    ['', null],
  ])('%s -> %s', (word, system) => {
    expect(systemOf(word)).toBe(system);
  });

  test('npm scopes and Maven coordinates are one segment each, percent-encoded', () => {
    expect(versionPath(npm('@scope/name', '1.0.0'))).toBe('/v3/systems/NPM/packages/%40scope%2Fname/versions/1.0.0');
    expect(versionPath(releaseQuery('npm', 'name', '1.0.0', 'scope')!)).toBe(
      '/v3/systems/NPM/packages/%40scope%2Fname/versions/1.0.0',
    );
    expect(versionPath(releaseQuery('maven', 'org.apache:commons-text', '1.9')!)).toBe(
      '/v3/systems/MAVEN/packages/org.apache%3Acommons-text/versions/1.9',
    );
    expect(versionPath(releaseQuery('maven', 'commons-text', '1.9', 'org.apache')!)).toBe(
      '/v3/systems/MAVEN/packages/org.apache%3Acommons-text/versions/1.9',
    );
    expect(versionPath(releaseQuery('go', 'github.com/a/b', 'v1.2.3')!)).toBe(
      '/v3/systems/GO/packages/github.com%2Fa%2Fb/versions/v1.2.3',
    );
    expect(releaseQuery('rubygems', 'rails', '7.0.0')).toBeNull();
    expect(releaseQuery('npm', 'x', ' ')).toBeNull();
  });

  test('a segment a URL would resolve (. or ..) or that is no Unicode is never asked: unknown, so too new', async () => {
    for (const [name, version] of [
      ['x', '..'],
      ['.', '1.0.0'],
      ['x', '1.0.\uD800'],
    ] as const)
      expect(versionPath(npm(name, version))).toBeNull();
    const queries = [npm('x', '..'), npm('x', '1.0.\uD800')];
    const read = await readPublishTimes(base(), queries, OPTIONS);
    expect(read.ok && [...read.value.values()]).toEqual([
      { kind: 'unknown', why: 'not a name and version that can be asked' },
      { kind: 'unknown', why: 'not a name and version that can be asked' },
    ]);
    expect(asked()).toHaveLength(0);
  });

  test("PyPI's names compare as PEP 503 says: one key", () => {
    expect(releaseKey(releaseQuery('pip', 'Foo_Bar', '1.0')!)).toBe(
      releaseKey(releaseQuery('pypi', 'foo-bar', '1.0')!),
    );
  });

  test.each([
    ['2026-11-27T22:00:00Z', { kind: 'published', at: Date.parse('2026-11-27T22:00:00Z') }],
    ['2026-11-27T23:00:00+01:00', { kind: 'published', at: Date.parse('2026-11-27T22:00:00Z') }],
    ['2026-11-29T11:59:00Z', { kind: 'published', at: Date.parse('2026-11-29T11:59:00Z') }],
    ['2026-11-29T12:00:01Z', { kind: 'unknown', why: 'publishedAt is more than a day in the future' }],
    ['2026-11-27T22:00:00', { kind: 'unknown', why: 'publishedAt is not RFC 3339 with a zone' }],
    ['yesterday', { kind: 'unknown', why: 'publishedAt is not RFC 3339 with a zone' }],
    [1764280800000, { kind: 'unknown', why: 'publishedAt is not RFC 3339 with a zone' }],
    [undefined, { kind: 'unknown', why: 'no publishedAt' }],
    [null, { kind: 'unknown', why: 'no publishedAt' }],
    ['', { kind: 'unknown', why: 'no publishedAt' }],
  ])('publishedAt %j', (value, time) => {
    expect(publishTimeOf(value, NOW)).toEqual(time);
  });
});

describe('readPublishTimes against the fake deps.dev', () => {
  test('each distinct version once, its publish instant; the path holds system, name and version only', async () => {
    const queries = [
      npm('micromatch', '4.0.5'),
      npm('micromatch', '4.0.5'),
      releaseQuery('maven', 'org.apache.logging.log4j:log4j-core', '2.14.1')!,
    ];
    const read = await readPublishTimes(base(), queries, OPTIONS);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.get(releaseKey(queries[0]!))).toEqual({
      kind: 'published',
      at: Date.parse('2022-03-24T14:36:51Z'),
    });
    expect(read.value.get(releaseKey(queries[2]!))).toEqual({
      kind: 'published',
      at: Date.parse('2021-03-12T10:31:22Z'),
    });
    expect(
      asked()
        .map((r) => r.path)
        .sort(),
    ).toEqual([
      `${DEPS_DEV_PATH}/v3/systems/MAVEN/packages/org.apache.logging.log4j%3Alog4j-core/versions/2.14.1`,
      `${DEPS_DEV_PATH}/v3/systems/NPM/packages/micromatch/versions/4.0.5`,
    ]);
    for (const r of asked()) {
      expect(r.method).toBe('GET');
      expect(r.headers['user-agent']).toMatch(/^security-gate\//);
      for (const name of ['authorization', 'cookie', 'x-service-api-token-id', 'x-service-api-token-secret'])
        expect(r.headers[name]).toBeUndefined();
    }
  });

  test('unknown is new: a version the source has not seen, and one without publishedAt', async () => {
    sim.depsDev.versions.set(depsDevKey('NPM', '@acme/fresh', '1.0.0'), { none: true });
    const [unseen, none] = [npm('never-published', '9.9.9'), npm('@acme/fresh', '1.0.0')];
    const read = await readPublishTimes(base(), [unseen, none], OPTIONS);
    expect(read).toEqual({
      ok: true,
      value: new Map([
        [releaseKey(unseen), { kind: 'unknown', why: 'not found (404)' }],
        [releaseKey(none), { kind: 'unknown', why: 'no publishedAt' }],
      ]),
    });
    expect(asked().map((r) => r.path)).toContain(
      `${DEPS_DEV_PATH}/v3/systems/NPM/packages/%40acme%2Ffresh/versions/1.0.0`,
    );
  });

  test('at most 16 in flight, and every version answered', async () => {
    sim.setLatency(30);
    const queries = Array.from({ length: 60 }, (_, i) => npm(`made-up-${i}`, '1.0.0'));
    const read = await readPublishTimes(base(), queries, OPTIONS);
    expect(read.ok && read.value.size).toBe(60);
    expect(asked()).toHaveLength(60);
    expect(mostAtOnce(asked())).toBeLessThanOrEqual(16);
    expect(mostAtOnce(asked())).toBeGreaterThan(8);
  });

  test.each([
    ['error', /HTTP 500/],
    ['garbage', /not JSON.*release-age-url names deps\.dev's API/],
  ] as const)('a %s is a failure of the whole read, naming release-age-url and the version', async (fault, why) => {
    sim.depsDev.fault = fault;
    const read = await readPublishTimes(base(), [npm('micromatch', '4.0.5')], OPTIONS);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error).toMatch(
      /^Release age \(release-age-url http:\/\/127\.0\.0\.1:\d+\/depsdev\) could not be read: NPM micromatch 4\.0\.5: /,
    );
    expect(read.error).toMatch(why);
  });

  test('after a failure, what is still queued is not sent', async () => {
    sim.depsDev.fault = 'error';
    const queries = Array.from({ length: 100 }, (_, i) => npm(`made-up-${i}`, '1.0.0'));
    const read = await readPublishTimes(base(), queries, { ...OPTIONS, concurrency: 4 });
    expect(read.ok).toBe(false);
    expect(asked().length).toBeLessThan(100);
  });

  test('an unreachable host is a failure that says to check the URL and the proxy', async () => {
    const read = await readPublishTimes('http://127.0.0.1:9', [npm('micromatch', '4.0.5')], OPTIONS);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toMatch(/Check release-age-url and that the runner can reach it/);
  });
});
