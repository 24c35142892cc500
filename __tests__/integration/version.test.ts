// A version that tells the truth (contract: "Rolling out to many repositories"), through dist/ as
// the runner runs it: the log's first line, SARIF's tool.driver.version, the JSON report's tool, the
// User-Agent and the message about a key of a later release all say package.json's version (read
// here, never src/). The JSON report's commit is the action's own commit when the workflow named it
// by its SHA (GITHUB_ACTION_REF), else null: a tag or branch says nothing of the commit it was at.
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { Log } from 'sarif';
import { GITLAB_REPO } from '../../simulator/data.js';
import { errorText, PUSH, useSimulator, type GateRun } from './harness.js';

const h = useSimulator();

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const SHA = '0123456789abcdef0123456789abcdef01234567';

/** The log as the runner shows it: `::add-mask::` commands are not shown. */
const shown = (run: GateRun) => run.stdout.split(/\r?\n/).filter((line) => !line.startsWith('::add-mask::'));

interface Report {
  schemaVersion: number;
  tool?: unknown;
}
const reportOf = (run: GateRun, path = 'report.json') => JSON.parse(run.files[path] ?? 'null') as Report;

describe("package.json's version is the version the action reports", () => {
  test('a run of a SHA pin: the first line, SARIF, the JSON report (its commit the SHA) and the User-Agent', async () => {
    const run = await h.gate(
      { 'report-file': 'report.json', 'sarif-file': 'gate.sarif' },
      { env: { GITHUB_ACTION_REF: SHA, GITHUB_ACTION_REPOSITORY: 'acme/security-gate' } },
    );
    expect(run.outputs.result).toBe('fail');
    expect(shown(run)[0]).toBe(`security-gate ${version} (commit ${SHA})`);
    const sarif = JSON.parse(run.files['gate.sarif'] ?? 'null') as Log;
    expect(sarif.runs[0]?.tool.driver.version).toBe(version);
    const report = reportOf(run);
    expect(report.tool).toEqual({ name: 'security-gate', version, commit: SHA });
    // A field added: the schema keeps its version (docs/reports.md).
    expect(report.schemaVersion).toBe(2);
    expect(h.sim.requests.length).toBeGreaterThan(0);
    const agents = new Set(h.sim.requests.map((r) => r.headers['user-agent']));
    expect([...agents]).toEqual([`security-gate/${version}`]);
  });

  test.each([
    ['a tag', 'v1', `security-gate ${version} (ref v1)`],
    ['a branch', 'main', `security-gate ${version} (ref main)`],
    [
      'a short SHA (GitHub refuses one; no commit is claimed)',
      SHA.slice(0, 7),
      `security-gate ${version} (ref 0123456)`,
    ],
    ['none (a local action, uses: ./)', '', `security-gate ${version}`],
  ])('a run of %s: the first line names the ref; the JSON report has no commit', async (_name, ref, first) => {
    const run = await h.gate({ 'report-file': 'report.json' }, { env: { GITHUB_ACTION_REF: ref } });
    expect(shown(run)[0]).toBe(first);
    expect(reportOf(run).tool).toEqual({ name: 'security-gate', version, commit: null });
  });

  test('an upper-case SHA is the same commit, reported as git writes it', async () => {
    const run = await h.gate({ 'report-file': 'report.json' }, { env: { GITHUB_ACTION_REF: SHA.toUpperCase() } });
    expect(shown(run)[0]).toBe(`security-gate ${version} (commit ${SHA})`);
    expect(reportOf(run).tool).toEqual({ name: 'security-gate', version, commit: SHA });
  });

  test('a run stopped before a verdict (a repository-id not of app-id): its JSON report has the tool too', async () => {
    const run = await h.gate(
      { 'repository-id': GITLAB_REPO.id, 'report-file': 'report.json' },
      { env: { GITHUB_ACTION_REF: SHA } },
    );
    expect(run.outputs.result).toBe('error');
    expect(shown(run)[0]).toBe(`security-gate ${version} (commit ${SHA})`);
    expect(reportOf(run).tool).toEqual({ name: 'security-gate', version, commit: SHA });
  });

  test('invalid inputs: the version is still the first line, before the error', async () => {
    const run = await h.gate({ 'fail-on-severity': 'severe' }, { env: { GITHUB_ACTION_REF: 'v1' } });
    expect(run.exitCode).toBe(1);
    expect(shown(run)[0]).toBe(`security-gate ${version} (ref v1)`);
    expect(errorText(run)).toContain('fail-on-severity');
  });

  test("a policy-file key of a later release: the message names this release, package.json's version", async () => {
    const run = await h.gate(
      { 'config-file': 'policy.yml' },
      { ...PUSH, files: { 'policy.yml': 'version: 1\nrisk-budget: 10\n' } },
    );
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toContain(
      `policy.yml:2:1: risk-budget: is not an input of security-gate ${version}. If it is a key of a later ` +
        `release, upgrade the action to use it, or point config-file at a policy file written for ${version} ` +
        '(OWNER/REPO/PATH@REF); if not, remove it.',
    );
    expect(h.sim.requests).toEqual([]);
  });
});
