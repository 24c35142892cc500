// The pure parts of reading EPSS scores (contract: "Exploit prediction (EPSS)"): the epss input,
// the batches of CVE ids, FIRST's API answer and CSV lines, the CSV kept as it streams, and the
// marks the reports show. Expectations are the contract's words and FIRST's published formats.
import { describe, expect, test } from '@jest/globals';
import { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { gzipSync } from 'node:zlib';
import { parseEpssMode } from '../../../src/config/fields.js';
import { cveBatches } from '../../../src/feeds/epss/batches.js';
import { keepWantedEpssRows, parseKeptEpssCsv } from '../../../src/feeds/epss/csv-stream.js';
import {
  parseEpssApiPage,
  parseEpssCsvHead,
  parseEpssCsvRow,
  readApiEntry,
  readApiEntryStrictly,
} from '../../../src/feeds/epss/scores.js';
import { formatPercent } from '../../../src/numbers.js';
import { epssLine, epssMark, epssPercentileLabel } from '../../../src/reports/epss.js';

describe('the epss input', () => {
  test.each([
    ['off', 'off'],
    ['SHOW', 'show'],
    ['0.1', { threshold: 0.1 }],
    ['.5', { threshold: 0.5 }],
    ['10%', { threshold: 0.1 }],
    ['10 %', { threshold: 0.1 }],
    ['0.5%', { threshold: 0.005 }],
    ['1', { threshold: 1 }],
    ['100%', { threshold: 1 }],
    // The decimal it spells, its point moved for a percentage (contract: "Thresholds are exact decimals").
    ['1.1%', { threshold: 0.011 }],
    ['0.0110', { threshold: 0.011 }],
    ['.5%', { threshold: 0.005 }],
    ['0.05%', { threshold: 0.0005 }],
    ['12.345%', { threshold: 0.12345 }],
    ['0.123456789012345', { threshold: 0.123456789012345 }],
    ['12.3456789012345%', { threshold: 0.123456789012345 }],
    ['100.000%', { threshold: 1 }],
  ])('%s is %j', (given, mode) => expect(parseEpssMode(given)).toEqual(mode));

  test.each([
    ...['0', '0%', '1.01', '101%', '-0.1', 'ten', '0.1.2', '%', '1e-2', ''],
    // More than 15 significant digits: no double compares with every score as the decimal would.
    ...['0.1234567890123456', '12.34567890123456%', '1.000000000000001', '99.99999999999999%'],
    // Below the smallest normal double: not 15 digits exact either.
    `0.${'0'.repeat(320)}1`,
  ])('%j is refused', (given) => expect(parseEpssMode(given)).toBeNull());
});

describe('batches of CVE ids', () => {
  const ids = (n: number, length = 14) =>
    Array.from({ length: n }, (_, i) => `CVE-2024-${String(i).padStart(length - 9, '0')}`);

  test('at most 2,000 characters of the cve value, commas included, in order, each id once', () => {
    const all = ids(300, 30);
    const batches = cveBatches(all);
    for (const batch of batches) expect(batch.join(',').length).toBeLessThanOrEqual(2_000);
    expect(batches.flat()).toEqual(all);
    // 30 characters and a comma: 64 ids make 1,983 characters, a 65th would make 2,014.
    expect(batches[0]).toHaveLength(64);
  });

  test('exactly 2,000 characters fit, one more does not', () => {
    expect(cveBatches(['A'.repeat(1_000), 'B'.repeat(999)]).map((b) => b.join(',').length)).toEqual([2_000]);
    expect(cveBatches(['A'.repeat(1_000), 'B'.repeat(1_000)])).toHaveLength(2);
  });

  test("at most 100 ids, FIRST's page, so that a batch is one request", () => {
    expect(cveBatches(ids(250)).map((b) => b.length)).toEqual([100, 100, 50]);
  });

  test('none for no id', () => expect(cveBatches([])).toEqual([]));
});

describe("FIRST's API answer", () => {
  const answer = (data: unknown[], extra: object = {}) =>
    JSON.stringify({ status: 'OK', total: data.length, data, ...extra });

  test('numbers as strings, ids upper-cased, the date as YYYY-MM-DD', () => {
    const page = parseEpssApiPage(
      answer([{ cve: 'cve-2021-44228', epss: '0.943580000', percentile: '0.999570000', date: '2025-03-14' }]),
    );
    expect(page).toEqual({
      ok: true,
      value: {
        total: 1,
        scores: [{ cve: 'CVE-2021-44228', probability: 0.94358, percentile: 0.99957, date: '2025-03-14' }],
      },
    });
  });

  test.each([
    ['not JSON', '{"data": [', /not JSON/],
    ['no data array', JSON.stringify({ total: 0 }), /no data array/],
    [
      'a probability above 1',
      answer([{ cve: 'CVE-2021-1', epss: '1.2', percentile: '0.5', date: '2025-03-14' }]),
      /entry 1 of data \(its epss/,
    ],
    [
      'no percentile',
      answer([{ cve: 'CVE-2021-1', epss: '0.2', date: '2025-03-14' }]),
      /entry 1 of data \(its percentile is missing/,
    ],
    [
      'not a CVE id',
      answer([{ cve: 'GHSA-1', epss: '0.2', percentile: '0.2', date: '2025-03-14' }]),
      /entry 1 of data \(its cve/,
    ],
    ['no date', answer([{ cve: 'CVE-2021-1', epss: '0.2', percentile: '0.2' }]), /entry 1 of data \(its date/],
  ])('%s is refused', (_name, text, why) => {
    const page = parseEpssApiPage(text);
    expect(page.ok).toBe(false);
    if (!page.ok) expect(page.error).toMatch(why);
  });
});

describe('an API entry, read fast and by its schema', () => {
  // Every combination of the values FIRST sends and of those it should not: the fast reading must
  // give the schema's score wherever the schema reads one, and nothing wherever it does not.
  const cves = [
    'CVE-2021-44228',
    'cve-2021-1',
    ' CVE-2021-1 ',
    'CVE-21-1',
    'GHSA-jfh8-c2jp-5v3q',
    '',
    5,
    null,
    undefined,
  ];
  const fractions = [
    '0.943580000',
    0.5,
    '1',
    1,
    '1.0',
    '0',
    0,
    -0,
    '-0.1',
    -0.1,
    '1.2',
    1.0000001,
    'x',
    '',
    ' 0.3 ',
    '5e-1',
    '5E-1',
    '.5',
    '5.',
    '1e0',
    '1e-400',
    'NaN',
    Number.NaN,
    Infinity,
    null,
    undefined,
    true,
    '0x1',
    [0.5],
  ];
  const ranks = ['0.99957', 0.2, '1.5', '', null, undefined, '7e-2'];
  const dates = ['2025-03-14', '2025-03-14T00:00:00+0000', '2025-3-14', 20250314, '', null, undefined];
  const entries: unknown[] = [null, 'CVE-2021-44228', 5, [], ['CVE-2021-44228', '0.5', '0.5', '2025-03-14']];
  for (const cve of cves)
    for (const epss of fractions)
      for (const percentile of ranks) for (const date of dates) entries.push({ cve, epss, percentile, date });

  test(`over ${entries.length} entries, the same score or none`, () => {
    let read = 0;
    const differ: unknown[] = [];
    for (const raw of entries) {
      const strict = readApiEntryStrictly(raw);
      if (strict.ok) read++;
      if (!isDeepStrictEqual(readApiEntry(raw), strict.ok ? strict.value : null)) differ.push(raw);
    }
    expect(differ).toEqual([]);
    // Both kinds met, in numbers: the comparison is not vacuous.
    expect(read).toBeGreaterThan(200);
    expect(entries.length - read).toBeGreaterThan(10_000);
  });

  test('what the schema says of an entry it refuses', () => {
    expect(readApiEntryStrictly({ cve: 'CVE-2021-1', epss: '0.2', date: '2025-03-14' })).toEqual({
      ok: false,
      error: 'its percentile is missing',
    });
  });
});

describe("FIRST's CSV", () => {
  test('the first line: model version and score date', () => {
    expect(parseEpssCsvHead('#model_version:v2025.03.14,score_date:2025-03-14T00:00:00+0000')).toEqual({
      modelVersion: 'v2025.03.14',
      scoreDate: '2025-03-14',
    });
    expect(parseEpssCsvHead('cve,epss,percentile')).toBeNull();
    expect(parseEpssCsvHead('#model_version:v2025.03.14')).toBeNull();
  });

  test('a row', () => {
    expect(parseEpssCsvRow('CVE-2021-44228,0.94358,0.99957', '2025-03-14')).toEqual({
      cve: 'CVE-2021-44228',
      probability: 0.94358,
      percentile: 0.99957,
      date: '2025-03-14',
    });
    for (const bad of ['CVE-2021-44228,0.94358', 'CVE-2021-44228,x,0.5', 'GHSA-x,0.1,0.1', 'CVE-2021-1,0.1,0.1,extra'])
      expect(parseEpssCsvRow(bad, '2025-03-14')).toBeNull();
  });

  const CSV = [
    '#model_version:v2025.03.14,score_date:2025-03-14T00:00:00+0000',
    'cve,epss,percentile',
    'CVE-1999-0001,0.01000,0.50000',
    'CVE-2021-44228,0.94358,0.99957',
    'CVE-2022-0235,0.00361,0.72314',
    '',
  ].join('\r\n');

  /** The text split into pieces of `size` bytes, as a stream would bring it. */
  const streamOf = (bytes: Buffer, size: number) =>
    Readable.from(
      Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)),
    );

  test.each([1, 7, 4096])(
    'kept as it streams in pieces of %d bytes: the head and the rows asked for only',
    async (size) => {
      const keep = keepWantedEpssRows(new Set(['CVE-2021-44228', 'CVE-2030-1']), false, 1024);
      const kept = await keep(streamOf(Buffer.from(CSV), size));
      expect(kept?.split('\n')).toEqual([
        '#model_version:v2025.03.14,score_date:2025-03-14T00:00:00+0000',
        'cve,epss,percentile',
        'CVE-2021-44228,0.94358,0.99957',
      ]);
      const parsed = parseKeptEpssCsv(kept!, 2);
      expect(parsed.ok && [...parsed.value.scores.keys()]).toEqual(['CVE-2021-44228']);
      expect(parsed.ok && parsed.value.modelVersion).toBe('v2025.03.14');
    },
  );

  test('gzip unpacked; past the cap unpacked: null', async () => {
    const packed = gzipSync(CSV);
    const keep = (cap: number) => keepWantedEpssRows(new Set(['CVE-2022-0235']), true, cap);
    const kept = await keep(1024)(streamOf(packed, 16));
    expect(kept?.split('\n').at(-1)).toBe('CVE-2022-0235,0.00361,0.72314');
    expect(await keep(50)(streamOf(packed, 16))).toBeNull();
  });

  test('gzip that does not unpack, and a line that is not a row, are problems, never rows skipped', async () => {
    const corrupt = Buffer.from(gzipSync(CSV)).fill(0x41, 12, 40);
    const gz = parseKeptEpssCsv((await keepWantedEpssRows(new Set(), true, 1024)(streamOf(corrupt, 8)))!, 1);
    expect(gz.ok || gz.error).toMatch(/gzip data does not unpack/);
    const html = CSV.replace('CVE-1999-0001,0.01000,0.50000', '<html>');
    const row = parseKeptEpssCsv(
      (await keepWantedEpssRows(new Set(), false, 1024)(streamOf(Buffer.from(html), 8)))!,
      1,
    );
    expect(row.ok || row.error).toMatch(/line 3 is not a row/);
  });
});

describe('the marks', () => {
  test.each([
    [0.97236, 0.99941, 'EPSS 97.2% · p99'],
    [0.00361, 0.72314, 'EPSS 0.4% · p72'],
    [0.5, 0.99, 'EPSS 50.0% · p99'],
    [0.29, 0.57, 'EPSS 29.0% · p57'],
    [1, 1, 'EPSS 100.0% · p100'],
    [0.00004, 0.001, 'EPSS 0.0% · p0'],
  ])('%d, %d: %s', (probability, percentile, mark) => {
    expect(epssMark({ epss: { cve: 'CVE-2021-1', probability, percentile, date: '2025-03-14' } })).toBe(mark);
  });

  test('no score: "no EPSS score" when the scores were read, else nothing', () => {
    expect(epssMark({ epss: null, epssMissing: true })).toBe('no EPSS score');
    expect(epssMark({ epss: null })).toBe('');
  });

  test('the percentile is rounded down, the probability to one decimal', () => {
    expect(epssPercentileLabel(0.99999)).toBe('p99');
    expect(formatPercent(0.97251)).toBe('97.3%');
  });

  test.each([
    ['1.1%', '0.011'],
    ['5%', '0.05'],
    ['0.0005', '0.0005'],
    ['0.5', '0.5'],
  ])('epss %s: the summary line gives the threshold as the decimal %s, never a rounding of it', (given, shown) => {
    const mode = parseEpssMode(given);
    const threshold = typeof mode === 'object' && mode !== null ? mode.threshold : null;
    const view = {
      ...{ mode: 'threshold' as const, threshold, source: 'https://api.first.org/data/v1/epss', read: true },
      ...{ modelVersion: null, scoreDate: '2025-03-14', asked: 1, scored: 1, error: null },
    };
    expect(epssLine(view, null)).toContain(`(\`epss: ${shown}\`)`);
  });
});
