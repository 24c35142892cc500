// Rolling out to many repositories (issue 32), end to end through dist/ against the simulator and a
// fake GitHub (contract: "Rolling out to many repositories"): the ratchet (existing-alerts), scopes
// (fail-on-scopes), forks and Dependabot judged without the service's secrets, and the blocked
// developer's first line and "What to do". Expectations come from the contract and the simulator's
// data (acme/ops-console's two high alerts; the bad pull request's log4j-core 2.14.1), never src/.
import { describe, expect, test } from '@jest/globals';
import { KEV_REPO, KEV_REPO_ADVISORIES } from '../../simulator/data.js';
import { kevInputs } from '../../simulator/kev.js';
import { BAD_PR_ADVISORIES, badPullRequest, type BadPullRequest } from '../../simulator/pull-requests.js';
import { compareKey, pullRequestEvent } from './change-fixtures.js';
import { errorText, useFakeGitHub, useSimulator, type GateOptions, type GateRun } from './harness.js';
import { FORK, introducedReportOf, NO_SECRETS, pullRequestOn, runOn, serve } from './introduced-fixtures.js';

const h = useSimulator();
const fake = useFakeGitHub();

/** The bad pull request (log4j-core 2.14.1, Log4Shell) on acme/ops-console, whose two high alerts are its backlog. */
function onOpsConsole(): BadPullRequest {
  const pr = badPullRequest();
  const repository = KEV_REPO.name;
  return {
    ...pr,
    repository,
    repositoryId: Number(KEV_REPO.externalId),
    compareKey: `${repository}/${pr.base}...${pr.head}`,
  };
}

/** The bad pull request with only `keep` of its entries added. */
function withOnly(pr: BadPullRequest, keep: (name: string) => boolean): BadPullRequest {
  return { ...pr, changes: pr.changes.filter((c) => keep(c.name)) };
}

interface Alerted {
  advisory: string;
  status: string;
  disposition: { rule: string; gates: boolean };
}
const alertsOf = (run: GateRun) => (JSON.parse(run.files['security-gate.json']!) as { alerts: Alerted[] }).alerts;
const firstLine = (page: string) => page.split('\n')[0]!;
const lastSection = (page: string) => page.split('\n### ').at(-1)!;

