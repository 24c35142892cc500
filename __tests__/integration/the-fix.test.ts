// The fix (issue 34; contract: "The way out: the fix, and exceptions that are owned and end", and
// "Advisories at the scale of a lockfile"), end to end through dist/ against the simulator and a fake
// GitHub whose GraphQL API serves the advisories. Expected versions come from the simulator's data
// (each advisory's first patched version: serviceAdvisoryFacts) and the contract's words, never
// from src/.
import { beforeEach, describe, expect, test } from '@jest/globals';
import { serviceAdvisoryFacts } from '../../simulator/data.js';
import { advisoryRecord, type FakeGitHub, type GlobalAdvisory } from '../../simulator/github.js';
import { BAD_PR_ADVISORIES as A, badPullRequest } from '../../simulator/pull-requests.js';
import {
  CLEAN,
  expected,
  plain,
  PUSH,
  useFakeGitHub,
  useSimulator,
  webshopAlerts,
  type GateOptions,
  type GateRun,
} from './harness.js';
import {
  cleanLibAlerts,
  findingsOf,
  graphqlRequests,
  idsAskedIn,
  introducedReportOf,
  madeUpGhsa,
  REPORT,
  runOn,
  serve,
  serviceAlert,
} from './introduced-fixtures.js';

const h = useSimulator();
const fake = useFakeGitHub();

/** Every advisory of the service's data, as github.com knows it. */
const seed = (github: FakeGitHub) => {
  for (const [id, facts] of serviceAdvisoryFacts()) github.advisories.set(id, advisoryRecord(id, facts));
};
beforeEach(() => seed(fake.github));

/** Each advisory's first patched version for its package, as the simulator's data says. */
const PATCHED = new Map([...serviceAdvisoryFacts()].map(([id, facts]) => [id, facts.affects?.patched ?? null]));
const cellOf = (version: string | null) => (version === null ? 'none published' : version);

const LOG4SHELL = 'GHSA-jfh8-c2jp-5v3q';
const LOG4J_INCOMPLETE = 'GHSA-7rjr-3q55-vv33';
const JWT_GO = 'GHSA-w73w-5m7g-f7qc'; // high, no patched version
const MINIMIST = 'GHSA-xvch-5gv4-984h';

interface Fix {
  version: string | null;
  advisory: string;
}
interface ReportedAlert {
  id: string;
  advisory: string;
  package: string;
  status: string;
  fix?: Fix | null;
  fixNote?: string;
}
interface Report {
  result: string;
  alerts: ReportedAlert[];
  fixes: { asked: number; notLookedUp: number; error: string | null } | null;
  /** The gating alerts' ids, in the verdict's order (worst first). */
  verdict: { gating: string[] };
  introduced: { findings: { advisory: string; version: string; fix?: Fix | null }[] } | null;
}
const reportOf = (run: GateRun) => JSON.parse(run.files[REPORT]!) as Report;

const env = () => ({ GITHUB_API_URL: fake.github.url });
/** A push to acme/webshop, the JSON report and the PR comment asked for, GitHub the fake. */
const push = (inputs: Record<string, string> = {}, options: GateOptions = {}) =>
  h.gate({ 'report-file': REPORT, 'max-retries': '0', ...inputs }, { ...PUSH, ...options, env: env() });
/** A push to acme/clean-lib (its alerts are the test's). */
const CLEAN_PUSH: GateOptions = {
  eventName: 'push',
  repository: 'acme/clean-lib',
  event: { repository: { id: 987654321, full_name: 'acme/clean-lib' } },
};

/**
 * The rows of the Markdown table whose header starts with `header` (cells as a reader sees them,
 * code marks and links dropped), keyed by the advisory id each row names.
 */
