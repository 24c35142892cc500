// Exploit prediction (EPSS), end to end through dist/ (contract: "Exploit prediction (EPSS)",
// "Verdict integrity"): FIRST's API and its daily CSV (plain, gzipped, by URL and from the
// workspace, at a pull request's base commit) as the simulator serves them; every rule that spares
// an alert the threshold would gate; each way a source fails, closed under a threshold and a warning
// under show; what leaves (CVE ids only). Expectations come from the simulator's scores and alerts
// (simulator/epss.ts, simulator/data.ts), never from src/.
import { describe, expect, test } from '@jest/globals';
import { gzipSync } from 'node:zlib';
import { fixPullRequestChanges, KEV_REPO, KEV_REPO_ADVISORIES, MAIN_REPO } from '../../simulator/data.js';
import {
  EPSS_API_PATH,
  EPSS_CSV_GZ_PATH,
  EPSS_CSV_PATH,
  EPSS_SCORES,
  epssCsvGzip,
  epssCsvText,
  epssInputs,
} from '../../simulator/epss.js';
import { BAD_PR_ADVISORIES as BAD_PR, badPullRequest } from '../../simulator/pull-requests.js';
import type { ScaAlert } from '../../simulator/wire.js';
import { advisoryRequests, cvesOf, findingsOf, runOn, serve, type ReportedFinding } from './introduced-fixtures.js';
import { compareKey, pullRequestEvent } from './change-fixtures.js';
import { OPS, opsAlerts, REPORT, SARIF } from './kev-fixtures.js';
import { vexDocument } from './vex-fixtures.js';
import { errorText, PUSH, useFakeGitHub, useSimulator, utcDay, type GateOptions, type GateRun } from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();

const judge = (epss: string, inputs: Record<string, string> = {}, options: GateOptions = OPS) =>
  h.gate({ ...epssInputs(h.sim.url, epss), 'max-retries': '0', ...inputs }, options);

const outcome = (run: GateRun) => ({
  exitCode: run.exitCode,
  result: run.outputs.result,
  gating: run.outputs['gating-count'],
  epss: run.outputs['epss-count'],
});

/** The simulator's score of an alert: the highest over its CVE ids (metadata.id and aliases); undefined when none. */
function scoreOf(alert: ScaAlert): { cve: string; epss: number; percentile: number } | undefined {
  const scored = [alert.metadata.id, ...alert.metadata.aliases]
    .map((id) => id.toUpperCase())
    .flatMap((cve) => (EPSS_SCORES[cve] ? [{ cve, epss: EPSS_SCORES[cve][0], percentile: EPSS_SCORES[cve][1] }] : []));
  return scored.sort((a, b) => b.epss - a.epss)[0];
}

/** acme/ops-console's alerts at or above `threshold` by the simulator's scores. */
const atOrAbove = (threshold: number) => opsAlerts(h.sim).filter((a) => (scoreOf(a)?.epss ?? -1) >= threshold);

const systeminformation = () => opsAlerts(h.sim).find((a) => a.metadata.id === KEV_REPO_ADVISORIES.knownExploited)!;

interface ReportedAlert {
  id: string;
  advisory: string;
  status: string;
  disposition: { rule: string; reason: string; gates: boolean };
  epss: { probability: number; percentile: number; date: string; cve: string } | null;
  epssMissing?: true;
}
const reported = (run: GateRun) =>
  JSON.parse(run.files[REPORT]!) as { alerts: ReportedAlert[]; epss: Record<string, unknown> | null; result: string };
const epssRequests = () => h.sim.requests.filter((r) => r.path.startsWith('/epss/'));
/** The `cve` values of the API requests, as sent. */
const cveValues = () => h.requests(EPSS_API_PATH).map((r) => new URL(r.url, 'http://x').searchParams.get('cve') ?? '');

