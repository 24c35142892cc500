// EPSS and "Verdict integrity", end to end through dist/: a feed that does not move is not read (a
// source that ignores `offset` answers the first page again: the read is incomplete, never the rest
// taken as unscored), and thresholds are exact decimals (`epss: 1.1%` gates a score of exactly
// 0.011, and the JSON report says 0.011). Expectations come from the contract and the scores the
// simulator is given here, never from src/.
import { describe, expect, test } from '@jest/globals';
import { KEV_REPO } from '../../simulator/data.js';
import { EPSS_API_PATH, epssInputs } from '../../simulator/epss.js';
import { OPS, kevAlert, REPORT } from './kev-fixtures.js';
import { errorText, useSimulator, type GateRun } from './harness.js';

const h = useSimulator();

/** acme/ops-console's alerts replaced by one low alert per score, each with its own CVE id, scored so. */
function scoredAlerts(scores: readonly number[]): { cve: string; advisory: string }[] {
  const template = kevAlert(h.sim);
  const made = scores.map((_, i) => ({ cve: `CVE-2030-${40_000 + i}`, advisory: `GHSA-feed-${i}` }));
  h.sim.state.alerts[KEV_REPO.id] = made.map(({ cve, advisory }, i) => ({
    ...structuredClone(template),
    id: `alert_feed_${i}`,
    metadata: {
      ...structuredClone(template.metadata),
      id: advisory,
      aliases: [cve],
      severity: 'low',
      severityScore: 2,
    },
  }));
  h.sim.epss.scores.clear();
  made.forEach(({ cve }, i) => h.sim.epss.scores.set(cve, { epss: scores[i]!, percentile: 0.5 }));
  return made;
}

const judge = (epss: string, inputs: Record<string, string> = {}, source: 'api' | 'csv' = 'api') =>
  h.gate({ ...epssInputs(h.sim.url, epss, source), 'max-retries': '0', ...inputs }, OPS);

const outcome = (run: GateRun) => ({
  exitCode: run.exitCode,
  result: run.outputs.result,
  gating: run.outputs['gating-count'],
  epss: run.outputs['epss-count'],
});

/** The `offset` of each API request, in order (null: none sent). */
const offsets = () => h.requests(EPSS_API_PATH).map((r) => new URL(r.url, 'http://x').searchParams.get('offset'));

interface Report {
  options: { epss: unknown };
  epss: { threshold: unknown } | null;
  alerts: { advisory: string; status: string; disposition: { rule: string; reason: string } }[];
}

describe('a feed that does not move is not read', () => {
  // Pages of two scores: the first page scores 1% and 2%, the two alerts scored 0.9 are on the second.
  const SCORES = [0.01, 0.02, 0.9, 0.9];

  test('read whole, with offset: the two alerts scored 0.9 on the second page gate', async () => {
    const alerts = scoredAlerts(SCORES);
    h.sim.epss.pageSize = 2;
    const run = await judge('0.5');
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail', gating: '2', epss: '2' });
    expect(offsets()).toEqual([null, '2']);
    expect(new URL(h.requests(EPSS_API_PATH)[0]!.url, 'http://x').searchParams.get('cve')).toBe(
      alerts.map((a) => a.cve).join(','),
    );
  });

  test('a source that ignores offset (the first page again while total says 4): an API error, the read incomplete, never a pass', async () => {
    scoredAlerts(SCORES);
    h.sim.epss.pageSize = 2;
    h.sim.epss.ignoresOffset = true;
    const run = await judge('0.5');
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'error', gating: '0', epss: '' });
    expect(errorText(run)).toContain(`The EPSS scores (epss-url ${h.sim.url}${EPSS_API_PATH})`);
    expect(errorText(run)).toMatch(/incomplete/);
    // The page that brought nothing new ends the read: no page is asked for again.
    expect(offsets()).toEqual([null, '2']);
  });

  test('the same under on-api-error warn: result error, exit 0, never pass', async () => {
    scoredAlerts(SCORES);
    h.sim.epss.pageSize = 2;
    h.sim.epss.ignoresOffset = true;
    const run = await judge('0.5', { 'on-api-error': 'warn' });
    expect(outcome(run)).toEqual({ exitCode: 0, result: 'error', gating: '0', epss: '' });
  });
});

describe('thresholds are exact decimals', () => {
  // FIRST writes 0.011 as "0.011000000" (API) or "0.01100" (CSV); 0.01099 is the next lower CSV score.
  test.each(['api', 'csv'] as const)(
    'epss 1.1%% from the %s: the alert scored exactly 0.011 gates, the one scored 0.01099 does not; the JSON report and summary say 0.011',
    async (source) => {
      const [exact] = scoredAlerts([0.011, 0.01099]);
      const run = await judge('1.1%', { 'report-file': REPORT }, source);
      expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', epss: '1' });
      const report = JSON.parse(run.files[REPORT]!) as Report;
      expect(report.alerts.filter((a) => a.status === 'gating').map((a) => [a.advisory, a.disposition.rule])).toEqual([
        [exact!.advisory, 'epss'],
      ]);
      expect(report.options.epss).toEqual({ threshold: 0.011 });
      expect(report.epss?.threshold).toBe(0.011);
      expect(run.summary).toContain('`epss: 0.011`');
      expect(run.summary).toContain('An alert whose probability is at or above 1.1% fails the gate');
      const gating = report.alerts.find((a) => a.advisory === exact!.advisory)!;
      expect(gating.disposition.reason).toContain('at or above the epss threshold 1.1%');
    },
  );
});
