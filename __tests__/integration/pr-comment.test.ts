// The sticky PR comment, end to end: dist/index.js against the simulator and a fake GitHub API.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { COMMENT_MARKER } from '../../src/reports/comment.js';
import { startFakeGitHub, type FakeGitHub } from '../../simulator/github.js';
import { CLEAN, useSimulator } from './harness.js';

const h = useSimulator();
let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
});
afterAll(async () => {
  await github.close();
});
beforeEach(() => {
  github.comments.length = 0;
  github.requests.length = 0;
  github.failWith = null;
});

const env = () => ({ GITHUB_API_URL: github.url, GITHUB_RUN_ID: '99' });

describe('comment-on-pr', () => {
  test('always: creates one sticky comment, then updates the same one on the next run', async () => {
    const first = await h.gate({ 'comment-on-pr': 'always' }, { env: env() });
    expect(first.exitCode).toBe(1);
    expect(github.comments).toHaveLength(1);
    const [comment] = github.comments;
    expect(comment?.body.startsWith(`${COMMENT_MARKER}\n## Security gate`)).toBe(true);
    expect(comment?.body).toContain('**Failed**');
    expect(comment?.body).toContain('/actions/runs/99');
    expect(github.requests[0]?.authorization).toMatch(/^token /);

    await h.gate({ 'comment-on-pr': 'always' }, { env: env() });
    expect(github.comments).toHaveLength(1);
    expect(github.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'PATCH']);
  });

  test('on-failure: a passing run writes nothing, but turns an earlier failure comment into a pass', async () => {
    await h.gate({ 'comment-on-pr': 'on-failure' }, { ...CLEAN, env: env() });
    expect(github.comments).toHaveLength(0);

    await h.gate({ 'comment-on-pr': 'on-failure' }, { env: env() });
    expect(github.comments[0]?.body).toContain('**Failed**');
    await h.gate({ 'comment-on-pr': 'on-failure' }, { ...CLEAN, env: env() });
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]?.body).toContain('**Passed**');
  });

  test.each([403, 404])('GitHub answering %i is a warning, never a failure', async (status) => {
    github.failWith = status;
    const run = await h.gate({ 'comment-on-pr': 'always' }, { ...CLEAN, env: env() });
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
    expect(run.warnings.join('\n')).toMatch(/PR comment was not written.*may not write/);
  });

  test('never (the default) and non-PR events call GitHub not at all', async () => {
    await h.gate({}, { env: env() });
    await h.gate(
      { 'comment-on-pr': 'always' },
      { env: env(), eventName: 'push', event: { repository: { id: 123456789 } } },
    );
    expect(github.requests).toHaveLength(0);
  });
});
