// The license policy end to end, through dist/ against the simulator's license data: allow and deny
// on OR/AND/WITH, free-text names, exceptions, each unknown-licenses mode, no licenses request
// without a policy, and a failing licenses read under on-api-error.
import { describe, expect, test } from '@jest/globals';
import {
  DENIED_LICENSES,
  LICENSE_FIXTURES,
  MAIN_REPO_LICENSE_FINDINGS,
  PERMISSIVE_LICENSES,
} from '../../simulator/data.js';
import { CLEAN, errorText, PATHS, useSimulator, type GateRun } from './harness.js';

const h = useSimulator();
const LICENSES = '/api/v1/sca/licenses/search';
const deny = DENIED_LICENSES.join(', ');
const allow = PERMISSIVE_LICENSES.join('\n');
// Alerts never fail these runs, so the licenses alone decide.
const quiet = { 'fail-on-severity': 'none', 'report-file': 'r.json' };

interface Report {
  licenses: {
    mode: string;
    checked: number;
    exempted: number;
    findings: { package: string; status: string; gates: boolean; license: string; location: { path: string } | null }[];
  } | null;
}
const report = (run: GateRun) => JSON.parse(run.files['r.json']!) as Report;
const packages = (run: GateRun, status: string) =>
  (report(run).licenses?.findings ?? [])
    .filter((f) => f.status === status)
    .map((f) => f.package)
    .sort();

describe('deny-licenses', () => {
  test('a package that cannot be used without a denied license fails the gate; a dual license with a way out does not', async () => {
    const run = await h.gate({ ...quiet, 'deny-licenses': deny });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('fail');
    expect(run.outputs['license-violations']).toBe('1');
    expect(packages(run, 'violation')).toEqual(MAIN_REPO_LICENSE_FINDINGS.deny.violations);
    expect(packages(run, 'violation')).not.toContain(`${LICENSE_FIXTURES.dual.name}@${LICENSE_FIXTURES.dual.version}`);
    expect(errorText(run)).toMatch(/1 package violates the license policy: ffmpeg-static@5\.2\.0 \(GPL-3\.0-only\)/);
    // the violation is annotated on the manifest line that declares the package
    const annotation = run.commands.find((c) => c.command === 'error' && c.properties.title?.startsWith('license'));
    expect(annotation?.properties).toMatchObject({
      title: 'license GPL-3.0-only in ffmpeg-static@5.2.0',
      file: expect.stringMatching(/package\.json$/),
    });
    // unknown licenses are warnings (unknown-licenses: warn, the default)
    expect(packages(run, 'unknown')).toEqual(MAIN_REPO_LICENSE_FINDINGS.deny.unknown);
    expect(run.warnings.join('\n')).toMatch(/2 packages have no known license: .*@acme\/design-tokens@2\.4\.0/);
    expect(h.requests(LICENSES)).toHaveLength(1);
  });

  test('license-exceptions skips the package (by name, name@version or package URL)', async () => {
    for (const exception of ['ffmpeg-static', 'ffmpeg-static@5.2.0', 'pkg:npm/ffmpeg-static@5.2.0']) {
      const run = await h.gate({ ...quiet, 'deny-licenses': deny, 'license-exceptions': exception });
      expect({ exception, result: run.outputs.result, violations: run.outputs['license-violations'] }).toEqual({
        exception,
        result: 'pass',
        violations: '0',
      });
      expect(report(run).licenses?.exempted).toBe(1);
    }
    const wrongVersion = await h.gate({ ...quiet, 'deny-licenses': deny, 'license-exceptions': 'ffmpeg-static@4.0.0' });
    expect(wrongVersion.outputs.result).toBe('fail');
  });
});

describe('allow-licenses', () => {
  test('every package must be satisfiable with allowed ids alone: OR takes one branch, WITH and free-text names as SPDX says', async () => {
    const run = await h.gate({ ...quiet, 'allow-licenses': allow });
    expect(run.outputs.result).toBe('fail');
    expect(packages(run, 'violation')).toEqual([...MAIN_REPO_LICENSE_FINDINGS.allow.violations].sort());
    expect(run.outputs['license-violations']).toBe(String(MAIN_REPO_LICENSE_FINDINGS.allow.violations.length));
    // the license read from an entry's name when its id is the service's own
    expect(report(run).licenses?.findings.find((f) => f.package.startsWith('dotenv@'))?.license).toBe('lic_7f2a');
  });

  test('a repository whose packages are all allowed passes', async () => {
    const run = await h.gate({ ...quiet, 'allow-licenses': allow }, CLEAN);
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
    expect(run.outputs['license-violations']).toBe('0');
  });
});

describe('unknown-licenses', () => {
  test.each([
    ['warn', 1, 2],
    ['fail', 3, 2],
    ['ignore', 1, 0],
  ])('%s: %i violations, %i unknown listed', async (mode, violations, unknown) => {
    const run = await h.gate({ ...quiet, 'deny-licenses': deny, 'unknown-licenses': mode });
    expect(run.outputs['license-violations']).toBe(String(violations));
    expect(packages(run, 'unknown')).toHaveLength(unknown);
    expect(run.warnings.some((w) => w.includes('no known license'))).toBe(mode === 'warn');
  });
});

describe('without a license policy', () => {
  test('no license is read, the output is empty, the report has no licenses', async () => {
    const run = await h.gate(quiet);
    expect(h.requests(LICENSES)).toEqual([]);
    expect(run.outputs['license-violations']).toBe('');
    expect(report(run).licenses).toBeNull();
  });
});

