// Settings changes end to end: each input changes the simulator's state and shows in the summary,
// only given inputs are sent, a dry run sends none, and a failed change is an API error.
import { describe, expect, test } from '@jest/globals';
import type { RepositorySettings } from '../../simulator/data.js';
import { CLEAN_REPO, MAIN_REPO, ORG_ID } from '../../simulator/data.js';
import { CLEAN, errorText, PATHS, SETTINGS_PATHS, useSimulator } from './harness.js';

const h = useSimulator();

const settingsOf = (id: string): RepositorySettings => h.sim.state.settings[id]!;
const settingsRequests = () => h.sim.requests.filter((r) => SETTINGS_PATHS.includes(r.path));

describe('each setting input changes the repository and is listed in the summary', () => {
  test.each<
    [
      string,
      Record<string, string>,
      string,
      Record<string, unknown>,
      Partial<RepositorySettings>,
      RepositorySettings | null,
    ]
  >([
    [
      'set-pr-scanning false',
      { 'set-pr-scanning': 'false' },
      PATHS.setPrScanning,
      { isPrScanningEnabled: false },
      { isPrScanningEnabled: false },
      null,
    ],
    [
      'set-pr-scanning TRUE',
      { 'set-pr-scanning': 'TRUE' },
      PATHS.setPrScanning,
      { isPrScanningEnabled: true },
      { isPrScanningEnabled: true },
      { cweWhitelist: [], maxPrTimeoutMinutes: 30, isPrScanningEnabled: false },
    ],
    [
      'set-max-pr-timeout-minutes 90',
      { 'set-max-pr-timeout-minutes': '90' },
      PATHS.setTimeout,
      { maxPrTimeoutMinutes: 90 },
      { maxPrTimeoutMinutes: 90 },
      null,
    ],
    [
      'set-max-pr-timeout-minutes 1440',
      { 'set-max-pr-timeout-minutes': '1440' },
      PATHS.setTimeout,
      { maxPrTimeoutMinutes: 1440 },
      { maxPrTimeoutMinutes: 1440 },
      null,
    ],
    [
      'set-cwe-whitelist "79, cwe-89" (normalised)',
      { 'set-cwe-whitelist': '79, cwe-89' },
      PATHS.setCwe,
      { cweWhitelist: ['CWE-79', 'CWE-89'] },
      { cweWhitelist: ['CWE-79', 'CWE-89'] },
      null,
    ],
    [
      'set-cwe-whitelist newline-separated',
      { 'set-cwe-whitelist': 'CWE-22\n352\n' },
      PATHS.setCwe,
      { cweWhitelist: ['CWE-22', 'CWE-352'] },
      { cweWhitelist: ['CWE-22', 'CWE-352'] },
      null,
    ],
    [
      'set-cwe-whitelist none (clears the list)',
      { 'set-cwe-whitelist': 'none' },
      PATHS.setCwe,
      { cweWhitelist: [] },
      { cweWhitelist: [] },
      { cweWhitelist: ['CWE-79'], maxPrTimeoutMinutes: 30, isPrScanningEnabled: true },
    ],
  ])('%s', async (_name, inputs, path, body, after, before) => {
    if (before) h.sim.state.settings[MAIN_REPO.id] = before;
    const untouched = structuredClone(settingsOf(MAIN_REPO.id));
    const run = await h.gate(inputs);
    // only the given input is sent, once, for this repository
    expect(settingsRequests().map((r) => r.path)).toEqual([path]);
    expect(settingsRequests()[0]!.body).toEqual({ organizationId: ORG_ID, repositoryId: MAIN_REPO.id, ...body });
    expect(settingsOf(MAIN_REPO.id)).toEqual({ ...untouched, ...after });
    // the other repositories are left alone
    expect(settingsOf(CLEAN_REPO.id)).toEqual({
      cweWhitelist: [],
      maxPrTimeoutMinutes: 30,
      isPrScanningEnabled: false,
    });
    // the gate is decided as usual; the change is listed in the summary
    expect(run.outputs.result).toBe('fail');
    const section = run.summary.slice(run.summary.indexOf('### Settings'));
    expect(run.summary).toContain('### Settings');
    expect(section).toContain(Object.keys(inputs)[0]!);
    expect(section).toMatch(/applied/i);
  });

  test('all three at once: one request each, all applied', async () => {
    const run = await h.gate(
      { 'set-pr-scanning': 'false', 'set-max-pr-timeout-minutes': '45', 'set-cwe-whitelist': 'CWE-79' },
      CLEAN,
    );
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
    expect(
      settingsRequests()
        .map((r) => r.path)
        .sort(),
    ).toEqual([...SETTINGS_PATHS].sort());
    expect(settingsOf(CLEAN_REPO.id)).toEqual({
      cweWhitelist: ['CWE-79'],
      maxPrTimeoutMinutes: 45,
      isPrScanningEnabled: false,
    });
    for (const input of ['set-pr-scanning', 'set-max-pr-timeout-minutes', 'set-cwe-whitelist'])
      expect(run.summary).toContain(input);
  });

  test('no setting input: no settings request and no settings section', async () => {
    const run = await h.gate();
    expect(settingsRequests()).toEqual([]);
    expect(run.summary).not.toContain('### Settings');
  });

  test('dry-run: nothing is sent, the state is unchanged, and the summary says what would apply', async () => {
    const before = structuredClone(h.sim.state.settings);
    const run = await h.gate(
      {
        'dry-run': 'true',
        'set-pr-scanning': 'false',
        'set-max-pr-timeout-minutes': '45',
        'set-cwe-whitelist': '79, cwe-89',
      },
      CLEAN,
    );
    expect(run.exitCode).toBe(0);
    expect(settingsRequests()).toEqual([]);
    expect(h.sim.state.settings).toEqual(before);
    const section = run.summary.slice(run.summary.indexOf('### Settings'));
    expect(run.summary).toContain('### Settings');
    for (const input of ['set-pr-scanning', 'set-max-pr-timeout-minutes', 'set-cwe-whitelist'])
      expect(section).toContain(input);
    expect(section.match(/would apply/gi)?.length).toBe(3);
    expect(section).toContain('CWE');
    expect(section).not.toMatch(/\bapplied\b/);
  });
});