describe('the threshold gates whatever the severity, with no grace period', () => {
  test('0.5 on acme/ops-console (high and medium only, passing at critical): the high alert scored 97.2% gates', async () => {
    const run = await judge('0.5', { 'report-file': REPORT, 'sarif-file': SARIF });
    const expected = atOrAbove(0.5);
    expect(expected.map((a) => a.metadata.id)).toEqual([KEV_REPO_ADVISORIES.knownExploited]);
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', epss: '1' });
    const alert = reported(run).alerts.find((a) => a.advisory === KEV_REPO_ADVISORIES.knownExploited)!;
    const score = scoreOf(systeminformation())!;
    expect(alert.disposition).toMatchObject({ gates: true, rule: 'epss' });
    expect(alert.epss).toEqual({
      probability: score.epss,
      percentile: score.percentile,
      date: utcDay(),
      cve: score.cve,
    });
    // The marks: one decimal, the percentile rounded down, beside every alert; the date on the rests-on line.
    expect(run.summary).toContain('EPSS 97.2% · p99');
    expect(run.summary).toContain(`score date ${utcDay()}`);
    expect(run.summary).toMatch(/1 alert fails the gate by its EPSS probability/);
    // Its error annotation says so first.
    expect(run.errors.join('\n')).toContain(
      `EPSS 97.2% · p99 (${score.cve}, ${utcDay()}): at or above the epss threshold, it fails the gate whatever its severity`,
    );
    const sarif = JSON.parse(run.files[SARIF]!) as {
      runs: { results: { ruleId: string; properties?: { epss?: unknown } }[] }[];
    };
    const result = sarif.runs[0]!.results.find((r) => r.ruleId === KEV_REPO_ADVISORIES.knownExploited)!;
    expect(result.properties?.epss).toEqual(alert.epss);
  });

  test.each([
    ['10%', 0.1],
    ['0.1', 0.1],
    ['0.3%', 0.003],
    ['0.001', 0.001],
  ])('epss %s: the alerts at or above %d gate, and epss-count counts them', async (given, threshold) => {
    const run = await judge(given, { 'report-file': REPORT });
    const expected = atOrAbove(threshold);
    expect(outcome(run)).toEqual({
      exitCode: 1,
      result: 'fail',
      gating: String(expected.length),
      epss: String(expected.length),
    });
    const gating = reported(run)
      .alerts.filter((a) => a.status === 'gating')
      .map((a) => a.advisory);
    expect(gating.sort()).toEqual(expected.map((a) => a.metadata.id).sort());
  });

  test('show: the scores are shown, nothing gates by them, epss-count is empty', async () => {
    const run = await judge('show', { 'report-file': REPORT });
    expect(outcome(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', epss: '' });
    expect(reported(run).alerts.every((a) => a.epss !== null || a.epssMissing)).toBe(true);
    expect(run.summary).toContain('`epss: show`');
  });

  test('grace-days do not delay it: under fail-on-severity high with 30 days for high, the scored alert gates, the other high one is due', async () => {
    const now = new Date().toISOString();
    for (const alert of opsAlerts(h.sim)) alert.createdAt = now;
    const run = await judge('0.5', { 'fail-on-severity': 'high', 'grace-days': 'high=30', 'report-file': REPORT });
    const statuses = Object.fromEntries(reported(run).alerts.map((a) => [a.advisory, a.status]));
    expect(statuses[KEV_REPO_ADVISORIES.knownExploited]).toBe('gating');
    expect(statuses[KEV_REPO_ADVISORIES.notListed]).toBe('due');
    expect(outcome(run)).toMatchObject({ exitCode: 1, result: 'fail', gating: '1', epss: '1' });
  });
});

describe('what still spares an alert at or above the threshold (counted in epss-count all the same)', () => {
  test.each([
    ['allowed by allow-alerts', { 'allow-alerts': KEV_REPO_ADVISORIES.knownExploited }, () => undefined, 'allowed'],
    [
      'not alerted by the service',
      {},
      () => {
        systeminformation().isAlerted = false;
      },
      'not-alerted',
    ],
    [
      'only unreachable uses, under ignore-unreachable',
      { 'ignore-unreachable': 'true' },
      () => {
        systeminformation().reachabilityCounts = { reachable: 0, needsReview: 0, unreachable: 3 };
      },
      'unreachable',
    ],
  ])('%s', async (_name, inputs: Record<string, string>, arrange, status) => {
    arrange();
    const run = await judge('0.5', { ...inputs, 'report-file': REPORT });
    expect(outcome(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', epss: '1' });
    const alert = reported(run).alerts.find((a) => a.advisory === KEV_REPO_ADVISORIES.knownExploited)!;
    expect(alert.status).toBe(status);
    // Listed where such alerts are (the allowed table), with its mark.
    if (status === 'allowed') expect(run.summary).toContain('EPSS 97.2% · p99');
  });

  test('a CVE the source does not score: "no EPSS score", never gating by EPSS', async () => {
    h.sim.epss.scores.delete(scoreOf(systeminformation())!.cve);
    const run = await judge('0.5', { 'report-file': REPORT });
    expect(outcome(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', epss: '0' });
    const alert = reported(run).alerts.find((a) => a.advisory === KEV_REPO_ADVISORIES.knownExploited)!;
    expect(alert).toMatchObject({ epss: null, epssMissing: true });
    // The others are still scored.
    expect(reported(run).alerts.filter((a) => a.epss !== null)).toHaveLength(
      opsAlerts(h.sim).filter((a) => scoreOf(a)).length - 1,
    );
  });
});

describe('what leaves for the API: CVE ids, nothing else', () => {
  test('no token, cookie or repository; the query is cve (and offset) only, each value a CVE id', async () => {
    const run = await judge('0.5', { 'github-token': 'ghs_shouldNeverReachFirst' });
    expect(outcome(run)).toMatchObject({ result: 'fail' });
    const requests = h.requests(EPSS_API_PATH);
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.method).toBe('GET');
      const names = Object.keys(request.headers);
      expect(names.filter((n) => /authorization|cookie|token|api/i.test(n))).toEqual([]);
      const query = new URL(request.url, 'http://x').searchParams;
      expect([...query.keys()].filter((k) => k !== 'cve' && k !== 'offset')).toEqual([]);
      for (const id of query.get('cve')!.split(',')) expect(id).toMatch(/^CVE-\d{4}-\d+$/);
      expect(request.url).not.toMatch(/ops-console|repo_ops|acme|GHSA/i);
      expect(JSON.stringify(request.headers)).not.toMatch(/ops-console|repo_ops|ghs_/);
    }
    // Every CVE id of the alerts asked once.
    const asked = cveValues().flatMap((v) => v.split(','));
    const ids = opsAlerts(h.sim).flatMap((a) =>
      [a.metadata.id, ...a.metadata.aliases].filter((id) => /^CVE-/i.test(id)),
    );
    expect(asked.sort()).toEqual([...new Set(ids.map((id) => id.toUpperCase()))].sort());
  });
});

/** `n` alerts on acme/ops-console, each with its own long CVE id (25 characters), the first scored 0.9. */
function manyAlerts(n: number): string[] {
  const template = systeminformation();
  const ids = Array.from({ length: n }, (_, i) => `CVE-2024-${String(1_000_000_000_000_000 + i).slice(0, 16)}`);
  h.sim.state.alerts[KEV_REPO.id] = ids.map((cve, i) => ({
    ...structuredClone(template),
    id: `alert_many_${i}`,
    metadata: {
      ...structuredClone(template.metadata),
      id: `GHSA-many-${i}`,
      aliases: [cve],
      severity: 'low',
      severityScore: 2,
    },
  }));
  h.sim.epss.scores.set(ids[0]!, { epss: 0.9, percentile: 0.999 });
  return ids;
}

describe('batches and pages', () => {
  test('batches of at most 2,000 characters of the cve value (commas included), each id asked once', async () => {
    const ids = manyAlerts(400);
    const run = await judge('0.5');
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', epss: '1' });
    const values = cveValues();
    expect(values.length).toBeGreaterThan(1);
    for (const value of values) expect(value.length).toBeLessThanOrEqual(2_000);
    expect(values.flatMap((v) => v.split(',')).sort()).toEqual([...ids].sort());
  });

  test('offset paging: the API pages one score at a time, the rest is asked for with offset, all are read', async () => {
    h.sim.epss.pageSize = 1;
    const run = await judge('0.001', { 'report-file': REPORT });
    const expected = atOrAbove(0.001);
    expect(outcome(run)).toEqual({
      exitCode: 1,
      result: 'fail',
      gating: String(expected.length),
      epss: String(expected.length),
    });
    const offsets = h.requests(EPSS_API_PATH).map((r) => new URL(r.url, 'http://x').searchParams.get('offset'));
    expect(offsets.filter((o) => o !== null).length).toBeGreaterThan(0);
    expect(reported(run).alerts.filter((a) => a.epss !== null)).toHaveLength(
      opsAlerts(h.sim).filter((a) => scoreOf(a)).length,
    );
  });
});

describe('asked as each alert page arrives, before the page is checked', () => {
  test('an alert the gate cannot judge (it has no id) has its CVE id asked with its page, and is not among the ids the scores are given for', async () => {
    // 150 alerts of long CVE ids on one page: the first batch (76 ids, 2,000 characters) is full as
    // the page arrives and leaves at once; the rest wait for the verdict's ask.
    const ids = manyAlerts(150);
    h.sim.faults.alertFields = [{ where: (a) => a.id === 'alert_many_1', set: { id: undefined } }];
    const run = await judge('0.5', { 'on-api-error': 'warn' });
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', epss: '1' });
    expect(run.stdout).toMatch(/1 alert without what the gate needs, so the gate cannot judge it: alert 2 of page 1/);
    // Each id once, the one of the alert that could not be judged too: it left before the check.
    expect(
      cveValues()
        .flatMap((v) => v.split(','))
        .sort(),
    ).toEqual([...ids].sort());
    expect(run.stdout).toContain('EPSS scores: 1 of 149 CVE ids scored');
  });
});

describe('the API failing: closed under a threshold, a warning under show', () => {
  test('HTTP 503 then the scores: retried, read, the scored alert gates', async () => {
    h.sim.script(EPSS_API_PATH, { status: 503, headers: { 'Retry-After': '0' } });
    const run = await judge('0.5', { 'max-retries': '1' });
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', epss: '1' });
    expect(h.requests(EPSS_API_PATH)).toHaveLength(2);
  });

  const FAILURES: { name: string; why: RegExp; arrange: () => void }[] = [
    { name: 'HTTP 500', why: /HTTP 500/, arrange: () => h.sim.script(EPSS_API_PATH, { status: 500 }) },
    {
      name: 'an answer that is not JSON',
      why: /cannot be read as FIRST's EPSS API: an answer is not JSON/,
      arrange: () =>
        h.sim.script(EPSS_API_PATH, { rawBody: '{"data": [', headers: { 'Content-Type': 'application/json' } }),
    },
    {
      name: 'a probability that is not a fraction',
      why: /unusable entry 1 of data \(its epss/,
      arrange: () =>
        h.sim.script(EPSS_API_PATH, {
          body: { total: 1, data: [{ cve: 'CVE-2021-21315', epss: '1.5', percentile: '0.9', date: utcDay() }] },
        }),
    },
    {
      name: 'no score for any CVE id asked',
      why: /score none of the \d+ CVE ids asked for/,
      arrange: () => h.sim.epss.scores.clear(),
    },
    {
      name: 'an answer over 16 MiB',
      why: /larger than 16 MiB/,
      arrange: () => h.sim.script(EPSS_API_PATH, { chunks: () => bigJson(17 * 1024 * 1024) }),
    },
  ];

  test.each(FAILURES)('$name: an API error (exit 1, result error), naming epss-url', async ({ why, arrange }) => {
    arrange();
    const run = await judge('0.5');
    expect(outcome(run)).toMatchObject({ exitCode: 1, result: 'error', epss: '' });
    expect(errorText(run)).toContain(`The EPSS scores (epss-url ${h.sim.url}${EPSS_API_PATH})`);
    expect(errorText(run)).toMatch(why);
  });

  test('on-api-error warn: result error, exit 0', async () => {
    h.sim.script(EPSS_API_PATH, { status: 500 });
    const run = await judge('0.5', { 'on-api-error': 'warn' });
    expect(outcome(run)).toMatchObject({ exitCode: 0, result: 'error' });
  });

  test('show: a warning, the verdict unchanged', async () => {
    h.sim.script(EPSS_API_PATH, { status: 500 });
    const run = await judge('show');
    expect(outcome(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', epss: '' });
    expect(run.warnings.join('\n')).toContain('The EPSS scores');
  });

  test('a known failure wins: acme/webshop, whose critical alerts gate anyway, fails', async () => {
    h.sim.script(EPSS_API_PATH, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    const run = await judge('0.5', {}, PUSH);
    expect(run.outputs['repository-id']).toBe(MAIN_REPO.id);
    expect(outcome(run)).toMatchObject({ exitCode: 1, result: 'fail', epss: '' });
  });
});

/** A JSON answer of about `bytes` bytes, made as it is sent. */
function* bigJson(bytes: number): Generator<string> {
  yield '{"total":0,"data":[],"padding":"';
  const piece = 'x'.repeat(64 * 1024);
  for (let sent = 0; sent < bytes; sent += piece.length) yield piece;
  yield '"}';
}

describe("FIRST's daily CSV", () => {
  test.each([
    ['.csv by URL', 'csv' as const],
    ['.csv.gz by URL', 'csv.gz' as const],
  ])('%s: read once, the model version and score date shown, the scored alert gates', async (_name, source) => {
    const run = await h.gate({ ...epssInputs(h.sim.url, '0.5', source), 'report-file': REPORT }, OPS);
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', epss: '1' });
    expect(epssRequests()).toHaveLength(1);
    expect(h.requests(EPSS_API_PATH)).toEqual([]);
    expect(reported(run).epss).toMatchObject({
      read: true,
      modelVersion: h.sim.epss.modelVersion,
      scoreDate: utcDay(),
    });
    expect(run.summary).toContain(`model \`${h.sim.epss.modelVersion}\``);
  });

  test('a .csv.gz in the workspace: read from there, nothing asked over the network', async () => {
    const run = await judge(
      '0.5',
      { 'epss-url': 'security/epss.csv.gz' },
      { ...OPS, files: { 'security/epss.csv.gz': epssCsvGzip(h.sim.epss) } },
    );
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', epss: '1' });
    expect(epssRequests()).toEqual([]);
  });

  test('scores more than 7 days old: a warning, and they still gate', async () => {
    h.sim.epss.date = utcDay(-10);
    const run = await h.gate({ ...epssInputs(h.sim.url, '0.5', 'csv'), 'max-retries': '0' }, OPS);
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', epss: '1' });
    expect(run.warnings.join('\n')).toMatch(
      new RegExp(`EPSS scores are dated ${utcDay(-10)}, 10 days before this run`),
    );
  });

  const CSV_FAILURES: { name: string; path: string; why: RegExp; body: () => Iterable<string | Uint8Array> }[] = [
    {
      name: 'a wrong header',
      path: EPSS_CSV_PATH,
      why: /no header "cve,epss,percentile"/,
      body: () => [epssCsvText(h.sim.epss).replace('cve,epss,percentile', 'cve,score')],
    },
    {
      name: 'no first line of FIRST',
      path: EPSS_CSV_PATH,
      why: /does not start with FIRST's line/,
      body: () => [epssCsvText(h.sim.epss).split('\n').slice(1).join('\n')],
    },
    {
      name: 'a row that is not a row',
      path: EPSS_CSV_PATH,
      why: /line 4 is not a row/,
      body: () => [epssCsvText(h.sim.epss).replace(/\n(CVE-[^\n]*)\n/, '\n$1\n<html>\n')],
    },
    {
      name: 'gzip that does not unpack',
      path: EPSS_CSV_GZ_PATH,
      why: /gzip data does not unpack/,
      body: () => {
        const packed = Buffer.from(epssCsvGzip(h.sim.epss));
        packed.fill(0x41, 20, 60);
        return [packed];
      },
    },
    {
      name: 'more than 64 MiB unpacked (a small gzip)',
      path: EPSS_CSV_GZ_PATH,
      why: /larger than 64 MiB unpacked/,
      body: () => [
        gzipSync(Buffer.concat([Buffer.from(epssCsvText(h.sim.epss)), Buffer.alloc(65 * 1024 * 1024, '\n')])),
      ],
    },
  ];

  test.each(CSV_FAILURES)('$name: an API error under a threshold', async ({ path, why, body }) => {
    h.sim.script(path, { chunks: body, headers: { 'Content-Type': 'application/octet-stream' } });
    const source = path === EPSS_CSV_GZ_PATH ? 'csv.gz' : 'csv';
    const run = await h.gate({ ...epssInputs(h.sim.url, '0.5', source), 'max-retries': '0' }, OPS);
    expect(outcome(run)).toMatchObject({ exitCode: 1, result: 'error', epss: '' });
    expect(errorText(run)).toMatch(why);
  });
});

describe('an epss-url path on a pull request is read at the base commit', () => {
  const BASE = '1111111111111111111111111111111111111111';
  const HEAD = '2222222222222222222222222222222222222222';
  const PATH = 'security/epss.csv';
  const onPullRequest = (proposed: string | null): GateOptions => ({
    eventName: 'pull_request',
    repository: KEV_REPO.name,
    event: {
      repository: { id: Number(KEV_REPO.externalId), full_name: KEV_REPO.name },
      pull_request: {
        number: 42,
        base: { sha: BASE },
        head: { sha: HEAD, repo: { full_name: KEV_REPO.name, fork: false } },
      },
    },
    files: proposed === null ? {} : { [PATH]: proposed },
    env: { GITHUB_API_URL: fake.github.url, GITHUB_RUN_ID: '99' },
  });

  test('the base copy judges; the change lowering the score in its own copy does not spare the alert', async () => {
    fake.github.files.set(`${KEV_REPO.name}/${PATH}@${BASE}`, { text: epssCsvText(h.sim.epss) });
    const lowered = epssCsvText(h.sim.epss).replace(/CVE-2021-21315,[^\n]*/, 'CVE-2021-21315,0.00001,0.00100');
    const run = await judge('0.5', { 'epss-url': PATH, 'pr-changes': 'off' }, onPullRequest(lowered));
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', epss: '1' });
    expect(fake.github.requests.some((r) => r.path.includes('/contents/security/epss.csv'))).toBe(true);
  });

  test('absent at the base (the commit readable): a failed read, an API error under a threshold', async () => {
    fake.github.commits.add(`${KEV_REPO.name}@${BASE}`);
    const run = await judge('0.5', { 'epss-url': PATH, 'pr-changes': 'off' }, onPullRequest(epssCsvText(h.sim.epss)));
    expect(outcome(run)).toMatchObject({ exitCode: 1, result: 'error' });
    expect(errorText(run)).toMatch(/epss-url security\/epss\.csv\).*no such file at the base commit 1111111/);
  });
});

describe('what a pull request brings in, through its advisories CVE ids', () => {
  test('a moderate finding whose CVE scores at or above the threshold gates whatever its severity; the advisory is read for its CVE ids', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const [cve] = cvesOf(pr, BAD_PR.micromatch);
    h.sim.epss.scores.set(cve!, { epss: 0.8, percentile: 0.995 });
    const { run, report } = await runOn(h, fake.github, pr, {
      ...epssInputs(h.sim.url, '0.5'),
      'fail-on-severity': 'critical',
    });
    const finding = findingsOf(report).find((f) => f.advisory === BAD_PR.micromatch)! as ReportedFinding & {
      epss: { probability: number; cve: string } | null;
    };
    expect(finding).toMatchObject({ severity: 'medium', status: 'gating', disposition: { rule: 'epss', gates: true } });
    expect(finding.epss).toMatchObject({ probability: 0.8, cve });
    expect(advisoryRequests(fake.github).length).toBeGreaterThan(0);
    expect(run.summary).toContain('EPSS 80.0% · p99');
    // Every finding and alert at or above it counts, whatever else applies (the critical Log4Shell ones score 94%).
    const scored = findingsOf(report).filter((f) =>
      cvesOf(pr, f.advisory).some((c) => (h.sim.epss.scores.get(c)?.epss ?? 0) >= 0.5),
    );
    expect(run.outputs['epss-count']).toBe(String(scored.length));
  });
});

describe('inputs, validated before any request whatever epss says', () => {
  test.each([
    [{ epss: '0' }, /epss.*above 0 and at most 1/],
    [{ epss: '1.5' }, /epss.*above 0 and at most 1/],
    [{ epss: '150%' }, /epss.*above 0 and at most 1/],
    [{ epss: 'maybe' }, /epss.*off, show, or a threshold/],
    [{ 'epss-url': 'ftp://mirror.example.com/epss.csv' }, /epss-url.*only https:\/\//],
    [{ 'epss-url': 'http://mirror.example.com/epss.csv' }, /epss-url.*only https:\/\//],
    [{ 'epss-url': 'security/epss.json' }, /epss-url.*\.csv or \.csv\.gz/],
    [{ 'epss-url': '../epss.csv' }, /epss-url.*leads out of the workspace/],
    [{ 'epss-url': 'https://user:secret@mirror.example.com/epss.csv' }, /epss-url.*credentials/],
    [{ 'epss-url': 'https://api.first.org/data/v1/epss?envelope=true' }, /epss-url.*query/],
  ])('%j: an input error, nothing sent', async (inputs, why) => {
    const run = await h.gate(inputs, OPS);
    expect(outcome(run)).toMatchObject({ exitCode: 1, result: 'error' });
    expect(errorText(run)).toMatch(why);
    expect(h.sim.requests).toEqual([]);
  });
});

describe('an alert the pull request resolves does not gate by EPSS either', () => {
  test('acme/webshop with fail-on-severity none and epss 0.5: the pull request upgrades every package scored at or above it, the gate passes; the PR comment says what the verdict rests on', async () => {
    const webshop = h.sim.state.alerts[MAIN_REPO.id] ?? [];
    const likely = webshop.filter((a) => a.isAlerted && (scoreOf(a)?.epss ?? 0) >= 0.5).map((a) => a.metadata.id);
    expect(likely.length).toBeGreaterThan(0);
    fake.github.compares.set(compareKey(), fixPullRequestChanges(h.sim.state));
    const run = await h.gate(
      {
        ...epssInputs(h.sim.url, '0.5'),
        'fail-on-severity': 'none',
        'pr-introduced': 'off',
        'comment-on-pr': 'always',
        'report-file': REPORT,
        'max-retries': '0',
      },
      { event: pullRequestEvent(), env: { GITHUB_API_URL: fake.github.url } },
    );
    const statuses = Object.fromEntries(reported(run).alerts.map((a) => [a.advisory, a.status]));
    for (const advisory of likely)
      expect({ advisory, status: statuses[advisory] }).toEqual({ advisory, status: 'resolved' });
    expect(outcome(run)).toMatchObject({ exitCode: 0, result: 'pass', gating: '0' });
    expect(run.outputs['epss-count']).toBe(String(webshop.filter((a) => (scoreOf(a)?.epss ?? 0) >= 0.5).length));
    const comment = fake.github.comments.at(-1)?.body ?? '';
    expect(comment).toContain('**Exploit prediction** (`epss: 0.5`)');
    expect(comment).toContain(`score date ${utcDay()}`);
    expect(comment).toContain('EPSS 94.4% · p99'); // Log4Shell, resolved: 0.94358 and 0.99957
  });
});

test('an alert listed with a CVE the source does not score says "no EPSS score" there (gating on its severity)', async () => {
  h.sim.epss.scores.delete(scoreOf(systeminformation())!.cve);
  const run = await judge('0.5', { 'fail-on-severity': 'high' });
  const high = opsAlerts(h.sim).filter((a) => a.metadata.severity?.toLowerCase() === 'high');
  expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail', gating: String(high.length), epss: '0' });
  const row = run.summary.split('\n').find((line) => line.includes(KEV_REPO_ADVISORIES.knownExploited));
  expect(row).toContain('no EPSS score');
});

test('a VEX statement of not_affected spares an alert the threshold would gate (its rule comes first); epss-count still counts it', async () => {
  const alert = systeminformation();
  const doc = vexDocument('https://acme.example/vex/ops', [
    {
      vulnerability: scoreOf(alert)!.cve,
      products: [alert.metadata.packageIdentifier],
      status: 'not_affected',
      justification: 'vulnerable_code_not_in_execute_path',
    },
  ]);
  const run = await judge(
    '0.5',
    { 'vex-files': 'ops.openvex.json', 'report-file': REPORT },
    { ...OPS, files: { 'ops.openvex.json': doc } },
  );
  expect(outcome(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', epss: '1' });
  const reportedAlert = reported(run).alerts.find((a) => a.advisory === KEV_REPO_ADVISORIES.knownExploited)!;
  expect(reportedAlert).toMatchObject({ status: 'not-affected', disposition: { rule: 'vex', gates: false } });
  expect(reportedAlert.epss).toMatchObject({ cve: scoreOf(alert)!.cve });
});
