// The fake GitHub's dependency review compare in pages (Link headers as GitHub writes them, one
// page failing, a next link to another origin), its global security advisories (on REST, and through
// GraphQL as GitHub's GraphQL reference shapes them), and the compare entries the simulator builds,
// checked against GitHub's REST reference (github-schemas.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import {
  advisoryRecord,
  compareEntry,
  startFakeGitHub,
  type CompareEntry,
  type FakeGitHub,
} from '../../simulator/github.js';
import { compareEntrySchema, globalAdvisorySchema } from './github-schemas.js';

let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
});
afterAll(() => github.close());
beforeEach(() => github.reset());

const KEY = 'acme/webshop/aaa...bbb';
const PATH = '/repos/acme/webshop/dependency-graph/compare/aaa...bbb';
const pkg = (n: number) => ({ ecosystem: 'npm', name: `pkg-${n}`, version: '1.0.0' });
/** `count` added entries, pkg-1 … pkg-count, in that order. */
const entries = (count: number) =>
  Array.from({ length: count }, (_, i) => compareEntry('added', pkg(i + 1), 'package.json'));
const names = (body: unknown) => (body as CompareEntry[]).map((e) => e.name);

async function get(pathAndQuery: string, origin = github.url) {
  const response = await fetch(`${origin}${pathAndQuery}`);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the test looks at the text
  }
  return { status: response.status, link: response.headers.get('link'), body, text };
}

/** A Link header as GitHub writes it, for `path` on this fake: `[rel, page]` in the order given. */
const link = (path: string, perPage: number, ...rels: Array<[string, number]>) =>
  rels.map(([rel, page]) => `<${github.url}${path}?page=${page}&per_page=${perPage}>; rel="${rel}"`).join(', ');

