// parseCatalog: CISA's KEV JSON (its published field names) to the model; what is skipped and
// counted, and what is not the catalog at all.
import { describe, expect, test } from '@jest/globals';
import { parseCatalog } from '../../../src/feeds/kev/catalog.js';
import type { KevCatalog } from '../../../src/model.js';
import { CATALOG_TEXT, cisaCatalog, cisaEntry } from '../../fixtures/kev.js';

function parsed(text: string): KevCatalog {
  const catalog = parseCatalog(text);
  if (!catalog.ok) throw new Error(`expected a catalog, got: ${catalog.error}`);
  return catalog.value;
}

function refused(text: string): string {
  const catalog = parseCatalog(text);
  if (catalog.ok) throw new Error(`expected a failure for ${text.slice(0, 80)}`);
  return catalog.error;
}

describe("parseCatalog: CISA's feed", () => {
  test('each entry by its CVE id, with what the reports show; the version and release date', () => {
    expect(parsed(CATALOG_TEXT)).toEqual({
      entries: new Map([
        [
          'CVE-2021-44228',
          {
            cve: 'CVE-2021-44228',
            dateAdded: '2021-12-10',
            dueDate: '2021-12-24',
            ransomware: true,
            name: 'Apache Log4j2 Remote Code Execution Vulnerability',
          },
        ],
        [
          'CVE-2022-22965',
          {
            cve: 'CVE-2022-22965',
            dateAdded: '2022-04-04',
            dueDate: '2022-04-25',
            ransomware: false,
            name: 'Spring Framework JDK 9+ Remote Code Execution Vulnerability',
          },
        ],
        [
          'CVE-2023-4966',
          {
            cve: 'CVE-2023-4966',
            dateAdded: '2023-10-18',
            dueDate: '2023-11-08',
            ransomware: true,
            name: 'Citrix NetScaler ADC and NetScaler Gateway Buffer Overflow Vulnerability',
          },
        ],
      ]),
      version: '2024.06.07',
      released: '2024-06-07T14:00:10.1234Z',
      skipped: 0,
    });
  });

  test('unknown fields, in the catalog and in its entries, are ignored', () => {
    const plain = parsed(cisaCatalog([cisaEntry('CVE-2024-1234')]));
    const extended = parsed(
      cisaCatalog([cisaEntry('CVE-2024-1234', { epss: 0.97, exploits: [{ url: 'x' }], cwes: null })], {
        schemaVersion: '2.0',
        generator: { name: 'mirror' },
      }),
    );
    expect(extended).toEqual(plain);
    expect(plain.entries.get('CVE-2024-1234')).toEqual({
      cve: 'CVE-2024-1234',
      dateAdded: '2024-01-15',
      dueDate: '2024-02-05',
      ransomware: false,
      name: 'Acme Widget vulnerability CVE-2024-1234',
    });
  });

  // A source with nothing usable is not a source (contract: "Verdict integrity"): a truncated mirror.
  test('an empty list is no catalog: no entry has a CVE id', () => {
    expect(parseCatalog(cisaCatalog([]))).toEqual({
      ok: false,
      error:
        'has no entry with a CVE id (its vulnerabilities array is empty): no entry has a CVE id, so it is not the KEV catalog',
    });
  });

  test('a list of entries none of which has a CVE id is no catalog either', () => {
    const read = parseCatalog(cisaCatalog([cisaEntry('N/A'), cisaEntry(null), { id: 'CVE-2021-44228' }]));
    expect(read).toMatchObject({
      ok: false,
      error: expect.stringContaining('3 entries, none with a cveID of the form CVE-YYYY-N'),
    });
  });

  test('a CVE listed twice: the first entry stands', () => {
    const catalog = parsed(
      cisaCatalog([
        cisaEntry('CVE-2024-1234', { dateAdded: '2024-01-01' }),
        cisaEntry('cve-2024-1234', { dateAdded: '2024-03-03' }),
      ]),
    );
    expect([...catalog.entries.values()]).toEqual([expect.objectContaining({ dateAdded: '2024-01-01' })]);
    expect(catalog.skipped).toBe(0);
  });
});

