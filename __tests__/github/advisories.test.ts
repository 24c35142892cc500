// GitHub's advisories in batches (contract: "Advisories at the scale of a lockfile"): the batches
// and the query (pure), the answer's envelope and each field read (GitHub's GraphQL shapes: data with
// a null field and a NOT_FOUND error about it, errors without data), and the reader against the fake
// GitHub, which checks each query as GitHub does (fields, arguments, first within 1-100, 500,000
// nodes). Expected values come from the records the tests store and GitHub's documented shapes.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { batchesOf, queryOf, readBatch, FIELDS_PER_QUERY } from '../../src/github/advisory-query.js';
import { readAdvisories, readAdvisoryCves } from '../../src/github/advisories.js';
import { graphqlUrlOf } from '../../src/github/context.js';
import { readEnvelope } from '../../src/github/graphql.js';
import { advisoryRecord, startFakeGitHub, type FakeGitHub } from '../../simulator/github.js';

/** GHSA-xxxx-xxxx-{n in GitHub's alphabet}: well formed, made up. */
function ghsa(n: number): string {
  const alphabet = '23456789cfghjmpqrvwx';
  let tail = '';
  for (let i = 0, rest = n; i < 4; i++, rest = Math.floor(rest / 20)) tail = alphabet[rest % 20] + tail;
  return `GHSA-xxxx-xxxx-${tail}`;
}

