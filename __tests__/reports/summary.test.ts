import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvaluatedAlert, EvaluatedFinding, GateResult } from '../../src/model.js';
import { formatMinutes } from '../../src/reports/format.js';
import { sparkline } from '../../src/reports/sparkline.js';
import { renderSummary } from '../../src/reports/summary.js';
import { truncate } from '../../src/reports/markdown.js';
import { BIDI, CONTROLS } from '../../src/characters.js';
import { makeEvaluated, makeExampleResult, makePostureView, makeResult, makeVexMark } from '../fixtures/result.js';
import { HOSTILE } from './hostile.js';
import { githubReferences, readabilityProblems, render, seen } from './render.js';

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
/** The rendered table whose header row starts with `first`: its rows of cell texts as a reader sees them (header first). */
function tableOf(page: string, first: string): string[][] {
  return (
    render(page)
      .tables.find((t) => t[0]?.[0] === first)
      ?.map((row) => row.map(seen)) ?? []
  );
}

function alertsOf(n: number, overrides: Parameters<typeof makeEvaluated>[0] = {}): EvaluatedAlert[] {
  return Array.from({ length: n }, (_, i) => makeEvaluated({ advisory: `GHSA-${i}`, ...overrides }));
}

describe('renderSummary: verdict', () => {
  it.each([
    [
      'pass',
      makeResult(),
      '## Security gate: ✅ Passes: no alert fails the gate in acme/web',
      '✅ **Passed** for `acme/web` (`repo_abc`): No alert at or above high.',
    ],
    [
      'fail',
      makeResult({ alerts: alertsOf(2) }),
      '## Security gate: ❌ Fails: 2 high alerts in acme/web',
      '❌ **Failed** for `acme/web` (`repo_abc`): 2 alerts at or above high fail the gate.',
    ],
    [
      'error',
      makeResult({
        result: 'error',
        errors: [{ kind: 'api', message: 'stats/securityPosture: HTTP 503 after 3 retries' }],
      }),
      '## Security gate: ⚠️ No verdict: a read the verdict rests on failed for acme/web',
      '⚠️ **Error** for `acme/web` (`repo_abc`): stats/securityPosture: HTTP 503 after 3 retries',
    ],
  ])('puts the %s verdict in the heading, and why on the first line after it', (_name, result, heading, verdict) => {
    const page = lines(renderSummary(result, { now: NOW }));
    expect(page.slice(0, 3)).toEqual([heading, '', verdict]);
  });

  const notRead = (overrides: Partial<GateResult> = {}) =>
    makeResult({
      result: 'error',
      counts: null,
      verdict: { result: 'error', reasons: ['No verdict: the alerts could not be read.'], gating: [] },
      errors: [{ kind: 'api', message: 'sca/alerts/search failed: HTTP 503' }],
      ...overrides,
    });

  it.each<[string, GateResult['repository'], string, string]>([
    ['a name and no id', { id: '', name: 'acme/web', url: null }, 'for acme/web', 'for `acme/web`:'],
    [
      'no name and no id',
      { id: '', name: null, url: null },
      'the alerts could not be read',
      'for an unknown repository:',
    ],
  ])('a run stopped with %s: no empty parentheses', (_name, repository, heading, verdict) => {
    const page = lines(renderSummary(notRead({ repository })));
    expect(page[0]!.endsWith(heading)).toBe(true);
    expect(page[2]).toContain(verdict);
    expect(page.slice(0, 3).join('\n')).not.toMatch(/\(\s*\)/);
  });

  it('alerts not read: no count table, no "no alert fails the gate", and it says the alerts were not read', () => {
    const page = renderSummary(notRead());
    expect(page).toContain('The alerts were not read: there is no count by severity');
    expect(page).toContain('### Gating alerts\n\nNot known: the alerts were not read.');
    expect(page).not.toMatch(/\| Total \||No alert fails the gate|\bpass/i);
  });

  it('alerts read in part (an error, no verdict): none gating speaks only of the alerts read', () => {
    const page = renderSummary(makeResult({ result: 'error', errors: [{ kind: 'api', message: 'read 2 of 3' }] }));
    expect(page).toContain('### Gating alerts (0)\n\nNo alert among those read fails the gate.');
  });

  it('names the repository by id when it has no name', () => {
    const page = renderSummary(makeResult({ repository: { id: 'repo_x', name: null, url: null } }));
    expect(lines(page)[0]).toBe('## Security gate: ✅ Passes: no alert fails the gate in repo_x');
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
    expect(page).toContain(
      "Not gating: **1** below the high threshold · **1** not alerted by the service (reported, but the service's own triage raised no alert; these never gate).",
    );
  });

  it('lists gating alerts in the order given (worst first), with severity marker, score and reachability', () => {
    const gating = [
      makeEvaluated({
        severity: 'critical',
        score: 9.8,
        advisory: 'GHSA-crit',
        reachability: { reachable: 2, needsReview: 0, unreachable: 0 },
      }),
      makeEvaluated({
        severity: 'high',
        score: 7.1,
        advisory: 'GHSA-high',
        reachability: { reachable: 0, needsReview: 3, unreachable: 0 },
      }),
      makeEvaluated({
        severity: 'medium',
        score: null,
        advisory: 'GHSA-med',
        reachability: { reachable: 0, needsReview: 0, unreachable: 4 },
      }),
      makeEvaluated({ severity: 'unknown', score: null, advisory: 'GHSA-unk', reachability: null }),
    ];
    const rows = gatingRows(renderSummary(makeResult({ alerts: gating })));
    expect(rows.map((r) => r.split(' | ').slice(0, 1).concat(r.split(' | ').slice(4, 6)))).toEqual([
      ['| 🔴 critical', '9.8', '2 reachable'],
      ['| 🟠 high', '7.1', 'needs review'],
      ['| 🟡 medium', '—', 'unreachable only'],
      ['| ⚪ unknown', '—', '—'],
    ]);
    expect(rows.map((r) => /GHSA-(\w+)/.exec(r)?.[1])).toEqual(['crit', 'high', 'med', 'unk']);
  });

  it.each([
    ['https', 'https://github.com/advisories/GHSA-1', '[GHSA-1](https://github.com/advisories/GHSA-1)'],
    ['javascript:', 'javascript:alert(1)', 'GHSA-1'],
    ['a relative path', '/advisories/GHSA-1', 'GHSA-1'],
    ['no reference at all', undefined, 'GHSA-1'],
  ])('links the advisory id only to an http(s) first reference (%s)', (_name, reference, cell) => {
    const alert = makeEvaluated({
      advisory: 'GHSA-1',
      references: reference ? [reference, 'https://second.example'] : [],
    });
    const [row] = gatingRows(renderSummary(makeResult({ alerts: [alert] })));
    expect(row?.split(' | ')[1]).toBe(cell);
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
    const allowed = makeEvaluated({
      status: 'allowed',
      allowedBy: { id: 'GHSA-a', until: '2024-12-31', reason: 'no fix yet' },
      advisory: 'GHSA-a',
    });
    const page = renderSummary(makeResult({ alerts: [allowed] }));
    expect(page).toMatch(/<details><summary>Allowed by <code>allow-alerts<\/code> \(1\)<\/summary>\n\n\| Advisory/);
    expect(page).toContain('| 🟠 high | 2024-12-31 | — | no fix yet |');
    expect(page).toContain('</details>');
  });
});