describe('the ratchet: existing-alerts', () => {
  const HIGH = { 'fail-on-severity': 'high' };

  test('on a push: existing-alerts: warn changes nothing, the backlog gates and existing-count is empty', async () => {
    const run = await h.gate(
      { ...HIGH, 'existing-alerts': 'warn' },
      { eventName: 'push', repository: KEV_REPO.name, event: { repository: { id: Number(KEV_REPO.externalId) } } },
    );
    expect({ result: run.outputs.result, gating: run.outputs['gating-count'] }).toEqual({
      result: 'fail',
      gating: '2',
    });
    expect(run.outputs['existing-count']).toBe('');
  });

  test('on a pull request under fail (the default): the backlog fails it, existing-count empty', async () => {
    const pr = withOnly(onOpsConsole(), () => false);
    serve(fake.github, pr);
    const { run } = await runOn(h, fake.github, pr, HIGH);
    expect(run.outputs.result).toBe('fail');
    expect(run.outputs['existing-count']).toBe('');
  });

  test('under warn: the backlog warns ("already on the base", a warning annotation each), what is brought in fails', async () => {
    const pr = onOpsConsole();
    serve(fake.github, pr);
    const { run } = await runOn(h, fake.github, pr, { ...HIGH, 'existing-alerts': 'warn' });
    expect(run.outputs.result).toBe('fail');
    expect(run.outputs['existing-count']).toBe('2');
    const backlog: string[] = [KEV_REPO_ADVISORIES.knownExploited, KEV_REPO_ADVISORIES.notListed];
    const existing = alertsOf(run).filter((a) => backlog.includes(a.advisory));
    expect(existing.map((a) => [a.status, a.disposition.rule, a.disposition.gates])).toEqual([
      ['existing', 'existing', false],
      ['existing', 'existing', false],
    ]);
    // Only what the pull request brings in gates: gating-count counts the findings.
    const gatingFindings = introducedReportOf(run).introduced!.findings.filter((f) => f.disposition.gates).length;
    expect(run.outputs['gating-count']).toBe(String(gatingFindings));
    const annotated = run.commands.filter(
      (c) => c.command === 'warning' && c.message.startsWith('Already on the base'),
    );
    expect(annotated).toHaveLength(2);
    expect(run.summary).toContain('Already on the base (2): they do not fail this pull request');
    expect(errorText(run)).toMatch(/2 alerts already on the base do not block it \(existing-alerts: warn\)/);
    expect(firstLine(run.summary)).toContain(
      'Fails: this pull request brings in org.apache.logging.log4j:log4j-core 2.14.1 (critical)',
    );
  });

  test('under warn with nothing brought in: it passes, and the first line says why', async () => {
    const pr = withOnly(onOpsConsole(), () => false);
    serve(fake.github, pr);
    const { run } = await runOn(h, fake.github, pr, { ...HIGH, 'existing-alerts': 'warn' });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 0, result: 'pass' });
    expect(firstLine(run.summary)).toBe(
      '## Security gate: ✅ Passes: nothing this pull request brings in fails the gate; 2 alerts already on the base do not block it',
    );
  });

  test('under warn, a known-exploited alert on the base does not fail the pull request either', async () => {
    const pr = withOnly(onOpsConsole(), () => false);
    serve(fake.github, pr);
    const inputs = { 'existing-alerts': 'warn', ...kevInputs(h.sim.url, 'fail') };
    const { run } = await runOn(h, fake.github, pr, inputs);
    expect(run.outputs.result).toBe('pass');
    expect(run.outputs['existing-count']).toBe('1');
  });
});

describe('fail-on-scopes', () => {
  test('runtime only: a development finding is reported, not gated; a runtime one still gates', async () => {
    const pr = badPullRequest(); // log4j-core (runtime), micromatch (development, moderate)
    serve(fake.github, pr);
    const { run, report } = await runOn(h, fake.github, pr, {
      'fail-on-severity': 'medium',
      'fail-on-scopes': 'Runtime',
    });
    const findings = report.introduced!.findings;
    const micromatch = findings.find((f) => f.advisory === BAD_PR_ADVISORIES.micromatch)!;
    const log4shell = findings.find((f) => f.advisory === BAD_PR_ADVISORIES.log4shell)!;
    expect([micromatch.status, micromatch.disposition.gates]).toEqual(['out-of-scope', false]);
    expect([log4shell.status, log4shell.disposition.gates]).toEqual(['gating', true]);
    expect(run.outputs.result).toBe('fail');
  });

  test('the default gates every scope', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { report } = await runOn(h, fake.github, pr, { 'fail-on-severity': 'medium' });
    const micromatch = report.introduced!.findings.find((f) => f.advisory === BAD_PR_ADVISORIES.micromatch)!;
    expect(micromatch.disposition.gates).toBe(true);
  });

  test('a value that is no scope is an input error, with a suggestion', async () => {
    const run = await h.gate({ 'fail-on-scopes': 'runtime, devel' });
    expect(run.exitCode).toBe(1);
    expect(h.sim.requests).toEqual([]);
    expect(errorText(run)).toMatch(/fail-on-scopes: "devel" is not a scope.*development/);
  });
});

