// VEX documents and verdict integrity, end to end through dist/ (contract: "Verdict integrity": "A VEX
// statement names its package at least as precisely as the alert", "Invalid documents are invalid
// inputs"; "VEX statements": "What it does"). Expectations come from the documents and alerts each
// test writes, read as the contract words them.
import { describe, expect, test } from '@jest/globals';
import { CLEAN_REPO } from '../../simulator/data.js';
import type { ScaAlert } from '../../simulator/wire.js';
import { CLEAN, errorText, plain, useFakeGitHub, useSimulator, type GateOptions } from './harness.js';
import { GITHUB_TOKEN, pullRequestOn, serviceAlert } from './introduced-fixtures.js';
import { alertOf, REPORT, reportOf, vexDocument } from './vex-fixtures.js';

const h = useSimulator();
const fake = useFakeGitHub();

const PUSH_ON_CLEAN: GateOptions = { ...CLEAN, eventName: 'push' };
const TEXT = 'GHSA-599f-7c49-w659'; // Apache Commons Text, CVE-2022-42889
const LODASH = 'GHSA-35jh-r3h4-6jhm';
const NOT_AFFECTED = { status: 'not_affected', justification: 'vulnerable_code_not_in_execute_path' };

function alerts(...list: ScaAlert[]): void {
  h.sim.state.alerts[CLEAN_REPO.id] = list;
}

function judge(files: Record<string, string>, inputs: Record<string, string> = {}, options: GateOptions = {}) {
  return h.gate(
    { 'vex-files': Object.keys(files).join('\n'), 'report-file': REPORT, 'max-retries': '0', ...inputs },
    { ...PUSH_ON_CLEAN, files, ...options },
  );
}

describe('a product package URL without a namespace never names a package that has one', () => {
  test.each([
    // [alert's package, statement's product, spared]
    ['pkg:maven/org.apache.commons/commons-text@1.9', 'pkg:maven/commons-text@1.9', false],
    ['pkg:maven/org.apache.commons/commons-text@1.9', 'pkg:maven/commons-text', false],
    ['org.apache.commons:commons-text@1.9', 'pkg:maven/commons-text@1.9', false],
    ['pkg:maven/com.example.fork/commons-text@1.9', 'pkg:maven/commons-text@1.9', false],
    ['pkg:maven/org.apache.commons/commons-text@1.9', 'pkg:maven/org.apache.commons/commons-text@1.9', true],
    ['org.apache.commons:commons-text@1.9', 'pkg:maven/org.apache.commons/commons-text@1.9', true],
    ['pkg:maven/com.example.fork/commons-text@1.9', 'pkg:maven/org.apache.commons/commons-text@1.9', false],
    // The alert names no group: a statement that names one is at least as precise.
    ['commons-text@1.9', 'pkg:maven/org.apache.commons/commons-text@1.9', true],
    ['commons-text@1.9', 'pkg:maven/commons-text@1.9', true],
  ])('an alert on %s, a statement on %s: spared %s', async (pkg, product, spared) => {
    alerts(serviceAlert('alert_text', TEXT, pkg, 'critical', { aliases: ['CVE-2022-42889'] }));
    const run = await judge({
      'vex.json': vexDocument('urn:doc', [{ vulnerability: TEXT, products: [product], ...NOT_AFFECTED }]),
    });
    expect({ status: alertOf(run, 'alert_text').status, result: run.outputs.result }).toEqual(
      spared ? { status: 'not-affected', result: 'pass' } : { status: 'gating', result: 'fail' },
    );
    // A statement that spares nothing is listed as matching nothing read.
    expect(reportOf(run).vex?.unmatched).toHaveLength(spared ? 0 : 1);
  });
});

describe("the summary names the document's author beside its @id", () => {
  test('in the VEX section, on the row of the alert the statement spares', async () => {
    alerts(serviceAlert('alert_lodash', LODASH, 'pkg:npm/lodash@4.17.20', 'critical'));
    const doc = vexDocument(
      'https://acme.example/vex/7',
      [{ vulnerability: LODASH, products: ['pkg:npm/lodash@4.17.20'], ...NOT_AFFECTED }],
      { author: 'Platform Security <psec@acme.example>' },
    );
    const run = await judge({ 'vex.json': doc });
    expect(run.outputs['vex-count']).toBe('1');
    const row = plain(run.summary)
      .split('\n')
      .find((l) => l.startsWith('| 🛡️ not affected |') && l.includes(LODASH));
    expect(row).toContain('https://acme.example/vex/7');
    // The address is set in code, so that GitHub links no mention or e-mail in it.
    expect(row?.replaceAll('`', '')).toContain('Platform Security <psec@acme.example>');
  });
});

describe('invalid documents are invalid inputs: one message, all at once', () => {
  const BROKEN = JSON.stringify({
    '@context': 'https://openvex.dev/ns/v0.2.0',
    statements: [{ vulnerability: { name: LODASH }, products: [{ '@id': 'pkg:npm/lodash' }], status: 'gone' }],
  });

  test('an invalid input, a bad value in the policy file and an invalid VEX document, before any request', async () => {
    const run = await judge(
      { 'vex.json': BROKEN, 'policy.yml': 'version: 1\nposture-days: 400\n' },
      { 'vex-files': 'vex.json', 'fail-on-severity': 'severe', 'config-file': 'policy.yml' },
    );
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    // One failure message (the policy file's error is also annotated on its line).
    const failures = run.errors.filter((e) => e.startsWith('Invalid inputs'));
    expect(failures).toHaveLength(1);
    const [message] = failures;
    expect(message).toContain('fail-on-severity');
    expect(message).toContain('policy.yml');
    expect(message).toContain('posture-days');
    expect(message).toContain('vex-files vex.json: statements[0]: status');
    // The summary lists each problem too.
    expect(plain(run.summary)).toContain('vex-files vex.json: statements[0]: status');
    expect(h.sim.requests).toEqual([]);
  });

  test('on a pull request, the base copy is checked: read through GitHub, nothing sent to the service', async () => {
    const pr = {
      number: 7,
      repository: CLEAN_REPO.name,
      repositoryId: Number(CLEAN_REPO.externalId),
      base: '1'.repeat(40),
      head: '2'.repeat(40),
    };
    fake.github.files.set(`${CLEAN_REPO.name}/vex.json@${pr.base}`, { text: BROKEN, token: GITHUB_TOKEN });
    const valid = vexDocument('urn:ok', [{ vulnerability: LODASH, products: ['pkg:npm/lodash'], status: 'fixed' }]);
    const run = await h.gate(
      { 'vex-files': 'vex.json', 'fail-on-severity': 'severe', 'pr-changes': 'off', 'max-retries': '0' },
      // The pull request's own copy is valid: the base copy judges, so its problem is the one reported.
      { ...pullRequestOn(pr), files: { 'vex.json': valid }, env: { GITHUB_API_URL: fake.github.url } },
    );
    expect(run.exitCode).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain('fail-on-severity');
    expect(run.errors[0]).toContain('vex-files vex.json: statements[0]: status');
    expect(h.sim.requests).toEqual([]);
  });

  test('a valid document beside invalid inputs adds nothing to the message', async () => {
    const valid = vexDocument('urn:ok', [{ vulnerability: LODASH, products: ['pkg:npm/lodash'], status: 'fixed' }]);
    const run = await judge({ 'vex.json': valid }, { 'fail-on-severity': 'severe' });
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toContain('fail-on-severity');
    expect(errorText(run)).not.toContain('vex-files');
    expect(h.sim.requests).toEqual([]);
  });
});