describe('parseCatalog: entries without a CVE id are skipped and counted', () => {
  test.each<[string, unknown]>([
    ['cveID missing', cisaEntry(undefined)],
    ['cveID null', cisaEntry(null)],
    ['cveID empty', cisaEntry('')],
    ['cveID N/A', cisaEntry('N/A')],
    ['cveID a number', cisaEntry(44228)],
    ['cveID a list', cisaEntry(['CVE-2021-44228'])],
    ['cveID not a CVE id', cisaEntry('GHSA-jfh8-c2jp-5v3q')],
    ['cveID a CVE id with text around it', cisaEntry('CVE-2021-44228 (Log4Shell)')],
    ['an entry that is a string', 'CVE-2021-44228'],
    ['an entry that is a number', 44228],
    ['an entry that is null', null],
    ['an entry that is a list', ['CVE-2021-44228']],
  ])('%s', (_name, entry) => {
    const catalog = parsed(cisaCatalog([cisaEntry('CVE-2024-0001'), entry, cisaEntry('CVE-2024-0002')]));
    expect([...catalog.entries.keys()]).toEqual(['CVE-2024-0001', 'CVE-2024-0002']);
    expect(catalog.skipped).toBe(1);
  });

  test('each skipped entry is counted', () => {
    const catalog = parsed(cisaCatalog([cisaEntry(null), cisaEntry('N/A'), 7, cisaEntry('CVE-2024-0001'), {}]));
    expect(catalog).toMatchObject({ skipped: 4 });
    expect(catalog.entries.size).toBe(1);
  });
});

describe('parseCatalog: what an entry says', () => {
  test.each([
    ['cve-2021-44228', 'CVE-2021-44228'],
    ['Cve-2021-44228', 'CVE-2021-44228'],
    [' CVE-2021-44228 ', 'CVE-2021-44228'],
    ['CVE-2024-123456', 'CVE-2024-123456'],
  ])('the CVE id %j is kept upper-cased, as %s', (cveID, key) => {
    expect([...parsed(cisaCatalog([cisaEntry(cveID)])).entries.entries()]).toEqual([
      [key, expect.objectContaining({ cve: key })],
    ]);
  });

  test.each<[unknown, boolean | null]>([
    ['Known', true],
    ['Unknown', false],
    ['known', true],
    ['UNKNOWN', false],
    ['Suspected', null],
    ['', null],
    [null, null],
    [true, null],
  ])('knownRansomwareCampaignUse %j: ransomware %p', (value, ransomware) => {
    const catalog = parsed(cisaCatalog([cisaEntry('CVE-2024-0001', { knownRansomwareCampaignUse: value })]));
    expect(catalog.entries.get('CVE-2024-0001')?.ransomware).toBe(ransomware);
  });

  test.each<[unknown, string | null]>([
    ['2021-12-10', '2021-12-10'],
    ['2021-12-10T00:00:00.000Z', '2021-12-10'],
    ['12/10/2021', null],
    ['soon', null],
    ['', null],
    [null, null],
    [20211210, null],
  ])('dateAdded and dueDate %j: %p', (value, date) => {
    const catalog = parsed(cisaCatalog([cisaEntry('CVE-2024-0001', { dateAdded: value, dueDate: value })]));
    expect(catalog.entries.get('CVE-2024-0001')).toMatchObject({ dateAdded: date, dueDate: date });
  });

  test.each<[unknown, string]>([
    ['Acme Widget RCE', 'Acme Widget RCE'],
    [null, ''],
    [42, ''],
  ])('vulnerabilityName %j: name %j', (value, name) => {
    const catalog = parsed(cisaCatalog([cisaEntry('CVE-2024-0001', { vulnerabilityName: value })]));
    expect(catalog.entries.get('CVE-2024-0001')?.name).toBe(name);
  });

  test.each<[string, unknown, string | null]>([
    ['catalogVersion', '', null],
    ['catalogVersion', 2024, null],
    ['dateReleased', '', null],
    ['dateReleased', null, null],
  ])('%s %j: %p', (key, value, expected) => {
    const catalog = parsed(cisaCatalog([cisaEntry('CVE-2024-0001')], { [key]: value }));
    expect(key === 'catalogVersion' ? catalog.version : catalog.released).toBe(expected);
  });
});

