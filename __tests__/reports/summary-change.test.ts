// The job summary's parts about the pull request and time: what the verdict rests on, the alerts
// resolved and coming due, the labels of overdue and changed alerts, and the counts and heading.
import { describe, expect, it } from '@jest/globals';
import type { AlertCounts, ChangeView, EvaluatedAlert, GateResult, ScanView } from '../../src/model.js';
import { renderSummary } from '../../src/reports/summary.js';
import { truncate } from '../../src/reports/markdown.js';
import { BIDI, CONTROLS } from '../../src/characters.js';
import { countsOf, makeEvaluated, makeResult } from '../fixtures/result.js';
import { HOSTILE } from './hostile.js';
import { githubReferences, readabilityProblems, render, seen } from './render.js';

const lines = (page: string) => page.split('\n');
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** The rendered table whose header row starts with `first`: rows of cell texts as a reader sees them (header first). */
function tableOf(page: string, first: string, second?: string): string[][] {
  return (
    render(page)
      .tables.find((t) => t[0]?.[0] === first && (second === undefined || t[0]?.[1] === second))
      ?.map((row) => row.map(seen)) ?? []
  );
}

/** The lines of the section under `heading`, up to the next heading. */
function section(page: string, heading: string): string[] {
  const all = lines(page);
  const start = all.indexOf(heading);
  if (start < 0) return [];
  const end = all.findIndex((l, i) => i > start && l.startsWith('#'));
  return all.slice(start + 1, end < 0 ? undefined : end).filter((l) => l !== '');
}

const PR: ChangeView = {
  event: 'pull_request',
  pullRequest: 12,
  base: 'aaaaaaa1111111',
  head: 'bbbbbbb2222222',
  state: 'read',
  entries: 6,
  reason: null,
};

const resolvedAlert = (overrides: Partial<EvaluatedAlert> = {}) =>
  makeEvaluated({
    status: 'resolved',
    package: 'pkg:npm/lodash@4.17.20',
    resolution: { manifests: ['package.json'], removed: '4.17.20', added: ['4.17.21'] },
    ...overrides,
  });
const dueAlert = (dueOn: string, daysLeft: number, overrides: Partial<EvaluatedAlert> = {}) =>
  makeEvaluated({ status: 'due', dueOn, daysLeft, ...overrides });

/** A result whose counts follow its alerts, with `resolved` as the pipeline sets it. */
function withAlerts(alerts: EvaluatedAlert[], overrides: Partial<GateResult> = {}, resolved: number | null = null) {
  const counts = { ...(countsOf(alerts) as AlertCounts), resolved };
  return makeResult({ alerts, counts, ...overrides });
}