describe('batches and queries', () => {
  test('each id once whatever its case, at most 100 a batch, in the order given', () => {
    const ids = Array.from({ length: 250 }, (_, i) => ghsa(i));
    const batches = batchesOf([...ids, ids[0]!.toLowerCase(), ` ${ids[1]} `]);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(ids);
    expect(FIELDS_PER_QUERY).toBe(100);
  });

  test('a GHSA id is a securityAdvisory field, a CVE id a securityAdvisories one; values pass as variables, never in the text', () => {
    const { query, variables } = queryOf(['GHSA-jfh8-c2jp-5v3q', 'CVE-2021-44228', 'GHSA-"}{x']);
    expect(variables).toEqual({ a0: 'GHSA-jfh8-c2jp-5v3q', a1: 'CVE-2021-44228', a2: 'GHSA-"}{x' });
    expect(query).toMatch(/^query\(\$a0: String!, \$a1: String!, \$a2: String!\) \{$/m);
    expect(query).toContain('a0: securityAdvisory(ghsaId: $a0) { ...advisory }');
    expect(query).toContain(
      'a1: securityAdvisories(identifier: {type: CVE, value: $a1}, first: 10) { nodes { ...advisory } }',
    );
    expect(query).not.toContain('jfh8');
    // The fields read, said once: CVE ids, and each package's first patched version.
    expect(query.match(/fragment advisory on SecurityAdvisory/g)).toHaveLength(1);
    expect(query).toMatch(/identifiers \{ type value \}/);
    expect(query).toMatch(
      /vulnerabilities\(first: 100\) \{ nodes \{ package \{ ecosystem name \} vulnerableVersionRange firstPatchedVersion \{ identifier \} \} \}/,
    );
  });
});

describe('the answer', () => {
  const LOG4SHELL = {
    ghsaId: 'GHSA-jfh8-c2jp-5v3q',
    identifiers: [
      { type: 'GHSA', value: 'GHSA-jfh8-c2jp-5v3q' },
      { type: 'CVE', value: 'cve-2021-44228' },
      { type: 'CVE', value: 'CVE-2021-44228' },
    ],
    vulnerabilities: {
      nodes: [
        {
          package: { ecosystem: 'MAVEN', name: 'org.apache.logging.log4j:log4j-core' },
          vulnerableVersionRange: '>= 2.0-beta9, < 2.15.0',
          firstPatchedVersion: { identifier: '2.15.0' },
        },
        { package: { ecosystem: 'MAVEN', name: 'org.apache.logging.log4j:log4j-api' }, firstPatchedVersion: null },
      ],
    },
  };

  test.each<[string, number, string, string]>([
    ['not JSON', 200, '<html>', 'GitHub answered HTTP 200, not JSON'],
    ['a gateway’s page', 502, '<html>Bad gateway</html>', 'GitHub answered HTTP 502'],
    [
      'a status other than 200, with GitHub’s message',
      401,
      '{"message":"Bad credentials"}',
      'GitHub answered HTTP 401 (Bad credentials)',
    ],
    [
      'errors without data (a rate limit)',
      200,
      '{"errors":[{"type":"RATE_LIMITED","message":"API rate limit exceeded"}]}',
      'GitHub answered no data (RATE_LIMITED: API rate limit exceeded)',
    ],
    ['no envelope', 200, '[]', 'GitHub answered HTTP 200 with no GraphQL answer'],
  ])('%s: no answer', (_name, status, text, error) => {
    expect(readEnvelope(status, text)).toEqual({ ok: false, error });
  });

  test('each field read; one GitHub does not know (null, NOT_FOUND about its alias) fails alone; CVE ids upper-cased once; packages with their fix', () => {
    const envelope = readEnvelope(
      200,
      JSON.stringify({
        data: {
          a0: LOG4SHELL,
          a1: null,
          a2: { nodes: [LOG4SHELL] },
          a3: { ghsaId: 'GHSA-other' },
          a4: { ...LOG4SHELL, ghsaId: 'GHSA-2222-2222-2222' },
        },
        errors: [
          {
            type: 'NOT_FOUND',
            path: ['a1'],
            message: "Could not resolve to a SecurityAdvisory with the GHSA ID 'GHSA-9999-9999-9999'.",
          },
        ],
      }),
    );
    if (!envelope.ok) throw new Error(envelope.error);
    const read = readBatch(
      ['GHSA-JFH8-C2JP-5V3Q', 'GHSA-9999-9999-9999', 'CVE-2021-44228', 'GHSA-3333-3333-3333', 'GHSA-4444-4444-4444'],
      envelope.value,
    );
    const advisory = {
      ghsaId: 'GHSA-jfh8-c2jp-5v3q',
      cves: ['CVE-2021-44228'],
      vulnerabilities: [
        {
          ecosystem: 'MAVEN',
          name: 'org.apache.logging.log4j:log4j-core',
          range: '>= 2.0-beta9, < 2.15.0',
          firstPatched: '2.15.0',
        },
        { ecosystem: 'MAVEN', name: 'org.apache.logging.log4j:log4j-api', range: null, firstPatched: null },
      ],
    };
    expect(Object.fromEntries(read)).toEqual({
      'GHSA-JFH8-C2JP-5V3Q': { ok: true, value: [advisory] },
      'GHSA-9999-9999-9999': {
        ok: false,
        error: "NOT_FOUND: Could not resolve to a SecurityAdvisory with the GHSA ID 'GHSA-9999-9999-9999'.",
      },
      'CVE-2021-44228': { ok: true, value: [advisory] },
      'GHSA-3333-3333-3333': { ok: false, error: expect.stringMatching(/^GitHub's answer is not an advisory \(/) },
      'GHSA-4444-4444-4444': { ok: false, error: "GitHub's answer is another advisory (GHSA-2222-2222-2222)" },
    });
  });

  test('a null field without an error is not known either; an error naming no field fails every field', () => {
    expect(readBatch(['GHSA-9999-9999-9999'], { data: { a0: null }, errors: [] }).get('GHSA-9999-9999-9999')).toEqual({
      ok: false,
      error: 'GitHub does not know it',
    });
    const all = readBatch(['GHSA-jfh8-c2jp-5v3q', 'CVE-2021-44228'], {
      data: { a0: LOG4SHELL, a1: { nodes: [] } },
      errors: [{ message: 'Something went wrong', type: null, path: [] }],
    });
    expect([...all.values()].map((o) => o.ok)).toEqual([false, false]);
  });

  test('a package GitHub answers oddly is left out of the fix; the advisory and its CVE ids still read', () => {
    const read = readBatch(['GHSA-aaaa-bbbb-cccc'], {
      data: {
        a0: {
          ghsaId: 'GHSA-aaaa-bbbb-cccc',
          identifiers: [{ type: 'CVE', value: 'CVE-2099-0001' }],
          vulnerabilities: {
            nodes: [
              { package: null, firstPatchedVersion: { identifier: '9.9.9' } },
              { package: { ecosystem: 'NPM', name: 'left-pad' }, firstPatchedVersion: { identifier: '1.3.0' } },
            ],
          },
        },
      },
      errors: [],
    });
    expect(read.get('GHSA-aaaa-bbbb-cccc')).toEqual({
      ok: true,
      value: [
        {
          ghsaId: 'GHSA-aaaa-bbbb-cccc',
          cves: ['CVE-2099-0001'],
          vulnerabilities: [{ ecosystem: 'NPM', name: 'left-pad', firstPatched: '1.3.0', range: null }],
        },
      ],
    });
  });
});

test.each([
  [
    'the runner’s GITHUB_GRAPHQL_URL',
    'https://ghes.example/api/graphql/',
    'https://ghes.example/api/v3',
    'https://ghes.example/api/graphql',
  ],
  ['beside github.com’s API', undefined, 'https://api.github.com', 'https://api.github.com/graphql'],
  ['beside GHE.com’s API', '', 'https://api.acme.ghe.com', 'https://api.acme.ghe.com/graphql'],
  [
    'GitHub Enterprise Server: /api/v3 becomes /api/graphql',
    undefined,
    'https://ghes.example/api/v3',
    'https://ghes.example/api/graphql',
  ],
])('GraphQL endpoint: %s', (_name, given, apiUrl, expected) => {
  expect(graphqlUrlOf(given, apiUrl)).toBe(expected);
});

describe('read from the fake GitHub', () => {
  let github: FakeGitHub;
  beforeAll(async () => {
    github = await startFakeGitHub();
  });
  afterAll(() => github.close());
  beforeEach(() => github.reset());
  const options = () => ({
    graphqlUrl: `${github.url}/graphql`,
    token: 'ghs_test_token',
    timeoutMs: 5_000,
    maxRetries: 0,
  });

  test('5,000 advisories: 50 queries, each passing GitHub’s checks, each advisory asked once; the CVE ids of each', async () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => ghsa(i));
    for (const [i, id] of ids.entries())
      github.advisories.set(id, advisoryRecord(id, { cve: `CVE-2099-${10000 + i}`, severity: 'low', summary: id }));
    const read = await readAdvisoryCves([...ids, ids[7]!], options());
    expect(github.requests).toHaveLength(50);
    expect(read.size).toBe(5_000);
    expect(
      ids.every(
        (id, i) => JSON.stringify(read.get(id)) === JSON.stringify({ ok: true, value: [`CVE-2099-${10000 + i}`] }),
      ),
    ).toBe(true);
  });

  test('100 ids known only as CVE ids in one query stay within GitHub’s node limit; each lists the advisories naming it', async () => {
    const cves = Array.from({ length: 100 }, (_, i) => `CVE-2099-${20000 + i}`);
    github.advisories.set(
      ghsa(1),
      advisoryRecord(ghsa(1), {
        cve: cves[3]!,
        severity: 'high',
        summary: 'x',
        affects: { ecosystem: 'pip', name: 'django', range: '< 4', patched: '4.0' },
      }),
    );
    const read = await readAdvisories(cves, options());
    expect(github.requests).toHaveLength(1);
    expect(read.get(cves[3]!)).toEqual({
      ok: true,
      value: [
        {
          ghsaId: ghsa(1),
          cves: [cves[3]],
          vulnerabilities: [{ ecosystem: 'PIP', name: 'django', range: '< 4', firstPatched: '4.0' }],
        },
      ],
    });
    expect(read.get(cves[4]!)).toEqual({ ok: true, value: [] });
  });

  test('a query that fails names its advisories and says why; every advisory of it is a failed read', async () => {
    github.failRoute.graphql = 502;
    const ids = Array.from({ length: 7 }, (_, i) => ghsa(i));
    const read = await readAdvisoryCves(ids, options());
    const message = `GitHub's advisories ${ids.slice(0, 5).join(', ')} and 2 more could not be read: GitHub answered HTTP 502 (Failure).`;
    expect([...read.values()]).toEqual(ids.map(() => ({ ok: false, error: message })));
  });
});
