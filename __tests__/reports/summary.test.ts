import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvaluatedAlert, GateResult } from '../../src/model.js';
import { formatMinutes } from '../../src/reports/format.js';
import { sparkline } from '../../src/reports/sparkline.js';
import { renderSummary } from '../../src/reports/summary.js';
import { makeEvaluated, makeExampleResult, makePostureView, makeResult } from '../fixtures/result.js';

const NOW = new Date('2024-06-07T12:00:00Z');
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const lines = (page: string) => page.split('\n');
/** Table rows of the gating table (the rows after its header). */
function gatingRows(page: string): string[] {
  const all = lines(page);
  const start = all.findIndex((l) => l.startsWith('| Severity | Advisory'));
  if (start < 0) return [];
  const end = all.findIndex((l, i) => i > start && !l.startsWith('|'));
  return all.slice(start + 2, end < 0 ? undefined : end);
}
/** The page without its code spans, whose content GitHub shows literally (no HTML, mentions or links). */
const outsideCode = (page: string) => page.replace(/(`+)(?!`)[^\n]*?[^`\n]\1(?!`)/g, '<code span>');
/** Cell separators a GFM table parser sees: `|` not escaped by a backslash. */
const bareBars = (row: string) => row.replace(/\\[\s\S]/g, '').split('|').length - 1;

function alertsOf(n: number, overrides: Parameters<typeof makeEvaluated>[0] = {}): EvaluatedAlert[] {
  return Array.from({ length: n }, (_, i) =>
    makeEvaluated({ advisory: `GHSA-${i}`, ...overrides }),
  );
}

describe('renderSummary: verdict', () => {
  it.each([
    ['pass', makeResult(), '✅ **Passed** for `acme/web` (`repo_abc`): No alert at or above high\\.'],
    ['fail', makeResult({ alerts: alertsOf(2) }), '❌ **Failed** for `acme/web` (`repo_abc`): 2 alerts at or above high fail the gate\\.'],
    [
      'error',
      makeResult({ result: 'error', errors: [{ kind: 'api', message: 'stats/securityPosture: HTTP 503 after 3 retries' }] }),
      '⚠️ **Error** for `acme/web` (`repo_abc`): stats/securityPosture&#58; HTTP 503 after 3 retries',
    ],
  ])('puts the %s verdict and why on the first line after the title', (_name, result, verdict) => {
    const page = lines(renderSummary(result, { now: NOW }));
    expect(page.slice(0, 3)).toEqual(['## Security gate', '', verdict]);
  });

  it('names the repository by id when it has no name', () => {
    const page = renderSummary(makeResult({ repository: { id: 'repo_x', name: null, url: null } }));
    expect(lines(page)[2]).toContain('for `repo_x`:');
  });
});