describe('without the service secrets: forks and Dependabot are judged, not skipped', () => {
  /** The bad pull request, opened from a fork. */
  const fromFork = (pr: BadPullRequest): GateOptions => ({
    ...pullRequestOn(pr, FORK),
    env: { GITHUB_API_URL: fake.github.url },
  });

  test("a fork's pull request that brings in Log4Shell fails, through GitHub alone", async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const run = await h.gate({ ...NO_SECRETS, 'report-file': 'security-gate.json' }, fromFork(pr));
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'fail' });
    expect(h.sim.requests).toEqual([]);
    // The service's outputs are empty; gating-count counts the findings.
    for (const name of ['alerts-total', 'critical-count', 'high-count', 'risk-score', 'minutes-saved', 'schedule'])
      expect({ name, value: run.outputs[name] }).toEqual({ name, value: '' });
    const gating = introducedReportOf(run).introduced!.findings.filter((f) => f.disposition.gates).length;
    expect(run.outputs['gating-count']).toBe(String(gating));
    expect(firstLine(run.summary)).toContain('Fails: this pull request brings in');
    expect(run.summary).toMatch(
      /The repository's alerts were not read: GitHub passes no secrets to a pull request from a fork/,
    );
  });

  test("a fork's pull request that brings in nothing vulnerable passes", async () => {
    const pr = withOnly(badPullRequest(), (name) => name === 'fast-glob');
    serve(fake.github, pr);
    const run = await h.gate(NO_SECRETS, fromFork(pr));
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 0, result: 'pass' });
    expect(firstLine(run.summary)).toContain(
      "Passes: nothing this pull request brings in fails the gate (the repository's alerts were not read)",
    );
  });

  test("Dependabot's pull request (its author), rerun by a person: judged the same way", async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const options = fromFork(pr);
    const event = options.event as { pull_request: Record<string, unknown> };
    event.pull_request.head = { sha: pr.head, repo: { full_name: pr.repository, fork: false } };
    event.pull_request.user = { login: 'dependabot[bot]' };
    const run = await h.gate(NO_SECRETS, options);
    expect(run.outputs.result).toBe('fail');
    expect(h.sim.requests).toEqual([]);
    expect(run.summary).toMatch(/no Actions secrets to Dependabot's pull requests/);
  });

  test('pull_request_target has the secrets: both tokens empty there are input errors', async () => {
    const pr = badPullRequest();
    const run = await h.gate(NO_SECRETS, { ...fromFork(pr), eventName: 'pull_request_target' });
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toMatch(/api-token-id: is required/);
  });
});

describe('the blocked developer first', () => {
  test('alerts already on main, a pull request that changes no dependency: the first line says so; What to do ends the page', async () => {
    fake.github.compares.set(compareKey(), []);
    const run = await h.gate(
      { 'comment-on-pr': 'always' },
      { event: pullRequestEvent(), env: { GITHUB_API_URL: fake.github.url } },
    );
    expect(run.outputs.result).toBe('fail');
    expect(firstLine(run.summary)).toMatch(
      /^## Security gate: ❌ Fails: \d+ critical alerts already on main; this pull request changes no dependency$/,
    );
    expect(lastSection(run.summary)).toMatch(/^What to do\n/);
    const comment = fake.github.comments[0]!.body;
    expect(comment.split('\n')[1]).toBe(firstLine(run.summary));
    expect(lastSection(comment.replace(/\n\n<sub>Judged[\s\S]*$/, ''))).toMatch(/^What to do\n/);
    // On a pull request, posture and time saved are folded.
    expect(run.summary).toMatch(/<details><summary><b>Security posture[^<]*<\/b><\/summary>/);
    expect(run.summary).toContain('<details><summary><b>Time saved</b></summary>');
  });

  test('what a pull request brings in gets its own What to do', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { run } = await runOn(h, fake.github, pr);
    expect(lastSection(run.summary)).toMatch(
      /^What to do\n\n- \*\*The fix\*\*: upgrade `org\.apache\.logging\.log4j:log4j-core` to `2\.16\.0` in `java\/pom\.xml`.*\n- \*\*This pull request brings in\*\* `org\.apache\.logging\.log4j:log4j-core 2\.14\.1`/,
    );
  });

  test('on a push, posture and time saved stay open', async () => {
    const run = await h.gate({}, { eventName: 'push', event: { repository: { id: 123456789 } } });
    expect(run.summary).toMatch(/^### Security posture/m);
    expect(run.summary).toMatch(/^### Time saved/m);
  });
});
