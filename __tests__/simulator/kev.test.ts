// The simulator's KEV catalog: the fixture follows CISA's published JSON schema.
import { describe, expect, test } from '@jest/globals';
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
  kevText,
  largeKevCatalog,
} from '../../simulator/kev.js';

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

describe('the fixture', () => {
  test("follows CISA's schema, newest first, each CVE once", () => {
    const catalog = catalogSchema.parse(kevCatalog());
    expect(catalog.count).toBeLessThanOrEqual(10);
    expect(catalog.vulnerabilities.map((v) => v.cveID).sort()).toEqual(Object.values(KEV_CVES).sort());
    const added = catalog.vulnerabilities.map((v) => v.dateAdded);
    expect(added).toEqual([...added].sort().reverse());
    for (const v of catalog.vulnerabilities) expect(v.dueDate > v.dateAdded).toBe(true);
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