describe('renderSummary: counts and gating alerts', () => {
  it('shows a table of counts by severity with total, gating and allowed', () => {
    const result = makeResult({
      alerts: [
        makeEvaluated({ severity: 'critical' }),
        makeEvaluated({ severity: 'high', status: 'allowed', allowedBy: { id: 'GHSA-x' } }),
        makeEvaluated({ severity: 'low', status: 'below-threshold' }),
        makeEvaluated({ severity: 'unknown', status: 'not-alerted' }),
      ],
    });
    const page = lines(renderSummary(result));
    const header = page.findIndex((l) => l.includes('Critical | '));
    expect(page[header]).toBe('| 🔴 Critical | 🟠 High | 🟡 Medium | 🔵 Low | ⚪ Unknown | Total | Gating | Allowed |');
    expect(page[header + 2]).toBe('| 1 | 1 | 0 | 1 | 1 | 4 | **1** | 1 |');
    expect(page).toContain('Not gating: **1** below the high threshold · **1** not alerted by the service.');
  });

  it('lists gating alerts in the order given (worst first), with severity marker, score and reachability', () => {
    const gating = [
      makeEvaluated({ severity: 'critical', score: 9.8, advisory: 'GHSA-crit', reachability: { reachable: 2, needsReview: 0, unreachable: 0 } }),
      makeEvaluated({ severity: 'high', score: 7.1, advisory: 'GHSA-high', reachability: { reachable: 0, needsReview: 3, unreachable: 0 } }),
      makeEvaluated({ severity: 'medium', score: null, advisory: 'GHSA-med', reachability: { reachable: 0, needsReview: 0, unreachable: 4 } }),
      makeEvaluated({ severity: 'unknown', score: null, advisory: 'GHSA-unk', reachability: null }),
    ];
    const rows = gatingRows(renderSummary(makeResult({ alerts: gating })));
    expect(rows.map((r) => r.split(' | ').slice(0, 1).concat(r.split(' | ').slice(3, 5)))).toEqual([
      ['| 🔴 critical', '9.8', '2 reachable'],
      ['| 🟠 high', '7.1', 'needs review'],
      ['| 🟡 medium', '—', 'unreachable only'],
      ['| ⚪ unknown', '—', '—'],
    ]);
    expect(rows.map((r) => /GHSA\\-(\w+)/.exec(r)?.[1])).toEqual(['crit', 'high', 'med', 'unk']);
  });

  it.each([
    ['https', 'https://github.com/advisories/GHSA-1', '[GHSA\\-1](https://github.com/advisories/GHSA-1)'],
    ['javascript:', 'javascript:alert(1)', 'GHSA\\-1'],
    ['a relative path', '/advisories/GHSA-1', 'GHSA\\-1'],
    ['no reference at all', undefined, 'GHSA\\-1'],
  ])('links the advisory id only to an http(s) first reference (%s)', (_name, reference, cell) => {
    const alert = makeEvaluated({ advisory: 'GHSA-1', references: reference ? [reference, 'https://second.example'] : [] });
    const [row] = gatingRows(renderSummary(makeResult({ alerts: [alert] })));
    expect(row?.split(' | ')[1]).toBe(cell);
  });

  it('escapes hostile service text so it cannot break the table or inject HTML, mentions, refs or links', () => {
    const hostile = '| <script>alert(1)</script> @org/team #1 [x](javascript:alert(1)) ::set-output name=a::b\n# heading';
    const alert = makeEvaluated({ advisory: `GHSA-1 ${hostile}`, package: `pkg:npm/x@1 ${hostile}`, summary: hostile });
    const result = makeResult({
      alerts: [alert, makeEvaluated({ status: 'allowed', allowedBy: { id: 'x', reason: hostile }, summary: hostile })],
      posture: makePostureView(5, { posture: { ...makePostureView(5).posture, summary: { ...makePostureView(5).posture.summary, riskTrend: hostile } } }),
      schedule: { crontab: hostile, enabled: true, description: hostile, nextRun: null },
      warnings: [{ kind: 'read', message: hostile }],
      errors: [{ kind: 'api', message: hostile }],
    });
    const page = renderSummary(result);
    const prose = outsideCode(page);
    for (const bad of ['<script', '@org', '#1', '](javascript', '::set-output', '\n# heading', '\n::']) {
      expect({ bad, found: prose.includes(bad) }).toEqual({ bad, found: false });
    }
    expect(page).toContain('### Scan schedule\n\n`| <script>alert(1)</script> @org/team'); // crontab as literal code
    const [row] = gatingRows(page);
    expect(bareBars(row ?? '')).toBe(7); // 6 cells
  });

  it('shows at most maxAlerts gating rows and says how many more there are', () => {
    const page = renderSummary(makeResult({ alerts: alertsOf(60) }), { maxAlerts: 50 });
    expect(gatingRows(page)).toHaveLength(50);
    expect(page).toContain('…and 10 more gating alerts (see the JSON report or the service).');
  });

  it('says so plainly when no alert gates', () => {
    expect(renderSummary(makeResult())).toContain('### Gating alerts (0)\n\nNo alert fails the gate.');
  });

  it('collapses allowed alerts with their reason and until date', () => {
    const allowed = makeEvaluated({ status: 'allowed', allowedBy: { id: 'GHSA-a', until: '2024-12-31', reason: 'no fix yet' }, advisory: 'GHSA-a' });
    const page = renderSummary(makeResult({ alerts: [allowed] }));
    expect(page).toMatch(/<details><summary>Allowed by <code>allow-alerts<\/code> \(1\)<\/summary>\n\n\| Advisory/);
    expect(page).toContain('| 🟠 high | 2024\\-12\\-31 | no fix yet |');
    expect(page).toContain('</details>');
  });
});