describe('the compare in pages', () => {
  test('comparePageSize null (the default): the whole compare in one answer, no Link header', async () => {
    github.compares.set(KEY, entries(5));
    const page = await get(PATH);
    expect(page).toMatchObject({ status: 200, link: null });
    expect(names(page.body)).toEqual(['pkg-1', 'pkg-2', 'pkg-3', 'pkg-4', 'pkg-5']);
  });

  test('every page and its Link header: next and last on the first, all four between, prev and first on the last', async () => {
    github.compares.set(KEY, entries(5));
    github.comparePageSize = 2;
    const first = await get(PATH);
    expect(names(first.body)).toEqual(['pkg-1', 'pkg-2']);
    expect(first.link).toBe(link(PATH, 2, ['next', 2], ['last', 3]));
    const second = await get(`${PATH}?page=2&per_page=2`);
    expect(names(second.body)).toEqual(['pkg-3', 'pkg-4']);
    expect(second.link).toBe(link(PATH, 2, ['prev', 1], ['next', 3], ['last', 3], ['first', 1]));
    const third = await get(`${PATH}?page=3&per_page=2`);
    expect(names(third.body)).toEqual(['pkg-5']);
    expect(third.link).toBe(link(PATH, 2, ['prev', 2], ['first', 1]));
    // The query is recorded on compare requests: which pages were asked for.
    expect(github.requests.map((r) => [r.path, r.query])).toEqual([
      [PATH, undefined],
      [PATH, 'page=2&per_page=2'],
      [PATH, 'page=3&per_page=2'],
    ]);
  });

  test('following rel="next" from the first page reads every entry once, in order', async () => {
    github.compares.set(KEY, entries(7));
    github.comparePageSize = 3;
    const read: string[] = [];
    let next: string | null = `${github.url}${PATH}`;
    for (let pages = 0; next && pages < 10; pages++) {
      const response = await fetch(next);
      read.push(...names(await response.json()));
      next = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
    }
    expect(read).toEqual(entries(7).map((e) => e.name));
    expect(github.requests.map((r) => r.query)).toEqual([undefined, 'page=2&per_page=3', 'page=3&per_page=3']);
  });

  test.each([
    ['an exact multiple of the page size: no empty page after it', 4, 2, 2],
    ['fewer entries than a page: one page, no Link header', 1, 2, 1],
    ['no entries: one empty page, no Link header', 0, 2, 1],
  ])('%s', async (_name, count, size, pages) => {
    github.compares.set(KEY, entries(count));
    github.comparePageSize = size;
    const first = await get(PATH);
    expect(names(first.body)).toEqual(entries(Math.min(count, size)).map((e) => e.name));
    if (pages === 1) expect(first.link).toBeNull();
    else expect(first.link).toBe(link(PATH, size, ['next', 2], ['last', pages]));
    const last = await get(`${PATH}?page=${pages}&per_page=${size}`);
    expect(last.link ?? '').not.toContain('rel="next"');
  });

  test('the page size is the fake’s, whatever per_page the client asks for; a page past the last is empty', async () => {
    github.compares.set(KEY, entries(5));
    github.comparePageSize = 2;
    const asked = await get(`${PATH}?per_page=100`);
    expect(names(asked.body)).toEqual(['pkg-1', 'pkg-2']);
    expect(asked.link).toBe(link(PATH, 2, ['next', 2], ['last', 3]));
    const past = await get(`${PATH}?page=9&per_page=2`);
    expect(past).toMatchObject({ status: 200, body: [] });
    expect(past.link).not.toContain('rel="next"');
  });

  test('under /api/v3 (GitHub Enterprise Server) the links keep the prefix', async () => {
    github.compares.set(KEY, entries(3));
    github.comparePageSize = 2;
    const first = await get(`/api/v3${PATH}`);
    expect(first.link).toBe(link(`/api/v3${PATH}`, 2, ['next', 2], ['last', 2]));
    expect(github.requests.map((r) => r.path)).toEqual([`/api/v3${PATH}`]);
  });

  test.each<[string, number | 'garbage', number, string]>([
    ['a 500', 500, 500, '{"message":"Failure"}'],
    ['a 200 that is not JSON', 'garbage', 200, '<html>upstream error</html>'],
  ])('failComparePage fails one page with %s, each time, and no other', async (_name, status, code, text) => {
    github.compares.set(KEY, entries(5));
    github.comparePageSize = 2;
    github.failComparePage = { page: 2, status };
    expect(names((await get(PATH)).body)).toEqual(['pkg-1', 'pkg-2']);
    for (let i = 0; i < 2; i++) expect(await get(`${PATH}?page=2&per_page=2`)).toMatchObject({ status: code, text });
    expect(names((await get(`${PATH}?page=3&per_page=2`)).body)).toEqual(['pkg-5']);
  });

  test('failComparePage page 1 is the request without a page', async () => {
    github.compares.set(KEY, entries(3));
    github.comparePageSize = 2;
    github.failComparePage = { page: 1, status: 502 };
    expect((await get(PATH)).status).toBe(502);
    expect((await get(`${PATH}?page=1&per_page=2`)).status).toBe(502);
    expect((await get(`${PATH}?page=2&per_page=2`)).status).toBe(200);
  });

  test('compareNextOrigin: the next link names the other origin; prev, last and first stay on this one', async () => {
    github.compares.set(KEY, entries(5));
    github.comparePageSize = 2;
    github.compareNextOrigin = 'http://127.0.0.2:9';
    const second = await get(`${PATH}?page=2&per_page=2`);
    expect(second.link).toBe(
      [
        `<${github.url}${PATH}?page=1&per_page=2>; rel="prev"`,
        `<http://127.0.0.2:9${PATH}?page=3&per_page=2>; rel="next"`,
        `<${github.url}${PATH}?page=3&per_page=2>; rel="last"`,
        `<${github.url}${PATH}?page=1&per_page=2>; rel="first"`,
      ].join(', '),
    );
  });

  test('failRoute.compare still fails every page', async () => {
    github.compares.set(KEY, entries(3));
    github.comparePageSize = 2;
    github.failRoute.compare = 403;
    expect((await get(PATH)).status).toBe(403);
    expect((await get(`${PATH}?page=2&per_page=2`)).status).toBe(403);
  });
});

