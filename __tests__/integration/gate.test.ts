// The gate end to end against the simulator: verdict, counts, thresholds, allow-alerts,
// ignore-unreachable and fail-on-critical-issues, all computed from the simulator's data.
import { describe, expect, test } from '@jest/globals';
import { ADVISORIES, CLEAN_REPO, MAIN_REPO, ORG_ID } from '../../simulator/data.js';
import {
  CLEAN,
  countOutputs,
  errorText,
  expected,
  PATHS,
  useSimulator,
  utcDay,
  webshopAlerts,
  worstFirst,
  type Threshold,
} from './harness.js';

const h = useSimulator();

describe('failing and passing gates', () => {
  test('acme/webshop fails at the default critical threshold: exit 1, counts from the data, error names count and worst alerts', async () => {
    const e = expected(webshopAlerts(h.sim), 'critical');
    expect(e.gating.length).toBeGreaterThan(0);
    const run = await h.gate();

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({
      result: 'fail',
      'repository-id': MAIN_REPO.id,
      'allowed-count': '0',
      ...countOutputs(e),
    });

    // One ::error:: for the failure, naming the count and the worst alerts.
    const failure = run.errors.find((m) => /security gate failed/i.test(m));
    expect(failure).toBeDefined();
    expect(failure).toContain(`${e.gating.length} alerts`);
    const worst = worstFirst(e.gating);
    expect(failure).toContain(worst[0]!.metadata.id);
    expect(failure).toContain(ADVISORIES.log4shell);
    // Log groups are opened and closed.
    const groups = run.commands.filter((c) => c.command === 'group').length;
    expect(groups).toBeGreaterThan(0);
    expect(run.commands.filter((c) => c.command === 'endgroup')).toHaveLength(groups);

    // Requests: the installation listed once, the alerts of this repository only, with the organisation.
    expect(h.requests(PATHS.repositories)).toHaveLength(1);
    expect(h.requests(PATHS.repositories)[0]!.body).toMatchObject({ appId: '4242', organizationId: ORG_ID });
    const alertRequests = h.requests(PATHS.alerts);
    expect(alertRequests.length).toBeGreaterThan(0);
    for (const r of alertRequests)
      expect(r.body).toMatchObject({ organizationId: ORG_ID, repositoryIds: [MAIN_REPO.id] });
    expect(h.requests(PATHS.posture)).toHaveLength(1);
    expect(h.requests(PATHS.timeSaved)).toHaveLength(1);
    expect(h.requests(PATHS.schedule)).toHaveLength(1);
    // Every request carries the token headers; nothing is sent but POST.
    for (const r of h.sim.requests) {
      expect(r.method).toBe('POST');
      expect(r.headers['x-service-api-token-id']).toBe('sim-token-id');
    }
  });

  test('acme/clean-lib passes: exit 0, result pass, no error annotation', async () => {
    // A trailing slash on api-url is allowed.
    const run = await h.gate({ 'api-url': `${h.sim.url}/` }, CLEAN);
    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({
      result: 'pass',
      'repository-id': CLEAN_REPO.id,
      'alerts-total': '0',
      'gating-count': '0',
      'allowed-count': '0',
      schedule: '', // clean-lib's schedule is disabled
    });
    expect(run.errors).toEqual([]);
    for (const r of h.requests(PATHS.alerts)) expect(r.body).toMatchObject({ repositoryIds: [CLEAN_REPO.id] });
  });
});

describe('fail-on-severity thresholds', () => {
  test.each<[string, Threshold]>([
    ['critical', 'critical'],
    ['high', 'high'],
    ['medium', 'medium'],
    ['low', 'low'],
    ['none', 'none'],
    ['HIGH', 'high'],
  ])('fail-on-severity %s: gating-count from the data, pass only when nothing gates', async (input, threshold) => {
    const e = expected(webshopAlerts(h.sim), threshold);
    const run = await h.gate({ 'fail-on-severity': input });
    expect(run.outputs).toMatchObject(countOutputs(e));
    if (threshold === 'none') {
      expect(e.gating).toHaveLength(0);
      expect(run.exitCode).toBe(0);
      expect(run.outputs.result).toBe('pass');
      expect(run.errors).toEqual([]);
    } else {
      expect(run.exitCode).toBe(1);
      expect(run.outputs.result).toBe('fail');
      expect(errorText(run)).toContain(`${e.gating.length} alerts at or above ${threshold}`);
    }
    // unknown alerts gate only at low
    const unknownGating = e.gating.filter((a) => a.metadata.id === ADVISORIES.ginInputValidation).length;
    expect(unknownGating).toBe(threshold === 'low' ? 1 : 0);
  });
});