describe('renderSummary: a VEX mark and what the statement says, in the row of each alert it speaks of', () => {
  const affected = makeVexMark({ actionStatement: 'Upgrade to 4.17.21' });
  const investigating = makeVexMark({ status: 'under_investigation' });

  it('in the gating table, after the summary: the status, and the action statement when there is one', () => {
    const alerts = [
      makeEvaluated({ advisory: 'GHSA-a', summary: 'Prototype pollution', vex: affected }),
      makeEvaluated({ advisory: 'GHSA-b', summary: 'ReDoS', vex: investigating }),
      makeEvaluated({ advisory: 'GHSA-c', summary: 'No statement' }),
    ];
    const rows = tableOf(renderSummary(makeResult({ alerts })), 'Severity').slice(1);
    expect(rows.map((row) => row[6])).toEqual([
      'Prototype pollution VEX: affected — Upgrade to 4.17.21',
      'ReDoS VEX: under investigation',
      'No statement',
    ]);
  });

  it('in the allowed table, after the reason (or alone)', () => {
    const allowed = (advisory: string, reason: string | undefined, vex: EvaluatedAlert['vex']) =>
      makeEvaluated({ advisory, status: 'allowed', allowedBy: { id: advisory, reason }, vex });
    const alerts = [
      allowed('GHSA-a', 'no fix yet', affected),
      allowed('GHSA-b', undefined, investigating),
      allowed('GHSA-c', undefined, null),
    ];
    const rows = tableOf(renderSummary(makeResult({ alerts })), 'Advisory').slice(1);
    expect(rows.map((row) => row[6])).toEqual([
      'no fix yet VEX: affected — Upgrade to 4.17.21',
      'VEX: under investigation',
      '—',
    ]);
  });

  it("cuts the statement's words to 120 characters", () => {
    const vex = makeVexMark({ actionStatement: 'x'.repeat(300) });
    const [row] = tableOf(
      renderSummary(makeResult({ alerts: [makeEvaluated({ summary: 's', vex })] })),
      'Severity',
    ).slice(1);
    expect(row?.[6]).toBe(`s VEX: affected — ${'x'.repeat(119)}…`);
  });

  it('in the table of what the pull request brings in; a finding the statement spares says so once, in its status', () => {
    const finding = (advisory: string, overrides: Partial<EvaluatedFinding>): EvaluatedFinding => ({
      advisory,
      cves: null,
      severity: 'critical',
      summary: 's',
      name: 'lodash',
      ecosystem: 'npm',
      version: '4.17.20',
      packageUrl: 'pkg:npm/lodash@4.17.20',
      manifests: ['package.json'],
      scope: 'runtime',
      url: `https://github.com/advisories/${advisory}`,
      locations: [],
      status: 'gating',
      disposition: { gates: true, rule: 'introduced', grounds: ['introduced'], reason: 'brought in', flagged: false },
      knownExploited: null,
      vex: null,
      epss: null,
      ...overrides,
    });
    const spared = makeVexMark({ status: 'not_affected', justification: 'vulnerable_code_not_present' });
    const findings = [
      finding('GHSA-a', { vex: affected }),
      finding('GHSA-b', {
        status: 'not-affected',
        disposition: {
          gates: false,
          rule: 'vex',
          grounds: ['introduced'],
          reason: 'VEX document urn:vex statements[0]',
          flagged: false,
        },
        vex: spared,
      }),
    ];
    const page = renderSummary(makeResult({ introduced: { mode: 'fail', findings } }));
    const rows = tableOf(page, 'Severity').slice(1);
    expect(rows.map((row) => row[6])).toEqual([
      '❌ fails the gate VEX: affected — Upgrade to 4.17.21',
      'VEX document urn:vex statements[0]',
    ]);
  });
});

