// Annotations and the SARIF log, end to end: dist/index.js against the simulator.
import { describe, expect, test } from '@jest/globals';
import type { Log } from 'sarif';
import { CLEAN, expected, gates, severityOf, useSimulator, webshopAlerts } from './harness.js';

const h = useSimulator();
const PACKAGES = '/api/v1/sca/packages/search';

describe('annotations', () => {
  test('one error annotation per gating alert, on its manifest file and line, then the failure message', async () => {
    const run = await h.gate({ 'fail-on-severity': 'critical' });
    const gating = expected(webshopAlerts(h.sim), 'critical').gating;
    const annotated = run.commands.filter((c) => c.command === 'error' && c.properties.title);
    expect(annotated).toHaveLength(gating.length);
    for (const a of annotated) {
      expect(a.properties.file).toMatch(/(package(-lock)?\.json|pom\.xml|requirements\.txt|go\.mod)$/);
      expect(Number(a.properties.line)).toBeGreaterThan(0);
    }
    expect(run.errors.at(-1)).toMatch(/^Security gate failed/);
  });

  test('more than 9 gating alerts: 8 annotated, one says how many more, and the failure message makes 10', async () => {
    const run = await h.gate({ 'fail-on-severity': 'medium' });
    const gating = expected(webshopAlerts(h.sim), 'medium').gating.length;
    expect(gating).toBeGreaterThan(10);
    expect(run.errors).toHaveLength(10);
    expect(run.commands.filter((c) => c.command === 'error' && c.properties.file)).toHaveLength(8);
    expect(run.errors.join('\n')).toContain(`${gating - 8} more alerts fail the gate`);
  });

  test('annotations: false emits none and reads no packages when no SARIF is asked for', async () => {
    const run = await h.gate({ annotations: 'false' });
    expect(run.errors).toHaveLength(1);
    expect(h.requests(PACKAGES)).toHaveLength(0);
  });
});

describe('sarif-file', () => {
  test('a SARIF 2.1.0 log with one rule per advisory and results on manifest lines', async () => {
    const run = await h.gate({ 'sarif-file': 'out/security-gate.sarif', annotations: 'false' });
    expect(run.outputs['sarif-file']).toBe('out/security-gate.sarif');
    const log = JSON.parse(run.files['out/security-gate.sarif'] ?? 'null') as Log;
    expect(log.version).toBe('2.1.0');
    const [sarifRun] = log.runs;
    expect(sarifRun?.tool.driver.name).toBe('security-gate');
    // every alert the service alerted on, whatever the threshold (none is allowed here)
    const alerted = webshopAlerts(h.sim).filter((a) => a.isAlerted);
    const ruleIds = sarifRun?.tool.driver.rules?.map((r) => r.id).sort();
    expect(ruleIds).toEqual([...new Set(alerted.map((a) => a.metadata.id))].sort());
    for (const rule of sarifRun?.tool.driver.rules ?? []) {
      expect(rule.properties?.tags).toContain('security');
      // an unknown severity without a score has none to give
      if (!rule.properties?.tags?.includes('unknown'))
        expect(typeof rule.properties?.['security-severity']).toBe('string');
    }
    for (const result of sarifRun?.results ?? []) {
      expect(result.locations?.[0]?.physicalLocation?.artifactLocation?.uri).toBeTruthy();
      expect(result.partialFingerprints).toBeDefined();
    }
    expect(h.requests(PACKAGES).length).toBeGreaterThan(0);
  });

  test('levels by the contract: error when it gates, warning for critical/high/medium below the threshold, note for low/unknown; allowed alerts left out', async () => {
    const alerts = webshopAlerts(h.sim);
    const allowedId = alerts.find((a) => a.isAlerted && severityOf(a) === 'high')!.metadata.id;
    const run = await h.gate({
      'sarif-file': 'levels.sarif',
      'fail-on-severity': 'high',
      'allow-alerts': allowedId,
      annotations: 'false',
    });
    const log = JSON.parse(run.files['levels.sarif'] ?? 'null') as Log;
    const results = log.runs[0]?.results ?? [];
    const levelsOf = (id: string) => [...new Set(results.filter((r) => r.ruleId === id).map((r) => r.level))];
    const reported = alerts.filter((a) => a.isAlerted && a.metadata.id !== allowedId);
    expect(new Set(results.map((r) => r.ruleId))).toEqual(new Set(reported.map((a) => a.metadata.id)));
    for (const alert of reported) {
      const severity = severityOf(alert);
      const level = gates(severity, 'high')
        ? 'error'
        : ['critical', 'high', 'medium'].includes(severity)
          ? 'warning'
          : 'note';
      expect({ id: alert.metadata.id, levels: levelsOf(alert.metadata.id) }).toEqual({
        id: alert.metadata.id,
        levels: [level],
      });
    }
    expect(new Set(results.map((r) => r.level))).toEqual(new Set(['error', 'warning', 'note']));
  });

  test('fail-on-severity none: the log still holds every alerted alert, none as an error, so code scanning closes none', async () => {
    const run = await h.gate({ 'sarif-file': 'none.sarif', 'fail-on-severity': 'none' });
    expect(run.exitCode).toBe(0);
    const results = (JSON.parse(run.files['none.sarif'] ?? 'null') as Log).runs[0]?.results ?? [];
    const alerted = webshopAlerts(h.sim).filter((a) => a.isAlerted);
    expect(new Set(results.map((r) => r.ruleId))).toEqual(new Set(alerted.map((a) => a.metadata.id)));
    expect(results.filter((r) => r.level === 'error')).toEqual([]);
  });

  test('written even when nothing gates', async () => {
    const run = await h.gate({ 'sarif-file': 'clean.sarif' }, CLEAN);
    expect(run.exitCode).toBe(0);
    const log = JSON.parse(run.files['clean.sarif'] ?? 'null') as Log;
    expect(log.runs[0]?.results).toEqual([]);
  });

  test('package search failing is an API error; a failing gate still fails, and SARIF is still written', async () => {
    h.sim.script(PACKAGES, { status: 500 }, { status: 500 });
    const run = await h.gate({ 'sarif-file': 'x.sarif', 'max-retries': '1' });
    expect(run.outputs.result).toBe('fail');
    expect(run.warnings.join('\n')).toContain(PACKAGES);
    expect(run.files['x.sarif']).toBeDefined();
  });

  test.each([
    ['fail', 0],
    ['warn', 0],
  ])(
    'package search failing on a passing repository (reports only): result=pass, on-api-error %s exits %i, SARIF still written',
    async (mode, exitCode) => {
      h.sim.script(PACKAGES, { status: 500 });
      const run = await h.gate({ 'max-retries': '0', 'on-api-error': mode, 'sarif-file': 'out.sarif' }, CLEAN);
      expect(run.outputs.result).toBe('pass');
      expect(run.exitCode).toBe(exitCode);
      expect(run.warnings.join('\n')).toMatch(
        /Manifest locations \(SCA packages\) not available: .*sca\/packages\/search/,
      );
      expect(run.files['out.sarif']).toBeDefined();
    },
  );

  test('package search rejecting the token fails even under warn', async () => {
    h.sim.script(PACKAGES, { status: 403, body: { error: 'forbidden' } });
    const run = await h.gate({ 'on-api-error': 'warn' }, CLEAN);
    expect(run.exitCode).toBe(1);
    expect(run.errors.join('\n')).toContain('api-token-id');
  });
});
