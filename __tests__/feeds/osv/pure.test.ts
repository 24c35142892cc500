// The pure parts of reading OSV (contract: "Before any advisory", "Malicious packages"; "Without
// GitHub's dependency graph", "Vulnerabilities of added entries"): OSV's ecosystem names and package
// names, the distinct queries in batches of 1,000, a page merged into what a query has read, the
// answers read with zod, the MAL- ids, and CVSS v3 base scores. Expectations are the contract's
// words, osv.dev's documentation, the simulator's records and scores NVD and FIRST publish.
import { describe, expect, test } from '@jest/globals';
import { cvss3BaseScore } from '../../../src/feeds/osv/cvss.js';
import {
  osvEcosystem,
  osvPackageName,
  osvPackageOfPurl,
  osvPackageVersion,
} from '../../../src/feeds/osv/ecosystems.js';
import { isMaliciousId, maliciousIds } from '../../../src/feeds/osv/malicious.js';
import { osvVulnerabilityUrl } from '../../../src/model.js';
import {
  distinctQueries,
  mergePage,
  OSV_MAX_QUERIES,
  osvPackageKey,
  queryBatches,
  queryBatchBody,
} from '../../../src/feeds/osv/queries.js';
import { readQueryBatchAnswer } from '../../../src/feeds/osv/answers.js';
import { readVulnRecord } from '../../../src/feeds/osv/record.js';
import { OSV_CVE_RECORD_ID, OSV_MALICIOUS, osvData } from '../../../simulator/osv.js';
import { BAD_PR_ADVISORIES } from '../../../simulator/pull-requests.js';

describe("OSV's ecosystem names", () => {
  test.each([
    // GitHub's dependency-review words.
    ['npm', 'npm'],
    ['pip', 'PyPI'],
    ['maven', 'Maven'],
    ['go', 'Go'],
    ['gomod', 'Go'],
    ['cargo', 'crates.io'],
    ['rust', 'crates.io'],
    ['nuget', 'NuGet'],
    ['rubygems', 'RubyGems'],
    ['composer', 'Packagist'],
    ['pub', 'Pub'],
    ['hex', 'Hex'],
    ['actions', 'GitHub Actions'],
    // Package URL types.
    ['pypi', 'PyPI'],
    ['golang', 'Go'],
    ['gem', 'RubyGems'],
    ['githubactions', 'GitHub Actions'],
    // OSV's own names, in any case.
    ['PyPI', 'PyPI'],
    ['crates.io', 'crates.io'],
    ['Packagist', 'Packagist'],
    ['GitHub Actions', 'GitHub Actions'],
    [' NPM ', 'npm'],
  ])('%s is %s', (word, name) => {
    expect(osvEcosystem(word)).toBe(name);
  });

  test.each(['', 'docker', 'swift', 'conan', 'unknown', 'constructor', 'Debian'])(
    '%j is none OSV is asked of',
    (word) => {
      expect(osvEcosystem(word)).toBeNull();
    },
  );

  test('null and undefined are none', () => {
    expect(osvEcosystem(null)).toBeNull();
    expect(osvEcosystem(undefined)).toBeNull();
  });
});