/** One line, as the page shows service text: controls and bidi overrides gone, line breaks collapsed. */
const oneLine = (s: string) =>
  s
    .replace(BIDI, '')
    .replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
    .replace(CONTROLS, ' ');
/** What a reader should see of service text cut to `max` characters. */
const shown = (s: string, max: number) => seen(oneLine(truncate(s, max)));

/** Raw HTML the page itself writes; anything else came from service text. */
const OWN_HTML =
  /^(<details><summary>Allowed by <code>allow-alerts<\/code> \(\d+\)<\/summary>|<details><summary><b>(Security posture[^<]*|Time saved)<\/b><\/summary>|<\/details>|<\/?sub>)\n?$/;

describe('renderSummary: hostile service text renders as itself, and only as text', () => {
  /** A result with `h` in every field that comes from the service (or a user's allow-list reason). */
  function hostileResult(h: string): GateResult {
    const gating = makeEvaluated({
      advisory: `GHSA-1 ${h}`,
      package: `pkg:npm/x@1 ${h}`,
      summary: h,
      references: ['https://ok.example/GHSA-1'],
      vex: makeVexMark({ actionStatement: h }),
    });
    const allowed = makeEvaluated({
      status: 'allowed',
      advisory: 'GHSA-2',
      allowedBy: { id: 'GHSA-2', reason: h },
      summary: h,
      references: ['https://ok.example/GHSA-2'],
      vex: makeVexMark({ status: 'not_affected', impactStatement: h }),
    });
    const view = makePostureView(5);
    return makeResult({
      repository: { id: 'repo_abc', name: `acme/web ${h}`, url: null },
      alerts: [gating, allowed],
      verdict: { result: 'fail', reasons: [`1 alert fails the gate: ${h}`], gating: [gating] },
      posture: { ...view, posture: { ...view.posture, summary: { ...view.posture.summary, riskTrend: h } } },
      schedule: { crontab: h, enabled: true, description: h, nextRun: null },
      settings: [{ setting: 'pr-scanning', input: 'set-pr-scanning', value: true, status: 'failed', error: h }],
      warnings: [{ kind: 'read', message: h }],
      errors: [{ kind: 'api', message: h }],
    });
  }

  it.each(HOSTILE)('%j', (h) => {
    const page = renderSummary(hostileResult(h), { now: NOW });
    const r = render(page);
    // No HTML but the page's own, no link but the advisory links it makes, no mention or reference.
    expect(r.rawHtml.filter((html) => !OWN_HTML.test(html))).toEqual([]);
    expect(r.links).toEqual([
      { href: 'https://ok.example/GHSA-1', text: truncate(oneLine(`GHSA-1 ${h}`), 80), markup: '' },
      { href: 'https://ok.example/GHSA-2', text: 'GHSA-2', markup: '' },
    ]);
    expect(githubReferences(r.scanned)).toEqual([]);
    expect(page.split('\n').filter((line) => line.trimStart().startsWith('::'))).toEqual([]);
    // The page keeps its shape: its headings, and every table row with its cells.
    // title, what the verdict rests on, gating, what to do, posture, time saved, schedule, settings, warnings, errors
    expect(r.blocks.filter((b) => b === 'heading_open')).toHaveLength(10);
    // No fence: an id that is not one word is not offered as an input line to copy.
    expect(r.blocks.filter((b) => /^(blockquote|ordered_list|code_block|fence|hr)/.test(b))).toEqual([]);
    expect(tableOf(page, 'Severity')[1]).toEqual([
      '🟠 high',
      shown(`GHSA-1 ${h}`, 80),
      shown(`pkg:npm/x@1 ${h}`, 120),
      '—', // fix: not asked
      '7.5',
      '1 reachable',
      seen(`${shown(h, 200)} VEX: affected — ${shown(h, 120)}`),
      '—', // declared in: the service named no manifest
    ]);
    expect(tableOf(page, 'Advisory')[1]).toEqual([
      'GHSA-2',
      expect.any(String),
      '—', // fix: not asked
      '🟠 high',
      'no end date',
      '—', // owner: the entry names none
      seen(`${shown(h, 200)} VEX: not affected — ${shown(h, 120)}`),
    ]);
    expect(tableOf(page, 'Setting')[1]).toEqual(['set-pr-scanning', 'true', `❌ failed: ${shown(h, 300)}`]);
    // The rest reads as the service wrote it.
    const paragraphs = r.paragraphs.map(seen);
    expect(paragraphs[0]).toBe(
      seen(`Security gate: ❌ Fails: 1 high alert in ${truncate(`acme/web ${oneLine(h)}`, 100)}`),
    );
    expect(paragraphs[1]).toBe(
      seen(
        `❌ Failed for ${truncate(`acme/web ${oneLine(h)}`, 100)} (repo_abc): ${oneLine(truncate(`1 alert fails the gate: ${h}`, 400))}`,
      ),
    );
    expect(paragraphs).toContain(seen(`${truncate(oneLine(h), 100)}: ${oneLine(h)}. Next run: unknown.`));
    expect(
      paragraphs.some((p) =>
        p.includes(`Organization: risk score (service scale) 55, trend ${seen(oneLine(h))} · open issues`),
      ),
    ).toBe(true);
    expect(paragraphs).toContain(`⚠️ ${shown(h, 500)}`);
    expect(paragraphs).toContain(`❌ ${shown(h, 500)}`);
  });

  it.each(HOSTILE)('in the policy-file entry to copy: %j', (h) => {
    const result = hostileResult(h);
    const page = renderSummary({ ...result, options: { ...result.options, configFile: 'policy.yml' } }, { now: NOW });
    const r = render(page);
    // One fence, the entry to copy: the hostile id, quoted, neither ends it nor opens another.
    expect(r.blocks.filter((b) => /^(blockquote|ordered_list|code_block|fence|hr)/.test(b))).toEqual(['fence']);
    expect(r.blocks.filter((b) => b === 'heading_open')).toHaveLength(10);
    expect(r.html).toContain('<code class="language-yaml">allow-alerts:\n  - id: ');
  });

  it('the checks can fail: unescaped text breaks them', () => {
    const r = render('| a | b |\n|---|---|\n| x | y | z @alice <b>x</b> www.x.com |');
    expect(r.tables[0]?.[1]).toEqual(['x', 'y']);
    expect(githubReferences(r.scanned)).toEqual([]); // the table dropped the extra cell...
    const p = render('z @alice #1 <b>x</b> www.x.com [x](https://evil.example)');
    expect(githubReferences(p.scanned)).toEqual(['@a', '#1']);
    expect(p.rawHtml).toEqual(['<b>', '</b>']);
    expect(p.links.map((l) => l.markup)).toEqual(['linkify', '']);
  });
});

