// The simulator's KEV catalog: the fixture follows CISA's published JSON schema, and the route
// serves it as a public feed does (GET, no credentials), recorded, slowed and scripted like the
// service's paths, replaceable by tests, and able to send a body too large to hold.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { get, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { ADVISORIES, defaultData, KEV_REPO, KEV_REPO_ADVISORIES, MAIN_REPO } from '../../simulator/data.js';
import {
  hugeKevCatalog,
  KEV_CVES,
  KEV_ENTRIES_WITHOUT_CVE,
  KEV_PATH,
  kevCatalog,
  kevCatalogWith,
  kevInputs,
  kevReleased,
  kevText,
  largeKevCatalog,
} from '../../simulator/kev.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';

/**
 * CISA's schema (known_exploited_vulnerabilities_schema.json, cisagov/kev-data) written out: the
 * required fields and their patterns and formats, `knownRansomwareCampaignUse` as the feed's two
 * words, `title` as the feed carries it.
 */
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const entrySchema = z
  .object({
    cveID: z.string().regex(/^CVE-[0-9]{4}-[0-9]{4,19}$/),
    vendorProject: z.string().min(1),
    product: z.string().min(1),
    vulnerabilityName: z.string().min(1),
    dateAdded: date,
    shortDescription: z.string().min(1),
    requiredAction: z.string().min(1),
    dueDate: date,
    knownRansomwareCampaignUse: z.enum(['Known', 'Unknown']),
    notes: z.string(),
    cwes: z.array(z.string().regex(/^CWE-([0-9])+$/)),
  })
  .strict();
const catalogSchema = z
  .object({
    title: z.string(),
    catalogVersion: z.string(),
    dateReleased: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
    count: z.number().int().nonnegative(),
    vulnerabilities: z.array(entrySchema),
  })
  .strict()
  .refine((c) => c.count === c.vulnerabilities.length, 'count is the number of entries');

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
  sim.setLatency(0);
  sim.compress = false;
  sim.kevCatalog = kevCatalog();
});

const kevUrl = () => `${sim.url}${KEV_PATH}`;