describe('renderSummary: what the verdict rests on', () => {
  it('comes right after the counts and the policy, before the gating alerts', () => {
    const page = renderSummary(makeResult());
    const at = (marker: string) => page.indexOf(marker);
    expect(at('Policy: ')).toBeLessThan(at('### What the verdict rests on'));
    expect(at('### What the verdict rests on')).toBeLessThan(at('### Gating alerts'));
    expect(section(page, '### What the verdict rests on')).toHaveLength(3);
  });

  it.each<[string, ScanView | null, Partial<GateResult>, string]>([
    ['no scan said', null, {}, "- **Alerts**: the service's alerts for the repository, from its last scan."],
    [
      'its commit and branch',
      { commitSha: '0123456789abcdef', branch: 'main' },
      {},
      "- **Alerts**: the service's alerts for the repository, from its last scan (commit `0123456` on `main`).",
    ],
    [
      'its commit alone',
      { commitSha: '0123456789abcdef', branch: null },
      {},
      "- **Alerts**: the service's alerts for the repository, from its last scan (commit `0123456`).",
    ],
    [
      'its branch alone',
      { commitSha: null, branch: 'release/1.x' },
      {},
      "- **Alerts**: the service's alerts for the repository, from its last scan (branch `release/1.x`).",
    ],
    [
      'alerts not read',
      null,
      { counts: null, result: 'error' },
      "- **Alerts**: the service's alerts for the repository, from its last scan: not read.",
    ],
  ])('the alerts: %s', (_name, scan, overrides, line) => {
    const page = renderSummary(makeResult({ scan, ...overrides }));
    expect(section(page, '### What the verdict rests on')[0]).toBe(line);
  });

  it.each<[string, ChangeView | null, string]>([
    [
      'a push or schedule',
      null,
      "- **The change's dependencies**: not a pull request or merge group; the gate judges the repository as last scanned.",
    ],
    [
      'a pull request, read',
      PR,
      "- **The change's dependencies**: read from GitHub's dependency review for pull request 12 (`aaaaaaa`...`bbbbbbb`), 6 entries.",
    ],
    [
      'a merge group, read',
      { ...PR, event: 'merge_group', pullRequest: null, entries: 1 },
      "- **The change's dependencies**: read from GitHub's dependency review for the merge group (`aaaaaaa`...`bbbbbbb`), 1 entry.",
    ],
    [
      'pr-changes off',
      { ...PR, state: 'off', entries: null },
      "- **The change's dependencies**: not read (`pr-changes` is off), so no alert is resolved by pull request 12 (`aaaaaaa`...`bbbbbbb`).",
    ],
    [
      'not read, and why',
      {
        ...PR,
        base: null,
        state: 'unavailable',
        entries: null,
        reason: 'the event does not name its base and head commits.',
      },
      "- **The change's dependencies**: not read for pull request 12, so no alert is resolved: the event does not name its base and head commits.",
    ],
  ])('the change: %s', (_name, change, line) => {
    const page = renderSummary(makeResult({ change }));
    expect(section(page, '### What the verdict rests on')[1]).toBe(line);
  });

  it.each<[string, GateResult['options']['graceDays'], string]>([
    ['none', {}, '- **Grace periods**: none; an alert at or above the threshold fails the gate however new it is.'],
    [
      'only zeros',
      { critical: 0 },
      '- **Grace periods**: none; an alert at or above the threshold fails the gate however new it is.',
    ],
    [
      'in severity order, as grace-days takes them',
      { medium: 90, critical: 0, high: 30 },
      '- **Grace periods** (`grace-days`): critical=0, high=30, medium=90; a severity not listed has none.',
    ],
  ])('the grace periods: %s', (_name, graceDays, line) => {
    const result = makeResult();
    const page = renderSummary({ ...result, options: { ...result.options, graceDays } });
    expect(section(page, '### What the verdict rests on')[2]).toBe(line);
  });
});

describe('renderSummary: resolved and coming due in the heading and the counts', () => {
  it.each<[string, EvaluatedAlert[], number | null, string, string[]]>([
    ['neither', [makeEvaluated()], null, '## Security gate: ❌ Fails: 1 high alert in acme/web', []],
    ['nothing resolved (read)', [makeEvaluated()], 0, '## Security gate: ❌ Fails: 1 high alert in acme/web', []],
    [
      'resolved',
      [resolvedAlert(), resolvedAlert()],
      2,
      '## Security gate: ✅ Passes: no alert fails the gate in acme/web (2 resolved)',
      ['Resolved'],
    ],
    [
      'coming due',
      [dueAlert('2024-06-20', 13)],
      null,
      '## Security gate: ✅ Passes: no alert fails the gate in acme/web (1 coming due)',
      ['Coming due'],
    ],
    [
      'both',
      [makeEvaluated(), resolvedAlert(), dueAlert('2024-06-20', 13)],
      1,
      '## Security gate: ❌ Fails: 1 high alert in acme/web (1 resolved, 1 coming due)',
      ['Resolved', 'Coming due'],
    ],
  ])('%s', (_name, alerts, resolved, heading, extra) => {
    const page = renderSummary(withAlerts(alerts, {}, resolved));
    expect(lines(page)[0]).toBe(heading);
    const table = tableOf(page, '🔴 Critical');
    expect(table[0]).toEqual([
      '🔴 Critical',
      '🟠 High',
      '🟡 Medium',
      '🔵 Low',
      '⚪ Unknown',
      'Total',
      'Gating',
      'Allowed',
      ...extra,
    ]);
    const value = (column: string) => table[1]?.[table[0]!.indexOf(column)];
    if (extra.includes('Resolved')) expect(value('Resolved')).toBe(String(resolved));
    if (extra.includes('Coming due')) expect(value('Coming due')).toBe('1');
  });

  it('a repository name ending in # still closes no heading when the counts follow it', () => {
    const result = withAlerts([resolvedAlert()], { repository: { id: 'r', name: 'acme/c#', url: null } }, 1);
    const page = renderSummary(result);
    expect(lines(page)[0]).toBe('## Security gate: ✅ Passes: no alert fails the gate in acme/c# (1 resolved)');
    expect(render(page).paragraphs[0]).toBe(
      'Security gate: ✅ Passes: no alert fails the gate in acme/c# (1 resolved)',
    );
  });
});