function rowsOf(markdown: string, header: string): Map<string, Record<string, string>> {
  const lines = plain(markdown).split('\n');
  const start = lines.findIndex((l) => l.startsWith(header));
  if (start < 0) return new Map();
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split(' | ')
      .map((c) =>
        c
          .trim()
          .replace(/`/g, '')
          .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'),
      );
  const names = cells(lines[start]!);
  const rows = new Map<string, Record<string, string>>();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const row = Object.fromEntries(cells(line).map((c, i) => [names[i]!, c]));
    const advisory = /GHSA-[\w-]+|CVE-\d+-\d+/.exec(row.Advisory ?? '')?.[0];
    if (advisory) rows.set(advisory, row);
  }
  return rows;
}
const GATING = '| Severity | Advisory | Package | Fix |';
const ALLOWED = '| Advisory | Package | Fix | Severity | Until |';
const DUE = '| Advisory | Package | Fix | Severity | Due |';
const BROUGHT_IN = '| Severity | Advisory | Package | Fix |';

describe('the Fix column, the JSON report and the failure message', () => {
  test('each gating and allowed alert: the first patched version of its own package, or none published; the others null', async () => {
    const run = await push({ 'fail-on-severity': 'high', 'allow-alerts': `${LOG4J_INCOMPLETE} # vendor pins it` });
    expect(run.exitCode).toBe(1);
    const report = reportOf(run);
    const gating = report.alerts.filter((a) => a.status === 'gating');
    expect(gating.length).toBeGreaterThan(10);
    for (const alert of gating)
      expect(alert.fix).toEqual({ version: PATCHED.get(alert.advisory), advisory: alert.advisory });
    expect(gating.find((a) => a.advisory === JWT_GO)?.fix).toEqual({ version: null, advisory: JWT_GO });
    const allowed = report.alerts.filter((a) => a.status === 'allowed');
    expect(allowed.map((a) => [a.advisory, a.fix])).toEqual([
      [LOG4J_INCOMPLETE, { version: '2.16.0', advisory: LOG4J_INCOMPLETE }],
    ]);
    // Alerts that neither gate, nor are due or allowed, are not asked about.
    const others = report.alerts.filter((a) => !['gating', 'allowed'].includes(a.status));
    expect(others.length).toBeGreaterThan(0);
    for (const alert of others) expect(alert.fix).toBeNull();
    const asked = graphqlRequests(fake.github).flatMap(idsAskedIn);
    expect(new Set(asked)).toEqual(new Set([...gating, ...allowed].map((a) => a.advisory)));

    // The summary's tables, a Fix cell in each row.
    const rows = rowsOf(run.summary, GATING);
    expect(rows.get(LOG4SHELL)?.Fix).toBe('2.15.0');
    expect(rows.get(JWT_GO)?.Fix).toBe('none published');
    for (const [advisory, row] of rows) expect(row.Fix).toBe(cellOf(PATCHED.get(advisory) ?? null));
    expect(rowsOf(run.summary, ALLOWED).get(LOG4J_INCOMPLETE)?.Fix).toBe('2.16.0');

    // The failure message says what to upgrade, to which version, where: log4j-core's highest gating fix.
    const failed = run.errors.find((e) => e.startsWith('Security gate failed'));
    expect(failed).toMatch(
      /What to do: upgrade .*org\.apache\.logging\.log4j:log4j-core to 2\.17\.0 in services\/catalog\/pom\.xml/,
    );
    expect(failed).not.toContain('upgrade github.com/dgrijalva/jwt-go');
    expect(report.fixes).toEqual({ asked: asked.length, notLookedUp: 0, error: null });
  });

  test("an alert coming due: its fix in the Coming due table; the comment's gating and due tables carry the Fix column too", async () => {
    // A pull request (the comment is written on one), its change not read: the service's alerts alone.
    const run = await h.gate(
      {
        'report-file': REPORT,
        'max-retries': '0',
        'fail-on-severity': 'high',
        'grace-days': 'critical=0, high=3650',
        'comment-on-pr': 'always',
        'pr-changes': 'off',
      },
      { env: env() },
    );
    expect(run.exitCode).toBe(1);
    const due = reportOf(run).alerts.filter((a) => a.status === 'due');
    expect(due.length).toBeGreaterThan(0);
    for (const alert of due)
      expect(alert.fix).toEqual({ version: PATCHED.get(alert.advisory), advisory: alert.advisory });
    expect(fake.github.comments).toHaveLength(1);
    const comment = fake.github.comments[0]!.body;
    for (const [where, page] of [
      ['summary', run.summary],
      ['comment', comment],
    ] as const) {
      const dueRows = rowsOf(page, DUE);
      // The high jwt-go alert is due (high=3650): GitHub publishes no fix for it.
      expect({ where, jwt: dueRows.get(JWT_GO)?.Fix }).toEqual({ where, jwt: 'none published' });
      const gatingRows = rowsOf(page, GATING);
      expect({ where, log4shell: gatingRows.get(LOG4SHELL)?.Fix }).toEqual({ where, log4shell: '2.15.0' });
      for (const [advisory, row] of [...dueRows, ...gatingRows])
        expect({ where, advisory, fix: row.Fix }).toEqual({
          where,
          advisory,
          fix: cellOf(PATCHED.get(advisory) ?? null),
        });
    }
  });

  test('what a pull request brings in: the Fix column of the summary and the comment, fix on each finding', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { run, report } = await runOn(h, fake.github, pr, { 'comment-on-pr': 'always' });
    const findings = (report as unknown as Report).introduced?.findings ?? [];
    const expectedFix = new Map([
      [A.log4shell, '2.15.0'],
      [A.log4jIncompleteFix, '2.16.0'],
      [A.log4jRecursion, '2.17.0'],
    ]);
    for (const [advisory, version] of expectedFix)
      expect(findings.find((f) => f.advisory === advisory)?.fix).toEqual({ version, advisory });
    const comment = fake.github.comments[0]!.body;
    for (const page of [run.summary, comment]) {
      const rows = rowsOf(page, BROUGHT_IN);
      for (const [advisory, version] of expectedFix) expect(rows.get(advisory)?.Fix).toBe(version);
    }
    expect(run.errors.find((e) => e.startsWith('Security gate failed'))).toMatch(
      /What to do: upgrade org\.apache\.logging\.log4j:log4j-core to 2\.16\.0 in java\/pom\.xml\./,
    );
    expect(findingsOf(report).length).toBe(findings.length);
  });
});

