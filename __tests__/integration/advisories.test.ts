// GitHub's advisories end to end through dist/ (contract: "Advisories at the scale of a lockfile",
// "Matched by what the entry names", "Brought in by the pull request"): read in batches of GraphQL
// fields (at most 100 a query, each advisory once), never one REST request each; read whenever
// something knows a finding by its CVE ids (KEV, EPSS, an allow-alerts entry or a VEX statement that
// names a CVE id), and only then. CVE ids and packages come from the simulator's records
// (simulator/pull-requests.ts, the advisories each test writes with advisoryRecord()), never src/.
import { describe, expect, test } from '@jest/globals';
import { advisoryRecord, compareEntry, type GlobalAdvisory } from '../../simulator/github.js';
import { KEV_CVES, kevInputs } from '../../simulator/kev.js';
import { BAD_PR_ADVISORIES as A, badPullRequest, type BadPullRequest } from '../../simulator/pull-requests.js';
import {
  advisoryRequests,
  cvesOf,
  findingsOf,
  GITHUB_TOKEN,
  graphqlRequests,
  idsAskedIn,
  madeUpGhsa,
  outcome,
  runOn,
  serve,
} from './introduced-fixtures.js';
import { useFakeGitHub, useSimulator, type GateOptions } from './harness.js';
import { vexDocument } from './vex-fixtures.js';

const h = useSimulator();
const fake = useFakeGitHub();

const judge = (pr: BadPullRequest, inputs: Record<string, string> = {}, options: GateOptions = {}) =>
  runOn(h, fake.github, pr, inputs, options);