describe('renderSummary: the tables of resolved and coming-due alerts', () => {
  it('lists the resolved alerts worst first: advisory linked, package, severity, version removed and added, manifests', () => {
    const alerts = [
      resolvedAlert({ advisory: 'GHSA-high', severity: 'high', score: 7.5 }),
      resolvedAlert({
        advisory: 'GHSA-crit',
        severity: 'critical',
        score: 9.8,
        package: 'pkg:npm/minimist@1.2.5',
        resolution: { manifests: ['a/package.json', 'b/package.json'], removed: '1.2.5', added: [] },
      }),
      resolvedAlert({
        advisory: 'GHSA-many',
        severity: 'medium',
        package: 'pkg:npm/x@1.0.0',
        resolution: {
          manifests: ['1/package.json', '2/package.json', '3/package.json', '4/package.json', '5/package.json'],
          removed: '1.0.0',
          added: ['2.0.0', '2.0.1', '3.0.0', '4.0.0'],
        },
      }),
    ];
    const page = renderSummary(withAlerts(alerts, {}, 3));
    expect(section(page, '### Resolved by this pull request (3)')[0]).toBe(
      'These would fail the gate, but this pull request removes the vulnerable version from every manifest that declares it.',
    );
    expect(tableOf(page, 'Advisory', 'Package').slice(0, 1)).toEqual([
      ['Advisory', 'Package', 'Severity', 'Change', 'Manifests'],
    ]);
    expect(tableOf(page, 'Advisory', 'Package').slice(1)).toEqual([
      ['GHSA-crit', 'pkg:npm/minimist@1.2.5', '🔴 critical', '1.2.5 removed', 'a/package.json, b/package.json'],
      ['GHSA-high', 'pkg:npm/lodash@4.17.20', '🟠 high', '4.17.20 → 4.17.21', 'package.json'],
      [
        'GHSA-many',
        'pkg:npm/x@1.0.0',
        '🟡 medium',
        '1.0.0 → 2.0.0, 2.0.1, 3.0.0 and 1 more',
        '1/package.json, 2/package.json, 3/package.json and 2 more',
      ],
    ]);
    const crit = lines(page).find((l) => l.includes('GHSA-crit'));
    expect(crit).toBe(
      `| [GHSA-crit](${alerts[1]!.references[0]}) | \`pkg:npm/minimist@1.2.5\` | 🔴 critical | \`1.2.5\` removed | \`a/package.json\`, \`b/package.json\` |`,
    );
  });

  it('lists the alerts coming due soonest first (then worst first), with the due date and days left', () => {
    const alerts = [
      dueAlert('2024-07-01', 24, { advisory: 'GHSA-late' }),
      dueAlert('2024-06-20', 13, { advisory: 'GHSA-soon-high', severity: 'high' }),
      dueAlert('2024-06-20', 13, { advisory: 'GHSA-soon-crit', severity: 'critical' }),
    ];
    const page = renderSummary(withAlerts(alerts));
    expect(section(page, '### Coming due (3)')[0]).toBe(
      'Inside their grace period (`grace-days`): each fails the gate from its due date (UTC) on.',
    );
    expect(tableOf(page, 'Advisory', 'Package')).toEqual([
      ['Advisory', 'Package', 'Fix', 'Severity', 'Due', 'Days left'],
      ['GHSA-soon-crit', alerts[2]!.package, '—', '🔴 critical', '2024-06-20', '13'],
      ['GHSA-soon-high', alerts[1]!.package, '—', '🟠 high', '2024-06-20', '13'],
      ['GHSA-late', alerts[0]!.package, '—', '🟠 high', '2024-07-01', '24'],
    ]);
  });

  it('has neither table when nothing is resolved or coming due', () => {
    const page = renderSummary(withAlerts([makeEvaluated()], { change: PR }, 0));
    expect(page).not.toMatch(/### (Resolved by this pull request|Coming due)/);
  });

  it('says since when a gating alert is overdue, and labels alerts the pull request changes wherever listed', () => {
    const alerts = [
      makeEvaluated({ advisory: 'GHSA-overdue', dueOn: '2024-05-31', summary: 'Bad' }),
      makeEvaluated({ advisory: 'GHSA-changed', changedByPullRequest: true, package: 'pkg:npm/a@1' }),
      makeEvaluated({
        status: 'allowed',
        advisory: 'GHSA-allowed',
        allowedBy: { id: 'GHSA-allowed' },
        changedByPullRequest: true,
        package: 'pkg:npm/b@1',
      }),
      dueAlert('2024-06-20', 13, { advisory: 'GHSA-due', changedByPullRequest: true, package: 'pkg:npm/c@1' }),
    ];
    const page = renderSummary(withAlerts(alerts));
    const gating = tableOf(page, 'Severity');
    expect(gating.find((row) => row[1] === 'GHSA-overdue')?.[6]).toBe('Overdue since 2024-05-31. Bad');
    expect(gating.find((row) => row[1] === 'GHSA-changed')?.[2]).toBe('pkg:npm/a@1 (changed by this pull request)');
    expect(tableOf(page, 'Advisory', 'Package').map((row) => row[1])).toEqual([
      'Package',
      'pkg:npm/c@1 (changed by this pull request)',
    ]);
    expect(tableOf(page, 'Advisory', 'Package').length).toBe(2);
    expect(page).toContain('| `pkg:npm/b@1` (changed by this pull request) |');
    expect(page).toContain('| **Overdue since 2024-05-31.** Bad |');
  });

  it('an alert without an overdue date or change reads as before', () => {
    const page = renderSummary(withAlerts([makeEvaluated({ summary: 'Plain', package: 'pkg:npm/p@1' })]));
    expect(tableOf(page, 'Severity')[1]?.slice(2)).toEqual(['pkg:npm/p@1', '—', '7.5', '1 reachable', 'Plain', '—']);
  });

  it.each([20_000, 100_000])(
    'stays within %i bytes with thousands resolved and coming due, saying how many more',
    (maxBytes) => {
      const long = `pkg:npm/${'x'.repeat(200)}@1.0.0`;
      const alerts = [
        ...Array.from({ length: 2_000 }, () => resolvedAlert({ package: long })),
        ...Array.from({ length: 2_000 }, () => dueAlert('2024-06-20', 13, { package: long })),
      ];
      const page = renderSummary(withAlerts(alerts, {}, 2_000), { maxBytes, maxAlerts: Infinity });
      expect(bytes(page)).toBeLessThanOrEqual(maxBytes);
      expect(page).toMatch(/…and [\d,]+ more resolved alerts \(see the JSON report\)\./);
      expect(page).toMatch(/…and [\d,]+ more alerts coming due \(see the JSON report\)\./);
    },
  );

  it('caps each table at maxAlerts rows', () => {
    const alerts = [
      ...Array.from({ length: 60 }, () => resolvedAlert()),
      ...Array.from({ length: 55 }, () => dueAlert('2024-06-20', 13)),
    ];
    const page = renderSummary(withAlerts(alerts, {}, 60));
    expect(page).toContain('…and 10 more resolved alerts (see the JSON report).');
    expect(page).toContain('…and 5 more alerts coming due (see the JSON report).');
  });
});

/** One line, as the page shows service text: controls and bidi overrides gone, line breaks collapsed. */
const oneLine = (s: string) =>
  s
    .replace(BIDI, '')
    .replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
    .replace(CONTROLS, ' ');
const shown = (s: string, max: number) => seen(oneLine(truncate(s, max)));
const OWN_HTML =
  /^(<details><summary>Allowed by <code>allow-alerts<\/code> \(\d+\)<\/summary>|<details><summary><b>(Security posture[^<]*|Time saved)<\/b><\/summary>|<\/details>)\n?$/;

describe('renderSummary: hostile text in the parts about the change renders as itself, and only as text', () => {
  function hostileResult(h: string): GateResult {
    const resolved = resolvedAlert({
      advisory: 'GHSA-1',
      package: `pkg:npm/x@1 ${h}`,
      references: ['https://ok.example/GHSA-1'],
      resolution: { manifests: [h], removed: h, added: [h] },
    });
    const due = dueAlert('2024-06-20', 13, {
      advisory: 'GHSA-2',
      package: `pkg:npm/y@1 ${h}`,
      references: ['https://ok.example/GHSA-2'],
      changedByPullRequest: true,
    });
    return withAlerts(
      [resolved, due],
      {
        scan: { commitSha: h, branch: h },
        change: {
          ...PR,
          event: 'merge_group',
          pullRequest: null,
          state: 'unavailable',
          entries: null,
          reason: h,
        },
      },
      1,
    );
  }

  it.each(HOSTILE)('%j', (h) => {
    const page = renderSummary(hostileResult(h));
    const r = render(page);
    expect(r.rawHtml.filter((html) => !OWN_HTML.test(html))).toEqual([]);
    expect(r.links.map((l) => l.href)).toEqual(['https://ok.example/GHSA-1', 'https://ok.example/GHSA-2']);
    expect(githubReferences(r.scanned)).toEqual([]);
    expect(page.split('\n').filter((line) => line.trimStart().startsWith('::'))).toEqual([]);
    expect(r.blocks.filter((b) => /^(blockquote|ordered_list|code_block|fence|hr)/.test(b))).toEqual([]);
    const [resolvedTable, dueTable] = render(page)
      .tables.filter((t) => t[0]?.[0] === 'Advisory')
      .map((t) => t.map((row) => row.map(seen)));
    expect(resolvedTable?.[1]).toEqual([
      'GHSA-1',
      shown(`pkg:npm/x@1 ${h}`, 120),
      '🟠 high',
      seen(`${shown(h, 60)} → ${shown(h, 120)}`),
      shown(h, 120),
    ]);
    expect(dueTable?.[1]).toEqual([
      'GHSA-2',
      seen(`${shown(`pkg:npm/y@1 ${h}`, 120) || '—'} (changed by this pull request)`),
      '—',
      '🟠 high',
      '2024-06-20',
      '13',
    ]);
    const restsOn = r.paragraphs.map(seen);
    const commit = seen(oneLine(Array.from(h).slice(0, 7).join('')));
    expect(restsOn).toContain(
      seen(
        `Alerts: the service's alerts for the repository, from its last scan (commit ${commit} on ${shown(h, 100)}).`,
      ),
    );
    expect(restsOn).toContain(
      seen(
        `The change's dependencies: not read for the merge group (aaaaaaa...bbbbbbb), so no alert is resolved: ${oneLine(truncate(h, 600))}`,
      ),
    );
  });
});

describe('renderSummary: the page with the change reads cleanly', () => {
  it('has no character reference, zero-width character or needless backslash', () => {
    const alerts = [
      makeEvaluated({ dueOn: '2024-05-31', changedByPullRequest: true }),
      resolvedAlert(),
      dueAlert('2024-06-20', 13),
    ];
    const result = withAlerts(alerts, { change: PR, scan: { commitSha: 'abc1234def', branch: 'main' } }, 1);
    const page = renderSummary({ ...result, options: { ...result.options, graceDays: { high: 30 } } });
    expect(readabilityProblems(page)).toEqual({ characterReferences: [], zeroWidth: [], needlessEscapes: [] });
    // The action's own text (dates, counts, grace days, commits) carries no escape at all, and makes
    // no GitHub reference (the pull request is named by its number alone).
    expect(page.match(/\\./g)).toBeNull();
    expect(githubReferences(render(page).scanned)).toEqual([]);
  });
});
