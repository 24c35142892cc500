// Runs that stop before a verdict, or cannot write what was asked for, still report what happened.
import { describe, expect, test } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PATHS, useSimulator } from './harness.js';

const h = useSimulator();
const NO_MATCH = { repository: 'acme/unknown', event: { repository: { id: 1, full_name: 'acme/unknown' } } };

describe('the repository cannot be resolved', () => {
  // No SARIF: the alerts were not read, and an empty log uploaded would close every open code-scanning alert.
  test('no match: exit 1, and the summary and JSON report are still written; no SARIF', async () => {
    const run = await h.gate({ 'report-file': 'r.json', 'sarif-file': 'r.sarif', 'set-pr-scanning': 'true' }, NO_MATCH);
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(run.summary).toMatch(/Error/);
    expect(run.summary).toContain('Cannot resolve the repository');
    const report = JSON.parse(run.files['r.json'] ?? 'null') as {
      result: string;
      verdict: { result: string };
      settings: Array<{ status: string }>;
    };
    expect(report.result).toBe('error');
    expect(report.verdict.result).toBe('error');
    expect(report.settings).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(run.files['r.sarif']).toBeUndefined();
    expect(run.outputs['sarif-file']).toBe('');
    expect(h.requests(PATHS.setPrScanning)).toHaveLength(0);
  });

  test('installations endpoint failing under warn: exit 0, result=error, the summary written, no SARIF', async () => {
    h.sim.script(PATHS.repositories, { status: 503 });
    const run = await h.gate({ 'on-api-error': 'warn', 'max-retries': '0', 'sarif-file': 'r.sarif' });
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('error');
    expect(run.warnings.join('\n')).toContain(PATHS.repositories);
    expect(run.summary).toContain('Error');
    expect(run.files['r.sarif']).toBeUndefined();
    expect(h.requests(PATHS.alerts)).toHaveLength(0);
  });
});

describe('a report that cannot be written', () => {
  test('report-file pointing at a directory fails the step with a clear message; the rest is still written', async () => {
    const run = await h.gate(
      { 'report-file': '.', 'sarif-file': 'ok.sarif' },
      {
        repository: 'acme/clean-lib',
        event: { repository: { id: 987654321, full_name: 'acme/clean-lib' } },
      },
    );
    expect(run.exitCode).toBe(1);
    expect(run.errors.join('\n')).toMatch(/report-file: cannot write "\.".*Check the path/);
    expect(run.outputs.result).toBe('pass');
    expect(run.outputs['report-file']).toBe('');
    expect(run.outputs['sarif-file']).toBe('ok.sarif');
    expect(run.summary).toContain('Passed');
  });
});

describe('a report cut short by the disk', () => {
  test('a file size limit hit mid-report fails the step naming the error, not "written"', async () => {
    // The action runs under bash with `ulimit -f 32` (32 KiB; bash, as dash drops the INPUT_API-URL
    // kind of variable): the JSON report and the SARIF log of 69 alerts are larger, the
    // summary is not. Node ignores SIGXFSZ, so the write that crosses the limit is short and the
    // next one fails with EFBIG.
    const dir = await mkdtemp(join(tmpdir(), 'security-gate-ulimit-'));
    const wrapper = join(dir, 'node');
    const node = process.env.SECURITY_GATE_NODE || process.execPath;
    await writeFile(wrapper, `#!/bin/bash\nulimit -f 32\nexec "${node}" "$@"\n`, { mode: 0o755 });
    const before = process.env.SECURITY_GATE_NODE;
    process.env.SECURITY_GATE_NODE = wrapper;
    try {
      const run = await h.gate({ 'report-file': 'r.json', 'sarif-file': 'r.sarif', 'fail-on-severity': 'none' });
      expect(run.exitCode).toBe(1);
      // The JSON report is many chunks; the SARIF log is one, whose write is the short one.
      for (const [input, file] of [
        ['report-file', 'r\\.json'],
        ['sarif-file', 'r\\.sarif'],
      ]) {
        expect(run.errors.join('\n')).toMatch(new RegExp(`${input}: cannot write "${file}": .*(EFBIG|too large)`, 'i'));
        expect(run.stdout).not.toContain(`${input}: written`);
        expect(run.outputs[input!]).toBe('');
      }
    } finally {
      if (before === undefined) delete process.env.SECURITY_GATE_NODE;
      else process.env.SECURITY_GATE_NODE = before;
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a totalCount that disagrees with what was read', () => {
  test('fewer alerts than announced: an API error ("read N of M"), never a pass', async () => {
    const [alert] = h.sim.state.alerts['repo_webshop'] ?? [];
    const empty = { body: { alerts: [], totalCount: 5, page: 2, pageSize: 100 } };
    h.sim.script(
      PATHS.alerts,
      { body: { alerts: [alert], totalCount: 5, page: 1, pageSize: 100 } },
      empty,
      empty,
      empty,
      empty,
    );
    const run = await h.gate({ 'fail-on-severity': 'none' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(run.outputs['alerts-total']).toBe('1');
    expect(run.errors.join('\n')).toMatch(/sca\/alerts\/search failed: read 1 of 5 alerts the search announced/);
  });

  test('more alerts than announced: a warning, and the gate uses all of them', async () => {
    const alerts = (h.sim.state.alerts['repo_webshop'] ?? []).slice(0, 3);
    h.sim.script(PATHS.alerts, { body: { alerts, totalCount: 2, page: 1, pageSize: 100 } });
    const run = await h.gate({ 'fail-on-severity': 'none' });
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
    expect(run.outputs['alerts-total']).toBe('3');
    expect(run.warnings.join('\n')).toMatch(
      /announced 2 alerts \(totalCount\) but 3 distinct alerts were read; the gate used all 3/,
    );
  });
});

describe('a job summary that cannot be written', () => {
  test('fails the step with a message, and the outputs and report files are still written', async () => {
    const run = await h.gate(
      { 'report-file': 'r.json' },
      {
        repository: 'acme/clean-lib',
        event: { repository: { id: 987654321, full_name: 'acme/clean-lib' } },
        env: { GITHUB_STEP_SUMMARY: '/nonexistent-dir/summary.md' },
      },
    );
    expect(run.exitCode).toBe(1);
    expect(run.errors.join('\n')).toMatch(/summary: cannot write the job summary/);
    expect(run.outputs.result).toBe('pass');
    expect(run.files['r.json']).toBeDefined();
  });
});

describe('a settings change whose token is rejected', () => {
  test('fails the step even with on-api-error warn', async () => {
    h.sim.script(PATHS.setPrScanning, { status: 401, body: { error: 'token may not change settings' } });
    const run = await h.gate(
      { 'on-api-error': 'warn', 'set-pr-scanning': 'true' },
      {
        repository: 'acme/clean-lib',
        event: { repository: { id: 987654321, full_name: 'acme/clean-lib' } },
      },
    );
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(run.errors.join('\n')).toContain('set-pr-scanning');
  });
});