describe('package names and versions as OSV wants them', () => {
  test.each([
    ['Maven', 'org.apache.logging.log4j', 'log4j-core', 'org.apache.logging.log4j:log4j-core'],
    ['Maven', null, 'org.apache.logging.log4j:log4j-core', 'org.apache.logging.log4j:log4j-core'],
    ['Maven', null, 'org.apache.logging.log4j/log4j-core', 'org.apache.logging.log4j:log4j-core'],
    ['npm', null, '@ctrl/tinycolor', '@ctrl/tinycolor'],
    ['npm', '@ctrl', 'tinycolor', '@ctrl/tinycolor'],
    ['npm', 'ctrl', 'tinycolor', '@ctrl/tinycolor'],
    ['npm', null, 'ctrl/tinycolor', '@ctrl/tinycolor'],
    ['npm', null, 'left-pad', 'left-pad'],
    ['Go', 'github.com/gin-gonic', 'gin', 'github.com/gin-gonic/gin'],
    ['Packagist', 'symfony', 'http-kernel', 'symfony/http-kernel'],
    ['GitHub Actions', null, 'actions/checkout', 'actions/checkout'],
    ['PyPI', null, 'Django', 'Django'],
  ] as const)('%s %s %s: %s', (ecosystem, namespace, name, expected) => {
    expect(osvPackageName(ecosystem, name, namespace)).toBe(expected);
  });

  test.each([
    [
      'maven',
      'org.apache.logging.log4j:log4j-core',
      '2.14.1',
      ['Maven', 'org.apache.logging.log4j:log4j-core', '2.14.1'],
    ],
    ['go', 'golang.org/x/net', 'v0.17.0', ['Go', 'golang.org/x/net', '0.17.0']],
    ['npm', 'lodash', ' 4.17.20 ', ['npm', 'lodash', '4.17.20']],
  ] as const)('%s %s@%s', (ecosystem, name, version, [e, n, v]) => {
    expect(osvPackageVersion(ecosystem, name, version)).toEqual({ ecosystem: e, name: n, version: v });
  });

  test.each([
    ['docker', 'nginx', '1.25'],
    ['npm', 'lodash', ''],
    ['npm', '', '1.0.0'],
  ])('%s %j@%j: nothing to ask', (ecosystem, name, version) => {
    expect(osvPackageVersion(ecosystem, name, version)).toBeNull();
  });

  test.each([
    ['pkg:npm/%40ctrl/tinycolor@4.1.1', { ecosystem: 'npm', name: '@ctrl/tinycolor', version: '4.1.1' }],
    ['pkg:npm/@ctrl/tinycolor@4.1.1', { ecosystem: 'npm', name: '@ctrl/tinycolor', version: '4.1.1' }],
    [
      'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1?type=jar',
      { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1' },
    ],
    [
      'pkg:golang/github.com/gin-gonic/gin@v1.9.0',
      { ecosystem: 'Go', name: 'github.com/gin-gonic/gin', version: '1.9.0' },
    ],
    ['pkg:pypi/django@3.2.0', { ecosystem: 'PyPI', name: 'django', version: '3.2.0' }],
    ['pkg:cargo/serde@1.0.0', { ecosystem: 'crates.io', name: 'serde', version: '1.0.0' }],
    ['pkg:gem/rails@7.0.0', { ecosystem: 'RubyGems', name: 'rails', version: '7.0.0' }],
    [
      'pkg:composer/symfony/http-kernel@6.0.0',
      { ecosystem: 'Packagist', name: 'symfony/http-kernel', version: '6.0.0' },
    ],
    ['pkg:githubactions/actions/checkout@v4', { ecosystem: 'GitHub Actions', name: 'actions/checkout', version: 'v4' }],
    ['pkg:nuget/Newtonsoft.Json@13.0.1', { ecosystem: 'NuGet', name: 'Newtonsoft.Json', version: '13.0.1' }],
  ])('%s', (purl, expected) => {
    expect(osvPackageOfPurl(purl)).toEqual(expected);
  });

  test.each(['pkg:docker/nginx@1.25', 'pkg:npm/lodash', 'lodash@4.17.20', 'not a purl'])(
    '%s: nothing to ask',
    (purl) => {
      expect(osvPackageOfPurl(purl)).toBeNull();
    },
  );
});

const pkg = (name: string, version = '1.0.0', ecosystem = 'npm' as const) => ({ ecosystem, name, version });

describe('the queries: each distinct package version once, at most 1,000 a request', () => {
  test('a package version given twice is one query; the order of first sight is kept', () => {
    const states = distinctQueries([pkg('a'), pkg('b'), pkg('a'), pkg('a', '2.0.0'), pkg('b')]);
    expect(states.map((s) => s.pkg)).toEqual([pkg('a'), pkg('b'), pkg('a', '2.0.0')]);
  });

  test('the key tells ecosystem, name and version apart, whatever characters they hold', () => {
    const keys = [pkg('a', 'b:c'), pkg('a:b', 'c'), { ecosystem: 'PyPI' as const, name: 'a', version: 'b:c' }].map(
      osvPackageKey,
    );
    expect(new Set(keys).size).toBe(3);
  });

  test.each([
    [1, [1]],
    [1_000, [1_000]],
    [1_001, [1_000, 1]],
    [2_500, [1_000, 1_000, 500]],
  ])('%i queries: batches of %j', (n, sizes) => {
    expect(OSV_MAX_QUERIES).toBe(1_000);
    const states = distinctQueries(Array.from({ length: n }, (_, i) => pkg(`p${i}`)));
    expect(queryBatches(states).map((b) => b.length)).toEqual(sizes);
  });

  test('the body: package (ecosystem, name) and version; page_token only where a page is asked for', () => {
    const [a, b] = distinctQueries([pkg('@scope/a'), pkg('b', '2.0.0')]);
    b!.token = 'dG9rZW4=';
    expect(JSON.parse(queryBatchBody([a!, b!]))).toEqual({
      queries: [
        { package: { ecosystem: 'npm', name: '@scope/a' }, version: '1.0.0' },
        { package: { ecosystem: 'npm', name: 'b' }, version: '2.0.0', page_token: 'dG9rZW4=' },
      ],
    });
  });
});

describe('a page merged into what its query has read (contract: "A feed that does not move is not read")', () => {
  const state = () => distinctQueries([pkg('a')])[0]!;

  test('a first page without a token: done, its ids read', () => {
    const s = state();
    expect(mergePage(s, { ids: ['GHSA-1', 'MAL-1'], nextPageToken: null })).toEqual({ ok: true, value: 'done' });
    expect(s.ids).toEqual(['GHSA-1', 'MAL-1']);
  });

  test('a page with a token: more, the token kept for the next request', () => {
    const s = state();
    expect(mergePage(s, { ids: ['A'], nextPageToken: 't1' })).toEqual({ ok: true, value: 'more' });
    expect(s.token).toBe('t1');
    expect(mergePage(s, { ids: ['B'], nextPageToken: null })).toEqual({ ok: true, value: 'done' });
    expect([s.ids, s.token]).toEqual([['A', 'B'], null]);
  });

  test('an id repeated on a later page is counted once', () => {
    const s = state();
    mergePage(s, { ids: ['A', 'B'], nextPageToken: 't1' });
    mergePage(s, { ids: ['B', 'C'], nextPageToken: null });
    expect(s.ids).toEqual(['A', 'B', 'C']);
  });

  test.each([
    ['the same ids again', ['A', 'B']],
    ['one of them again', ['B']],
    ['none', []],
  ])('a further page bringing %s while it still has a token: an incomplete read', (_what, ids) => {
    const s = state();
    mergePage(s, { ids: ['A', 'B'], nextPageToken: 't1' });
    const merged = mergePage(s, { ids, nextPageToken: 't2' });
    expect(merged.ok ? merged.value : merged.error).toMatch(/npm a 1\.0\.0.*nothing new.*page_token.*incomplete/);
  });

  test('a further page with nothing new and no token is the end: nothing was left out', () => {
    const s = state();
    mergePage(s, { ids: ['A'], nextPageToken: 't1' });
    expect(mergePage(s, { ids: ['A'], nextPageToken: null })).toEqual({ ok: true, value: 'done' });
  });

  test("a first page with a token and no id is OSV's start cursor (a query not begun in time): asked again", () => {
    // go/internal/api/query_affected.go: startCursor, "returned if the server responds before a query has even started".
    const s = state();
    expect(mergePage(s, { ids: [], nextPageToken: 'RklSU1RfUEFHRV9UT0tFTg==' })).toEqual({ ok: true, value: 'more' });
    expect(mergePage(s, { ids: [], nextPageToken: 'RklSU1RfUEFHRV9UT0tFTg==' }).ok).toBe(false);
  });
});

describe("querybatch's answer read with zod", () => {
  const answer = (results: unknown) => JSON.stringify({ results });

  test('each result in the order asked: ids, the next page token; unknown fields ignored', () => {
    const read = readQueryBatchAnswer(
      answer([
        { vulns: [{ id: 'GHSA-1', modified: '2023-03-14T05:47:39.989396Z' }, { id: 'MAL-2' }], next_page_token: 'x' },
        {},
        { vulns: [], next_page_token: '' },
        { vulns: null, extra: 1 },
      ]),
      4,
    );
    expect(read).toEqual({
      ok: true,
      value: [
        { ids: ['GHSA-1', 'MAL-2'], nextPageToken: 'x' },
        { ids: [], nextPageToken: null },
        { ids: [], nextPageToken: null },
        { ids: [], nextPageToken: null },
      ],
    });
  });

  test.each([
    ['not JSON', '<html>', /not JSON/],
    ['no results', '{}', /results/],
    ['fewer results than queries', answer([{}]), /1 result for 2 queries/],
    ['more results than queries', answer([{}, {}, {}]), /3 results for 2 queries/],
    ['a vuln without an id', answer([{ vulns: [{ modified: 'x' }] }, {}]), /results\.0\.vulns\.0\.id/],
    ['an empty id', answer([{}, { vulns: [{ id: '' }] }]), /results\.1\.vulns\.0\.id/],
    ['a token that is not a string', answer([{ next_page_token: 5 }, {}]), /results\.0\.next_page_token/],
  ])('%s: not an answer, naming what is wrong', (_what, text, error) => {
    const read = readQueryBatchAnswer(text, 2);
    expect(read.ok ? 'read' : read.error).toMatch(error);
  });
});

describe('a vulnerability record read with zod', () => {
  const records = osvData().records;
  const read = (id: string) => {
    const record = readVulnRecord(JSON.stringify(records.get(id)));
    if (!record.ok) throw new Error(record.error);
    return record.value;
  };

  test("Log4Shell as OSV serves GitHub's advisory: aliases, GitHub's word, summary, the package and its fix", () => {
    expect(read(BAD_PR_ADVISORIES.log4shell)).toEqual({
      id: 'GHSA-jfh8-c2jp-5v3q',
      aliases: ['CVE-2021-44228'],
      ghsa: 'GHSA-jfh8-c2jp-5v3q',
      cves: ['CVE-2021-44228'],
      severity: 'critical',
      score: 10,
      summary: 'Remote code injection in Log4j',
      affected: [{ ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core', fixed: ['2.15.0'] }],
    });
  });

  test("GitHub's MODERATE is medium, whatever the vector says", () => {
    expect(read(BAD_PR_ADVISORIES.micromatch)).toMatchObject({
      severity: 'medium',
      score: 5.3,
      cves: ['CVE-2024-4067'],
    });
  });

  test("without GitHub's word, the CVSS v3 vector's base score banded: NVD's Log4Shell is critical (10.0)", () => {
    expect(read(OSV_CVE_RECORD_ID)).toMatchObject({
      id: 'CVE-2021-44228',
      ghsa: null,
      cves: ['CVE-2021-44228'],
      severity: 'critical',
      score: 10,
      // No summary: the details' first line.
      summary: expect.stringMatching(/^Apache Log4j2 2\.0-beta9 through 2\.15\.0/),
      // Its only affected entry is a GIT range, with no package.
      affected: [],
    });
  });

  test('a MAL- record: no severity known, its package and no fix', () => {
    const { colorStringify } = OSV_MALICIOUS;
    expect(read(colorStringify.id)).toMatchObject({
      severity: 'unknown',
      score: null,
      summary: 'Malicious code in color-stringify (npm)',
      affected: [{ ecosystem: 'npm', name: 'color-stringify', fixed: [] }],
    });
  });

  const record = (fields: Record<string, unknown>) => JSON.stringify({ id: 'PYSEC-2099-1', ...fields });

  test.each([
    [
      'a vector alone',
      { severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L' }] },
      'medium',
      5.3,
    ],
    [
      'two vectors: the worse',
      {
        severity: [
          { type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L' },
          { type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N' },
        ],
      },
      'high',
      7.5,
    ],
    [
      'a CVSS v4 vector only: not read',
      { severity: [{ type: 'CVSS_V4', score: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N' }] },
      'unknown',
      null,
    ],
    ['an unreadable vector', { severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N' }] }, 'unknown', null],
    [
      'a vector scoring 0.0',
      { severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N' }] },
      'unknown',
      0,
    ],
    [
      "GitHub's LOW over a critical vector",
      {
        database_specific: { severity: 'LOW' },
        severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
      },
      'low',
      9.8,
    ],
    [
      'a word GitHub does not use: the vector decides',
      {
        database_specific: { severity: 'SEVERE' },
        severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
      },
      'critical',
      9.8,
    ],
    [
      'a database_specific severity that is no word',
      { database_specific: { severity: { level: 3 } } },
      'unknown',
      null,
    ],
    ['nothing', {}, 'unknown', null],
  ])('%s: %s', (_what, fields, severity, score) => {
    const read = readVulnRecord(record(fields));
    expect(read).toMatchObject({ ok: true, value: { severity, score } });
  });

  test('aliases: the GHSA among them, every CVE (upper-cased), others kept as aliases', () => {
    const read = readVulnRecord(
      record({ aliases: ['cve-2099-0001', 'GHSA-aaaa-bbbb-cccc', 'CVE-2099-0002', 'OSV-1'] }),
    );
    expect(read).toMatchObject({
      ok: true,
      value: {
        ghsa: 'GHSA-aaaa-bbbb-cccc',
        cves: ['CVE-2099-0001', 'CVE-2099-0002'],
        aliases: ['cve-2099-0001', 'GHSA-aaaa-bbbb-cccc', 'CVE-2099-0002', 'OSV-1'],
      },
    });
  });

  test('every fixed version of every range of each package, in order, once', () => {
    const read = readVulnRecord(
      record({
        affected: [
          {
            package: { ecosystem: 'Maven', name: 'g:a' },
            ranges: [
              {
                type: 'ECOSYSTEM',
                events: [{ introduced: '2.0' }, { fixed: '2.3.1' }, { introduced: '2.4' }, { fixed: '2.12.2' }],
              },
              { type: 'ECOSYSTEM', events: [{ introduced: '2.13.0' }, { fixed: '2.15.0' }, { last_affected: '2.16' }] },
              { type: 'ECOSYSTEM', events: [{ introduced: '2.4' }, { fixed: '2.12.2' }] },
            ],
          },
          { package: { ecosystem: 'npm', name: 'b' }, versions: ['1.0.0'] },
        ],
      }),
    );
    expect(read).toMatchObject({
      ok: true,
      value: {
        affected: [
          { ecosystem: 'Maven', name: 'g:a', fixed: ['2.3.1', '2.12.2', '2.15.0'] },
          { ecosystem: 'npm', name: 'b', fixed: [] },
        ],
      },
    });
  });

  test.each([
    ['not JSON', 'nope', /not JSON/],
    ['no id', JSON.stringify({ summary: 'x' }), /id/],
    ['aliases not a list', record({ aliases: 'CVE-1' }), /aliases/],
    [
      'an affected package without a name',
      record({ affected: [{ package: { ecosystem: 'npm' } }] }),
      /affected\.0\.package\.name/,
    ],
    [
      'a fixed version that is not a string',
      record({ affected: [{ ranges: [{ events: [{ fixed: 1 }] }] }] }),
      /affected\.0\.ranges\.0\.events\.0\.fixed/,
    ],
  ])('%s: not a record, naming what is wrong', (_what, text, error) => {
    const read = readVulnRecord(text);
    expect(read.ok ? 'read' : read.error).toMatch(error);
  });
});

describe('malicious versions: the MAL- ids', () => {
  test.each([
    ['MAL-2025-47301', true],
    ['mal-2025-1', true],
    ['Mal-2025-1', true],
    ['GHSA-jfh8-c2jp-5v3q', false],
    ['MALWARE-1', false],
    ['XMAL-1', false],
    ['', false],
  ])('%s: %s', (id, malicious) => {
    expect(isMaliciousId(id)).toBe(malicious);
  });

  test('only the package versions with a MAL- id, and only those ids', () => {
    const a = osvPackageKey(pkg('a'));
    const b = osvPackageKey(pkg('b'));
    const c = osvPackageKey(pkg('c'));
    const found = maliciousIds(
      new Map([
        [a, ['GHSA-1', 'MAL-2025-1', 'mal-2025-2']],
        [b, ['GHSA-2', 'CVE-2099-1']],
        [c, []],
      ]),
    );
    expect([...found]).toEqual([[a, ['MAL-2025-1', 'mal-2025-2']]]);
  });

  test("the link the reason gives: OSV's page of the id", () => {
    expect(osvVulnerabilityUrl('MAL-2025-47301')).toBe('https://osv.dev/vulnerability/MAL-2025-47301');
  });
});

describe('CVSS v3 base scores, from the vector (CVSS v3.1 specification, section 7)', () => {
  // Published scores: NVD's for the CVEs named, FIRST's CVSS v3.1 examples document for the others.
  test.each([
    ['CVE-2021-44228', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', 10.0],
    ['CVE-2021-45046', 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:C/C:H/I:H/A:H', 9.0],
    ['CVE-2021-45105', 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:H', 5.9],
    ['CVE-2021-44832', 'CVSS:3.1/AV:N/AC:H/PR:H/UI:N/S:U/C:H/I:H/A:H', 6.6],
    ['CVE-2024-4067', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L', 5.3],
    ['CVE-2022-22965', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8],
    ['CVE-2014-0160', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', 7.5],
    ['CVE-2021-21315', 'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', 7.8],
    ['CVE-2021-23337', 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', 7.2],
    ['CVE-2013-1937', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', 6.1],
    ['CVE-2014-3566', 'CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N', 3.1],
    ['CVE-2012-1516', 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H', 9.9],
    ['CVE-2009-0783', 'CVSS:3.1/AV:L/AC:L/PR:H/UI:N/S:U/C:L/I:L/A:L', 4.2],
    ['CVE-2013-0375', 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N', 6.4],
    ['CVE-2014-2005', 'CVSS:3.1/AV:P/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 6.8],
    ['CVE-2011-1265', 'CVSS:3.1/AV:A/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 8.8],
    ['CVE-2016-0128', 'CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:H/I:H/A:N', 6.8],
    ['CVE-2015-1098', 'CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H', 7.8],
    ['CVSS 3.0', 'CVSS:3.0/AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H', 9.9],
    ['no impact', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N', 0],
    [
      'temporal metrics after the base: the base score',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E:P/RL:O/RC:C',
      9.8,
    ],
    ['the base metrics in another order', 'CVSS:3.1/S:U/AV:N/AC:L/PR:N/UI:N/C:H/I:H/A:H', 9.8],
  ])('%s %s: %d', (_name, vector, score) => {
    expect(cvss3BaseScore(vector)).toBe(score);
  });

  test.each([
    ['', 'empty'],
    ['AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'no version prefix'],
    ['CVSS:2.0/AV:N/AC:L/Au:N/C:P/I:P/A:P', 'CVSS v2'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 'CVSS v4'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H', 'a base metric missing'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/A:L', 'a base metric twice'],
    ['CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'a value the metric has not'],
    ['CVSS:3.1/av:n/ac:l/pr:n/ui:n/s:u/c:h/i:h/a:h', 'lower case'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/', 'a trailing slash'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/XX:Y', 'an unknown metric'],
  ])('%j (%s): no score', (vector) => {
    expect(cvss3BaseScore(vector)).toBeNull();
  });
});