describe('renderSummary: size limit', () => {
  const hugeSummary = `${'💥 overflow <b>|</b> @x #1 '.repeat(200)}`.slice(0, 5000);

  it.each([
    ['the default cap', undefined, 50],
    ['no row cap', Infinity, 101],
  ])('stays under 1,000,000 bytes with 10,000 gating alerts of 5 KB summaries (%s)', (_name, maxAlerts, atLeast) => {
    const alerts = alertsOf(10_000, { summary: hugeSummary, description: hugeSummary });
    const page = renderSummary(makeResult({ alerts }), { maxAlerts });
    const shown = gatingRows(page).length;
    expect(bytes(page)).toBeLessThanOrEqual(1_000_000);
    expect(shown).toBeGreaterThanOrEqual(atLeast);
    expect(page).toContain(`…and ${(10_000 - shown).toLocaleString('en-US')} more gating alerts`);
    expect(page).toContain('### Security posture'); // later sections kept
  });

  it.each([5_000, 20_000, 100_000])('fits %i bytes with gating and allowed tables both overflowing', (maxBytes) => {
    const alerts = [
      ...alertsOf(2_000, { summary: hugeSummary }),
      ...alertsOf(2_000, { status: 'allowed', allowedBy: { id: 'x', reason: hugeSummary }, summary: hugeSummary }),
    ];
    const result = makeResult({ alerts, posture: makePostureView(366), warnings: Array.from({ length: 10_000 }, () => ({ kind: 'read' as const, message: hugeSummary })) });
    const page = renderSummary(result, { maxBytes, maxAlerts: Infinity });
    expect(bytes(page)).toBeLessThanOrEqual(maxBytes);
    expect(page.startsWith('## Security gate\n\n❌ **Failed**')).toBe(true);
  });

  it('closes the allowed-alerts <details> even when its rows run out of room', () => {
    const alerts = alertsOf(3_000, { status: 'allowed', allowedBy: { id: 'x', reason: hugeSummary } });
    const page = renderSummary(makeResult({ alerts }), { maxBytes: 50_000, maxAlerts: Infinity });
    expect(page).toMatch(/…and [\d,]+ more allowed alerts\.\n\n<\/details>/);
    expect(bytes(page)).toBeLessThanOrEqual(50_000);
  });

  it('caps the warnings list', () => {
    const warnings = Array.from({ length: 120 }, (_, i) => ({ kind: 'read' as const, message: `warning ${i}` }));
    const page = renderSummary(makeResult({ warnings }));
    expect(page.match(/^- ⚠️ warning/gm)).toHaveLength(50);
    expect(page).toContain('- …and 70 more (see the JSON report).');
  });
});

