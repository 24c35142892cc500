// Exceptions that have an owner and an end (issue 34; contract: "The way out: the fix, and exceptions
// that are owned and end", inputs allow-alerts and max-allow-days, output allow-expiring, "Policy
// file"), end to end through dist/ against the simulator. The action's clock is set to one day
// (TODAY), so the days left and the limits below are exact whatever day the tests run. Expectations
// come from the contract's words and the simulator's data (acme/webshop's alerts, the bad pull
// request, OSV's MAL- records), never from src/.
import { describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { shiftedClockArgs } from '../../simulator/clock.js';
import { MAIN_REPO } from '../../simulator/data.js';
import { OSV_MALICIOUS } from '../../simulator/osv.js';
import { BAD_PR_ADVISORIES as A, badPullRequest } from '../../simulator/pull-requests.js';
import type { ScaAlert } from '../../simulator/wire.js';
import { errorText, expected, plain, PATHS, PUSH, webshopAlerts, type GateOptions, type GateRun } from './harness.js';
import { added, npm, pullRequestAdding, useSupplyHarness } from './supply-fixtures.js';
import { FORK, NO_SECRETS, pullRequestOn } from './introduced-fixtures.js';

const s = useSupplyHarness();

const TODAY = '2026-11-28';
const DAY = 86_400_000;
/** The action's clock: noon (UTC) of TODAY. */
const CLOCK: GateOptions = { nodeArgs: shiftedClockArgs(Date.parse(`${TODAY}T12:00:00Z`)) };
/** The day `n` days after TODAY, YYYY-MM-DD. */
const day = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

const REPORT = 'security-gate.json';
const SARIF = 'security-gate.sarif';
const POLICY_PATH = '.github/security-gate.yml';
const OWNER = '@acme/security';

/** Critical alerts of acme/webshop (they gate at the default threshold), each on one package. */
const COMMONS_TEXT = { id: 'GHSA-599f-7c49-w659', purl: 'pkg:maven/org.apache.commons/commons-text' };
const LOG4SHELL = 'GHSA-jfh8-c2jp-5v3q';
const SPRING = 'GHSA-36p3-wjmg-h94x';
/** A medium alert of acme/webshop: below the default threshold, read all the same. */
const PATH_PARSE = 'GHSA-hj48-42vr-x3v9';
/** The service's first-listed form of the expected entry words. */
const FORM = '"<advisory-id> [for <package>] [until YYYY-MM-DD] [by <owner>] [# reason]"';

interface Entry {
  id: string;
  for?: string;
  until?: string;
  by?: string;
  reason?: string;
  source?: { kind: string; path?: string; line?: number };
}
interface Report {
  options: { allowAlerts: Entry[] };
  alerts: {
    id: string;
    advisory: string;
    package: string;
    status: string;
    allowedBy?: Entry;
    disposition: { reason: string };
  }[];
  allowUnused?: Entry[] | null;
}
const reportOf = (run: GateRun) => JSON.parse(run.files[REPORT]!) as Report;
const alertsOf = (run: GateRun, advisory: string) => reportOf(run).alerts.filter((a) => a.advisory === advisory);
const statusOf = (run: GateRun, advisory: string) => [...new Set(alertsOf(run, advisory).map((a) => a.status))];

/** A push to acme/webshop (its alerts judged, no change), the action's clock at TODAY. */
function gate(inputs: Record<string, string>, options: GateOptions = {}): Promise<GateRun> {
  return s.h.gate({ 'report-file': REPORT, 'max-retries': '0', ...inputs }, { ...PUSH, ...CLOCK, ...options });
}
/** The same, with `text` as the policy file in the workspace. */
const withPolicy = (text: string, inputs: Record<string, string> = {}) =>
  gate({ 'config-file': POLICY_PATH, ...inputs }, { files: { [POLICY_PATH]: text } });

const serviceRequests = () => s.h.sim.requests.filter((r) => r.path.startsWith('/api/'));
/** The summary's lines that name `text`, as a reader sees them. */
const linesNaming = (markdown: string, text: string) =>
  plain(markdown)
    .split('\n')
    .filter((line) => line.includes(text));

/** A second alert of `advisory` in acme/webshop, on another package (`identifier`). */
function sameAdvisoryElsewhere(advisory: string, identifier: string): ScaAlert {
  const alerts = webshopAlerts(s.h.sim);
  const original = alerts.find((a) => a.metadata.id === advisory)!;
  const copy = structuredClone(original);
  copy.id = `${original.id}-elsewhere`;
  copy.metadata.packageIdentifier = identifier;
  alerts.push(copy);
  return copy;
}

// ---------- the grammar: ID [for PACKAGE] [until YYYY-MM-DD] [by OWNER] [# reason] ----------

describe('an allow-alerts entry with for, until, by and a reason', () => {
  const ENTRY = `${COMMONS_TEXT.id} for ${COMMONS_TEXT.purl} until ${day(30)} by ${OWNER} # only StringSubstitutor lookups, SEC-130`;

  test('allows its alert; allowedBy carries id, for, until, by, reason and the source (the input)', async () => {
    const run = await gate({ 'allow-alerts': ENTRY, 'sarif-file': SARIF });
    const without = expected(webshopAlerts(s.h.sim), 'critical');
    const withEntry = expected(webshopAlerts(s.h.sim), 'critical', { allowed: [COMMONS_TEXT.id] });
    expect(run.outputs).toMatchObject({
      'gating-count': String(withEntry.gating.length),
      'allowed-count': String(without.gating.length - withEntry.gating.length),
    });
    expect(statusOf(run, COMMONS_TEXT.id)).toEqual(['allowed']);
    expect(alertsOf(run, COMMONS_TEXT.id)[0]!.allowedBy).toEqual({
      id: COMMONS_TEXT.id,
      for: COMMONS_TEXT.purl,
      until: day(30),
      by: OWNER,
      reason: 'only StringSubstitutor lookups, SEC-130',
      source: { kind: 'input' },
    });
    // SARIF is silent on what is allowed.
    const sarif = JSON.parse(run.files[SARIF]!) as { runs: { results: { ruleId: string }[] }[] };
    expect(sarif.runs[0]!.results.filter((r) => r.ruleId === COMMONS_TEXT.id)).toEqual([]);
  });

  test("the owner is shown beside the alert it allows, in the summary's allowed table", async () => {
    const run = await gate({ 'allow-alerts': ENTRY });
    const rows = linesNaming(run.summary, COMMONS_TEXT.id).filter((line) => line.startsWith('|'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(OWNER);
    expect(rows[0]).toContain(day(30));
    // As code, so that a team is not mentioned (notified) wherever the table is shown.
    expect(run.summary).toContain(`\`${OWNER}\``);
  });

  test.each([
    ['an e-mail address', 'security@acme.example'],
    ['a user', '@octocat'],
    ['a team', '@acme/app-sec_team'],
  ])('by %s is an owner', async (_what, owner) => {
    const run = await gate({ 'allow-alerts': `${COMMONS_TEXT.id} by ${owner}` });
    expect(statusOf(run, COMMONS_TEXT.id)).toEqual(['allowed']);
    expect(alertsOf(run, COMMONS_TEXT.id)[0]!.allowedBy?.by).toBe(owner);
  });

  test.each([
    ['a name without @', 'acme-security'],
    ['a team without its organization', '@/security'],
    ['an address without a domain', 'security@'],
    ['a URL', 'https://github.com/orgs/acme/teams/security'],
  ])('by %s is an input error naming the entry; no request is sent', async (_what, owner) => {
    const run = await gate({ 'allow-alerts': `GHSA-4374-p667-p6c8\n${COMMONS_TEXT.id} by ${owner} # why` });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
    expect(errorText(run)).toContain('allow-alerts line 2');
    expect(errorText(run)).toContain(COMMONS_TEXT.id);
    expect(errorText(run)).toContain(owner);
    expect(errorText(run)).toMatch(/@user, @org\/team or an e-mail address/);
    expect(serviceRequests()).toEqual([]);
  });

  test.each([
    ['until before for', `${COMMONS_TEXT.id} until ${day(3)} for ${COMMONS_TEXT.purl}`],
    ['by before until', `${COMMONS_TEXT.id} by ${OWNER} until ${day(3)}`],
    ['for given twice', `${COMMONS_TEXT.id} for lodash for ${COMMONS_TEXT.purl}`],
    ['a keyword without its value', `${COMMONS_TEXT.id} for`],
    ['an unknown keyword', `${COMMONS_TEXT.id} owner ${OWNER}`],
  ])('%s is an input error that says which form is expected', async (_what, entry) => {
    const run = await gate({ 'allow-alerts': entry });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
    expect(errorText(run)).toContain('allow-alerts line 1');
    expect(errorText(run)).toContain(FORM);
    expect(serviceRequests()).toEqual([]);
  });

  test('for that names no package is an input error', async () => {
    const run = await gate({ 'allow-alerts': `${COMMONS_TEXT.id} for pkg:maven` });
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toMatch(/"pkg:maven" is not a package/);
    expect(serviceRequests()).toEqual([]);
  });
});

describe('for restricts an entry to its package ("Same package, same version")', () => {
  test('the same advisory on another package is not allowed', async () => {
    sameAdvisoryElsewhere(COMMONS_TEXT.id, 'pkg:maven/com.acme/text-utils@2.0.0');
    const run = await gate({ 'allow-alerts': `${COMMONS_TEXT.id} for ${COMMONS_TEXT.purl} by ${OWNER}` });
    const byPackage = Object.fromEntries(alertsOf(run, COMMONS_TEXT.id).map((a) => [a.package, a.status]));
    expect(byPackage).toEqual({
      'pkg:maven/org.apache.commons/commons-text@1.9': 'allowed',
      'pkg:maven/com.acme/text-utils@2.0.0': 'gating',
    });
    expect(run.outputs['allowed-count']).toBe('1');
    // It allowed its own package's alert: used.
    expect(reportOf(run).allowUnused).toEqual([]);
  });

  test.each([
    ['its package URL', COMMONS_TEXT.purl, 'allowed'],
    ['its package URL and version', `${COMMONS_TEXT.purl}@1.9`, 'allowed'],
    ['its Maven coordinates', 'org.apache.commons:commons-text', 'allowed'],
    ['its name and version', 'commons-text@1.9', 'allowed'],
    ['its package URL in another case', 'pkg:maven/Org.Apache.Commons/Commons-Text', 'allowed'],
    ['another version', `${COMMONS_TEXT.purl}@1.10.0`, 'gating'],
    ['another ecosystem', 'pkg:npm/commons-text', 'gating'],
    ['another package', 'pkg:npm/lodash', 'gating'],
  ])('for %s: %s', async (_what, pkg, status) => {
    const run = await gate({ 'allow-alerts': `${COMMONS_TEXT.id} for ${pkg}` });
    expect(statusOf(run, COMMONS_TEXT.id)).toEqual([status]);
  });

  test("an npm alert by name@version (acme/webshop's lodash, at high)", async () => {
    const lodash = webshopAlerts(s.h.sim).find((a) => a.metadata.packageIdentifier.includes('lodash@4.17.20'))!;
    const id = lodash.metadata.id;
    const allowed = await gate({ 'fail-on-severity': 'high', 'allow-alerts': `${id} for lodash@4.17.20` });
    expect(statusOf(allowed, id)).toEqual(['allowed']);
    const other = await gate({ 'fail-on-severity': 'high', 'allow-alerts': `${id} for lodash@4.17.21` });
    expect(statusOf(other, id)).toEqual(['gating']);
    // Named an alert of its advisory on another package only: it allowed nothing.
    expect(reportOf(other).allowUnused?.map((e) => e.id)).toEqual([id]);
  });
});

// ---------- the policy file's mapping ----------

describe("a policy file's mapping {id, for, until, by, reason}", () => {
  const POLICY = `version: 1
allow-alerts:
  - id: ${COMMONS_TEXT.id}
    for: ${COMMONS_TEXT.purl}
    until: ${day(30)}
    by: '${OWNER}'
    reason: only StringSubstitutor lookups, SEC-130
  - '${LOG4SHELL} for pkg:maven/org.apache.logging.log4j/log4j-core until ${day(40)} by security@acme.example # SEC-1'
`;

  test('allows; allowedBy carries the fields and the source: the policy file and the line of the entry', async () => {
    const run = await withPolicy(POLICY);
    expect(statusOf(run, COMMONS_TEXT.id)).toEqual(['allowed']);
    expect(alertsOf(run, COMMONS_TEXT.id)[0]!.allowedBy).toEqual({
      id: COMMONS_TEXT.id,
      for: COMMONS_TEXT.purl,
      until: day(30),
      by: OWNER,
      reason: 'only StringSubstitutor lookups, SEC-130',
      source: { kind: 'policy-file', path: POLICY_PATH, line: 3 },
    });
    expect(alertsOf(run, LOG4SHELL)[0]!.allowedBy).toEqual({
      id: LOG4SHELL,
      for: 'pkg:maven/org.apache.logging.log4j/log4j-core',
      until: day(40),
      by: 'security@acme.example',
      reason: 'SEC-1',
      source: { kind: 'policy-file', path: POLICY_PATH, line: 8 },
    });
  });

  test("an owner that is none is an input error at its entry's line; no request is sent", async () => {
    const run = await withPolicy(`version: 1
allow-alerts:
  - ${LOG4SHELL}
  - id: ${COMMONS_TEXT.id}
    by: acme-security
`);
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toMatch(
      new RegExp(`${POLICY_PATH}:4:5: allow-alerts[^\\n]*${COMMONS_TEXT.id}[^\\n]*acme-security`),
    );
    expect(errorText(run)).toMatch(/@user, @org\/team or an e-mail address/);
    expect(serviceRequests()).toEqual([]);
  });

  test('a key that is none names the keys an entry takes', async () => {
    const run = await withPolicy(`version: 1\nallow-alerts:\n  - id: ${LOG4SHELL}\n    owner: '${OWNER}'\n`);
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toContain(`${POLICY_PATH}:4:5:`);
    expect(errorText(run)).toContain('id, for, until, by, reason and repositories');
  });

  test('an owner left unquoted (a YAML error: @ starts no plain value) says to quote it', async () => {
    const run = await withPolicy(`version: 1\nallow-alerts:\n  - id: ${COMMONS_TEXT.id}\n    by: ${OWNER}\n`);
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toContain(`${POLICY_PATH}:4:`);
    expect(errorText(run)).toMatch(/quote/i);
  });
});

// ---------- max-allow-days ----------

describe('max-allow-days: no exception forever', () => {
  test('an entry without until is an input error naming the entry; no request is sent', async () => {
    const run = await gate({
      'max-allow-days': '30',
      'allow-alerts': `${COMMONS_TEXT.id} until ${day(30)}\n${LOG4SHELL} by ${OWNER} # forever`,
    });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
    expect(errorText(run)).toContain(LOG4SHELL);
    expect(errorText(run)).toContain('max-allow-days');
    expect(errorText(run)).not.toContain(COMMONS_TEXT.id);
    expect(serviceRequests()).toEqual([]);
  });

  test('an until more than that many days after the run date is an input error; exactly that many is not', async () => {
    const tooLate = await gate({ 'max-allow-days': '30', 'allow-alerts': `${COMMONS_TEXT.id} until ${day(31)}` });
    expect(tooLate.exitCode).toBe(1);
    expect(errorText(tooLate)).toContain(COMMONS_TEXT.id);
    expect(errorText(tooLate)).toContain(day(31));
    expect(errorText(tooLate)).toContain('max-allow-days');
    const inTime = await gate({ 'max-allow-days': '30', 'allow-alerts': `${COMMONS_TEXT.id} until ${day(30)}` });
    expect(inTime.outputs.result).not.toBe('error');
    expect(statusOf(inTime, COMMONS_TEXT.id)).toEqual(['allowed']);
  });

  test('empty: no limit; an entry without until is accepted', async () => {
    const run = await gate({ 'max-allow-days': '', 'allow-alerts': COMMONS_TEXT.id });
    expect(statusOf(run, COMMONS_TEXT.id)).toEqual(['allowed']);
  });

  test.each(['0', '3651', '1.5', 'ninety', '-1'])('max-allow-days: %s is an input error', async (value) => {
    const run = await gate({ 'max-allow-days': value, 'allow-alerts': `${COMMONS_TEXT.id} until ${day(3)}` });
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toMatch(/max-allow-days/);
    expect(errorText(run)).toMatch(/1 to 3650/);
    expect(serviceRequests()).toEqual([]);
  });

  test("from a policy file: the error names the file and the entry's line, annotated there", async () => {
    const policy = `version: 1
max-allow-days: 90
allow-alerts:
  - id: ${COMMONS_TEXT.id}
    until: ${day(90)}
  - '${LOG4SHELL} until ${day(91)} # too long'
  - id: ${SPRING}
    reason: no end
`;
    const run = await withPolicy(policy);
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
    const text = errorText(run);
    expect(text).toMatch(new RegExp(`${POLICY_PATH}:6:\\d+: [^\\n]*${LOG4SHELL}`));
    expect(text).toMatch(new RegExp(`${POLICY_PATH}:7:\\d+: [^\\n]*${SPRING}`));
    expect(text).not.toContain(`${COMMONS_TEXT.id}`);
    const lines = run.commands
      .filter((c) => c.command === 'error' && c.properties.file === POLICY_PATH)
      .map((c) => c.properties.line);
    expect(lines.sort()).toEqual(['6', '7']);
    expect(serviceRequests()).toEqual([]);
  });
});

// ---------- exceptions that come due ----------

describe('entries that expire within 7 days', () => {
  const ENTRIES = [
    `${COMMONS_TEXT.id} until ${day(0)} by ${OWNER}`,
    `${LOG4SHELL} until ${day(7)}`,
    `${SPRING} until ${day(3)} # vendor patch next week`,
    `${PATH_PARSE} until ${day(8)}`,
    `GHSA-4374-p667-p6c8 until ${day(-1)}`,
    'GHSA-q2q7-5pp4-w6pg',
  ].join('\n');

  test('allow-expiring counts them; the summary lists each with its days left; a warning annotation each', async () => {
    const run = await gate({ 'allow-alerts': ENTRIES });
    expect(run.outputs['allow-expiring']).toBe('3');
    const summary = plain(run.summary);
    for (const [id, left] of [
      [COMMONS_TEXT.id, '0 days left'],
      [SPRING, '3 days left'],
      [LOG4SHELL, '7 days left'],
    ] as const) {
      expect(linesNaming(summary, id).some((line) => line.includes(left))).toBe(true);
      expect(run.warnings.filter((w) => w.includes(id) && w.includes(left))).toHaveLength(1);
    }
    // Eight days, expired, no end: none comes due.
    for (const id of [PATH_PARSE, 'GHSA-4374-p667-p6c8', 'GHSA-q2q7-5pp4-w6pg'])
      expect(run.warnings.filter((w) => w.includes(id) && /days? left/.test(w))).toEqual([]);
    expect(summary.match(/\d+ days? left/g)).toHaveLength(3);
  });

  test('none: allow-expiring is 0', async () => {
    const run = await gate({ 'allow-alerts': `${COMMONS_TEXT.id} until ${day(8)}` });
    expect(run.outputs['allow-expiring']).toBe('0');
  });
});

// ---------- exceptions no longer needed ----------

describe('entries that allowed nothing this run', () => {
  const NOTHING = 'GHSA-0000-0000-0000';
  const ENTRIES = `${NOTHING} by ${OWNER} # an old exception\n${COMMONS_TEXT.id}\n${PATH_PARSE} # below the threshold, but read`;

  test('are listed in the summary ("unused: remove them") and the JSON report; those that name an alert read are not', async () => {
    const run = await gate({ 'allow-alerts': ENTRIES });
    expect(reportOf(run).allowUnused).toEqual([
      { id: NOTHING, by: OWNER, reason: 'an old exception', source: { kind: 'input' } },
    ]);
    const summary = plain(run.summary);
    expect(summary).toMatch(/unused: remove them/i);
    const section = summary.slice(summary.search(/unused: remove them/i));
    expect(section).toContain(NOTHING);
    expect(section.split('\n###')[0]).not.toContain(COMMONS_TEXT.id);
  });

  test('not when a page of alerts failed: nothing is called unused', async () => {
    s.h.sim.script(PATHS.alerts, { status: 503 });
    const run = await gate({ 'allow-alerts': ENTRIES, 'on-api-error': 'warn' });
    expect(run.outputs.result).toBe('error');
    expect(reportOf(run).allowUnused ?? null).toBeNull();
    expect(plain(run.summary)).not.toMatch(/unused: remove them/i);
    expect(run.warnings.filter((w) => w.includes(NOTHING))).toEqual([]);
  });

  test('not when the read was incomplete (fewer alerts than totalCount)', async () => {
    s.h.sim.faults.totalCountDelta = 3;
    // Nothing gates (a known failure would win): the run is an error for the read alone.
    const run = await gate({ 'allow-alerts': ENTRIES, 'on-api-error': 'warn', 'fail-on-severity': 'none' });
    expect(run.outputs.result).toBe('error');
    expect(reportOf(run).allowUnused ?? null).toBeNull();
    expect(run.warnings.filter((w) => w.includes(NOTHING))).toEqual([]);
  });

  test("not when GitHub withheld the secrets (a fork's pull request): the alerts were not read", async () => {
    const pr = badPullRequest();
    const fork = pullRequestOn(pr, FORK);
    const noSecrets = NO_SECRETS;
    const { run, report } = await s.judge(pr, { ...noSecrets, 'allow-alerts': ENTRIES }, { ...CLOCK, ...fork });
    expect(run.outputs.result).toBe('fail');
    expect((report as unknown as Report).allowUnused ?? null).toBeNull();
    expect(plain(run.summary)).not.toMatch(/unused: remove them/i);
  });
});

// ---------- what a pull request brings in, and malicious versions ----------

describe('the owner beside a finding and a malicious version it allows', () => {
  const LOG4J = 'pkg:maven/org.apache.logging.log4j/log4j-core';

  test('a finding: allowed for its package, its owner in the summary, the comment and its annotation', async () => {
    const pr = badPullRequest();
    const { run, report, github } = await s.judge(
      pr,
      { 'allow-alerts': `${A.log4shell} for ${LOG4J} until ${day(10)} by ${OWNER}`, 'comment-on-pr': 'always' },
      CLOCK,
    );
    const findings = (
      report as unknown as { introduced: { findings: { advisory: string; status: string; allowedBy?: Entry }[] } }
    ).introduced.findings.filter((f) => f.advisory === A.log4shell);
    expect(findings.map((f) => f.status)).toEqual(['allowed']);
    expect(findings[0]!.allowedBy).toMatchObject({ for: LOG4J, by: OWNER, source: { kind: 'input' } });
    const row = linesNaming(run.summary, A.log4shell).find((line) => line.startsWith('|'));
    expect(row).toContain(OWNER);
    const comment = github.comments.at(-1)?.body ?? '';
    expect(linesNaming(comment, A.log4shell).find((line) => line.startsWith('|'))).toContain(OWNER);
    const annotation = run.commands.find((c) => c.command === 'warning' && c.properties.title?.includes(A.log4shell));
    expect(annotation?.message).toContain(OWNER);
  });

  test('a finding of another package than for names is not allowed', async () => {
    const { report } = await s.judge(
      badPullRequest(),
      { 'allow-alerts': `${A.log4shell} for pkg:maven/org.apache.logging.log4j/log4j-api by ${OWNER}` },
      CLOCK,
    );
    const findings = (
      report as unknown as { introduced: { findings: { advisory: string; status: string }[] } }
    ).introduced.findings.filter((f) => f.advisory === A.log4shell);
    expect(findings.map((f) => f.status)).toEqual(['gating']);
  });

  const COLOR = OSV_MALICIOUS.colorStringify;
  test.each([
    [`pkg:npm/${COLOR.name}`, 'allowed'],
    [`${COLOR.name}@${COLOR.version}`, 'allowed'],
    ['pkg:npm/left-pad', 'gating'],
  ])('a malicious version, for %s: %s; an allowed one shows its owner', async (pkg, status) => {
    const pr = pullRequestAdding([added(npm(COLOR.name, COLOR.version))]);
    const { run, report } = await s.judge(
      pr,
      { malicious: 'fail', 'allow-alerts': `${COLOR.id} for ${pkg} by ${OWNER} # a false positive, SEC-9` },
      CLOCK,
    );
    const entry = report!.supplyChain!.entries.find((e) => e.name === COLOR.name)!;
    expect(entry.status).toBe(status);
    if (status !== 'allowed') return;
    expect(linesNaming(run.summary, COLOR.name).find((line) => line.startsWith('|'))).toContain(OWNER);
    const annotation = run.commands.find((c) => c.command === 'warning' && c.properties.title?.includes(COLOR.name));
    expect(annotation?.message).toContain(OWNER);
  });
});

// ---------- the demo ----------

describe("the demo shows an owned exception (npm run demo, its --policy file's mapping)", () => {
  const ROOT = resolve(import.meta.dirname, '../..');
  const demo = (...args: string[]) =>
    promisify(execFile)(join(ROOT, 'node_modules', '.bin', 'tsx'), ['simulator/demo.ts', ...args], {
      cwd: ROOT,
      timeout: 50_000,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { code?: number; stdout?: string }) => {
      if (error.code !== 1) throw error; // the demo's gate fails, on purpose
      return { stdout: error.stdout ?? '' };
    });
  const INCOMPLETE_FIX = A.log4jIncompleteFix;

  test('the default run: its entry is for its package, until, by an owner, shown in the allowed table', async () => {
    const out = await mkdtemp(join(tmpdir(), 'owned-exceptions-demo-'));
    try {
      await demo('--out', out);
      const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as Report;
      const allowed = report.alerts.filter((a) => a.advisory === INCOMPLETE_FIX);
      expect(allowed.map((a) => a.status)).toEqual(['allowed']);
      expect(allowed[0]!.allowedBy).toMatchObject({
        for: 'pkg:maven/org.apache.logging.log4j/log4j-core',
        until: '2099-12-31',
        by: OWNER,
      });
      const summary = await readFile(join(out, 'summary.md'), 'utf8');
      expect(linesNaming(summary, INCOMPLETE_FIX).find((line) => line.startsWith('|'))).toContain(OWNER);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 60_000);

  test("--policy: the file's entry is a mapping with for and by", async () => {
    const { stdout } = await demo('--policy');
    expect(stdout).toMatch(
      new RegExp(`- id: ${INCOMPLETE_FIX}\\n\\s+for: pkg:maven/org\\.apache\\.logging\\.log4j/log4j-core\\n`),
    );
    expect(stdout).toMatch(/^\s+by: '@acme\/security'$/m);
    expect(linesNaming(stdout, INCOMPLETE_FIX).find((line) => line.startsWith('|'))).toContain(OWNER);
  }, 60_000);
});

// The simulator's repository the tests above judge.
test('the data: acme/webshop has the alerts named above, each on one package', () => {
  const alerts = webshopAlerts(s.h.sim);
  expect(MAIN_REPO.name).toBe('acme/webshop');
  for (const id of [COMMONS_TEXT.id, LOG4SHELL, SPRING, PATH_PARSE])
    expect({ id, packages: alerts.filter((a) => a.metadata.id === id).length }).toEqual({ id, packages: 1 });
  expect(alerts.find((a) => a.metadata.id === COMMONS_TEXT.id)?.metadata.packageIdentifier).toBe(
    `${COMMONS_TEXT.purl}@1.9`,
  );
});
