// Verdict integrity, round three (contract: "Verdict integrity" and "Reports"), each through the
// bundled action against the simulator: package rows of one id in two manifests, copies of an alert
// that differ in age, a KEV catalog with nothing usable in it, the service's tokens behind a redirect
// GitHub answers with, no SARIF when the alerts were not read, one verdict, scores held to 0-10.
import { describe, expect, test } from '@jest/globals';
import type { Log } from 'sarif';
import { ADVISORIES, DEMO_TOKEN, MAIN_REPO } from '../../simulator/data.js';
import { compareEntry } from '../../simulator/github.js';
import { kevInputs } from '../../simulator/kev.js';
import type { ScaAlert } from '../../simulator/wire.js';
import { compareKey, pullRequestEvent, reportOf } from './change-fixtures.js';
import { OPS } from './kev-fixtures.js';
import { CLEAN, errorText, PATHS, useFakeGitHub, useSimulator, utcDay, webshopAlerts } from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();
const REPORT = 'security-gate.json';
const SARIF = 'security-gate.sarif';

const log4shell = () => webshopAlerts(h.sim).find((a) => a.metadata.id === ADVISORIES.log4shell)!;

describe('every manifest row counts', () => {
  test('package rows sharing an id but naming two manifests: a change that removes the version from one does not resolve the alert', async () => {
    const alert = log4shell();
    const pkg = h.sim.state.packages.find(
      (p) => p.repositoryId === MAIN_REPO.id && p.name.endsWith(':log4j-core') && p.version === '2.14.1',
    )!;
    // The service lists the same package id in a second manifest (a second module's pom.xml).
    h.sim.state.packages.push({ ...pkg, manifestPath: 'services/billing/pom.xml', manifestStartLine: 40 });
    fake.github.compares.set(compareKey(), [
      compareEntry('removed', pkg, pkg.manifestPath),
      compareEntry('added', { ...pkg, version: '2.17.1' }, pkg.manifestPath),
    ]);
    const run = await h.gate(
      { 'report-file': REPORT, 'pr-introduced': 'off' },
      { event: pullRequestEvent(), env: { GITHUB_API_URL: fake.github.url } },
    );
    const judged = reportOf(run).alerts.find((a) => a.id === alert.id)!;
    expect(judged.status).toBe('gating');
    expect(judged.resolution).toBeNull();
    expect(judged.changedByPullRequest).toBe(true);
    expect(run.outputs['resolved-count']).toBe(
      String(reportOf(run).alerts.filter((a) => a.status === 'resolved').length),
    );
    expect(run.exitCode).toBe(1);
  });
});

describe('duplicates, time included', () => {
  /** One critical alert served twice, on two pages, the copies differing only in createdAt. */
  function twice(first: string, second: string): void {
    const alert = { ...structuredClone(log4shell()), id: 'alert_twice' };
    const low = webshopAlerts(h.sim).filter((a) => a.metadata.severity === 'low');
    h.sim.script(
      PATHS.alerts,
      { body: { alerts: [{ ...alert, createdAt: first }, low[0]], totalCount: 3, page: 1, pageSize: 2 } },
      { body: { alerts: [{ ...alert, createdAt: second }, low[1]], totalCount: 3, page: 2, pageSize: 2 } },
    );
  }
  const recent = `${utcDay(-2)}T10:00:00Z`;
  const old = `${utcDay(-400)}T10:00:00Z`;

  test.each([
    ['the recent copy first', recent, old],
    ['the old copy first', old, recent],
    ['a copy without a readable createdAt', recent, 'not a date'],
  ])('%s: the copy with the earlier createdAt counts, and the alert is overdue, never due', async (_name, a, b) => {
    twice(a, b);
    const run = await h.gate({ 'grace-days': 'critical=30', 'report-file': REPORT }, CLEAN);
    expect(run.outputs).toMatchObject({ result: 'fail', 'gating-count': '1', 'due-count': '0', 'alerts-total': '3' });
    expect(run.exitCode).toBe(1);
  });
});

