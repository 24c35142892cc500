// A file at a ref and whether a commit is readable, against the fake GitHub: what each answer means.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { checkCommit, readFileAtRef } from '../../src/github/contents.js';
import { startFakeGitHub, type FakeGitHub } from '../../simulator/github.js';

let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
});
afterAll(() => github.close());
beforeEach(() => github.reset());

const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const options = () => ({
  apiUrl: `${github.url}/`,
  token: 'ghs_repoToken1',
  timeoutMs: 5_000,
  maxRetries: 0,
  maxBytes: 1024,
});
const file = { owner: 'acme', repo: 'webshop', path: '.github/security gate.yml', ref: SHA };

describe('readFileAtRef', () => {
  test("the file's bytes at the ref, asked for raw, with the token, the path encoded", async () => {
    github.files.set(`acme/webshop/.github/security gate.yml@${SHA}`, {
      text: 'fail-on-severity: high\n',
      token: 'ghs_repoToken1',
    });
    expect(await readFileAtRef(file, options())).toEqual({ kind: 'file', text: 'fail-on-severity: high\n' });
    expect(github.requests).toEqual([
      {
        method: 'GET',
        path: '/repos/acme/webshop/contents/.github/security%20gate.yml',
        authorization: 'Bearer ghs_repoToken1',
      },
    ]);
  });

  test.each<[string, (g: FakeGitHub) => void, unknown]>([
    ['no such file (404)', () => undefined, { kind: 'not-found' }],
    [
      'a token that may not see it (GitHub says 404)',
      (g) => g.files.set(`acme/webshop/.github/security gate.yml@${SHA}`, { text: 'x', token: 'other' }),
      { kind: 'not-found' },
    ],
    ['403', (g) => (g.failRoute.contents = 403), { kind: 'refused', status: 403 }],
    ['401', (g) => (g.failRoute.contents = 401), { kind: 'refused', status: 401 }],
    ['500', (g) => (g.failRoute.contents = 500), { kind: 'failed', status: 500, reason: 'GitHub answered HTTP 500' }],
    [
      'a 200 that is not the raw file (HTML in a JSON answer)',
      (g) => (g.failRoute.contents = 'garbage'),
      { kind: 'failed', status: 200, reason: "GitHub's answer is not the file (application/json)" },
    ],
  ])('%s', async (_name, arrange, expected) => {
    arrange(github);
    expect(await readFileAtRef(file, options())).toEqual(expected);
  });

  test('a file larger than maxBytes is a failure, not a cut file', async () => {
    github.files.set(`acme/webshop/.github/security gate.yml@${SHA}`, { text: 'x'.repeat(2048) });
    expect(await readFileAtRef(file, options())).toMatchObject({
      kind: 'failed',
      reason: expect.stringContaining('larger'),
    });
  });

  test('a malformed GITHUB_API_URL: why, and nothing sent', async () => {
    expect(await readFileAtRef(file, { ...options(), apiUrl: 'https://exa mple/%%' })).toEqual({
      kind: 'failed',
      status: null,
      reason: 'cannot reach GitHub (GITHUB_API_URL): "https://exa mple/%%" is not an http(s) URL.',
    });
  });

  test('a redirect to another origin is not followed; a token in its host name is redacted', async () => {
    github.moved.set('acme/webshop', 'https://ghs_repotoken1.elsewhere.example/x');
    expect(await readFileAtRef(file, options())).toEqual({
      kind: 'failed',
      status: 301,
      reason: 'GitHub redirected to https://***.elsewhere.example, where the token is not sent',
    });
  });
});

describe('checkCommit', () => {
  const commit = { owner: 'acme', repo: 'webshop', sha: SHA };

  test('readable: a 200 naming the commit', async () => {
    github.commits.add(`acme/webshop@${SHA}`);
    expect(await checkCommit(commit, options())).toEqual({ kind: 'readable' });
    expect(github.requests.map((r) => r.path)).toEqual([`/repos/acme/webshop/commits/${SHA}`]);
  });

  test.each<[string, (g: FakeGitHub) => void, string]>([
    ['unknown, or not to this token (404)', (g) => g.commits.clear(), 'GitHub answered HTTP 404'],
    ['403', (g) => (g.failRoute.commits = 403), 'GitHub answered HTTP 403'],
    ['a 200 that is not JSON', (g) => (g.failRoute.commits = 'garbage'), "GitHub's answer is not a commit"],
  ])('not readable: %s', async (_name, arrange, reason) => {
    github.commits.add(`acme/webshop@${SHA}`);
    arrange(github);
    expect(await checkCommit(commit, options())).toEqual({ kind: 'not-readable', reason });
  });
});