describe('parseCatalog: what is not the catalog', () => {
  test.each(['', 'not json', '{"vulnerabilities": [', '<!doctype html><title>Access denied</title>'])(
    '%j is not JSON',
    (text) => {
      expect(refused(text)).toMatch(/^is not JSON \(.+\)$/);
    },
  );

  test.each<[string, string]>([
    ['no vulnerabilities', cisaCatalog(undefined)],
    ['vulnerabilities an object', cisaCatalog({ 'CVE-2021-44228': {} })],
    ['vulnerabilities null', cisaCatalog(null)],
    ['vulnerabilities a string', cisaCatalog('CVE-2021-44228')],
  ])('%s', (_name, text) => {
    expect(refused(text)).toBe('has no vulnerabilities array, so it is not the KEV catalog');
  });

  test.each([
    ['a top-level array', JSON.stringify([cisaEntry('CVE-2021-44228')])],
    ['null', 'null'],
    ['a string', '"CVE-2021-44228"'],
    ['a number', '1'],
  ])('%s', (_name, text) => {
    expect(refused(text)).toBe('is not a JSON object, so it is not the KEV catalog');
  });
});

describe('parseCatalog: a field left out reads as not given, never as a catalog or entry to refuse', () => {
  test.each(['dateAdded', 'dueDate', 'knownRansomwareCampaignUse', 'vulnerabilityName'])(
    'an entry without %s is kept',
    (key) => {
      const catalog = parsed(cisaCatalog([cisaEntry('CVE-2024-0001', { [key]: undefined })]));
      expect(catalog.skipped).toBe(0);
      expect(catalog.entries.get('CVE-2024-0001')).toEqual({
        cve: 'CVE-2024-0001',
        dateAdded: key === 'dateAdded' ? null : '2024-01-15',
        dueDate: key === 'dueDate' ? null : '2024-02-05',
        ransomware: key === 'knownRansomwareCampaignUse' ? null : false,
        name: key === 'vulnerabilityName' ? '' : 'Acme Widget vulnerability CVE-2024-0001',
      });
    },
  );

  test('an entry with its CVE id alone is kept', () => {
    const catalog = parsed(cisaCatalog([{ cveID: 'CVE-2021-44228' }]));
    expect(catalog).toMatchObject({ skipped: 0 });
    expect(catalog.entries.get('CVE-2021-44228')).toEqual({
      cve: 'CVE-2021-44228',
      dateAdded: null,
      dueDate: null,
      ransomware: null,
      name: '',
    });
  });

  test('a catalog without catalogVersion or dateReleased is read, its version and date null', () => {
    const text = JSON.stringify({ vulnerabilities: [cisaEntry('CVE-2024-0001')] });
    expect(parsed(text)).toMatchObject({ version: null, released: null, skipped: 0 });
    expect(parsed(text).entries.size).toBe(1);
  });

  test('an empty object has no vulnerabilities array', () => {
    expect(refused('{}')).toBe('has no vulnerabilities array, so it is not the KEV catalog');
  });
});

describe('parseCatalog: a byte-order mark', () => {
  // The transport drops one before an answer's text; a file's text (readWorkspaceFile) keeps it.
  test('before the JSON is no reason to refuse the catalog', () => {
    expect(parsed(`\uFEFF${CATALOG_TEXT}`)).toEqual(parsed(CATALOG_TEXT));
  });

  test('only a leading one: anywhere else the text is not JSON', () => {
    expect(refused(`\uFEFF\uFEFF${CATALOG_TEXT}`)).toMatch(/^is not JSON /);
  });
});