describe('which advisory, which entry', () => {
  test('an alert the service names by a CVE id alone is looked up by CVE: the GHSA advisory that lists it gives the fix', async () => {
    const alerts = h.sim.state.alerts;
    cleanLibAlerts(alerts).push(serviceAlert('alert_django', 'CVE-2022-28346', 'pypi:django@3.2.12', 'CRITICAL'));
    const run = await h.gate({ 'report-file': REPORT, 'max-retries': '0' }, { ...CLEAN_PUSH, env: env() });
    expect(run.exitCode).toBe(1);
    const [alert] = reportOf(run).alerts;
    expect(alert?.fix).toEqual({ version: '3.2.13', advisory: 'GHSA-2hrw-hx67-34x6' });
    const [query] = graphqlRequests(fake.github);
    expect(query?.body).toMatch(/securityAdvisories\(identifier: \{type: CVE, value: \$a0\}/);
    expect(idsAskedIn(query!)).toEqual(['CVE-2022-28346']);
    expect(rowsOf(run.summary, GATING).get('CVE-2022-28346')?.Fix).toBe('3.2.13');
  });

  test("the entry of the alert's own package only: another package's fix is never shown, and none listed is —", async () => {
    // Log4Shell listed on log4j-api first (a made-up fix), then on log4j-core; minimist's advisory lists another package only.
    const log4shell = fake.github.advisories.get(LOG4SHELL) as GlobalAdvisory;
    const core = log4shell.vulnerabilities[0]!;
    log4shell.vulnerabilities = [
      {
        ...core,
        package: { ecosystem: 'maven', name: 'org.apache.logging.log4j:log4j-api' },
        first_patched_version: '9.9.9',
      },
      core,
    ];
    const minimist = fake.github.advisories.get(MINIMIST) as GlobalAdvisory;
    minimist.vulnerabilities = [
      { ...minimist.vulnerabilities[0]!, package: { ecosystem: 'npm', name: 'minimist-fork' } },
    ];
    const run = await push();
    const alerts = reportOf(run).alerts;
    expect(alerts.find((a) => a.advisory === LOG4SHELL)?.fix).toEqual({ version: '2.15.0', advisory: LOG4SHELL });
    expect(alerts.find((a) => a.advisory === MINIMIST)?.fix).toBeNull();
    const rows = rowsOf(run.summary, GATING);
    expect(rows.get(LOG4SHELL)?.Fix).toBe('2.15.0');
    expect(rows.get(MINIMIST)?.Fix).toBe('—');
    expect(run.summary).not.toContain('9.9.9');
    // The annotation on the manifest line says it too, and only where a fix is known.
    const annotation = (id: string) => run.errors.find((e) => e.endsWith(`/advisories/${id}`));
    expect(annotation(LOG4SHELL)).toContain('Fixed in 2.15.0');
    expect(annotation(MINIMIST)).toBeDefined();
    expect(annotation(MINIMIST)).not.toContain('Fixed in');
    expect(run.errors.join('\n')).not.toContain('minimist to');
  });

  test("one package listed for two ranges: the entry whose range holds the alert's version", async () => {
    const TWO_RANGES = madeUpGhsa(3);
    const record = advisoryRecord(TWO_RANGES, {
      cve: null,
      severity: 'critical',
      summary: 'One package, two branches',
      affects: { ecosystem: 'maven', name: 'org.example:core', range: '>= 2.13.0, < 2.15.0', patched: '2.15.0' },
    });
    // The older branch's entry first, so that the first entry of the package is not the answer for both.
    record.vulnerabilities = [
      {
        ...record.vulnerabilities[0]!,
        vulnerable_version_range: '>= 2.0.0, < 2.12.2',
        first_patched_version: '2.12.2',
      },
      ...record.vulnerabilities,
    ];
    fake.github.advisories.set(TWO_RANGES, record);
    cleanLibAlerts(h.sim.state.alerts).push(
      serviceAlert('alert_branch_new', TWO_RANGES, 'pkg:maven/org.example/core@2.14.1', 'critical'),
      serviceAlert('alert_branch_old', TWO_RANGES, 'pkg:maven/org.example/core@2.10.0', 'critical'),
    );
    const run = await h.gate({ 'report-file': REPORT, 'max-retries': '0' }, { ...CLEAN_PUSH, env: env() });
    const fixOf = (id: string) => reportOf(run).alerts.find((a) => a.id === id)?.fix;
    expect(fixOf('alert_branch_new')).toEqual({ version: '2.15.0', advisory: TWO_RANGES });
    expect(fixOf('alert_branch_old')).toEqual({ version: '2.12.2', advisory: TWO_RANGES });
    // One advisory, asked once.
    expect(graphqlRequests(fake.github).flatMap(idsAskedIn)).toEqual([TWO_RANGES]);
  });
});

describe('in batches, at most 1,000 advisories a run', () => {
  /**
   * `n` alerts on acme/clean-lib (critical unless `severityOf` says otherwise), in this order, each of
   * its own advisory on its own package, each known to GitHub.
   */
  function manyAlerts(n: number, severityOf: (i: number) => 'critical' | 'high' = () => 'critical') {
    const list = cleanLibAlerts(h.sim.state.alerts);
    for (let i = 0; i < n; i++) {
      const ghsa = madeUpGhsa(i);
      list.push(serviceAlert(`alert_${i}`, ghsa, `npm:pkg-${i}@1.0.0`, severityOf(i)));
      fake.github.advisories.set(
        ghsa,
        advisoryRecord(ghsa, {
          cve: null,
          severity: severityOf(i),
          summary: `pkg-${i}`,
          affects: { ecosystem: 'npm', name: `pkg-${i}`, range: '< 1.0.1', patched: `1.0.${i + 1}` },
        }),
      );
    }
  }

  test('300 gating alerts of 300 advisories cost 3 GraphQL requests, each advisory asked once', async () => {
    manyAlerts(300);
    const run = await h.gate({ 'report-file': REPORT, 'max-retries': '0' }, { ...CLEAN_PUSH, env: env() });
    const queries = graphqlRequests(fake.github);
    expect(queries).toHaveLength(3);
    const asked = queries.flatMap(idsAskedIn);
    expect(asked).toHaveLength(300);
    expect(new Set(asked).size).toBe(300);
    const report = reportOf(run);
    expect(report.alerts.filter((a) => a.fix?.version === `1.0.${Number(a.id.slice(6)) + 1}`)).toHaveLength(300);
    expect(report.fixes).toEqual({ asked: 300, notLookedUp: 0, error: null });
  }, 60_000);

  test('1,001 advisories, the first listed allowed: the 1,000 gating asked in 10 GraphQL requests; the allowed one "not looked up", in its row and in the log', async () => {
    manyAlerts(1001);
    const allowed = madeUpGhsa(0);
    const run = await h.gate(
      { 'report-file': REPORT, 'max-retries': '0', 'allow-alerts': `${allowed} # vendored` },
      { ...CLEAN_PUSH, env: env() },
    );
    expect(run.exitCode).toBe(1);
    const queries = graphqlRequests(fake.github);
    expect(queries).toHaveLength(10);
    const asked = queries.flatMap(idsAskedIn);
    expect(new Set(asked).size).toBe(1000);
    expect({ allowedAsked: asked.includes(allowed) }).toEqual({ allowedAsked: false });
    const report = reportOf(run);
    const notLookedUp = report.alerts.filter((a) => a.fixNote === 'not-looked-up');
    expect(notLookedUp.map((a) => [a.advisory, a.status, a.fix])).toEqual([[allowed, 'allowed', null]]);
    expect(report.alerts.filter((a) => a.fix?.version)).toHaveLength(1000);
    expect(report.fixes).toEqual({ asked: 1000, notLookedUp: 1, error: null });
    expect(rowsOf(run.summary, ALLOWED).get(allowed)?.Fix).toBe('not looked up');
    expect(run.stdout).toContain('The fix: 1 alert not looked up (at most 1,000 advisories a run).');
  }, 90_000);

  test('1,001 gating advisories, the least severe listed first: the one "not looked up" is the least severe (the last of the gating), not the worst', async () => {
    // One high alert listed first, then 1,000 critical ones: the high one comes last in the verdict's order.
    manyAlerts(1001, (i) => (i === 0 ? 'high' : 'critical'));
    const run = await h.gate(
      { 'report-file': REPORT, 'max-retries': '0', 'fail-on-severity': 'high' },
      { ...CLEAN_PUSH, env: env() },
    );
    expect(run.exitCode).toBe(1);
    expect(run.outputs['gating-count']).toBe('1001');
    const queries = graphqlRequests(fake.github);
    expect(queries).toHaveLength(10);
    const asked = queries.flatMap(idsAskedIn);
    expect(new Set(asked).size).toBe(1000);
    expect({ highAsked: asked.includes(madeUpGhsa(0)) }).toEqual({ highAsked: false });
    const report = reportOf(run);
    expect(report.verdict.gating.at(-1)).toBe('alert_0');
    const notLookedUp = report.alerts.filter((a) => a.fixNote === 'not-looked-up');
    expect(notLookedUp.map((a) => [a.id, a.fix])).toEqual([['alert_0', null]]);
    expect(report.fixes).toEqual({ asked: 1000, notLookedUp: 1, error: null });
    // The summary's gating table (the worst first) shows a version in every row it has room for.
    const rows = rowsOf(run.summary, GATING);
    expect(rows.size).toBeGreaterThan(0);
    for (const [advisory, row] of rows)
      expect({ advisory, fix: row.Fix }).toEqual({ advisory, fix: expect.stringMatching(/^1\.0\.\d+$/) });
  }, 90_000);
});

describe('a read that fails is a warning; the verdict never depends on it', () => {
  test.each([
    ['GitHub answers 500', (github: FakeGitHub) => (github.failRoute.graphql = 500), {}],
    ['github-token is empty', () => undefined, { 'github-token': '' }],
  ])('%s: "not available" in the column, a warning, the same verdict and exit code', async (_what, fail, inputs) => {
    const baseline = await push();
    fail(fake.github);
    const run = await push(inputs);
    expect({ exitCode: run.exitCode, result: run.outputs.result, gating: run.outputs['gating-count'] }).toEqual({
      exitCode: baseline.exitCode,
      result: baseline.outputs.result,
      gating: baseline.outputs['gating-count'],
    });
    expect(run.exitCode).toBe(1);
    expect(run.warnings.join('\n')).toContain(
      'The Fix column says "not available" where it could not be read; the verdict does not depend on it.',
    );
    const rows = rowsOf(run.summary, GATING);
    expect(rows.size).toBeGreaterThan(0);
    for (const row of rows.values()) expect(row.Fix).toBe('not available');
    const gating = reportOf(run).alerts.filter((a) => a.status === 'gating');
    for (const alert of gating) expect(alert).toMatchObject({ fix: null, fixNote: 'not-available' });
    expect(run.errors.find((e) => e.startsWith('Security gate failed'))).not.toContain('upgrade');
  });
  test('GitHub answers errors for one advisory only: that row "not available", the others keep their fix', async () => {
    // A record GitHub fails to render: `errors` for its field, the others answered.
    fake.github.advisories.set(MINIMIST, { ghsa_id: MINIMIST });
    const run = await push();
    expect(run.exitCode).toBe(1);
    expect(run.warnings.join('\n')).toContain('the verdict does not depend on it');
    const rows = rowsOf(run.summary, GATING);
    expect(rows.get(MINIMIST)?.Fix).toBe('not available');
    expect(rows.get(LOG4SHELL)?.Fix).toBe('2.15.0');
    for (const [advisory, row] of rows)
      if (advisory !== MINIMIST)
        expect({ advisory, fix: row.Fix }).toEqual({ advisory, fix: cellOf(PATCHED.get(advisory) ?? null) });
    const alerts = reportOf(run).alerts;
    expect(alerts.find((a) => a.advisory === MINIMIST)).toMatchObject({ fix: null, fixNote: 'not-available' });
    expect(alerts.find((a) => a.advisory === LOG4SHELL)?.fix).toEqual({ version: '2.15.0', advisory: LOG4SHELL });
    const failed = run.errors.find((e) => e.startsWith('Security gate failed'));
    expect(failed).toMatch(/What to do: upgrade /);
    expect(failed).not.toMatch(/upgrade minimist /);
  });

  test('a passing run whose fix read fails still passes (exit 0); the allowed table says "not available"', async () => {
    fake.github.failRoute.graphql = 500;
    const critical = expected(webshopAlerts(h.sim), 'critical').gating.map((a) => a.metadata.id);
    expect(critical.length).toBeGreaterThan(0);
    const run = await push({ 'fail-on-severity': 'critical', 'allow-alerts': critical.join(', ') });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 0, result: 'pass' });
    expect(graphqlRequests(fake.github).length).toBeGreaterThan(0);
    expect(run.warnings.join('\n')).toContain('The Fix column says "not available"');
    const rows = rowsOf(run.summary, ALLOWED);
    expect([...rows.keys()].sort()).toEqual([...new Set(critical)].sort());
    for (const row of rows.values()) expect(row.Fix).toBe('not available');
  });
});

