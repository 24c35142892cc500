import { describe, expect, test } from '@jest/globals';
import {
  COMMENT_MARKER,
  COMMENT_MAX_CHARS,
  authorTypeOf,
  findSticky,
  renderComment,
  upsertComment,
  type CommentApi,
  type CommitLink,
  type PullRequestComment,
} from '../../src/reports/comment.js';
import type { ChangeView, GateResult } from '../../src/model.js';
import { renderSummary } from '../../src/reports/summary.js';
import { makeEvaluated, makeExampleResult, makeResult, makeVexMark } from '../fixtures/result.js';

const PULL_REQUEST: ChangeView = {
  event: 'pull_request',
  pullRequest: 42,
  base: '3f9c2a1b7e4d6c8a0b2e4f6a8c0d2e4f6a8b0c2d',
  head: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
  state: 'read',
  entries: 6,
  reason: null,
};
import { readabilityProblems, render, seen } from './render.js';

function fakeApi(existing: PullRequestComment[] = []) {
  const calls: string[] = [];
  const api: CommentApi = {
    list: async () => existing,
    create: async () => void calls.push('create'),
    update: async (id) => void calls.push(`update ${id}`),
  };
  return { api, calls };
}

const sticky = (id: number, type = 'Bot'): PullRequestComment => ({
  id,
  body: `${COMMENT_MARKER}\nold`,
  user: { login: 'x', type },
});

describe('upsertComment', () => {
  test.each([
    // mode, result, existing comments, expected calls, outcome
    ['never', 'fail', [sticky(1)], [], 'skipped'],
    ['always', 'pass', [], ['create'], 'created'],
    ['always', 'fail', [sticky(1)], ['update 1'], 'updated'],
    ['on-failure', 'fail', [], ['create'], 'created'],
    ['on-failure', 'pass', [], [], 'skipped'],
    ['on-failure', 'pass', [sticky(3)], ['update 3'], 'updated'], // not left stale saying "failed"
    ['on-failure', 'error', [], [], 'skipped'],
  ] as const)('%s with result %s and %j existing -> %j', async (mode, result, existing, calls, outcome) => {
    const fake = fakeApi([...existing]);
    expect(await upsertComment(fake.api, mode, makeResult({ result }), 'body', 'Bot')).toBe(outcome);
    expect(fake.calls).toEqual(calls);
  });
});

describe('findSticky', () => {
  const comments = [
    sticky(1),
    sticky(2, 'User'),
    { id: 3, body: 'unrelated', user: { type: 'Bot' } },
    sticky(4),
    sticky(5, 'User'),
  ];
  test.each([
    ['Bot', 4],
    ['User', 5],
  ] as const)('finds the newest marked comment written by a %s, never one by the other kind', (type, id) => {
    expect(findSticky(comments, type)?.id).toBe(id);
  });
  test('a marked comment by the other kind of author is left alone', () => {
    expect(findSticky([sticky(1, 'User')], 'Bot')).toBeNull();
  });
  test('a marker quoted in the middle of a comment does not count', () => {
    expect(findSticky([{ id: 1, body: `> ${COMMENT_MARKER}`, user: { type: 'Bot' } }], 'Bot')).toBeNull();
  });
  test.each([
    ['ghs_abc', 'Bot'],
    ['ghp_abc', 'User'],
    ['github_pat_abc', 'User'],
    ['gho_abc', 'User'],
  ] as const)('a %s token writes as a %s', (token, type) => {
    expect(authorTypeOf(token)).toBe(type);
  });
});

const RUN = 'https://github.com/acme/storefront/actions/runs/7';
const WHERE = { serverUrl: 'https://github.com', repository: 'acme/storefront' };
const HEAD = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';

/** The `### ` headings of a page, in order, without their counts. */
const headings = (page: string) =>
  page
    .split('\n')
    .filter((l) => l.startsWith('#'))
    .map((l) => l.replace(/ \([\d,]+( violations?)?\)$/, ''));

