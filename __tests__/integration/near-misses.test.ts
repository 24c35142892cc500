// A stale catalog warns; near misses get a suggestion (contract: "Rolling out to many repositories"),
// end to end through dist/. The catalog's age is set on the simulator's copy of CISA's catalog
// (simulator/kev.ts); unknown inputs are passed as the runner passes every `with:` key, an
// INPUT_<NAME> variable. Expectations come from the contract's words and action.yml, never src/.
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { kevCatalog, kevInputs, kevReleased } from '../../simulator/kev.js';
import { actionDefaults } from '../../simulator/run-action.js';
import { gatingUnder, kevAlert, OPS, opsAlerts, verdictOf } from './kev-fixtures.js';
import { errorText, useSimulator, type GateRun } from './harness.js';

const h = useSimulator();

const staleWarnings = (run: GateRun) => run.warnings.filter((w) => /KEV catalog was released/.test(w));

describe('a KEV catalog released more than 7 × 24 hours before the run warns, and still gates', () => {
  const judge = (mode: 'warn' | 'fail') =>
    h.gate({ ...kevInputs(h.sim.url, mode), 'fail-on-severity': 'critical', 'max-retries': '0' }, OPS);

  test('released 8 days before, known-exploited fail: one warning naming the date, and the listed alert still gates', async () => {
    const released = kevReleased(8 * 24);
    h.sim.kevCatalog = { ...kevCatalog(), dateReleased: released };
    // Under fail-on-severity critical only the catalog makes acme/ops-console's high alert gate.
    const gating = gatingUnder(opsAlerts(h.sim), { threshold: 'critical', mode: 'fail' });
    expect(gating).toEqual([kevAlert(h.sim)]);
    const run = await judge('fail');
    expect(verdictOf(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', knownExploited: '1' });
    expect(staleWarnings(run)).toHaveLength(1);
    expect(staleWarnings(run)[0]).toContain(released);
    expect(staleWarnings(run)[0]).toMatch(/8 days before this run/);
    expect(staleWarnings(run)[0]).toMatch(/still gates/);
  });

  test('released 8 days before, known-exploited warn: the same warning, the verdict unchanged', async () => {
    h.sim.kevCatalog = { ...kevCatalog(), dateReleased: kevReleased(8 * 24) };
    const run = await judge('warn');
    expect(verdictOf(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', knownExploited: '1' });
    expect(staleWarnings(run)).toHaveLength(1);
    expect(staleWarnings(run)[0]).not.toMatch(/still gates/);
  });

  test('released 6 days before: no warning about its age', async () => {
    h.sim.kevCatalog = { ...kevCatalog(), dateReleased: kevReleased(6 * 24) };
    const run = await judge('fail');
    expect(verdictOf(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', knownExploited: '1' });
    expect(staleWarnings(run)).toEqual([]);
  });

  test('without dateReleased: no warning about its age', async () => {
    const { dateReleased: _dropped, ...undated } = kevCatalog();
    h.sim.kevCatalog = undated;
    const run = await judge('fail');
    expect(verdictOf(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', knownExploited: '1' });
    expect(staleWarnings(run)).toEqual([]);
  });
});

describe('epss given as a number above 1 and at most 100', () => {
  test.each([
    ['10', '10%'],
    ['2.5', '2.5%'],
  ])('epss: %s is an input error with "did you mean %s?", nothing sent', async (value, meant) => {
    const run = await h.gate({ epss: value }, OPS);
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    const line = errorText(run)
      .split('\n')
      .find((l) => l.startsWith('- epss: '));
    expect(line).toMatch(new RegExp(`did you mean ${meant.replace('.', '\\.')}\\?`, 'i'));
    expect(h.sim.requests).toEqual([]);
  });

  test('epss: 150 is an input error with no suggestion (150% is above 1)', async () => {
    const run = await h.gate({ epss: '150' }, OPS);
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toMatch(/epss: "150"/);
    expect(errorText(run)).not.toMatch(/did you mean/i);
    expect(h.sim.requests).toEqual([]);
  });
});

describe('inputs the action does not know: a warning with the nearest known input, and the run goes on', () => {
  const unknownWarnings = (run: GateRun) => run.warnings.filter((w) => /is not an input of security-gate/.test(w));

  test('INPUT_FAIL_ON=high: a warning naming fail_on and fail-on-severity; the run judges as without it', async () => {
    const plainRun = await h.gate({}, OPS);
    const run = await h.gate({}, { ...OPS, env: { INPUT_FAIL_ON: 'high' } });
    expect(unknownWarnings(run)).toHaveLength(1);
    expect(unknownWarnings(run)[0]).toMatch(/^fail_on is not an input of security-gate\b.*fail-on-severity\?/);
    expect(run.outputs).toEqual(plainRun.outputs);
    expect(run.exitCode).toBe(plainRun.exitCode);
    expect(unknownWarnings(plainRun)).toEqual([]);
  });

  test.each([
    ['INPUT_FAIL-ON', 'fail-on', 'fail-on-severity'],
    ['INPUT_API_URL', 'api_url', 'api-url'],
    ['INPUT_IGNORE-UNREACHABLE-ALERTS', 'ignore-unreachable-alerts', 'ignore-unreachable'],
  ])('%s: named as %s, with %s', async (variable, named, nearest) => {
    const run = await h.gate({}, { ...OPS, env: { [variable]: 'x' } });
    expect(unknownWarnings(run)).toEqual([
      expect.stringMatching(new RegExp(`^${named} is not an input.*${nearest}\\b`)),
    ]);
    expect(run.outputs.result).not.toBe('error');
  });

  test('every input of action.yml given (empty where it has no default): none is called unknown', async () => {
    const yml = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
      inputs: Record<string, unknown>;
    };
    const names = Object.keys(yml.inputs);
    expect(names.length).toBeGreaterThan(30);
    // The runner passes action.yml's defaults and the harness its own inputs; the rest given empty,
    // as a `with:` key with an empty value is passed.
    const given = { ...Object.fromEntries(names.map((n) => [n, ''])), ...(await actionDefaults()), ...h.defaults() };
    const run = await h.gate(given, OPS);
    expect(unknownWarnings(run)).toEqual([]);
    expect(run.outputs.result).not.toBe('error');
  });
});