describe('nothing asked twice, nothing asked for nothing', () => {
  test("the findings' advisories read for their CVE ids (known-exploited on) are not asked again", async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { report } = await runOn(h, fake.github, pr, { 'known-exploited': 'warn' });
    const queries = graphqlRequests(fake.github);
    const asked = queries.flatMap(idsAskedIn);
    expect(asked.length).toBe(new Set(asked).size);
    expect(queries).toHaveLength(1);
    for (const finding of (report as unknown as Report).introduced?.findings ?? [])
      expect(finding.fix?.advisory).toBe(finding.advisory);
  });

  test('a passing run with nothing allowed or due asks GitHub nothing, and reports no fixes', async () => {
    const run = await h.gate({ 'report-file': REPORT }, { ...CLEAN, env: env() });
    expect(run.outputs.result).toBe('pass');
    expect(fake.github.requests).toEqual([]);
    expect(introducedReportOf(run)).toMatchObject({ result: 'pass' });
    expect(reportOf(run).fixes).toBeNull();
  });

  test('fail-on-severity none: no GraphQL request, fixes null, every alert fix null', async () => {
    const run = await push({ 'fail-on-severity': 'none' });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 0, result: 'pass' });
    expect(graphqlRequests(fake.github)).toEqual([]);
    const report = reportOf(run);
    expect(report.fixes).toBeNull();
    expect(report.alerts).toHaveLength(webshopAlerts(h.sim).length);
    for (const alert of report.alerts) expect(alert).toHaveProperty('fix', null);
  });
});