describe('a source with nothing usable is not a source', () => {
  const NOTHING = JSON.stringify({
    title: 'CISA Catalog of Known Exploited Vulnerabilities',
    catalogVersion: '2026.11.26',
    count: 3,
    vulnerabilities: [{ cveID: 'N/A' }, { cveID: null, vendorProject: 'x' }, { id: 'CVE-2021-44228' }],
  });
  const files = { 'kev.json': NOTHING };

  test('under known-exploited: fail, a catalog in which no entry has a CVE id cannot be parsed: an API error, never a pass', async () => {
    const run = await h.gate(
      { 'known-exploited': 'fail', 'kev-url': 'kev.json', 'max-retries': '0' },
      { ...CLEAN, eventName: 'push', files },
    );
    expect(run.outputs.result).toBe('error');
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toMatch(/KEV catalog \(kev-url kev\.json\).*no entry has a CVE id/);
  });

  test('under known-exploited: warn, a warning, and the verdict as without it', async () => {
    const run = await h.gate(
      { 'known-exploited': 'warn', 'kev-url': 'kev.json' },
      { ...CLEAN, eventName: 'push', files },
    );
    expect(run.outputs.result).toBe('pass');
    expect(run.warnings.join('\n')).toMatch(/no entry has a CVE id/);
  });

  test('the real catalog still reads (a catalog with CVE ids is a catalog)', async () => {
    const run = await h.gate({ ...kevInputs(h.sim.url, 'fail') }, OPS);
    expect(run.outputs.result).toBe('fail');
  });
});

describe('every secret redacted on every path', () => {
  test("a URL GitHub redirected to, named after the service's token secret: refused, and the token nowhere", async () => {
    // GitHub moves the repository's compare elsewhere; the host holds the service's secret (lower-cased).
    fake.github.redirectRoute.compare = `https://${DEMO_TOKEN.secret}.elsewhere.example/compare`;
    const run = await h.gate(
      { 'report-file': REPORT, 'max-retries': '0' },
      { event: pullRequestEvent(), env: { GITHUB_API_URL: fake.github.url } },
    );
    // The harness checks every run for the tokens in the log, outputs, summary and files.
    expect(`${errorText(run)}\n${run.warnings.join('\n')}`).toContain('redirected to https://***.elsewhere.example');
  });
});

describe('no SARIF when the alerts were not read', () => {
  test.each(['fail', 'warn'])('on-api-error %s: no file, and sarif-file empty', async (mode) => {
    h.sim.script(PATHS.alerts, { status: 503 }, { status: 503 });
    const run = await h.gate(
      { 'sarif-file': SARIF, 'report-file': REPORT, 'max-retries': '0', 'on-api-error': mode },
      CLEAN,
    );
    expect(run.outputs.result).toBe('error');
    expect(run.outputs['sarif-file']).toBe('');
    expect(run.files[SARIF]).toBeUndefined();
    expect(run.outputs['report-file']).toBe(REPORT);
  });

  test('once the alerts were read, even with none: the file is written', async () => {
    const run = await h.gate({ 'sarif-file': SARIF }, CLEAN);
    expect(run.outputs['sarif-file']).toBe(SARIF);
    expect((JSON.parse(run.files[SARIF]!) as Log).runs[0]!.results).toEqual([]);
  });
});

describe('one verdict', () => {
  test('a decisive read failed under on-api-error: warn while the alerts pass: every result in the JSON report is error', async () => {
    h.sim.script(PATHS.posture, { status: 503 });
    const run = await h.gate(
      { 'fail-on-critical-issues': 'true', 'on-api-error': 'warn', 'report-file': REPORT, 'max-retries': '0' },
      CLEAN,
    );
    expect(run.outputs.result).toBe('error');
    const report = JSON.parse(run.files[REPORT]!) as { result: string; verdict: { result: string } };
    expect({ result: report.result, verdict: report.verdict.result }).toEqual({ result: 'error', verdict: 'error' });
  });
});

describe('security-severity held to 0.0-10.0', () => {
  test.each([['15', 15]])('a score of %s: security-severity 10 on its rule', async (_name, score) => {
    const alert: ScaAlert = { ...structuredClone(log4shell()), id: 'alert_big_score' };
    const raw = JSON.stringify({ alerts: [alert], totalCount: 1, page: 1, pageSize: 1 }).replace(
      `"severityScore":${JSON.stringify(alert.metadata.severityScore)}`,
      `"severityScore":${typeof score === 'number' ? score : score}`,
    );
    h.sim.script(PATHS.alerts, { status: 200, rawBody: raw });
    const run = await h.gate({ 'sarif-file': SARIF }, CLEAN);
    const log = JSON.parse(run.files[SARIF]!) as Log;
    const rule = log.runs[0]!.tool.driver.rules!.find((r) => r.id === alert.metadata.id)!;
    expect(rule.properties?.['security-severity']).toBe('10');
  });
});