describe('the licenses read decides the verdict', () => {
  test.each([
    ['fail', 1],
    ['warn', 0],
  ])('failing (500), on-api-error %s: result error, exit %i', async (mode, exitCode) => {
    h.sim.script(LICENSES, { status: 500 });
    const run = await h.gate({ ...quiet, 'deny-licenses': deny, 'on-api-error': mode, 'max-retries': '0' });
    expect(run.outputs.result).toBe('error');
    expect(run.exitCode).toBe(exitCode);
    expect([...run.errors, ...run.warnings].join('\n')).toMatch(/sca\/licenses\/search failed/);
  });

  test('a gating alert still fails the gate when the licenses read failed', async () => {
    h.sim.script(LICENSES, { status: 500 });
    const run = await h.gate({ 'deny-licenses': deny, 'max-retries': '0' });
    expect(run.outputs.result).toBe('fail');
  });
});

describe('bad license inputs', () => {
  test('ids that are not of the current SPDX list, and both lists at once: input errors, nothing sent', async () => {
    const run = await h.gate({ 'allow-licenses': 'mit, Apache 2', 'deny-licenses': 'GPL-3.0-only' });
    expect(run.exitCode).toBe(1);
    const message = errorText(run);
    expect(message).toContain('allow-licenses: "mit" is not an SPDX license id as written; did you mean MIT?');
    expect(message).toContain('allow-licenses: "Apache 2" is not an id of the current SPDX license list');
    expect(message).toContain('deny-licenses: is set together with allow-licenses');
    expect(h.sim.requests).toEqual([]);
  });
});

describe('license findings in the reports', () => {
  test('the summary lists them with the manifest line linked at the commit, SARIF has license/<id> results', async () => {
    const sha = 'abcdef0123456789abcdef0123456789abcdef01';
    const run = await h.gate(
      { ...quiet, 'deny-licenses': deny, 'sarif-file': 'out.sarif' },
      { env: { GITHUB_SHA: sha } },
    );
    expect(run.summary).toContain('### License policy (1 violation)');
    // The package reads as itself everywhere (a code span, no zero-width space): in the verdict and in its row.
    expect(run.summary).toContain('`ffmpeg-static@5.2.0`');
    const row = run.summary.split('\n').find((line) => line.startsWith('|') && line.includes('ffmpeg-static@5.2.0'))!;
    expect(row).toMatch(new RegExp(`\\(https://github\\.com/acme/webshop/blob/${sha}/[^)]*package\\.json#L\\d+`));
    expect(row).toContain('not allowed');
    const sarif = JSON.parse(run.files['out.sarif']!) as {
      runs: {
        tool: { driver: { rules: { id: string }[] } };
        results: { ruleId: string; level: string; ruleIndex: number }[];
      }[];
    };
    const [sarifRun] = sarif.runs;
    const results = sarifRun!.results.filter((r) => r.ruleId.startsWith('license/'));
    expect(results.map((r) => [r.ruleId, r.level])).toEqual([
      ['license/GPL-3.0-only', 'error'],
      ['license/unknown', 'warning'],
      ['license/unknown', 'warning'],
    ]);
    for (const r of results) expect(sarifRun!.tool.driver.rules[r.ruleIndex]!.id).toBe(r.ruleId);
  });
});

describe('a license read the policy cannot fully judge is never a pass', () => {
  test('a package without a name is judged by its id; an entry without packages, or a package without name or id, is an API error', async () => {
    h.sim.script(LICENSES, {
      body: {
        licenses: [{ id: 'GPL-3.0-only', name: 'GPL', packages: [{ id: 'pkg_x', name: null, version: '1.0' }] }],
      },
    });
    const named = await h.gate({ ...quiet, 'deny-licenses': deny });
    expect(named.outputs.result).toBe('fail');
    expect(packages(named, 'violation')).toEqual(['pkg_x@1.0']);

    h.sim.script(LICENSES, { body: { licenses: [{ id: 'GPL-3.0-only', name: 'GPL' }] } });
    const entry = await h.gate({ ...quiet, 'deny-licenses': deny });
    expect(entry.outputs.result).toBe('error');
    expect(errorText(entry)).toMatch(
      /sca\/licenses\/search failed: 1 entry the license policy cannot judge: license 1/,
    );
  });

  test.each([
    ['the list of licenses is null', { licenses: null }],
    ["an entry's packages are null", { licenses: [{ id: 'GPL-3.0-only', name: 'GPL', packages: null }] }],
  ])('%s: an API error, not an empty list that passes', async (_case, body) => {
    h.sim.script(LICENSES, { body });
    const run = await h.gate({ ...quiet, 'deny-licenses': deny });
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toMatch(/sca\/licenses\/search/);
  });

  test('a license id in other letters is still denied', async () => {
    h.sim.script(LICENSES, {
      body: { licenses: [{ id: 'gpl-3.0-only', name: null, packages: [{ id: 'p', name: 'x', version: '1' }] }] },
    });
    const run = await h.gate({ ...quiet, 'deny-licenses': deny });
    expect(run.outputs.result).toBe('fail');
  });

  test('alerts that cannot be read do not hide a license violation: it still fails the gate', async () => {
    h.sim.script(PATHS.alerts, { status: 503 }, { status: 503 });
    const run = await h.gate({ ...quiet, 'deny-licenses': deny, 'max-retries': '0', 'on-api-error': 'warn' });
    expect(run.outputs.result).toBe('fail');
    expect(run.exitCode).toBe(1);
  });
});