/** The requests that read an advisory through GitHub's REST API, one advisory each: none should be sent. */
const restAdvisoryRequests = () => fake.github.requests.filter((r) => /\/advisories\//.test(r.path));

/** The CVE ids CISA's catalog (the simulator's extract) lists, for advisories meant to be known exploited. */
const LISTED = [KEV_CVES.struts, KEV_CVES.panOs, KEV_CVES.http2RapidReset];

/**
 * A pull request of acme/clean-lib bringing in `count` npm packages, each with an advisory GitHub
 * rates low: advisory i has CVE-2099-(10000+i), except the first three, which have a CVE the KEV
 * catalog lists.
 */
function lockfileWide(count: number): BadPullRequest {
  const pr = badPullRequest();
  const advisories = new Map<string, GlobalAdvisory>();
  const changes = Array.from({ length: count }, (_, i) => {
    const ghsa = madeUpGhsa(100 + i);
    const cve = LISTED[i] ?? `CVE-2099-${10000 + i}`;
    const name = `lib-${i}`;
    advisories.set(
      ghsa,
      advisoryRecord(ghsa, {
        cve,
        severity: 'low',
        summary: `Advisory of ${name}`,
        affects: { ecosystem: 'npm', name, range: '< 1.0.1', patched: '1.0.1' },
      }),
    );
    return compareEntry('added', { ecosystem: 'npm', name, version: '1.0.0' }, 'package-lock.json', [
      { id: ghsa, severity: 'low' },
    ]);
  });
  const wide = { ...pr, changes, advisories };
  serve(fake.github, wide);
  return wide;
}

describe('advisories at the scale of a lockfile', () => {
  test('250 advisories under known-exploited: fail cost 3 GraphQL requests of at most 100 fields, each advisory asked once, and no REST request', async () => {
    const pr = lockfileWide(250);
    const { run, report } = await judge(pr, { ...kevInputs(h.sim.url, 'fail'), 'fail-on-severity': 'critical' });

    const queries = graphqlRequests(fake.github);
    expect({ graphql: queries.length, rest: restAdvisoryRequests().length }).toEqual({ graphql: 3, rest: 0 });
    const asked = queries.map(idsAskedIn);
    expect(asked.map((ids) => ids.length).sort((a, b) => b - a)).toEqual([100, 100, 50]);
    expect(asked.flat().sort()).toEqual([...pr.advisories.keys()].sort());
    for (const request of queries)
      expect({ method: request.method, path: request.path, authorization: request.authorization }).toEqual({
        method: 'POST',
        path: '/graphql',
        authorization: `Bearer ${GITHUB_TOKEN}`,
      });
    // The fields read are those the contract names (CVE ids, and each package's first patched version for the Fix column).
    const { query } = JSON.parse(queries[0]!.body!) as { query: string };
    for (const field of [
      'securityAdvisory(ghsaId:',
      'identifiers',
      'type',
      'value',
      'vulnerabilities(first:',
      'ecosystem',
      'firstPatchedVersion',
      'identifier',
    ])
      expect(query).toContain(field);

    // Each finding carries its advisory's CVE id; the three the catalog lists gate though GitHub rates them low.
    const findings = findingsOf(report);
    expect(findings).toHaveLength(250);
    for (const f of findings)
      expect({ advisory: f.advisory, cves: f.cves }).toEqual({ advisory: f.advisory, cves: cvesOf(pr, f.advisory) });
    const gating = findings.filter((f) => f.disposition.gates).map((f) => f.cves?.[0]);
    expect(gating.sort()).toEqual([...LISTED].sort());
    expect({
      ...outcome(run),
      gating: run.outputs['gating-count'],
      knownExploited: run.outputs['known-exploited-count'],
    }).toEqual({
      exitCode: 1,
      result: 'fail',
      gating: '3',
      knownExploited: '3',
    });
  });

  test('an advisory GitHub does not know is an API error naming it under pr-introduced: fail; the others in its query are still read', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    fake.github.advisories.delete(A.micromatch);
    const { run, report } = await judge(pr, { ...kevInputs(h.sim.url, 'fail'), 'fail-on-severity': 'critical' });

    expect(graphqlRequests(fake.github)).toHaveLength(1);
    expect(restAdvisoryRequests()).toEqual([]);
    // Log4Shell is known exploited (the catalog lists its CVE): a known failure still wins over the error.
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail' });
    expect(report.errors.filter((e) => e.message.includes(A.micromatch))).toHaveLength(1);
    expect(report.errors.some((e) => e.message.includes(A.log4shell))).toBe(false);
    const cves = Object.fromEntries(findingsOf(report).map((f) => [f.advisory, f.cves]));
    expect(cves).toEqual({
      [A.log4shell]: cvesOf(pr, A.log4shell),
      [A.log4jIncompleteFix]: cvesOf(pr, A.log4jIncompleteFix),
      [A.log4jRecursion]: cvesOf(pr, A.log4jRecursion),
      [A.log4jJdbcAppender]: cvesOf(pr, A.log4jJdbcAppender),
      [A.micromatch]: null,
    });
  });

  test.each([
    [
      'GITHUB_API_URL on GitHub Enterprise Server (/api/v3): GraphQL at /api/graphql',
      (url: string) => ({ GITHUB_API_URL: `${url}/api/v3` }),
      '/api/graphql',
    ],
    [
      'GITHUB_GRAPHQL_URL, as the runner sets it, is where GraphQL goes',
      (url: string) => ({ GITHUB_API_URL: url, GITHUB_GRAPHQL_URL: `${url}/api/graphql` }),
      '/api/graphql',
    ],
  ])('%s', async (_name, env, path) => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { run } = await judge(pr, { ...kevInputs(h.sim.url, 'fail') }, { env: env(fake.github.url) });
    expect(graphqlRequests(fake.github).map((r) => r.path)).toEqual([path]);
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail' });
  });
});