/** A GET that leaves the body as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function elapsed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

describe('the fixture', () => {
  test("follows CISA's schema, newest first, each CVE once", () => {
    const catalog = catalogSchema.parse(kevCatalog());
    expect(catalog.count).toBeLessThanOrEqual(10);
    expect(catalog.vulnerabilities.map((v) => v.cveID).sort()).toEqual(Object.values(KEV_CVES).sort());
    const added = catalog.vulnerabilities.map((v) => v.dateAdded);
    expect(added).toEqual([...added].sort().reverse());
    for (const v of catalog.vulnerabilities) expect(v.dueDate > v.dateAdded).toBe(true);
  });

  test('current, as CISA keeps it: released less than a day before now, the same in every copy, its version its date', () => {
    const { dateReleased, catalogVersion } = kevCatalog();
    const age = Date.now() - Date.parse(dateReleased);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(86_400_000);
    expect(kevCatalog().dateReleased).toBe(dateReleased);
    expect(catalogVersion).toBe(dateReleased.slice(0, 10).replace(/-/g, '.'));
    expect(kevReleased(48)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{4}Z$/);
    expect(Date.now() - Date.parse(kevReleased(48))).toBeGreaterThanOrEqual(48 * 3_600_000);
  });

  test('the values tests and the demo rely on', () => {
    const byCve = new Map(kevCatalog().vulnerabilities.map((v) => [v.cveID, v]));
    expect(byCve.get(KEV_CVES.log4shell)).toMatchObject({
      dateAdded: '2021-12-10',
      dueDate: '2021-12-24',
      knownRansomwareCampaignUse: 'Known',
    });
    expect(byCve.get(KEV_CVES.systeminformation)).toMatchObject({
      vendorProject: 'Npm package',
      dateAdded: '2022-01-18',
      knownRansomwareCampaignUse: 'Unknown',
    });
    expect(byCve.get(KEV_CVES.spring4shell)).toMatchObject({ vendorProject: 'VMware', dateAdded: '2022-04-04' });
    expect(byCve.get(KEV_CVES.jquery)).toMatchObject({ dateAdded: '2025-01-23', dueDate: '2025-02-13' });
  });

  test('the seeded alerts it lists: four of acme/webshop, one of acme/ops-console, none elsewhere', () => {
    const listed = new Set(kevCatalog().vulnerabilities.map((v) => v.cveID));
    const data = defaultData();
    const matched = Object.fromEntries(
      Object.entries(data.alerts).map(([repositoryId, alerts]) => [
        repositoryId,
        alerts
          .filter((a) => a.metadata.aliases.some((id) => listed.has(id)))
          .map((a) => a.metadata.id)
          .sort(),
      ]),
    );
    expect(matched).toEqual({
      ...Object.fromEntries(data.repositories.map((r) => [r.id, []])),
      [MAIN_REPO.id]: [
        ADVISORIES.log4shell,
        ADVISORIES.log4jIncompleteFix,
        'GHSA-36p3-wjmg-h94x',
        'GHSA-jpcq-cgw6-v4j6',
      ].sort(),
      [KEV_REPO.id]: [KEV_REPO_ADVISORIES.knownExploited],
    });
    // the CVEs of no seeded alert, so that matching is not everything
    const seeded = new Set(Object.values(data.alerts).flatMap((alerts) => alerts.flatMap((a) => a.metadata.aliases)));
    expect([...listed].filter((cve) => !seeded.has(cve)).sort()).toEqual(
      [KEV_CVES.http2RapidReset, KEV_CVES.panOs, KEV_CVES.struts].sort(),
    );
    // and the filler of the large catalog names none of them
    const filler = largeKevCatalog().vulnerabilities.slice(listed.size);
    expect(filler.filter((v) => seeded.has(v.cveID))).toEqual([]);
  });

  test('kevCatalog() returns independent copies', () => {
    const a = kevCatalog();
    a.vulnerabilities[0]!.cveID = 'CVE-1999-0001';
    a.vulnerabilities.length = 0;
    expect(kevCatalog().vulnerabilities[0]!.cveID).toBe(KEV_CVES.jquery);
  });

  test('kevCatalogWith appends entries without a CVE id (missing, null, empty, N/A), count following', () => {
    const catalog = kevCatalogWith(KEV_ENTRIES_WITHOUT_CVE);
    expect(catalog.count).toBe(catalog.vulnerabilities.length);
    const extra = catalog.vulnerabilities.slice(kevCatalog().count) as Record<string, unknown>[];
    expect(extra.map((e) => ('cveID' in e ? e.cveID : 'missing'))).toEqual(['missing', null, '', 'N/A']);
    // otherwise whole entries: only the CVE id is wrong
    for (const { cveID: _cve, ...rest } of extra)
      expect(entrySchema.omit({ cveID: true }).safeParse(rest).success).toBe(true);
  });

  test("largeKevCatalog: 1,500 entries of the schema, about the real catalog's 1.3 MB as served", () => {
    const catalog = catalogSchema.parse(largeKevCatalog());
    expect(catalog.count).toBe(1500);
    expect(new Set(catalog.vulnerabilities.map((v) => v.cveID)).size).toBe(1500);
    expect(catalog.vulnerabilities.slice(0, kevCatalog().count)).toEqual(kevCatalog().vulnerabilities);
    const bytes = Buffer.byteLength(kevText(catalog));
    expect(bytes).toBeGreaterThan(1.1e6);
    expect(bytes).toBeLessThan(1.5e6);
    const ransomware = catalog.vulnerabilities.filter((v) => v.knownRansomwareCampaignUse === 'Known').length;
    expect(ransomware / catalog.count).toBeCloseTo(0.2, 1);
  });

  test('hugeKevCatalog: over 16 MiB of well-formed catalog, its length known before it is made', () => {
    const huge = hugeKevCatalog();
    expect(huge.bytes).toBeGreaterThan(16 * 2 ** 20);
    const pieces = [...huge.chunks()];
    expect(pieces.length).toBeGreaterThan(100);
    const text = pieces.join('');
    expect(text.length).toBe(huge.bytes);
    const parsed = JSON.parse(text) as { count: number; vulnerabilities: unknown[] };
    expect(parsed.count).toBe(parsed.vulnerabilities.length);
    expect(hugeKevCatalog(1000).bytes).toBeGreaterThanOrEqual(1000);
  });

  test('kevInputs points kev-url at the route', () => {
    expect(kevInputs('http://127.0.0.1:1234')).toEqual({
      'known-exploited': 'fail',
      'kev-url': `http://127.0.0.1:1234${KEV_PATH}`,
    });
    expect(kevInputs('http://127.0.0.1:1234', 'warn')['known-exploited']).toBe('warn');
  });
});

describe('the route', () => {
  test('GET: 200, the catalog as JSON with a 4-space indent, recorded with the headers sent', async () => {
    const response = await fetch(kevUrl());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    expect(text).toBe(kevText(kevCatalog()));
    expect(text).toContain('\n    "title": ');
    expect(catalogSchema.parse(JSON.parse(text))).toEqual(kevCatalog());
    expect(sim.requests).toEqual([
      {
        method: 'GET',
        path: KEV_PATH,
        url: KEV_PATH,
        headers: expect.any(Object),
        body: undefined,
        at: expect.any(Number),
        answeredAt: expect.any(Number),
      },
    ]);
    const headers = Object.keys(sim.requests[0]!.headers);
    expect(headers.filter((h) => /^x-service-api-token|^authorization$/.test(h))).toEqual([]);
  });

  test('no credentials are asked, and any sent are recorded for tests to see', async () => {
    const response = await fetch(`${kevUrl()}?x=1`, {
      headers: { Authorization: 'Bearer leaked', 'X-Service-API-Token-Id': 'leaked-id' },
    });
    expect(response.status).toBe(200);
    expect(sim.requests[0]).toMatchObject({
      path: KEV_PATH,
      headers: { authorization: 'Bearer leaked', 'x-service-api-token-id': 'leaked-id' },
    });
  });

  test('HEAD answers 200 without a body; POST 405', async () => {
    const head = await fetch(kevUrl(), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(kevUrl(), { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  test('sim.kevCatalog replaces the catalog: any value as JSON, a string as-is, undefined a 404', async () => {
    sim.kevCatalog = kevCatalogWith(KEV_ENTRIES_WITHOUT_CVE);
    expect(await (await fetch(kevUrl())).json()).toMatchObject({ count: kevCatalog().count + 4 });
    sim.kevCatalog = { title: 'no vulnerabilities here', catalogVersion: '1', count: 0 };
    expect(await (await fetch(kevUrl())).json()).toEqual(sim.kevCatalog);
    sim.kevCatalog = '{"title": "cut sho';
    expect(await (await fetch(kevUrl())).text()).toBe('{"title": "cut sho');
    sim.kevCatalog = undefined;
    const missing = await fetch(kevUrl());
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
  });

  test('the catalog given at start, and reset() leaves the catalog as it is', async () => {
    const other = await startSimulator({ kevCatalog: undefined });
    try {
      expect((await fetch(`${other.url}${KEV_PATH}`)).status).toBe(404);
    } finally {
      await other.close();
    }
    sim.kevCatalog = largeKevCatalog(20);
    sim.reset();
    expect(await (await fetch(kevUrl())).json()).toMatchObject({ count: 20 });
  });

  test('the latency applies to it as to every answer', async () => {
    sim.setLatency(100);
    const [response, ms] = await elapsed(() => fetch(kevUrl()));
    expect(response.status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(90);
  });

  test('scripted: 500 then the catalog; 404; malformed JSON; a catalog without vulnerabilities', async () => {
    sim.script(
      KEV_PATH,
      { status: 500 },
      {},
      { status: 404, rawBody: 'Not Found' },
      { rawBody: '{"vulnerabilities": [', headers: { 'Content-Type': 'application/json' } },
      { body: { title: 'CISA Catalog of Known Exploited Vulnerabilities', count: 0 } },
    );
    const replies = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(kevUrl());
      replies.push([response.status, (await response.text()).slice(0, 22)]);
    }
    expect(replies).toEqual([
      [500, '{"error":"scripted 500'],
      [200, '{\n    "title": "CISA C'],
      [404, 'Not Found'],
      [200, '{"vulnerabilities": ['],
      [200, '{"title":"CISA Catalog'],
      [200, '{\n    "title": "CISA C'],
    ]);
    expect(sim.requests.map((r) => r.path)).toEqual(Array(6).fill(KEV_PATH));
  });

  test('scripted: drop and delay', async () => {
    sim.script(KEV_PATH, { drop: true }, { delayMs: 100 });
    await expect(fetch(kevUrl())).rejects.toThrow(/fetch failed/);
    const [response, ms] = await elapsed(() => fetch(kevUrl()));
    expect(response.status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(90);
  });

  test('a huge body, streamed as read: chunked, or with its Content-Length', async () => {
    const huge = hugeKevCatalog();
    sim.script(
      KEV_PATH,
      { chunks: huge.chunks },
      { chunks: huge.chunks, headers: { 'Content-Length': `${huge.bytes}` } },
    );
    for (const length of [null, String(huge.bytes)]) {
      const response = await fetch(kevUrl());
      expect(response.headers.get('content-length')).toBe(length);
      expect(response.headers.get('transfer-encoding')).toBe(length ? null : 'chunked');
      expect((await response.arrayBuffer()).byteLength).toBe(huge.bytes);
    }
  });

  test('a client that stops reading a huge body leaves the server serving', async () => {
    sim.script(KEV_PATH, { chunks: hugeKevCatalog().chunks });
    const controller = new AbortController();
    const response = await fetch(kevUrl(), { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.read().catch(() => undefined);
    expect((await fetch(kevUrl())).status).toBe(200);
  });

  test('compressed when accepted, with the compress option; the byte-order mark fault applies', async () => {
    sim.compress = true;
    const raw = await rawGet(kevUrl(), { 'Accept-Encoding': 'gzip' });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toBe(kevText(kevCatalog()));
    sim.compress = false;
    sim.faults.byteOrderMark = true;
    const bytes = Buffer.from(await (await fetch(kevUrl())).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
