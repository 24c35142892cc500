// What a developer whose pull request is blocked reads, end to end: dist/index.js against the
// simulator and a fake GitHub (contract: "Job summary"; issue 26, items 1, 2 and 7). Whose the
// alerts are, what to do (the allow-alerts entry to copy), where each gating package is declared, a
// fixed alert never called unresolved, and values that copy as they read.
import { describe, expect, test } from '@jest/globals';
import { commitShaOf, fixPullRequestChanges, MAIN_REPO } from '../../simulator/data.js';
import { BASE, byAdvisory, compareKey, HEAD, pullRequestEvent, REPORT, reportOf } from './change-fixtures.js';
import { expected, useFakeGitHub, useSimulator, webshopAlerts, type GateOptions } from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();

async function judge(inputs: Record<string, string> = {}, options: GateOptions = {}) {
  const run = await h.gate(
    { 'report-file': REPORT, 'max-retries': '0', 'fail-on-severity': 'critical', ...inputs },
    { event: pullRequestEvent(), ...options, env: { GITHUB_API_URL: fake.github.url, GITHUB_RUN_ID: '7' } },
  );
  return { run, report: reportOf(run) };
}

/** The lines of a section of the summary, from its heading to the next. */
function section(markdown: string, heading: string): string {
  const start = markdown.search(new RegExp(`^${heading}( \\(\\d+\\))?\n`, 'm'));
  if (start < 0) return '';
  const next = markdown.indexOf('\n### ', start + heading.length);
  return markdown.slice(start, next < 0 ? undefined : next);
}

/** The day `days` after today (UTC), as the entry's until date. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('a pull request blocked by alerts already on main', () => {
  test('says whose they are, as of which scan, and gives the entries to copy with an until date', async () => {
    fake.github.compares.set(compareKey(), []);
    const { run } = await judge({ 'comment-on-pr': 'always' });
    expect(run.exitCode).toBe(1);
    const gating = expected(webshopAlerts(h.sim), 'critical').gating.map((a) => a.metadata.id);
    const scan = commitShaOf(MAIN_REPO.id).slice(0, 7);
    for (const body of [run.summary, fake.github.comments[0]?.body ?? '']) {
      const steps = section(body, '### What to do');
      expect(steps).toContain(
        `This pull request changes no dependencies: these alerts are already on \`main\`, as of the service's scan of \`${scan}\`.`,
      );
      const until = [inDays(30), inDays(31)]; // the run may straddle midnight
      const entries = steps.split('\n').filter((line) => /^ {2}GHSA-/.test(line));
      expect(entries.map((line) => line.trim().split(' ')[0]).sort()).toEqual([...gating].sort());
      for (const line of entries) expect(until).toContain(/until (\S+) #/.exec(line)?.[1]);
      expect(steps).toContain("to the step's `allow-alerts` input in the workflow");
    }
  });

  test('a policy file used: the entries are its YAML, and the section names the file', async () => {
    fake.github.compares.set(compareKey(), []);
    const policy = 'version: 1\nfail-on-severity: critical\n';
    // On a pull request the base commit's copy judges, read through GitHub's contents API.
    fake.github.files.set(`acme/webshop/security.yml@${BASE}`, { text: policy, token: 'ghs_fakeGithubTokenForTests' });
    const { run } = await judge(
      { 'config-file': 'security.yml', 'fail-on-severity': '' },
      { files: { 'security.yml': policy } },
    );
    expect(run.exitCode).toBe(1);
    const steps = section(run.summary, '### What to do');
    expect(steps).toContain('to `security.yml`, the policy file this run used (in this repository;');
    expect(steps).toMatch(/```yaml\n {2}allow-alerts:\n {4}- id: GHSA-[\w-]+\n {6}until: \d{4}-\d\d-\d\d\n/);
  });

  test('each gating alert links to the manifest line that declares its package, at the commit under test', async () => {
    fake.github.compares.set(compareKey(), []);
    const { run } = await judge();
    const rows = section(run.summary, '### Gating alerts')
      .split('\n')
      .filter((line) => /^\| 🔴/.test(line));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const declared = row.split(' | ').at(-1) ?? '';
      expect(declared).toMatch(
        new RegExp(`^\\[[^\\]]+:\\d+\\]\\(https://github\\.com/acme/webshop/blob/${HEAD}/[^)]+#L\\d+(-L\\d+)?\\) \\|$`),
      );
    }
  });
});

describe('an alert the change fixes is never said to be unresolved', () => {
  test('below the threshold, its package upgraded past the advisory: labelled fixed, not changed', async () => {
    fake.github.compares.set(compareKey(), fixPullRequestChanges(h.sim.state));
    const { run, report } = await judge({ 'comment-on-pr': 'always' });
    expect(run.outputs.result).toBe('pass');
    const fixed = report.alerts.filter((a) => a.resolution !== null && a.status !== 'resolved');
    expect(fixed.length).toBeGreaterThan(0);
    expect(report.alerts.filter((a) => a.changedByPullRequest)).toEqual([]);
    // The comment lists what the change did to every alert; the summary lists only those that gate or are allowed.
    const changed = section(fake.github.comments[0]?.body ?? '', '### Changed by this pull request');
    for (const alert of fixed) {
      const row = changed.split('\n').find((line) => line.includes(alert.advisory));
      expect(row).toContain('✅ fixed by this pull request (below the critical threshold)');
    }
    expect(changed).toContain('it fixes these alerts, though they do not fail the gate.');
    expect(changed).not.toMatch(/not resol/);
    expect(byAdvisory(report).size).toBe(report.alerts.length);
  });
});

describe('values copy as they read', () => {
  test('no zero-width character anywhere in the summary or the comment of the demo data', async () => {
    fake.github.compares.set(compareKey(), fixPullRequestChanges(h.sim.state).slice(0, 2));
    const { run } = await judge({ 'comment-on-pr': 'always', 'fail-on-severity': 'high' });
    for (const body of [run.summary, fake.github.comments[0]?.body ?? '']) {
      expect(body.length).toBeGreaterThan(0);
      expect(body).not.toMatch(/[\u200b-\u200d\u2060\ufeff]/);
    }
    // Packages named name@version read as code, as they would be typed.
    expect(run.summary).toMatch(/`[\w.-]+@\d[\w.-]*`/);
    expect(BASE).not.toBe(HEAD);
  });
});
