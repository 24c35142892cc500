// The sticky PR comment, end to end: dist/index.js against the simulator and a fake GitHub API.
import { describe, expect, test } from '@jest/globals';
import { COMMENT_MARKER } from '../../src/reports/comment.js';
import { CLEAN, useSimulator, useFakeGitHub } from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();

const env = () => ({ GITHUB_API_URL: fake.github.url, GITHUB_RUN_ID: '99' });
// The comment's requests; a failing run also reads its alerts' fixes from GitHub ("The fix").
const commentRequests = () => fake.github.requests.filter((r) => r.path.includes('/issues/'));

describe('comment-on-pr', () => {
  test('always: creates one sticky comment, then updates the same one on the next run', async () => {
    const first = await h.gate({ 'comment-on-pr': 'always' }, { env: env() });
    expect(first.exitCode).toBe(1);
    expect(fake.github.comments).toHaveLength(1);
    const [comment] = fake.github.comments;
    expect(comment?.body.startsWith(`${COMMENT_MARKER}\n## Security gate`)).toBe(true);
    expect(comment?.body).toContain('**Failed**');
    expect(comment?.body).toContain('/actions/runs/99');
    expect(commentRequests()[0]?.authorization).toMatch(/^token /);

    await h.gate({ 'comment-on-pr': 'always' }, { env: env() });
    expect(fake.github.comments).toHaveLength(1);
    expect(commentRequests().map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'PATCH']);
  });

  test('on-failure: a passing run writes nothing, but turns an earlier failure comment into a pass', async () => {
    await h.gate({ 'comment-on-pr': 'on-failure' }, { ...CLEAN, env: env() });
    expect(fake.github.comments).toHaveLength(0);

    await h.gate({ 'comment-on-pr': 'on-failure' }, { env: env() });
    expect(fake.github.comments[0]?.body).toContain('**Failed**');
    await h.gate({ 'comment-on-pr': 'on-failure' }, { ...CLEAN, env: env() });
    expect(fake.github.comments).toHaveLength(1);
    expect(fake.github.comments[0]?.body).toContain('**Passed**');
  });

  test.each([403, 404])('GitHub answering %i is a warning, never a failure', async (status) => {
    fake.github.failWith = status;
    const run = await h.gate({ 'comment-on-pr': 'always' }, { ...CLEAN, env: env() });
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
    expect(run.warnings.join('\n')).toMatch(/PR comment was not written.*may not write/);
  });

  test('never (the default) and non-PR events ask nothing of the comment API', async () => {
    await h.gate({}, { env: env() });
    await h.gate(
      { 'comment-on-pr': 'always' },
      { env: env(), eventName: 'push', event: { repository: { id: 123456789 } } },
    );
    expect(commentRequests()).toHaveLength(0);
  });
});