describe('global security advisories', () => {
  const LOG4SHELL = 'GHSA-jfh8-c2jp-5v3q';
  const record = () =>
    advisoryRecord(LOG4SHELL, {
      cve: 'CVE-2021-44228',
      severity: 'critical',
      summary: 'Remote code injection in Log4j',
    });

  test('advisoryRecord builds a record GitHub’s schema accepts, the CVE id in cve_id and in identifiers', () => {
    const built = record();
    expect(globalAdvisorySchema.safeParse(built).error).toBeUndefined();
    expect(built).toMatchObject({
      ghsa_id: LOG4SHELL,
      cve_id: 'CVE-2021-44228',
      severity: 'critical',
      summary: 'Remote code injection in Log4j',
      html_url: `https://github.com/advisories/${LOG4SHELL}`,
      identifiers: [
        { type: 'GHSA', value: LOG4SHELL },
        { type: 'CVE', value: 'CVE-2021-44228' },
      ],
    });
  });

  test('advisoryRecord without a CVE id: cve_id null, only the GHSA identifier; the optional facts where GitHub puts them', () => {
    const built = advisoryRecord('GHSA-xxxx-xxxx-xxxx', {
      cve: null,
      severity: 'medium',
      summary: 'Something moderate',
      affects: { ecosystem: 'npm', name: 'left-pad', range: '< 1.3.1', patched: '1.3.1' },
      cvss: { vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L', score: 5.3 },
      cwes: [{ cwe_id: 'CWE-1333', name: 'Inefficient Regular Expression Complexity' }],
      publishedAt: '2024-05-14T15:30:01Z',
    });
    expect(globalAdvisorySchema.safeParse(built).error).toBeUndefined();
    expect(built).toMatchObject({
      cve_id: null,
      identifiers: [{ type: 'GHSA', value: 'GHSA-xxxx-xxxx-xxxx' }],
      vulnerabilities: [
        {
          package: { ecosystem: 'npm', name: 'left-pad' },
          vulnerable_version_range: '< 1.3.1',
          first_patched_version: '1.3.1',
        },
      ],
      cvss: { score: 5.3 },
      cvss_severities: { cvss_v3: { score: 5.3 }, cvss_v4: null },
      published_at: '2024-05-14T15:30:01Z',
    });
  });

  test.each(['', '/api/v3'])(
    'GET %s/advisories/{ghsa_id} answers the stored record; the request is recorded',
    async (prefix) => {
      github.advisories.set(LOG4SHELL, record());
      const answer = await get(`${prefix}/advisories/${LOG4SHELL}`);
      expect(answer).toMatchObject({ status: 200, body: record() });
      expect(github.requests).toEqual([
        { method: 'GET', path: `${prefix}/advisories/${LOG4SHELL}`, authorization: undefined },
      ]);
    },
  );

  test('an unknown advisory is a 404 with GitHub’s message', async () => {
    github.advisories.set(LOG4SHELL, record());
    expect(await get('/advisories/GHSA-0000-0000-0000')).toMatchObject({ status: 404, body: { message: 'Not Found' } });
  });

  test.each<[string, number | 'garbage', number, unknown]>([
    ['500', 500, 500, { message: 'Failure' }],
    ['403', 403, 403, { message: 'Resource not accessible by integration' }],
    ['garbage', 'garbage', 200, '<html>upstream error</html>'],
  ])('failRoute.advisories %s fails the advisories and nothing else', async (_name, failure, status, body) => {
    github.advisories.set(LOG4SHELL, record());
    github.compares.set(KEY, entries(1));
    github.failRoute.advisories = failure;
    expect(await get(`/advisories/${LOG4SHELL}`)).toMatchObject({ status, body });
    expect((await get(PATH)).status).toBe(200);
  });
});

describe('GraphQL: the same advisories', () => {
  const LOG4SHELL = 'GHSA-jfh8-c2jp-5v3q';
  const MICROMATCH = 'GHSA-952p-6rrq-rcjv';
  const TOKEN = 'Bearer ghs_graphql';
  beforeEach(() => {
    github.advisories.set(
      LOG4SHELL,
      advisoryRecord(LOG4SHELL, {
        cve: 'CVE-2021-44228',
        severity: 'critical',
        summary: 'Remote code injection in Log4j',
        affects: {
          ecosystem: 'maven',
          name: 'org.apache.logging.log4j:log4j-core',
          range: '>= 2.13.0, < 2.15.0',
          patched: '2.15.0',
        },
      }),
    );
    github.advisories.set(
      MICROMATCH,
      advisoryRecord(MICROMATCH, {
        cve: 'CVE-2024-4067',
        severity: 'medium',
        summary: 'ReDoS in micromatch',
        affects: { ecosystem: 'npm', name: 'micromatch', range: '< 4.0.8', patched: null },
      }),
    );
  });

  async function post(body: unknown, { path = '/graphql', authorization = TOKEN as string | null } = {}) {
    const response = await fetch(`${github.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] },
    };
  }

  const FRAGMENT = `fragment advisory on SecurityAdvisory {
    ghsaId identifiers { type value }
    vulnerabilities(first: 100) { nodes { package { ecosystem name } firstPatchedVersion { identifier } } }
  }`;

  test.each(['/graphql', '/api/graphql'])(
    'POST %s: aliased securityAdvisory fields answer only what was asked, in GraphQL’s words; the body is recorded',
    async (path) => {
      const query = `query($a: String!, $b: String!) { a0: securityAdvisory(ghsaId: $a) { ...advisory } a1: securityAdvisory(ghsaId: $b) { severity summary } }\n${FRAGMENT}`;
      const request = { query, variables: { a: LOG4SHELL, b: MICROMATCH } };
      expect(await post(request, { path })).toEqual({
        status: 200,
        body: {
          data: {
            a0: {
              ghsaId: LOG4SHELL,
              identifiers: [
                { type: 'GHSA', value: LOG4SHELL },
                { type: 'CVE', value: 'CVE-2021-44228' },
              ],
              vulnerabilities: {
                nodes: [
                  {
                    package: { ecosystem: 'MAVEN', name: 'org.apache.logging.log4j:log4j-core' },
                    firstPatchedVersion: { identifier: '2.15.0' },
                  },
                ],
              },
            },
            a1: { severity: 'MODERATE', summary: 'ReDoS in micromatch' },
          },
        },
      });
      expect(github.requests).toEqual([{ method: 'POST', path, authorization: TOKEN, body: JSON.stringify(request) }]);
    },
  );

  test('an advisory it does not know is null with a NOT_FOUND error naming its alias; the others are answered', async () => {
    const query =
      'query($a: String!, $b: String!) { x: securityAdvisory(ghsaId: $a) { ghsaId } y: securityAdvisory(ghsaId: $b) { ghsaId } }';
    const { body } = await post({ query, variables: { a: 'GHSA-0000-0000-0000', b: LOG4SHELL } });
    expect(body.data).toEqual({ x: null, y: { ghsaId: LOG4SHELL } });
    expect(body.errors).toEqual([expect.objectContaining({ type: 'NOT_FOUND', path: ['x'] })]);
  });

  test('securityAdvisories(identifier: {type: CVE, value:}) lists the advisories naming that CVE id', async () => {
    const query = `query($c: String!) { c: securityAdvisories(identifier: {type: CVE, value: $c}, first: 10) { nodes { ...advisory } } }\n${FRAGMENT}`;
    const { body } = await post({ query, variables: { c: 'cve-2024-4067' } });
    expect(body).toEqual({
      data: {
        c: {
          nodes: [
            {
              ghsaId: MICROMATCH,
              identifiers: [
                { type: 'GHSA', value: MICROMATCH },
                { type: 'CVE', value: 'CVE-2024-4067' },
              ],
              vulnerabilities: {
                nodes: [{ package: { ecosystem: 'NPM', name: 'micromatch' }, firstPatchedVersion: null }],
              },
            },
          ],
        },
      },
    });
  });

  test.each([
    [
      'a field the type lacks',
      '{ securityAdvisory(ghsaId: "x") { cveId } }',
      /Field 'cveId' doesn't exist on type 'SecurityAdvisory'/,
    ],
    ['an argument the field lacks', '{ securityAdvisory(id: "x") { ghsaId } }', /doesn't accept argument 'id'/],
    [
      'a connection without first',
      '{ securityAdvisory(ghsaId: "x") { vulnerabilities { totalCount } } }',
      /must provide a `first` or `last`/,
    ],
    [
      'first over 100',
      '{ securityAdvisory(ghsaId: "x") { vulnerabilities(first: 101) { totalCount } } }',
      /exceeds the `first` limit of 100/,
    ],
    ['a variable not declared', '{ securityAdvisory(ghsaId: $a) { ghsaId } }', /Variable \$a .* not declared/],
    ['an object type without selections', '{ securityAdvisory(ghsaId: "x") }', /must have selections/],
    [
      'a fragment not defined',
      '{ securityAdvisory(ghsaId: "x") { ...nope } }',
      /Fragment nope was used, but not defined/,
    ],
    ['text that is not GraphQL', '{ securityAdvisory(ghsaId: "x") {', /Parse error/],
  ])('a query with %s is refused before anything runs: errors, no data', async (_name, query, message) => {
    const { status, body } = await post({ query, variables: {} });
    expect(status).toBe(200);
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(message) })]);
  });

  test('a query over 500,000 nodes is refused (MAX_NODE_LIMIT_EXCEEDED)', async () => {
    const fields = Array.from(
      { length: 60 },
      (_, i) => `c${i}: securityAdvisories(first: 100) { nodes { vulnerabilities(first: 100) { totalCount } } }`,
    );
    const { body } = await post({ query: `{ ${fields.join(' ')} }` });
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual([expect.objectContaining({ type: 'MAX_NODE_LIMIT_EXCEEDED' })]);
  });

  test('no token: 401, as GitHub answers anyone unauthenticated', async () => {
    expect(
      await post({ query: '{ securityAdvisory(ghsaId: "x") { ghsaId } }' }, { authorization: null }),
    ).toMatchObject({
      status: 401,
      body: { message: 'This endpoint requires you to be authenticated.' },
    });
  });

  test('failRoute.graphql fails GraphQL and not the REST advisories', async () => {
    github.failRoute.graphql = 502;
    expect((await post({ query: '{ securityAdvisory(ghsaId: "x") { ghsaId } }' })).status).toBe(502);
    expect((await get(`/advisories/${LOG4SHELL}`)).status).toBe(200);
  });
});

describe('compare entries', () => {
  test('the old arguments: each advisory high, a summary naming it, no license, runtime scope', () => {
    const entry = compareEntry('removed', { ecosystem: 'maven', name: 'org.acme:core', version: '1.0' }, 'pom.xml', [
      'GHSA-aaaa-bbbb-cccc',
    ]);
    expect(compareEntrySchema.safeParse(entry).error).toBeUndefined();
    expect(entry).toEqual({
      change_type: 'removed',
      manifest: 'pom.xml',
      ecosystem: 'maven',
      name: 'org.acme:core',
      version: '1.0',
      package_url: 'pkg:maven/org.acme/core@1.0',
      license: null,
      scope: 'runtime',
      source_repository_url: null,
      vulnerabilities: [
        {
          severity: 'high',
          advisory_ghsa_id: 'GHSA-aaaa-bbbb-cccc',
          advisory_summary: 'Advisory GHSA-aaaa-bbbb-cccc',
          advisory_url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc',
        },
      ],
    });
  });

  test('per advisory severity and summary, a license and a scope', () => {
    const entry = compareEntry(
      'added',
      { ecosystem: 'npm', name: '@acme/tool', version: '2.0.0' },
      'package-lock.json',
      [{ id: 'GHSA-aaaa-bbbb-cccc', severity: 'moderate', summary: 'ReDoS in tool' }, 'GHSA-dddd-eeee-ffff'],
      { license: 'GPL-3.0-only', scope: 'development' },
    );
    expect(compareEntrySchema.safeParse(entry).error).toBeUndefined();
    expect(entry).toMatchObject({
      package_url: 'pkg:npm/%40acme/tool@2.0.0',
      license: 'GPL-3.0-only',
      scope: 'development',
      vulnerabilities: [
        { severity: 'moderate', advisory_ghsa_id: 'GHSA-aaaa-bbbb-cccc', advisory_summary: 'ReDoS in tool' },
        { severity: 'high', advisory_ghsa_id: 'GHSA-dddd-eeee-ffff', advisory_summary: 'Advisory GHSA-dddd-eeee-ffff' },
      ],
    });
  });
});

test('reset() forgets the paging, the failing page, the other origin and the advisories', async () => {
  github.comparePageSize = 2;
  github.failComparePage = { page: 1, status: 500 };
  github.compareNextOrigin = 'http://127.0.0.2:9';
  github.advisories.set('GHSA-jfh8-c2jp-5v3q', {});
  github.failRoute.advisories = 500;
  github.reset();
  expect(github).toMatchObject({
    comparePageSize: null,
    failComparePage: null,
    compareNextOrigin: null,
    failRoute: {},
  });
  expect(github.advisories.size).toBe(0);
  github.compares.set(KEY, entries(3));
  expect(await get(PATH)).toMatchObject({ status: 200, link: null });
});