describe('renderSummary: posture, time saved, schedule, settings', () => {
  it('shows risk, open issues and sparklines of the trend with min, max and dates', () => {
    const page = renderSummary(makeResult({ posture: makePostureView(30) }));
    expect(page).toContain('### Security posture, 2024\\-05\\-09 to 2024\\-06\\-07');
    expect(page).toContain('**Risk score 70** (this repository) · trend: increasing');
    expect(page).toContain('Open issues: 🔴 2 critical · 🟠 5 high · 🟡 9 medium · 🔵 4 low (20 in all) · mean remediation time 4.5');
    expect(page).toContain('This repository (`acme/web`): risk score 70, 12 open issues, 1 critical.');
    expect(page).toMatch(/\| Risk score \| `▁[▁-█]{28}█` \| 30 \| 70 \| 30 → 70 \|/);
    expect(page).toMatch(/\| Open issues \| `█[▁-█]{28}▁` \| 20 \| 40 \| 40 → 20 \|/);
    expect(page).toContain('30 data points from 2024\\-05\\-09 to 2024\\-06\\-07.');
  });

  it.each([
    ['posture', { posture: null }, '### Security posture\n\nPosture not available.'],
    ['time saved', { timeSaved: null }, '### Time saved\n\nTime saved not available.'],
    ['schedule', { schedule: null }, '### Scan schedule\n\nScan schedule not available.'],
  ] as [string, Partial<GateResult>, string][])('says the %s is not available rather than dropping it', (_name, overrides, text) => {
    expect(renderSummary(makeResult(overrides))).toContain(text);
  });

  it('humanises minutes saved', () => {
    const page = renderSummary(makeResult({ timeSaved: { totalMinutesSaved: 750, patchingMinutesSaved: 480, validationMinutesSaved: 270 } }));
    expect(page).toContain('**12 h 30 min** saved in the last 30 days: 8 h patching, 4 h 30 min validation.');
  });

  it.each([
    [{ crontab: '0 2 * * 1-5', enabled: true, description: 'At 02:00, Monday through Friday (UTC)', nextRun: '2024-06-10T02:00:00.000Z' },
      '`0 2 * * 1-5`: At 02&#58;00, Monday through Friday \\(UTC\\). Next run: **2024-06-10 02:00 UTC** (in 2 d 14 h).'],
    [{ crontab: '0 2 * * 1-5', enabled: false, description: 'At 02:00, Monday through Friday (UTC)', nextRun: null },
      '`0 2 * * 1-5`: At 02&#58;00, Monday through Friday \\(UTC\\). The schedule is **disabled**.'],
    [{ crontab: 'nonsense', enabled: true, description: null, nextRun: null }, '`nonsense`: not a schedule this action can read. Next run: unknown.'],
    [{ crontab: '', enabled: false, description: null, nextRun: null }, 'None: no scan schedule is set.'],
  ])('shows the schedule in words with its next run (%#)', (schedule, text) => {
    expect(renderSummary(makeResult({ schedule }), { now: NOW })).toContain(`### Scan schedule\n\n${text}`);
  });

  it('lists settings changes, saying which would apply in a dry run and which failed', () => {
    const page = renderSummary(
      makeResult({
        settings: [
          { setting: 'pr-scanning', input: 'set-pr-scanning', value: true, status: 'dry-run' },
          { setting: 'max-pr-timeout', input: 'set-max-pr-timeout-minutes', value: 30, status: 'applied' },
          { setting: 'cwe-whitelist', input: 'set-cwe-whitelist', value: [], status: 'failed', error: 'HTTP 500 <oops>' },
        ],
      }),
    );
    expect(page).toContain(
      [
        '### Settings',
        '',
        '| Setting | Value | Status |',
        '|---|---|---|',
        '| `set-pr-scanning` | true | 🔸 would apply (dry run) |',
        '| `set-max-pr-timeout-minutes` | 30 | ✅ applied |',
        '| `set-cwe-whitelist` | none (empty list) | ❌ failed: HTTP 500 &lt;oops&gt; |',
      ].join('\n'),
    );
  });

  it('omits settings, warnings and errors when there are none', () => {
    const page = renderSummary(makeResult());
    expect(page).not.toMatch(/### (Settings|Warnings|Errors)/);
  });

  it('lists warnings and errors, escaped', () => {
    const page = renderSummary(
      makeResult({ warnings: [{ kind: 'expired-allow', message: 'allow-alerts entry GHSA-1 expired' }], errors: [{ kind: 'api', message: 'timeout <b>' }] }),
    );
    expect(page).toContain('### Warnings\n\n- ⚠️ allow\\-alerts entry GHSA\\-1 expired');
    expect(page).toContain('### Errors\n\n- ❌ timeout &lt;b&gt;');
  });

  it('keeps the sections in the contract order', () => {
    const page = renderSummary(makeExampleResult());
    const order = ['## Security gate', '| 🔴 Critical', '### Gating alerts', '<details>', '### Security posture', '### Time saved', '### Scan schedule', '### Settings', '### Warnings'];
    const positions = order.map((marker) => page.indexOf(marker));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});

describe('summary helpers', () => {
  it.each([
    [0, '0 min'],
    [45, '45 min'],
    [60, '1 h'],
    [750, '12 h 30 min'],
    [1440 * 3 + 240 + 7, '3 d 4 h'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('formats %d minutes as %s', (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });

  it.each([
    [[1, 2, 3, 4, 5, 6, 7, 8], '▁▂▃▄▅▆▇█'],
    [[5, 5, 5], '▄▄▄'],
    [[], ''],
    [[1, Number.NaN, 8], '▁█'],
  ])('draws a sparkline of %j', (values, bars) => {
    expect(sparkline(values)).toBe(bars);
  });

  it('downsamples a long series to at most 60 bars', () => {
    expect(Array.from(sparkline(Array.from({ length: 100_000 }, (_, i) => i)))).toHaveLength(60);
  });
});

describe('docs/summary-example.md', () => {
  // Regenerate after a deliberate change: UPDATE_DOCS=1 npm test -- __tests__/reports/summary
  it('is the rendering of the example result', () => {
    const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'summary-example.md');
    const rendered = renderSummary(makeExampleResult(), { now: NOW });
    if (process.env.UPDATE_DOCS === '1' || !existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, rendered);
    }
    expect(readFileSync(file, 'utf8')).toBe(rendered);
  });
});
