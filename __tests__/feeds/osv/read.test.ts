// Reading OSV (feeds/osv/querybatch.ts, vulns.ts) against the simulator's fake OSV on 127.0.0.1:
// each distinct package version asked once, 1,000 a request, a bounded number in flight; every page
// of a query read; a page that does not move, an error or garbage a failure, never a silent end;
// each id's record read once, a missing one failing alone; and what leaves the runner: ecosystem,
// name and version, the ids, nothing else. Expectations from the contract and the simulator's data.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { osvQueryBatch } from '../../../src/feeds/osv/querybatch.js';
import { osvPackageKey } from '../../../src/feeds/osv/queries.js';
import { osvVulns } from '../../../src/feeds/osv/vulns.js';
import { OSV_MALICIOUS, OSV_PATH, OSV_QUERYBATCH_PATH, OSV_VULNS_PATH, osvData } from '../../../simulator/osv.js';
import { BAD_PR_ADVISORIES } from '../../../simulator/pull-requests.js';
import { startSimulator, type RecordedRequest, type Simulator } from '../../../simulator/server.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
  sim.setLatency(0);
  sim.osv = osvData();
});

const OPTIONS = { timeoutMs: 5_000, maxRetries: 0 };
const base = () => `${sim.url}${OSV_PATH}`;
const npm = (name: string, version = '1.0.0') => ({ ecosystem: 'npm' as const, name, version });
const many = (n: number) => Array.from({ length: n }, (_, i) => npm(`made-up-package-${i}`));
const LOG4J = { ecosystem: 'Maven' as const, name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1' };
const LOG4J_IDS = [
  BAD_PR_ADVISORIES.log4shell,
  BAD_PR_ADVISORIES.log4jIncompleteFix,
  BAD_PR_ADVISORIES.log4jRecursion,
  BAD_PR_ADVISORIES.log4jJdbcAppender,
].sort();
const { colorStringify, tinyHue } = OSV_MALICIOUS;

const batches = () => sim.requests.filter((r) => r.path === OSV_QUERYBATCH_PATH);
type Body = { queries: Array<{ package: { ecosystem: string; name: string }; version: string; page_token?: string }> };
const queriesOf = (r: RecordedRequest) => (r.body as Body).queries;

/** The most requests the fake was answering at once. */
function mostAtOnce(requests: RecordedRequest[]): number {
  return Math.max(
    0,
    ...requests.map((r) => requests.filter((o) => o.at <= r.at && (o.answeredAt ?? Infinity) > r.at).length),
  );
}

/** Nothing but a JSON request and who sends it: no token, no cookie, nothing of the repository. */
function expectPlainHeaders(r: RecordedRequest) {
  expect(r.headers['user-agent']).toMatch(/^security-gate\//);
  for (const name of [
    'authorization',
    'cookie',
    'x-service-api-token-id',
    'x-service-api-token-secret',
    'x-github-api-version',
  ])
    expect(r.headers[name]).toBeUndefined();
}

describe('querybatch', () => {
  test('2,500 package versions: 3 requests of 1,000, 1,000 and 500 queries, every id read', async () => {
    const packages = [
      ...many(2_498),
      { ecosystem: 'npm' as const, name: colorStringify.name, version: colorStringify.version },
      LOG4J,
    ];
    const read = await osvQueryBatch(base(), packages, OPTIONS);
    if (!read.ok) throw new Error(read.error);
    expect(
      batches()
        .map((r) => queriesOf(r).length)
        .sort(),
    ).toEqual([1_000, 1_000, 500]);
    expect(read.value.size).toBe(2_500);
    expect(read.value.get(osvPackageKey(packages[0]!))).toEqual([]);
    expect(read.value.get(osvPackageKey(packages[2_498]!))).toEqual([colorStringify.id]);
    expect([...read.value.get(osvPackageKey(LOG4J))!].sort()).toEqual(LOG4J_IDS);
  });

  test('what leaves: ecosystem, name and version of each query, a plain JSON POST, no token', async () => {
    const scoped = { ecosystem: 'npm' as const, name: tinyHue.name, version: tinyHue.version };
    const read = await osvQueryBatch(base(), [scoped, LOG4J], OPTIONS);
    expect(read.ok && read.value.get(osvPackageKey(scoped))).toEqual([tinyHue.id]);
    expect(batches()).toHaveLength(1);
    const [request] = batches();
    expect(request!.body).toEqual({
      queries: [
        { package: { ecosystem: 'npm', name: '@simulated-scope/tiny-hue' }, version: '3.0.2' },
        { package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' }, version: '2.14.1' },
      ],
    });
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    expectPlainHeaders(request!);
  });

  test('a package version given many times is asked once', async () => {
    const read = await osvQueryBatch(base(), [...many(3), ...many(3), LOG4J, LOG4J], OPTIONS);
    expect(read.ok && read.value.size).toBe(4);
    expect(batches().flatMap(queriesOf)).toHaveLength(4);
  });

  test('nothing to ask: no request', async () => {
    expect(await osvQueryBatch(base(), [], OPTIONS)).toEqual({ ok: true, value: new Map() });
    expect(sim.requests).toEqual([]);
  });

  test('at most 4 requests in flight by default, and as many as that when there are more', async () => {
    sim.setLatency(40);
    const read = await osvQueryBatch(base(), many(10_000), OPTIONS);
    expect(read.ok).toBe(true);
    expect(batches()).toHaveLength(10);
    expect(mostAtOnce(batches())).toBe(4);
  });

  test('concurrency is an option', async () => {
    sim.setLatency(20);
    await osvQueryBatch(base(), many(3_000), { ...OPTIONS, concurrency: 1 });
    expect(mostAtOnce(batches())).toBe(1);
  });
});

describe('paging: a result with next_page_token asked again with page_token until it has none', () => {
  test('every page of each query, the ones with more asked again together, each with its own token', async () => {
    sim.osv.pageSize = 1;
    const other = { ecosystem: 'Maven' as const, name: LOG4J.name, version: '2.13.0' };
    const read = await osvQueryBatch(base(), [LOG4J, npm('left-pad'), other], OPTIONS);
    if (!read.ok) throw new Error(read.error);
    expect([...read.value.get(osvPackageKey(LOG4J))!].sort()).toEqual(LOG4J_IDS);
    expect(read.value.get(osvPackageKey(npm('left-pad')))).toEqual([]);
    expect(read.value.get(osvPackageKey(other))).toHaveLength(4);
    // Log4j-core 2.13.0 and 2.14.1 have four ids each, one a page: the first request, then three of the two.
    const asked = batches().map((r) => queriesOf(r).map((q) => `${q.version}${q.page_token ? ' +token' : ''}`));
    expect(asked).toEqual([
      ['2.14.1', '1.0.0', '2.13.0'],
      ['2.14.1 +token', '2.13.0 +token'],
      ['2.14.1 +token', '2.13.0 +token'],
      ['2.14.1 +token', '2.13.0 +token'],
    ]);
    const tokens = batches()
      .slice(1)
      .map((r) => queriesOf(r)[0]!.page_token);
    expect(new Set(tokens).size).toBe(3);
  });

  test('a page that does not move (page_token ignored) is an incomplete read, and ends there', async () => {
    sim.osv.pageSize = 2;
    sim.osv.ignoresPageToken = true;
    const read = await osvQueryBatch(base(), [LOG4J], OPTIONS);
    expect(read.ok ? 'read' : read.error).toMatch(
      /^OSV \(osv-url http:\/\/127\.0\.0\.1:\d+\/osv\) could not be read whole: a further page of Maven org\.apache\.logging\.log4j:log4j-core 2\.14\.1 .*nothing new.*incomplete/,
    );
    expect(batches()).toHaveLength(2);
  });

  test("OSV's start cursor (no id yet, a token) on a first page is asked again, not taken as the end", async () => {
    sim.script(OSV_QUERYBATCH_PATH, { body: { results: [{ next_page_token: 'RklSU1RfUEFHRV9UT0tFTg==' }] } });
    // The fake does not know OSV's start cursor: the second request is answered as its first page.
    sim.script(OSV_QUERYBATCH_PATH, { body: { results: [{ vulns: [{ id: colorStringify.id }] }] } });
    const pkg = npm(colorStringify.name, colorStringify.version);
    const read = await osvQueryBatch(base(), [pkg], OPTIONS);
    expect(read.ok && read.value.get(osvPackageKey(pkg))).toEqual([colorStringify.id]);
    expect(queriesOf(batches()[1]!)[0]!.page_token).toBe('RklSU1RfUEFHRV9UT0tFTg==');
  });
});

describe('a failed read is a failure, never a silent end', () => {
  test.each([
    ['the error fault (500)', 'error', /OSV's host answered HTTP 500/],
    ['the garbage fault (200, not JSON)', 'garbage', /querybatch's answer is not JSON/],
  ] as const)('%s', async (_what, fault, error) => {
    sim.osv.fault = fault;
    const read = await osvQueryBatch(base(), [LOG4J], OPTIONS);
    expect(read.ok ? 'read' : read.error).toMatch(error);
  });

  test('a 5xx is retried (the one retry loop), then read', async () => {
    sim.script(OSV_QUERYBATCH_PATH, { status: 503 });
    const read = await osvQueryBatch(base(), [LOG4J], { ...OPTIONS, maxRetries: 2, sleep: async () => undefined });
    expect(read.ok).toBe(true);
    expect(batches()).toHaveLength(2);
  });

  test("a 400 is not retried, and OSV's message is said", async () => {
    sim.script(OSV_QUERYBATCH_PATH, { status: 400, body: { code: 3, message: 'invalid ecosystem', details: [] } });
    const read = await osvQueryBatch(base(), [LOG4J], { ...OPTIONS, maxRetries: 2, sleep: async () => undefined });
    expect(read.ok ? 'read' : read.error).toMatch(/HTTP 400 \(invalid ecosystem\)/);
    expect(batches()).toHaveLength(1);
  });

  test('an answer with fewer results than queries', async () => {
    sim.script(OSV_QUERYBATCH_PATH, { body: { results: [{}] } });
    const read = await osvQueryBatch(base(), [LOG4J, npm('a')], OPTIONS);
    expect(read.ok ? 'read' : read.error).toMatch(/1 result for 2 queries/);
  });

  test('after a failed request, the batches still queued are not sent', async () => {
    sim.script(OSV_QUERYBATCH_PATH, { status: 500 });
    const read = await osvQueryBatch(base(), many(5_000), { ...OPTIONS, concurrency: 1 });
    expect(read.ok).toBe(false);
    expect(batches()).toHaveLength(1);
  });

  test('a host that cannot be reached', async () => {
    const closed = await startSimulator();
    const url = `${closed.url}${OSV_PATH}`;
    await closed.close();
    const read = await osvQueryBatch(url, [LOG4J], OPTIONS);
    expect(read.ok ? 'read' : read.error).toMatch(/could not be reached.*Check osv-url/);
  });
});

describe('vulns: each id read once', () => {
  const gets = () => sim.requests.filter((r) => r.path.startsWith(OSV_VULNS_PATH));

  test("each distinct id's record, one GET each, a plain GET with nothing but the id", async () => {
    const ids = [
      BAD_PR_ADVISORIES.log4shell,
      colorStringify.id,
      BAD_PR_ADVISORIES.log4shell,
      BAD_PR_ADVISORIES.micromatch,
    ];
    const read = await osvVulns(base(), ids, OPTIONS);
    expect([...read.keys()]).toEqual([BAD_PR_ADVISORIES.log4shell, colorStringify.id, BAD_PR_ADVISORIES.micromatch]);
    expect(read.get(BAD_PR_ADVISORIES.log4shell)).toMatchObject({
      ok: true,
      value: { cves: ['CVE-2021-44228'], severity: 'critical', affected: [{ fixed: ['2.15.0'] }] },
    });
    expect(read.get(BAD_PR_ADVISORIES.micromatch)).toMatchObject({ ok: true, value: { severity: 'medium' } });
    expect(
      gets()
        .map((r) => [r.method, r.path])
        .sort(),
    ).toEqual(
      [BAD_PR_ADVISORIES.log4shell, colorStringify.id, BAD_PR_ADVISORIES.micromatch]
        .map((id) => ['GET', `${OSV_VULNS_PATH}${id}`])
        .sort(),
    );
    for (const r of gets()) {
      expectPlainHeaders(r);
      expect(r.body).toBeUndefined();
    }
  });

  test('an id OSV does not know (404) fails alone; the others are read', async () => {
    const read = await osvVulns(base(), ['MAL-2099-404', BAD_PR_ADVISORIES.micromatch], OPTIONS);
    const missing = read.get('MAL-2099-404');
    expect(missing?.ok ? 'read' : missing?.error).toMatch(/has no record MAL-2099-404 \(HTTP 404\)/);
    expect(read.get(BAD_PR_ADVISORIES.micromatch)?.ok).toBe(true);
  });

  test('an answer that is not a record fails that id alone', async () => {
    sim.script(`${OSV_VULNS_PATH}${colorStringify.id}`, { rawBody: '<html>' });
    const read = await osvVulns(base(), [colorStringify.id, tinyHue.id], OPTIONS);
    const garbled = read.get(colorStringify.id);
    expect(garbled?.ok ? 'read' : garbled?.error).toMatch(/MAL-2025-47301.*not JSON/);
    expect(read.get(tinyHue.id)?.ok).toBe(true);
  });

  test('an id is one path segment, percent-encoded', async () => {
    await osvVulns(base(), ['A/B C'], OPTIONS);
    expect(gets().map((r) => r.url)).toEqual([`${OSV_VULNS_PATH}A%2FB%20C`]);
  });

  test('bounded: at most the concurrency asked for in flight', async () => {
    sim.setLatency(20);
    const ids = Array.from({ length: 12 }, (_, i) => `MAL-2099-${i}`);
    await osvVulns(base(), ids, { ...OPTIONS, concurrency: 3 });
    expect(gets()).toHaveLength(12);
    expect(mostAtOnce(gets())).toBe(3);
  });
});