describe('a settings endpoint that fails is an API error under on-api-error', () => {
  test.each([
    ['fail', 1],
    ['warn', 0],
  ])('on-api-error %s: exit %d, result error', async (mode, exitCode) => {
    h.sim.script(PATHS.setPrScanning, { status: 500 });
    const before = structuredClone(settingsOf(CLEAN_REPO.id));
    const run = await h.gate({ 'on-api-error': mode, 'max-retries': '0', 'set-pr-scanning': 'true' }, CLEAN);
    expect(run.exitCode).toBe(exitCode);
    expect(run.outputs.result).toBe('error');
    expect(h.requests(PATHS.setPrScanning)).toHaveLength(1); // max-retries 0: no retry
    expect(settingsOf(CLEAN_REPO.id)).toEqual(before);
    const said = mode === 'fail' ? errorText(run) : run.warnings.join('\n');
    expect(said).toContain('set-pr-scanning');
    expect(said).toContain('500');
    if (mode === 'warn') expect(run.errors).toEqual([]);
    // the summary is still written and shows the failed change
    expect(run.summary).toContain('### Settings');
    expect(run.summary).toMatch(/failed/i);
  });

  test('a 500 then success with max-retries 1 (Retry-After 0): applied after a retry, the gate passes', async () => {
    h.sim.script(PATHS.setTimeout, { status: 503, headers: { 'Retry-After': '0' } });
    const run = await h.gate({ 'max-retries': '1', 'set-max-pr-timeout-minutes': '15' }, CLEAN);
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
    expect(h.requests(PATHS.setTimeout)).toHaveLength(2);
    expect(settingsOf(CLEAN_REPO.id).maxPrTimeoutMinutes).toBe(15);
  });
});

describe('what counts as applied', () => {
  test.each([
    ['an empty success (204)', { status: 204 }, 'applied', 'pass'],
    ['{} without ok: not the answer the spec describes', { body: {} }, 'failed', 'error'],
    ['ok: false', { body: { ok: false } }, 'failed', 'error'],
  ])('%s: %s', async (_name, answer, status, result) => {
    h.sim.script(PATHS.setPrScanning, answer);
    const run = await h.gate({ 'set-pr-scanning': 'false', 'report-file': 'r.json' }, CLEAN);
    const report = JSON.parse(run.files['r.json']!) as { settings: { status: string }[] };
    expect(report.settings[0]!.status).toBe(status);
    expect(run.outputs.result).toBe(result);
  });
});
