// Verdict integrity of the policy itself, end to end through dist/ against the simulator: a policy
// file's values keep their meaning whatever characters they hold, its paths stay in the workspace,
// and the license policy judges every package and expression as SPDX defines, in bounded time.
import { describe, expect, test } from '@jest/globals';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ADVISORIES, CLEAN_REPO, PERMISSIVE_LICENSES } from '../../simulator/data.js';
import { CLEAN, errorText, PUSH, useSimulator } from './harness.js';

const h = useSimulator();

interface Report {
  options: { allowAlerts: { id: string; until?: string; reason?: string }[] };
  licenses: { findings: { package: string; license: string; status: string }[] } | null;
}
const report = (files: Record<string, string>) => JSON.parse(files['r.json']!) as Report;

describe('an allow-alerts mapping in a policy file keeps its until and reason, whatever its id holds', () => {
  test.each([
    ['a comma', `${ADVISORIES.log4shell}, GHSA-0000-0000-0000`],
    ['#', `${ADVISORIES.log4shell} #SEC-1`],
  ])('an id holding %s: one entry, expired, allowing nothing', async (_name, id) => {
    const policy = `allow-alerts:\n  - id: ${JSON.stringify(id)}\n    until: 2020-01-31\n    reason: vendor fix\n`;
    const run = await h.gate(
      { 'config-file': 'p.yml', 'report-file': 'r.json' },
      { ...PUSH, files: { 'p.yml': policy } },
    );
    // Read back through the input syntax, the id would have lost its until: Log4Shell allowed for ever.
    const source = { kind: 'policy-file', path: 'p.yml', line: 2 };
    expect(report(run.files).options.allowAlerts).toEqual([{ id, until: '2020-01-31', reason: 'vendor fix', source }]);
    expect(run.outputs['allowed-count']).toBe('0');
    expect(run.outputs.result).toBe('fail');
    expect(errorText(run)).toContain(ADVISORIES.log4shell);
  });
});

