import { describe, expect, test } from '@jest/globals';
import {
  COMMENT_MARKER,
  COMMENT_MAX_CHARS,
  authorTypeOf,
  findSticky,
  renderComment,
  upsertComment,
  type CommentApi,
  type PullRequestComment,
} from '../../src/reports/comment.js';
import { makeEvaluated, makeExampleResult, makeResult } from '../fixtures/result.js';
import { readabilityProblems, render } from './render.js';

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

describe('renderComment', () => {
  test('starts with the marker, carries the verdict and links the run', () => {
    const body = renderComment(makeResult({ result: 'fail' }), 'https://github.com/acme/webshop/actions/runs/1');
    expect(body.startsWith(`${COMMENT_MARKER}\n## Security gate: ❌ failed for acme/web\n`)).toBe(true);
    expect(body).toContain('(https://github.com/acme/webshop/actions/runs/1)');
  });

  test('reads as cleanly as the job summary: the same page, with only the marker and footer added', () => {
    const body = renderComment(makeExampleResult(), 'https://github.com/acme/storefront/actions/runs/7');
    expect(readabilityProblems(body)).toEqual({ characterReferences: [], zeroWidth: [], needlessEscapes: [] });
    const r = render(body);
    expect(r.rawHtml.map((html) => html.trim())).toEqual([
      COMMENT_MARKER,
      '<details><summary>Allowed by <code>allow-alerts</code> (1)</summary>',
      '</details>',
      '<sub>',
      '</sub>',
    ]);
    expect(r.links.at(-1)).toEqual({
      href: 'https://github.com/acme/storefront/actions/runs/7',
      text: 'Full report in the job summary',
      markup: '',
    });
  });

  test('stays within 65,536 characters, marker and footer included, when escaping blows text up', () => {
    // `<` escapes to 2 characters: 25 rows and 50 warnings of them are over the limit unbudgeted.
    const gating = Array.from({ length: 30 }, (_, i) =>
      makeEvaluated({
        status: 'gating',
        severity: 'high',
        id: `b${i}`,
        advisory: `GHSA-${i}`,
        summary: '<'.repeat(5000),
      }),
    );
    const warnings = Array.from({ length: 60 }, (_, i) => ({
      kind: 'read' as const,
      message: `${i} ${'<'.repeat(2000)}`,
    }));
    const result = makeResult({
      result: 'fail',
      alerts: gating,
      verdict: { result: 'fail', reasons: ['many'], gating },
      warnings,
    });
    const body = renderComment(result, 'https://github.com/acme/webshop/actions/runs/1');
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(body.length).toBeGreaterThan(50_000); // the budget was used, not skipped
    expect(body.startsWith(`${COMMENT_MARKER}\n`)).toBe(true);
    expect(body.endsWith('(https://github.com/acme/webshop/actions/runs/1)</sub>')).toBe(true);
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
    expect(body).toMatch(/more/);
  });
});