describe('renderSummary: the raw Markdown reads cleanly', () => {
  it('has no character reference, zero-width character or needless backslash in the example page', () => {
    const page = renderSummary(makeExampleResult(), { now: NOW });
    expect(readabilityProblems(page)).toEqual({ characterReferences: [], zeroWidth: [], needlessEscapes: [] });
    // The action's own text carries no escape at all: the example's only one is in a service summary (`template`).
    expect(page.match(/\\./g)).toEqual(['\\`', '\\`']);
  });

  it('the check finds the old escaping', () => {
    const old =
      '`0 2 * * 1-5`: At 02&#58;00 \\(UTC\\). Reason: pinned&#58; see SEC\\-123 &#64;&#8203;alice, [https&#58;&#8203;//github\\.com/x](https://github.com/x) \u200b';
    const problems = readabilityProblems(old);
    expect(problems.characterReferences).toEqual(['&#58;', '&#58;', '&#64;', '&#8203;', '&#58;', '&#8203;']);
    expect(problems.zeroWidth).toHaveLength(1);
    expect(problems.needlessEscapes).toEqual(['\\(UTC\\). Rea', '\\). Reason: ', '\\-123 &#64;&', '\\.com/x](htt']);
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
    const result = makeResult({
      alerts,
      posture: makePostureView(366),
      warnings: Array.from({ length: 10_000 }, () => ({ kind: 'read' as const, message: hugeSummary })),
    });
    const page = renderSummary(result, { maxBytes, maxAlerts: Infinity });
    expect(bytes(page)).toBeLessThanOrEqual(maxBytes);
    expect(page).toMatch(/^## Security gate: ❌ Fails: [^\n]* in acme\/web\n\n❌ \*\*Failed\*\*/);
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
  it('shows risk and open issues, each saying whose, and sparklines of the trend with min, max and dates', () => {
    const page = renderSummary(makeResult({ posture: makePostureView(30) }));
    expect(page).toContain('### Security posture, 2024-05-09 to 2024-06-07');
    expect(page).toContain(
      [
        '**Risk score 70** (service scale; this repository, `acme/web`): 12 open issues, 1 critical.  ',
        'Organization: risk score (service scale) 55, trend increasing · open issues 🔴 2 critical · 🟠 5 high · 🟡 9 medium · 🔵 4 low (20 in all) · mean remediation time 4.5 (unit not given by the service)',
      ].join('\n'),
    );
    expect(page).toMatch(/\| Risk score \(organization, service scale\) \| `▁[▁-█]{28}█` \| 30 \| 70 \| 30 → 70 \|/);
    expect(page).toMatch(/\| Open issues \(organization\) \| `█[▁-█]{28}▁` \| 20 \| 40 \| 40 → 20 \|/);
    expect(page).toContain('30 data points from 2024-05-09 to 2024-06-07.');
  });

  it('without a row for this repository, the risk score is labelled as the organization’s', () => {
    const page = renderSummary(makeResult({ posture: makePostureView(5, { repository: null, riskScore: 55 }) }));
    expect(page).toContain(
      '**Risk score 55** (service scale; organization), trend increasing  \nOrganization: open issues 🔴 2 critical',
    );
    expect(page).not.toContain('this repository');
  });

  it('names the project when project-id narrowed the statistics', () => {
    const result = makeResult({
      posture: makePostureView(5),
      timeSaved: { totalMinutesSaved: 60, patchingMinutesSaved: 60, validationMinutesSaved: 0 },
    });
    const page = renderSummary({ ...result, options: { ...result.options, projectId: 'proj_1' } });
    expect(page).toContain('Project `proj_1`: risk score (service scale) 55');
    expect(page).toContain('| Risk score (project, service scale) |');
    expect(page).toContain('**1 h** saved across the project in the last 30 days');
  });

  it.each([
    ['parts that add up', { totalOpenIssues: 20 }, '🔵 4 low (20 in all)'],
    ['issues of no listed severity shown as other', { totalOpenIssues: 23 }, '🔵 4 low · ⚪ 3 other (23 in all)'],
    [
      'a total below its parts named as the service’s',
      { totalOpenIssues: 7 },
      '🔵 4 low (the service counts 7 in all)',
    ],
    ['a part missing', { totalOpenIssues: 20, lowIssues: null }, '🔵 — low (the service counts 20 in all)'],
    ['no total', { totalOpenIssues: null }, '🔵 4 low · mean remediation time'],
  ])('open issues add up to the total they show: %s', (_name, summary, text) => {
    const view = makePostureView(5);
    const posture = { ...view.posture, summary: { ...view.posture.summary, ...summary } };
    expect(renderSummary(makeResult({ posture: { ...view, posture } }))).toContain(text);
  });

  it.each([
    ['posture', { posture: null }, '### Security posture\n\nPosture not available.'],
    ['time saved', { timeSaved: null }, '### Time saved\n\nTime saved not available.'],
    ['schedule', { schedule: null }, '### Scan schedule\n\nScan schedule not available.'],
  ] as [string, Partial<GateResult>, string][])(
    'says the %s is not available rather than dropping it',
    (_name, overrides, text) => {
      expect(renderSummary(makeResult(overrides))).toContain(text);
    },
  );

  it('humanises minutes saved', () => {
    const page = renderSummary(
      makeResult({ timeSaved: { totalMinutesSaved: 750, patchingMinutesSaved: 480, validationMinutesSaved: 270 } }),
    );
    expect(page).toContain(
      '**12 h 30 min** saved across the organization in the last 30 days: 8 h patching, 4 h 30 min validation.',
    );
  });

  it.each([
    [
      {
        crontab: '0 2 * * 1-5',
        enabled: true,
        description: 'At 02:00, Monday through Friday (UTC)',
        nextRun: '2024-06-10T02:00:00.000Z',
      },
      '`0 2 * * 1-5`: At 02:00, Monday through Friday (UTC). Next run: **2024-06-10 02:00 UTC** (in 2 d 14 h).',
    ],
    [
      { crontab: '0 2 * * 1-5', enabled: false, description: 'At 02:00, Monday through Friday (UTC)', nextRun: null },
      '`0 2 * * 1-5`: At 02:00, Monday through Friday (UTC). The schedule is **disabled**.',
    ],
    [
      { crontab: 'nonsense', enabled: true, description: null, nextRun: null },
      '`nonsense`: not a schedule this action can read. Next run: unknown.',
    ],
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
          {
            setting: 'cwe-whitelist',
            input: 'set-cwe-whitelist',
            value: [],
            status: 'failed',
            error: 'HTTP 500 <oops>',
          },
        ],
      }),
    );
    expect(page).toContain(
      [
        '### Settings',
        '',
        '| Setting | Value | Status |',
        '|---|---|---|',
        '| `set-pr-scanning` | `true` | 🔸 would apply (dry run) |',
        '| `set-max-pr-timeout-minutes` | `30` | ✅ applied |',
        '| `set-cwe-whitelist` | none (empty list) | ❌ failed: HTTP 500 \\<oops> |',
      ].join('\n'),
    );
  });

  it('shows setting values as code: copied as they are, no zero-width space, a pipe still safe', () => {
    const page = renderSummary(
      makeResult({
        settings: [
          { setting: 'cwe-whitelist', input: 'set-cwe-whitelist', value: ['CWE-79', '@x|#12'], status: 'dry-run' },
        ],
      }),
    );
    const section = page.slice(page.indexOf('### Settings'));
    expect(section).not.toContain('\u200b');
    expect(section).toContain('| `set-cwe-whitelist` | `CWE-79, @x`\\|`#12` | 🔸 would apply (dry run) |');
    // Rendered: one row of three cells, the value reading (and copying) as the values themselves.
    expect(tableOf(page, 'Setting')).toEqual([
      ['Setting', 'Value', 'Status'],
      ['set-cwe-whitelist', 'CWE-79, @x|#12', '🔸 would apply (dry run)'],
    ]);
    expect(githubReferences(render(section).scanned)).toEqual([]);
  });

  it('omits settings, warnings and errors when there are none', () => {
    const page = renderSummary(makeResult());
    expect(page).not.toMatch(/### (Settings|Warnings|Errors)/);
  });

  it('lists warnings and errors, escaped', () => {
    const page = renderSummary(
      makeResult({
        warnings: [{ kind: 'expired-allow', message: 'allow-alerts entry GHSA-1 expired' }],
        errors: [{ kind: 'api', message: 'timeout <b>' }],
      }),
    );
    expect(page).toContain('### Warnings\n\n- ⚠️ allow-alerts entry GHSA-1 expired');
    expect(page).toContain('### Errors\n\n- ❌ timeout \\<b>');
  });

  it('keeps the sections in the contract order', () => {
    const page = renderSummary(makeExampleResult());
    const order = [
      '## Security gate: ❌ Fails',
      '| 🔴 Critical',
      '### What the verdict rests on',
      '### Gating alerts',
      '### Resolved by this pull request',
      '### Coming due',
      '<details>',
      // Folded on a pull request (the example is one).
      '<b>Security posture',
      '<b>Time saved',
      '### Scan schedule',
      '### Settings',
      // Its only warning is an entry that matches no alert: said among the exceptions.
      '### Exceptions (`allow-alerts`)',
      // What to do ends a failing page.
      '### What to do',
    ];
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