describe('paths a policy file gives stay inside GITHUB_WORKSPACE', () => {
  // A directory beside the run's workspace (both under the system's temporary directory).
  test.each([
    ['report-file', 'an absolute path', (outside: string) => join(outside, 'r.json')],
    ['sarif-file', 'a path with ..', (outside: string) => `out/../../${basename(outside)}/r.sarif`],
  ])('%s as %s: an input error at its line and column, nothing written or sent', async (key, _name, path) => {
    const outside = await mkdtemp(join(tmpdir(), 'security-gate-outside-'));
    try {
      const target = path(outside);
      const run = await h.gate(
        { 'config-file': 'p.yml' },
        { ...PUSH, files: { 'p.yml': `version: 1\n${key}: ${JSON.stringify(target)}\n` } },
      );
      expect(run.exitCode).toBe(1);
      expect(run.outputs.result).toBe('error');
      expect(errorText(run)).toContain(`p.yml:2:${key.length + 3}: ${key}: ${JSON.stringify(target)} `);
      expect(h.sim.requests).toEqual([]);
      expect(existsSync(join(outside, basename(target)))).toBe(false);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});

/** Lists a package of acme/clean-lib (whose licenses all pass PERMISSIVE_LICENSES) under one more license entry. */
function addLicense(id: string, name = 'Test license', packageName = 'zod'): void {
  const pkg = h.sim.state.packages.find((p) => p.repositoryId === CLEAN_REPO.id && p.name === packageName)!;
  h.sim.state.licenses.push({ id, name, packageIds: [pkg.id] });
}
/** `(a OR b) AND (a OR b) AND …`: 2^n ways of satisfying it. */
const groups = (n: number, group: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => `(${group(i)})`).join(' AND ');
const allowPermissive = { 'allow-licenses': PERMISSIVE_LICENSES.join(', '), 'report-file': 'r.json' };

describe('license expressions are judged in time polynomial in their length', () => {
  // Expanded into its 2^24 ways, this expression kept the action busy for minutes: the run is
  // stopped after 30 s, so a regression fails here rather than hanging the suite.
  test('24 OR groups under allow-licenses: judged at once, allowed by their MIT branches', async () => {
    addLicense(groups(24, (i) => `LicenseRef-Vendor-${i} OR MIT`));
    const run = await h.gate(allowPermissive, { ...CLEAN, timeoutMs: 30_000 });
    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ result: 'pass', 'license-violations': '0' });
  }, 45_000);

  test('under deny-licenses every way counts, the 512th as well as the first', async () => {
    // Only the last of the 2^9 ways (MIT in every group) avoids GPL-3.0-only.
    addLicense(groups(9, () => 'GPL-3.0-only OR MIT'));
    const run = await h.gate({ 'deny-licenses': 'GPL-3.0-only', 'report-file': 'r.json' }, CLEAN);
    expect(run.outputs).toMatchObject({ result: 'pass', 'license-violations': '0' });
    addLicense(`${groups(9, () => 'GPL-3.0-only OR MIT')} AND GPL-3.0-only`, 'Test license', 'tslib');
    const denied = await h.gate({ 'deny-licenses': 'GPL-3.0-only', 'report-file': 'r.json' }, CLEAN);
    expect(denied.outputs).toMatchObject({ result: 'fail', 'license-violations': '1' });
  });
});

describe('an expression beyond the bounds is an API error of the licenses read, never "unknown"', () => {
  const nested = (depth: number) => `${'('.repeat(depth)}MIT${')'.repeat(depth)}`;
  test.each([
    ['nested 5,000 deep (past what spdx-expression-parse handles)', nested(5_000), 'nested more than 100'],
    ['nested 101 deep', nested(101), 'nested more than 100'],
    ['longer than 64 KiB', Array(10_000).fill('MIT').join(' OR '), 'longer than 64 KiB'],
  ])('%s: result error, naming the endpoint and the entry', async (_name, expression, problem) => {
    addLicense(expression);
    const run = await h.gate(allowPermissive, CLEAN);
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toMatch(new RegExp(`sca/licenses/search.*license \\d+ \\(its id is ${problem}`));
  });

  test('the same under on-api-error: warn: a warning, result error, exit 0', async () => {
    addLicense(nested(101));
    const run = await h.gate({ ...allowPermissive, 'on-api-error': 'warn' }, CLEAN);
    expect(run).toMatchObject({ exitCode: 0, outputs: expect.objectContaining({ result: 'error' }) });
    expect(run.warnings.join('\n')).toContain('nested more than 100 parentheses deep');
  });
});

describe('LicenseRef-… and DocumentRef-… ids match case-insensitively, on both sides', () => {
  test('deny-licenses: a denied LicenseRef in other letters is still denied', async () => {
    addLicense('licenseref-ACME-proprietary');
    const run = await h.gate({ 'deny-licenses': 'LicenseRef-Acme-Proprietary', 'report-file': 'r.json' }, CLEAN);
    expect(run.outputs).toMatchObject({ result: 'fail', 'license-violations': '1' });
    expect(report(run.files).licenses?.findings).toEqual([
      expect.objectContaining({ package: 'zod@3.23.8', license: 'licenseref-ACME-proprietary', status: 'violation' }),
    ]);
  });

  test('allow-licenses: an allowed LicenseRef or DocumentRef in other letters is allowed, not unknown', async () => {
    addLicense('LICENSEREF-ACME-INTERNAL');
    addLicense('documentref-SPDX-tool-1.2:licenseref-mit-style-2', 'Test license', 'tslib');
    const allow = [
      ...PERMISSIVE_LICENSES,
      'licenseref-acme-internal',
      'DocumentRef-spdx-tool-1.2:LicenseRef-MIT-Style-2',
    ];
    const run = await h.gate(
      { 'allow-licenses': allow.join(', '), 'unknown-licenses': 'fail', 'report-file': 'r.json' },
      CLEAN,
    );
    expect(report(run.files).licenses?.findings).toEqual([]);
    expect(run.outputs).toMatchObject({ result: 'pass', 'license-violations': '0' });
  });

  test("deny-licenses: another document's license nobody denied is no violation", async () => {
    addLicense('DocumentRef-spdx-tool-1.2:LicenseRef-MIT-Style-2');
    const run = await h.gate({ 'deny-licenses': 'GPL-3.0-only', 'report-file': 'r.json' }, CLEAN);
    expect(report(run.files).licenses?.findings).toEqual([]);
    expect(run.outputs).toMatchObject({ result: 'pass', 'license-violations': '0' });
  });
});

describe('a deprecated …-with-…-exception id is judged as its replacement, GPL-x.0-only WITH the exception', () => {
  test('allow-licenses with GPL-2.0-only: GPL-2.0-with-classpath-exception is allowed', async () => {
    addLicense('GPL-2.0-with-classpath-exception');
    const run = await h.gate(
      { ...allowPermissive, 'allow-licenses': [...PERMISSIVE_LICENSES, 'GPL-2.0-only'].join(', ') },
      CLEAN,
    );
    expect(report(run.files).licenses?.findings).toEqual([]);
    expect(run.outputs).toMatchObject({ result: 'pass', 'license-violations': '0' });
  });

  test.each([
    ['GPL-2.0-with-GCC-exception', 'GPL-3.0-only', 'pass'],
    ['GPL-3.0-with-autoconf-exception', 'GPL-2.0-only', 'pass'],
    ['GPL-2.0-with-bison-exception', 'GPL-2.0-only', 'fail'],
    ['GPL-3.0-with-GCC-exception', 'GPL-3.0-only', 'fail'],
  ])('%s under deny-licenses %s: %s', async (id, denied, result) => {
    addLicense(id);
    const run = await h.gate({ 'deny-licenses': denied, 'report-file': 'r.json' }, CLEAN);
    expect(run.outputs).toMatchObject({ result, 'license-violations': result === 'pass' ? '0' : '1' });
  });
});

describe('a package listed under several license entries is judged under each', () => {
  const findings = (run: { files: Record<string, string> }) =>
    report(run.files).licenses?.findings.map((f) => `${f.package} ${f.license} ${f.status}`);

  test('zod under MIT, GPL-3.0-only and AGPL-3.0-only: a violation for each denied entry, one package', async () => {
    addLicense('GPL-3.0-only');
    addLicense('AGPL-3.0-only');
    const run = await h.gate({ 'deny-licenses': 'GPL-3.0-only, AGPL-3.0-only', 'report-file': 'r.json' }, CLEAN);
    expect(findings(run)).toEqual(['zod@3.23.8 GPL-3.0-only violation', 'zod@3.23.8 AGPL-3.0-only violation']);
    expect(run.outputs).toMatchObject({ result: 'fail', 'license-violations': '1' });
  });

  test('packages the service lists with the same (empty) id are each judged', async () => {
    const pkg = (name: string, line: number) => ({
      id: '',
      name,
      version: '1.0.0',
      ecosystem: 'npm',
      manifestPath: 'package.json',
      manifestStartLine: line,
      manifestEndLine: line,
    });
    const licenses = [
      { id: 'MIT', name: 'MIT License', packages: [pkg('left-pad', 3)] },
      { id: 'GPL-3.0-only', name: 'GNU GPL v3', packages: [pkg('left-pad', 3), pkg('gpl-lib', 4)] },
    ];
    h.sim.script('/api/v1/sca/licenses/search', { body: { licenses } });
    const run = await h.gate({ 'deny-licenses': 'GPL-3.0-only', 'report-file': 'r.json' }, CLEAN);
    expect(findings(run)).toEqual(['gpl-lib@1.0.0 GPL-3.0-only violation', 'left-pad@1.0.0 GPL-3.0-only violation']);
    expect(run.outputs).toMatchObject({ result: 'fail', 'license-violations': '2' });
  });
});
