// The simulator's fake OSV (simulator/osv.ts): querybatch and vulns by id in the shapes osv.dev
// publishes, its refusals (over 1,000 queries, an unknown ecosystem, a token it did not give), its
// paging and faults, and seed records that agree with what the fake GitHub says of the bad pull
// request. Expectations from osv.dev's documentation and the seeded data as written.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import {
  malRecord,
  OSV_CVE_RECORD_ID,
  OSV_MALICIOUS,
  OSV_QUERYBATCH_PATH,
  OSV_VULNS_PATH,
  osvData,
} from '../../simulator/osv.js';
import { BAD_PR_ADVISORIES } from '../../simulator/pull-requests.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
  sim.osv = osvData();
});

interface Reply {
  status: number;
  body: unknown;
}

async function batch(queries: unknown[] | string): Promise<Reply> {
  const response = await fetch(`${sim.url}${OSV_QUERYBATCH_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof queries === 'string' ? queries : JSON.stringify({ queries }),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

async function vuln(id: string): Promise<Reply> {
  const response = await fetch(`${sim.url}${OSV_VULNS_PATH}${encodeURIComponent(id)}`);
  return { status: response.status, body: await response.json() };
}

const q = (ecosystem: string, name: string, version: string, page_token?: string) => ({
  package: { ecosystem, name },
  version,
  ...(page_token === undefined ? {} : { page_token }),
});
const LOG4J = q('Maven', 'org.apache.logging.log4j:log4j-core', '2.14.1');

describe('querybatch', () => {
  test("each result in the order asked; an empty one is {}, as OSV's JSON leaves empty fields out", async () => {
    const { colorStringify: mal } = OSV_MALICIOUS;
    const reply = await batch([q('npm', 'left-pad', '1.3.0'), q(mal.ecosystem, mal.name, mal.version), LOG4J]);
    expect(reply.status).toBe(200);
    const results = (reply.body as { results: Array<{ vulns?: Array<{ id: string }> }> }).results;
    expect(results).toHaveLength(3);
    expect(results[0]).toEqual({});
    expect(results[1]?.vulns?.map((v) => v.id)).toEqual(['MAL-2025-47301']);
    // Log4j-core 2.14.1: the four advisories GitHub lists on the bad pull request's entry.
    expect(results[2]?.vulns?.map((v) => v.id).sort()).toEqual(
      [
        BAD_PR_ADVISORIES.log4shell,
        BAD_PR_ADVISORIES.log4jIncompleteFix,
        BAD_PR_ADVISORIES.log4jRecursion,
        BAD_PR_ADVISORIES.log4jJdbcAppender,
      ].sort(),
    );
  });

  test('versions outside an advisory are not matched: log4j-core 2.17.1 has none, micromatch 4.0.5 has its one', async () => {
    const reply = await batch([q('Maven', LOG4J.package.name, '2.17.1'), q('npm', 'micromatch', '4.0.5')]);
    expect(reply.body).toMatchObject({ results: [{}, { vulns: [{ id: BAD_PR_ADVISORIES.micromatch }] }] });
  });

  test.each([
    ['1,001 queries', Array.from({ length: 1_001 }, (_, i) => q('npm', `p${i}`, '1.0.0')), 'too many queries'],
    ["GitHub's word for an ecosystem", [q('pip', 'django', '3.2.0')], 'invalid ecosystem'],
    ['a query without a version', [{ package: { ecosystem: 'npm', name: 'a' } }], 'error in query at index 0'],
    ['a page token the fake did not give', [q('npm', 'a', '1.0.0', 'bm9wZQ==')], 'invalid cursor'],
  ])("%s: 400, OSV's InvalidArgument", async (_what, queries, message) => {
    const reply = await batch(queries);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 3, message: expect.stringContaining(message) });
  });

  test('exactly 1,000 queries are answered, 1,000 results', async () => {
    const reply = await batch(Array.from({ length: 1_000 }, (_, i) => q('npm', `p${i}`, '1.0.0')));
    expect(reply.status).toBe(200);
    expect((reply.body as { results: unknown[] }).results).toHaveLength(1_000);
  });

  test("a query's ids pageSize at a time, the next page behind next_page_token, the last without one", async () => {
    sim.osv.pageSize = 2;
    const pages: string[][] = [];
    let token: string | undefined;
    do {
      const reply = await batch([q('Maven', LOG4J.package.name, '2.14.1', token)]);
      const [result] = (reply.body as { results: Array<{ vulns: Array<{ id: string }>; next_page_token?: string }> })
        .results;
      pages.push(result!.vulns.map((v) => v.id));
      token = result!.next_page_token;
    } while (token !== undefined && pages.length < 5);
    expect(pages.map((p) => p.length)).toEqual([2, 2]);
    expect(new Set(pages.flat()).size).toBe(4);
  });

  test('the page-token fault answers the first page again, with the same token', async () => {
    sim.osv.pageSize = 2;
    sim.osv.ignoresPageToken = true;
    const first = await batch([LOG4J]);
    const token = (first.body as { results: Array<{ next_page_token: string }> }).results[0]!.next_page_token;
    const again = await batch([q('Maven', LOG4J.package.name, '2.14.1', token)]);
    expect(again.body).toEqual(first.body);
  });

  test.each([
    ['error', 500, expect.objectContaining({ code: 13 })],
    ['garbage', 200, expect.stringContaining('<html>')],
  ] as const)('the %s fault: %i', async (fault, status, body) => {
    sim.osv.fault = fault;
    const reply = await batch([LOG4J]);
    expect(reply).toEqual({ status, body });
  });

  test('requests are recorded with their bodies and headers', async () => {
    await batch([LOG4J]);
    expect(sim.requests).toMatchObject([{ method: 'POST', path: OSV_QUERYBATCH_PATH, body: { queries: [LOG4J] } }]);
  });
});

describe('vulns by id', () => {
  test("a GitHub advisory as OSV serves it: its CVE an alias, GitHub's word, the CVSS vector, the fix", async () => {
    const reply = await vuln(BAD_PR_ADVISORIES.log4shell);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: 'GHSA-jfh8-c2jp-5v3q',
      aliases: ['CVE-2021-44228'],
      summary: 'Remote code injection in Log4j',
      severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H' }],
      database_specific: { severity: 'CRITICAL' },
      affected: [
        {
          package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '2.13.0' }, { fixed: '2.15.0' }] }],
        },
      ],
    });
  });

  test("GitHub's medium is OSV's MODERATE; a range without a lower end is introduced at 0", async () => {
    const reply = await vuln(BAD_PR_ADVISORIES.micromatch);
    expect(reply.body).toMatchObject({
      database_specific: { severity: 'MODERATE' },
      affected: [{ ranges: [{ events: [{ introduced: '0' }, { fixed: '4.0.8' }] }] }],
    });
  });

  test('the NVD record has no GitHub severity and no package: its vector alone', async () => {
    const reply = await vuln(OSV_CVE_RECORD_ID);
    const body = reply.body as { database_specific?: unknown; affected: Array<{ package?: unknown }> };
    expect(body.database_specific).toBeUndefined();
    expect(body.affected[0]?.package).toBeUndefined();
  });

  test("an unknown id: 404, OSV's NotFound", async () => {
    expect(await vuln('MAL-2099-1')).toEqual({
      status: 404,
      body: { code: 5, message: 'Vulnerability not found', details: [] },
    });
  });

  test('records added by a test are served and matched', async () => {
    sim.osv.records.set('MAL-2031-1', malRecord('MAL-2031-1', 'PyPI', 'Some_Package', ['0.1.0']));
    const reply = await batch([q('PyPI', 'some-package', '0.1.0')]);
    expect(reply.body).toMatchObject({ results: [{ vulns: [{ id: 'MAL-2031-1' }] }] });
    expect(await vuln('MAL-2031-1')).toMatchObject({
      status: 200,
      body: { summary: 'Malicious code in Some_Package (PyPI)' },
    });
  });
});