describe('matched by what the entry names: with KEV and EPSS off', () => {
  // At critical, the bad pull request's two log4j-core criticals gate; each has one CVE id (the simulator's records).
  const THRESHOLD = { 'fail-on-severity': 'critical' };

  test("an allow-alerts entry naming a finding's CVE id spares it (the advisories are read for it)", async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const allow = [KEV_CVES.log4shell.toLowerCase(), `${KEV_CVES.log4jIncompleteFix} until 2099-12-31 # vendor pinned`];
    const { run, report } = await judge(pr, { ...THRESHOLD, 'allow-alerts': allow.join('\n') });

    expect(outcome(run)).toEqual({ exitCode: 0, result: 'pass' });
    const allowed = Object.fromEntries(
      findingsOf(report)
        .filter((f) => f.status === 'allowed')
        .map((f) => [f.advisory, f.allowedBy?.id]),
    );
    expect(allowed).toEqual({ [A.log4shell]: allow[0], [A.log4jIncompleteFix]: KEV_CVES.log4jIncompleteFix });
    expect({ gating: run.outputs['gating-count'], allowed: run.outputs['allowed-count'] }).toEqual({
      gating: '0',
      allowed: '2',
    });
    expect(graphqlRequests(fake.github)).toHaveLength(1);
  });

  test("a VEX statement naming a finding's CVE id spares it", async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const log4j = 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1';
    const vex = vexDocument('urn:acme:log4j', [
      {
        vulnerability: KEV_CVES.log4shell,
        products: [log4j],
        status: 'not_affected',
        justification: 'vulnerable_code_not_present',
      },
      {
        vulnerability: { name: 'log4j incomplete fix', aliases: [KEV_CVES.log4jIncompleteFix] },
        products: [log4j],
        status: 'fixed',
      },
    ]);
    fake.github.files.set(`${pr.repository}/vex.json@${pr.base}`, { text: vex, token: GITHUB_TOKEN });
    const { run, report } = await judge(pr, { ...THRESHOLD, 'vex-files': 'vex.json' });

    expect(outcome(run)).toEqual({ exitCode: 0, result: 'pass' });
    const spared = findingsOf(report)
      .filter((f) => f.status === 'not-affected')
      .map((f) => f.advisory);
    expect(spared.sort()).toEqual([A.log4shell, A.log4jIncompleteFix].sort());
    expect({ gating: run.outputs['gating-count'], vex: run.outputs['vex-count'] }).toEqual({ gating: '0', vex: '2' });
  });

  test('no entry or statement naming a CVE id: no advisory is read at all, and the findings gate by their GHSA ids alone', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const log4j = 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1';
    const vex = vexDocument('urn:acme:log4j', [
      {
        vulnerability: A.log4shell,
        products: [log4j],
        status: 'not_affected',
        justification: 'vulnerable_code_not_present',
      },
    ]);
    fake.github.files.set(`${pr.repository}/vex.json@${pr.base}`, { text: vex, token: GITHUB_TOKEN });
    const { run, report } = await judge(pr, {
      ...THRESHOLD,
      'vex-files': 'vex.json',
      'allow-alerts': `${A.log4jRecursion} # a GHSA id`,
    });

    // The one advisory read is the fix's, after the verdict ("The fix"): GHSA ids only, never a CVE lookup.
    const asked = advisoryRequests(fake.github);
    expect(asked.map((r) => r.path)).toEqual(['/graphql']);
    expect(idsAskedIn(asked[0]!).filter((id) => !id.startsWith('GHSA-'))).toEqual([]);
    expect(idsAskedIn(asked[0]!)).toEqual(expect.arrayContaining(findingsOf(report).map((f) => f.advisory)));
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail' });
    const status = Object.fromEntries(findingsOf(report).map((f) => [f.advisory, { status: f.status, cves: f.cves }]));
    expect(status).toMatchObject({
      [A.log4shell]: { status: 'not-affected', cves: null },
      [A.log4jIncompleteFix]: { status: 'gating', cves: null },
    });
  });

  test('an advisory that cannot be read leaves the entry unmatched: a warning names it, and the finding gates (fail closed)', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    fake.github.failRoute.graphql = 500;
    const { run, report } = await judge(pr, { ...THRESHOLD, 'allow-alerts': KEV_CVES.log4shell });

    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail' });
    expect(findingsOf(report).find((f) => f.advisory === A.log4shell)?.status).toBe('gating');
    expect(run.warnings.some((w) => w.includes(A.log4shell) && w.includes('allow-alerts'))).toBe(true);
    expect(report.errors).toEqual([]);
  });
});