describe("renderComment: the pull request's story", () => {
  test('starts with the marker and the verdict, and links the run', () => {
    const body = renderComment(makeResult({ result: 'fail' }), 'https://github.com/acme/webshop/actions/runs/1');
    expect(body.startsWith(`${COMMENT_MARKER}\n## Security gate: ❌ Fails: `)).toBe(true);
    expect(body).toContain('(https://github.com/acme/webshop/actions/runs/1)');
  });

  test('the verdict, gating, resolved, changed, coming due and license violations; no posture, time saved, schedule, settings or warnings', () => {
    const body = renderComment(makeExampleResult(), RUN, WHERE);
    expect(headings(body)).toEqual([
      '## Security gate: ❌ Fails: 3 alerts (1 critical, 2 high) already on main; this pull request does not resolve them (1 resolved, 1 coming due)',
      '### Gating alerts',
      '### Resolved by this pull request',
      '### Changed by this pull request',
      '### Coming due',
      // What to do ends a failing comment.
      '### What to do',
    ]);
    expect(body.split('\n')[3]).toBe(
      '❌ **Failed** for `acme/storefront` (`repo_8f3a2c`): 3 alerts at or above high fail the gate (1 critical, 2 high); 1 resolved by this pull request and 1 inside its grace period do not.',
    );
    // allow-alerts appears only in what to do, never as the table of allowed alerts.
    expect(body).not.toMatch(/posture|time saved|schedule|settings|warnings|Allowed by|Policy:|\| Total \|/i);
  });

  test("shares the job summary's tables: the same rows, cell for cell", () => {
    const result = makeExampleResult();
    const summary = renderSummary(result).split('\n');
    const body = renderComment(result, RUN, WHERE).split('\n');
    // Gating, resolved and coming-due rows (the allowed one stays in the job summary).
    const rows = summary.filter((l) => /^\| (\[GHSA-|[🔴🟠] [a-z])/u.test(l) && !l.includes('GHSA-grv7'));
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(body).toContain(row);
  });

  test('reads as cleanly as the job summary; its only HTML is the marker and the footer', () => {
    const body = renderComment(makeExampleResult(), RUN, WHERE);
    expect(readabilityProblems(body)).toEqual({ characterReferences: [], zeroWidth: [], needlessEscapes: [] });
    const r = render(body);
    // The reachability footnote under the gating table, then the footer.
    expect(r.rawHtml.map((html) => html.trim())).toEqual([COMMENT_MARKER, '<sub>', '</sub>', '<sub>', '</sub>']);
    expect(r.links.slice(-2)).toEqual([
      { href: `https://github.com/acme/storefront/commit/${HEAD}`, text: 'a1b2c3d', markup: '' },
      { href: RUN, text: 'Full report in the job summary', markup: '' },
    ]);
    expect(body.split('\n').at(-1)).toBe(
      `<sub>Judged commit [\`a1b2c3d\`](https://github.com/acme/storefront/commit/${HEAD}) at 2024-06-07 12:00 UTC · [Full report in the job summary](${RUN})</sub>`,
    );
  });

  test.each<[string, Partial<GateResult>, CommitLink | null, string | null, string]>([
    [
      'the head commit, linked',
      { change: PULL_REQUEST },
      WHERE,
      RUN,
      `Judged commit [\`a1b2c3d\`](https://github.com/acme/storefront/commit/${HEAD}) at 2024-06-07 12:00 UTC · [Full report in the job summary](${RUN})`,
    ],
    [
      'on GitHub Enterprise Server',
      { change: PULL_REQUEST },
      { serverUrl: 'https://ghe.example', repository: 'a/b' },
      null,
      `Judged commit [\`a1b2c3d\`](https://ghe.example/a/b/commit/${HEAD}) at 2024-06-07 12:00 UTC`,
    ],
    [
      'no server known: named, not linked',
      { change: PULL_REQUEST },
      null,
      null,
      'Judged commit `a1b2c3d` at 2024-06-07 12:00 UTC',
    ],
    [
      'no change (a run stopped early): when alone',
      { change: null },
      WHERE,
      RUN,
      `Judged at 2024-06-07 12:00 UTC · [Full report in the job summary](${RUN})`,
    ],
    [
      'a head that is no commit id is not put in a link',
      { change: { ...PULL_REQUEST, head: 'x](https://evil.example)' } },
      WHERE,
      null,
      'Judged at 2024-06-07 12:00 UTC',
    ],
    [
      'no time either',
      { change: null, generatedAt: 'not a date' },
      WHERE,
      RUN,
      `[Full report in the job summary](${RUN})`,
    ],
  ])('the footer: %s', (_name, overrides, where, runUrl, footer) => {
    const body = renderComment(makeResult(overrides), runUrl, where);
    expect(body.split('\n').at(-1)).toBe(`<sub>${footer}</sub>`);
  });

  test('no footer at all when there is nothing to say in it', () => {
    const body = renderComment(makeResult({ change: null, generatedAt: 'x' }), null);
    expect(body).not.toContain('<sub>');
  });

  test('alerts not read: says so, and never that no alert fails the gate', () => {
    const body = renderComment(
      makeResult({
        result: 'error',
        counts: null,
        verdict: { result: 'error', reasons: ['No verdict: the alerts could not be read.'], gating: [] },
        errors: [{ kind: 'api', message: 'sca/alerts/search failed: HTTP 503' }],
      }),
      RUN,
    );
    expect(body).toContain('### Gating alerts\n\nNot known: the alerts were not read.');
    expect(body).not.toMatch(/No alert fails the gate/);
  });

  test('lists the alerts the pull request changes without resolving them, whatever their status, worst first', () => {
    const changed = (overrides: Parameters<typeof makeEvaluated>[0]) =>
      makeEvaluated({ changedByPullRequest: true, package: 'pkg:npm/p@1', ...overrides });
    const alerts = [
      changed({ status: 'below-threshold', severity: 'low', advisory: 'GHSA-low' }),
      changed({ advisory: 'GHSA-gating', severity: 'critical', dueOn: '2024-05-31' }),
      changed({ status: 'due', dueOn: '2024-06-20', daysLeft: 13, advisory: 'GHSA-due' }),
      changed({ status: 'allowed', allowedBy: { id: 'GHSA-allowed' }, advisory: 'GHSA-allowed', severity: 'medium' }),
      changed({ status: 'unreachable', advisory: 'GHSA-unreachable', severity: 'medium', score: 5 }),
      changed({ status: 'not-alerted', advisory: 'GHSA-quiet', severity: 'unknown' }),
      makeEvaluated({ advisory: 'GHSA-untouched' }),
    ];
    const body = renderComment(makeResult({ alerts }), RUN);
    const table = render(body).tables.find((t) => t[0]?.[3] === 'Status');
    expect(table?.map((row) => [row[0], row[3]])).toEqual([
      ['Advisory', 'Status'],
      ['GHSA-gating', '❌ fails the gate, overdue since 2024-05-31'],
      ['GHSA-due', '⏳ due 2024-06-20'],
      ['GHSA-allowed', 'allowed by allow-alerts'],
      ['GHSA-unreachable', 'only unreachable (ignored)'],
      ['GHSA-low', 'below the high threshold'],
      ['GHSA-quiet', 'not alerted by the service'],
    ]);
    expect(body).toContain('### Changed by this pull request (6)');
  });

  test('a VEX statement shows in the row of the gating alert it speaks of, as in the summary', () => {
    const vex = makeVexMark({ actionStatement: 'Upgrade to 4.17.21' });
    const result = makeResult({ alerts: [makeEvaluated({ advisory: 'GHSA-a', summary: 'Prototype pollution', vex })] });
    const gating = (page: string) =>
      render(page)
        .tables.find((t) => t[0]?.[0] === 'Severity')?.[1]
        ?.map(seen);
    expect(gating(renderComment(result, RUN))?.[6]).toBe('Prototype pollution VEX: affected — Upgrade to 4.17.21');
    expect(gating(renderComment(result, RUN))).toEqual(gating(renderSummary(result)));
  });

  test('lists the license violations', () => {
    const finding = {
      package: 'left-pad@1.3.0',
      ecosystem: 'npm',
      license: 'GPL-3.0-only',
      expression: 'GPL-3.0-only',
      status: 'violation' as const,
      gates: true,
      location: null,
    };
    const licenses = {
      mode: 'deny' as const,
      ids: ['GPL-3.0-only'],
      unknown: 'warn' as const,
      checked: 3,
      exempted: 0,
      findings: [finding],
    };
    const body = renderComment(makeResult({ licenses }), RUN);
    expect(body).toContain('### License policy (1 violation)');
    expect(body).toContain('| `left-pad@1.3.0` | `GPL-3.0-only` | — | ❌ not allowed |');
  });

  test('stays within 65,536 characters, marker and footer included, with every table full of text escaping blows up', () => {
    // `<` escapes to 2 characters; 25 rows of each table are over the limit unbudgeted.
    const lt = (n: number) => '<'.repeat(n);
    const many = (n: number, overrides: Parameters<typeof makeEvaluated>[0]) =>
      Array.from({ length: n }, (_, i) =>
        makeEvaluated({
          advisory: `GHSA-${i}-${lt(100)}`,
          package: `pkg:npm/${lt(200)}@1`,
          summary: lt(5000),
          ...overrides,
        }),
      );
    const gating = many(30, { severity: 'critical' });
    const alerts = [
      ...gating,
      ...many(30, {
        status: 'resolved',
        resolution: { manifests: [lt(200), lt(200), lt(200)], removed: lt(100), added: [lt(200), lt(200), lt(200)] },
      }),
      ...many(30, { status: 'below-threshold', changedByPullRequest: true }),
      ...many(30, { status: 'due', dueOn: '2024-06-20', daysLeft: 13, changedByPullRequest: true }),
    ];
    const result = makeResult({
      result: 'fail',
      alerts,
      verdict: { result: 'fail', reasons: [lt(5000)], gating },
      change: PULL_REQUEST,
    });
    const body = renderComment(result, 'https://github.com/acme/webshop/actions/runs/1', WHERE);
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(body.length).toBeGreaterThan(50_000); // the budget was used, not skipped
    expect(body.startsWith(`${COMMENT_MARKER}\n`)).toBe(true);
    expect(body.endsWith('(https://github.com/acme/webshop/actions/runs/1)</sub>')).toBe(true);
    expect(body).toMatch(/…and \d+ more/);
  });

  test('stays within 65,536 characters, marker included, however many alerts there are', () => {
    const long = 'x'.repeat(4000);
    const gating = Array.from({ length: 3000 }, (_, i) =>
      makeEvaluated({ status: 'gating', severity: 'critical', id: `a${i}`, advisory: `GHSA-${i}`, summary: long }),
    );
    const body = renderComment(
      makeResult({ result: 'fail', alerts: gating, verdict: { result: 'fail', reasons: ['many'], gating } }),
      null,
    );
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(body.startsWith(COMMENT_MARKER)).toBe(true);
    expect(body).toMatch(/…and 2,975 more gating alerts/);
  });
});
