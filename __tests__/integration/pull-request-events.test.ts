// Every event with a pull request is a pull request, end to end through dist/ (contract: "Verdict
// integrity"): on pull_request_review, pull_request_review_comment and any other event whose payload
// carries pull_request.base.sha, the workspace may hold the pull request's files, so a local policy
// file is read at the base commit (a fake GitHub contents API) and that copy judges. Such a run also
// reads the change's dependencies and comments on the pull request, as on pull_request. An event
// without a pull request reads the workspace. Expectations come from the simulator's data.
import { describe, expect, test } from '@jest/globals';
import { ADVISORIES } from '../../simulator/data.js';
import { COMMENT_MARKER } from '../../src/reports/comment.js';
import { errorText, expected, useFakeGitHub, useSimulator, webshopAlerts, type GateOptions } from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();

const BASE = '1111111111111111111111111111111111111111';
const HEAD = '2222222222222222222222222222222222222222';
const PATH = '.github/security-gate.yml';
const GITHUB_TOKEN = 'ghs_fakeGithubTokenForTests'; // action.yml's default, as run-action gives it

const repository = { id: 123456789, full_name: 'acme/webshop' };
const pullRequest = {
  number: 7,
  base: { sha: BASE },
  head: { sha: HEAD, repo: { full_name: 'acme/webshop', fork: false } },
};
// The base copy gates on high; the pull request's copy would let everything through.
const STRICT = 'version: 1\nfail-on-severity: high\n';
const LOOSE = `version: 1\nfail-on-severity: none\nallow-alerts:\n  - id: ${ADVISORIES.log4shell}\n    reason: not our problem\n`;

/** A run on `eventName` (payload `event`) whose workspace holds the pull request's loose copy. */
const on = (eventName: string, event: Record<string, unknown>): GateOptions => ({
  eventName,
  event,
  files: { [PATH]: LOOSE },
  env: { GITHUB_API_URL: fake.github.url, GITHUB_RUN_ID: '99' },
});
const githubPaths = () => fake.github.requests.map((r) => `${r.method} ${r.path}`);

describe('an event that carries a pull request judges it as pull_request does', () => {
  test.each([
    ['pull_request_review', { action: 'submitted', review: { state: 'approved' } }],
    ['pull_request_review_comment', { action: 'created', comment: { body: 'nit' } }],
    ['pull_request_review_thread', { action: 'resolved' }], // any event whose payload has pull_request.base.sha
  ])(
    '%s: the base copy of the policy file judges; the change is read; the comment goes on the pull request',
    async (eventName, extra) => {
      fake.github.files.set(`acme/webshop/${PATH}@${BASE}`, { text: STRICT, token: GITHUB_TOKEN });
      fake.github.compares.set(`acme/webshop/${BASE}...${HEAD}`, []);
      const run = await h.gate(
        { 'config-file': PATH, 'comment-on-pr': 'always' },
        on(eventName, { ...extra, repository, pull_request: pullRequest }),
      );
      const gating = expected(webshopAlerts(h.sim), 'high').gating.length;
      expect({ exitCode: run.exitCode, result: run.outputs.result, gating: run.outputs['gating-count'] }).toEqual({
        exitCode: 1,
        result: 'fail',
        gating: String(gating),
      });
      expect(errorText(run)).toContain(ADVISORIES.log4shell);
      expect(githubPaths()).toEqual(
        expect.arrayContaining([
          `GET /repos/acme/webshop/contents/${PATH}`,
          `GET /repos/acme/webshop/dependency-graph/compare/${BASE}...${HEAD}`,
          'POST /repos/acme/webshop/issues/7/comments',
        ]),
      );
      expect(run.outputs['resolved-count']).toBe('0'); // the change was read (empty: nothing resolved)
      expect(fake.github.comments.map((c) => c.body.startsWith(COMMENT_MARKER))).toEqual([true]);
      expect(run.stdout).toContain(`This pull request changes the policy file ${PATH}`);
    },
  );
});

describe('an event without a pull request reads the workspace, as before', () => {
  test('issue_comment on a pull request (its payload has no pull_request.base.sha): the workspace copy, nothing asked of GitHub', async () => {
    const run = await h.gate(
      { 'config-file': PATH, 'comment-on-pr': 'always' },
      on('issue_comment', { repository, issue: { number: 7, pull_request: { url: 'https://x.example/7' } } }),
    );
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 0, result: 'pass' });
    expect(fake.github.requests).toEqual([]);
  });
});