describe('allow-alerts', () => {
  const log4shellAliases = () =>
    webshopAlerts(h.sim).find((a) => a.metadata.id === ADVISORIES.log4shell)!.metadata.aliases;

  test.each([
    ['by advisory id', () => ADVISORIES.log4shell],
    ['by alias, case-insensitively', () => log4shellAliases()[0]!.toLowerCase()],
    [
      'by id in another case, with until today (inclusive) and a reason',
      () => `${ADVISORIES.log4shell.toLowerCase()} until ${utcDay(0)} # vendor fix pending`,
    ],
  ])('allowing a gating alert %s: allowed-count 1, gating-count one less', async (_name, entry) => {
    const base = expected(webshopAlerts(h.sim), 'critical');
    const allowed = expected(webshopAlerts(h.sim), 'critical', { allowed: [ADVISORIES.log4shell] });
    expect(allowed.gating.length).toBe(base.gating.length - 1);
    const run = await h.gate({ 'allow-alerts': entry() });
    expect(run.outputs).toMatchObject({ 'allowed-count': '1', 'gating-count': String(allowed.gating.length) });
    // An entry whose last day is today comes due (0 days left): that is its one warning.
    const ends = entry().includes(' until ') ? [expect.stringContaining('(0 days left)')] : [];
    expect(run.warnings).toEqual(ends);
    expect(run.exitCode).toBe(1); // other critical alerts still gate
    expect(errorText(run)).not.toContain(ADVISORIES.log4shell);
  });

  test('all gating alerts allowed (comma- and newline-separated): the gate passes', async () => {
    const gating = expected(webshopAlerts(h.sim), 'critical').gating.map((a) => a.metadata.id);
    const [first, ...rest] = gating;
    const run = await h.gate({ 'allow-alerts': `${first} # reason one\n${rest.join(', ')}` });
    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ result: 'pass', 'gating-count': '0', 'allowed-count': String(gating.length) });
  });

  test('an expired entry (until yesterday) suppresses nothing and is a warning', async () => {
    const base = expected(webshopAlerts(h.sim), 'critical');
    const yesterday = utcDay(-1);
    const run = await h.gate({ 'allow-alerts': `${ADVISORIES.log4shell} until ${yesterday} # was waiting for a fix` });
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ 'allowed-count': '0', 'gating-count': String(base.gating.length) });
    const warning = run.warnings.find((w) => w.includes(ADVISORIES.log4shell));
    expect(warning).toMatch(/expired/i);
    expect(warning).toContain(yesterday);
    expect(errorText(run)).toContain(ADVISORIES.log4shell); // it gates again
    expect(run.summary).toMatch(/### Warnings[\s\S]*expired/);
  });

  test('an entry that matches no alert is a warning', async () => {
    const base = expected(webshopAlerts(h.sim), 'critical');
    const run = await h.gate({ 'allow-alerts': 'GHSA-0000-0000-0000' });
    expect(run.outputs).toMatchObject({ 'allowed-count': '0', 'gating-count': String(base.gating.length) });
    expect(run.warnings.some((w) => w.includes('GHSA-0000-0000-0000') && /matches no alert/i.test(w))).toBe(true);
  });
});

describe('ignore-unreachable and fail-on-critical-issues', () => {
  test('ignore-unreachable: unreachable-only alerts stop gating but are still counted', async () => {
    const base = expected(webshopAlerts(h.sim), 'critical');
    const e = expected(webshopAlerts(h.sim), 'critical', { ignoreUnreachable: true });
    expect(e.gating.length).toBeLessThan(base.gating.length); // minimist: critical by score, only unreachable
    const run = await h.gate({ 'ignore-unreachable': 'true', 'report-file': 'report.json' });
    expect(run.outputs).toMatchObject(countOutputs(e));
    expect(errorText(run)).not.toContain(ADVISORIES.minimist);
    // still reported
    expect(run.summary).toMatch(/unreachable/i);
    expect(run.files['report.json']).toContain(ADVISORIES.minimist);
  });

  test('ignore-unreachable at high: every gating alert is neither muted nor unreachable-only', async () => {
    const e = expected(webshopAlerts(h.sim), 'high', { ignoreUnreachable: true });
    const run = await h.gate({ 'ignore-unreachable': 'TRUE', 'fail-on-severity': 'high' });
    expect(run.outputs['gating-count']).toBe(String(e.gating.length));
  });

  test('fail-on-critical-issues fails acme/webshop (critical issues in the posture) even with fail-on-severity none', async () => {
    const run = await h.gate({ 'fail-on-severity': 'none', 'fail-on-critical-issues': 'true' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'fail', 'gating-count': '0' });
    expect(errorText(run)).toMatch(/critical issue/i);
  });

  test('fail-on-critical-issues passes acme/clean-lib (no critical issues)', async () => {
    const run = await h.gate({ 'fail-on-critical-issues': 'true' }, CLEAN);
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
  });
});

describe('annotations', () => {
  test('at most 10 error annotations; gating alerts on their manifest file and line; one more says how many were left out', async () => {
    const e = expected(webshopAlerts(h.sim), 'low');
    expect(e.gating.length).toBeGreaterThan(10);
    const run = await h.gate({ 'fail-on-severity': 'low' });
    const errors = run.commands.filter((c) => c.command === 'error');
    expect(errors.length).toBeLessThanOrEqual(10);
    const placed = errors.filter((c) => c.properties.file !== undefined);
    expect(placed.length).toBeGreaterThan(0);
    // log4shell, the worst, is placed on log4j-core's line in services/catalog/pom.xml
    const log4j = h.sim.state.packages.find((p) => p.repositoryId === MAIN_REPO.id && p.name.endsWith(':log4j-core'))!;
    const log4shell = errors.find((c) => `${c.properties.title ?? ''} ${c.message}`.includes(ADVISORIES.log4shell));
    expect(log4shell?.properties).toMatchObject({ file: log4j.manifestPath, line: String(log4j.manifestStartLine) });
    // the ones not shown are counted
    const annotated = placed.length;
    const more = errors
      .map((c) => `${c.properties.title ?? ''} ${c.message}`)
      .join('\n')
      .match(/(\d+) more/);
    expect(more).not.toBeNull();
    expect(annotated + Number(more![1])).toBe(e.gating.length);
  });

  test('annotations: false: only the failure itself is an error annotation', async () => {
    const run = await h.gate({ annotations: 'false' });
    expect(run.exitCode).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toMatch(/security gate failed/i);
  });
});
