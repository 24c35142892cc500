// A local policy file on a pull request: read at the base commit with github-token (that copy
// judges), the workspace's copy compared with it; a 404 is "absent" only when the commit is
// readable; any other failure is an API error. Against the fake GitHub and a temporary workspace.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readBasePolicy, type BasePolicySources } from '../../src/config/base-policy.js';
import { startFakeGitHub, type FakeGitHub } from '../../simulator/github.js';

const BASE = '0123456789abcdef0123456789abcdef01234567';
const PATH = '.github/security-gate.yml';
const TOKEN = 'ghs_repoToken42';

let github: FakeGitHub;
let workspace: string;
beforeAll(async () => {
  github = await startFakeGitHub();
});
afterAll(() => github.close());
beforeEach(async () => {
  github.reset();
  workspace = await mkdtemp(join(tmpdir(), 'base-policy-'));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

const sources = (overrides: Partial<BasePolicySources> = {}): BasePolicySources => ({
  workspace,
  apiUrl: github.url,
  token: TOKEN,
  repository: 'acme/webshop',
  base: BASE,
  timeoutMs: 5_000,
  maxRetries: 0,
  ...overrides,
});
const atBase = (text: string) => github.files.set(`acme/webshop/${PATH}@${BASE}`, { text, token: TOKEN });
const inWorkspace = async (text: string, path = PATH) => {
  await mkdir(dirname(join(workspace, path)), { recursive: true });
  await writeFile(join(workspace, path), text);
};

describe('the copy at the base commit judges', () => {
  test('read with github-token at the base commit; the settings the workspace copy changes are listed', async () => {
    atBase('fail-on-severity: high\n');
    await inWorkspace('fail-on-severity: none\nallow-alerts: [GHSA-1]\n');
    const read = await readBasePolicy(PATH, sources());
    expect(read).toMatchObject({
      kind: 'read',
      file: { ok: true, value: { name: `${PATH}@0123456`, values: { 'fail-on-severity': 'high' } } },
      base: {
        commit: BASE,
        atBase: true,
        proposedUnreadable: null,
        changes: [
          { key: 'fail-on-severity', base: 'high', proposed: 'none' },
          { key: 'allow-alerts', base: null, proposed: 'GHSA-1' },
        ],
      },
    });
    expect(github.requests).toEqual([
      { method: 'GET', path: `/repos/acme/webshop/contents/${PATH}`, authorization: `Bearer ${TOKEN}` },
    ]);
  });

  test('the same copy: no change; a removed copy: every setting to none', async () => {
    atBase('fail-on-severity: high\n');
    await inWorkspace('fail-on-severity: HIGH # same\n');
    expect(await readBasePolicy(`./${PATH}`, sources())).toMatchObject({ kind: 'read', base: { changes: [] } });
    await rm(join(workspace, PATH));
    expect(await readBasePolicy(PATH, sources())).toMatchObject({
      kind: 'read',
      base: { atBase: true, changes: [{ key: 'fail-on-severity', base: 'high', proposed: null }] },
    });
  });

  test('a workspace copy that does not parse: said, nothing listed, the base copy judges', async () => {
    atBase('fail-on-severity: high\n');
    await inWorkspace('fail-on-severity: [high\n');
    const read = await readBasePolicy(PATH, sources());
    expect(read).toMatchObject({ kind: 'read', file: { ok: true }, base: { changes: [] } });
    expect(read.kind === 'read' && read.base.proposedUnreadable).toMatch(
      /^\.github\/security-gate\.yml:1:\d+: not valid YAML/,
    );
  });

  test("a base copy with mistakes: input errors at the base copy's lines", async () => {
    atBase('fail-on-severty: high\n');
    await inWorkspace('fail-on-severity: high\n');
    expect(await readBasePolicy(PATH, sources())).toMatchObject({
      kind: 'read',
      file: {
        ok: false,
        error: [expect.stringMatching(/^\.github\/security-gate\.yml@0123456:1:1: fail-on-severty: is not an input/)],
      },
    });
  });
});

describe('absent at the base', () => {
  test('a 404 with the base commit readable: no policy file, the workspace copy all proposed', async () => {
    github.commits.add(`acme/webshop@${BASE}`);
    await inWorkspace('fail-on-severity: none\n');
    expect(await readBasePolicy(PATH, sources())).toEqual({
      kind: 'read',
      file: null,
      base: {
        commit: BASE,
        atBase: false,
        changes: [{ key: 'fail-on-severity', base: null, proposed: 'none' }],
        proposedUnreadable: null,
      },
    });
    expect(github.requests.map((r) => [r.path, r.authorization])).toEqual([
      [`/repos/acme/webshop/contents/${PATH}`, `Bearer ${TOKEN}`],
      [`/repos/acme/webshop/commits/${BASE}`, `Bearer ${TOKEN}`],
    ]);
  });

  test('absent in the workspace too, named like OWNER/REPO/PATH without @REF: the input error suggests the form', async () => {
    github.commits.add(`acme/webshop@${BASE}`);
    expect(await readBasePolicy('acme/policies/security.yml', sources())).toEqual({
      kind: 'input-error',
      errors: [
        'config-file acme/policies/security.yml: no such file at the base commit 0123456 nor in the workspace. Check the path (relative to the repository root). If it is a file in the repository acme/policies, name it with a ref (OWNER/REPO/PATH@REF, a branch, tag or commit): acme/policies/security.yml@main, for instance.',
      ],
    });
  });

  test('absent in the workspace too: an input error', async () => {
    github.commits.add(`acme/webshop@${BASE}`);
    expect(await readBasePolicy(PATH, sources())).toEqual({
      kind: 'input-error',
      errors: [
        expect.stringContaining(`config-file ${PATH}: no such file at the base commit 0123456 nor in the workspace`),
      ],
    });
  });
});

describe('a base copy that cannot be read is an API error', () => {
  test.each<[string, (g: FakeGitHub) => void, RegExp]>([
    [
      '404, the commit not readable with the token',
      () => undefined,
      /GitHub answered 404, and does not show the base commit readable with github-token \(GitHub answered HTTP 404\)/,
    ],
    [
      '404, the commit check refused',
      (g) => (g.failRoute.commits = 403),
      /does not show the base commit readable.*HTTP 403/,
    ],
    [
      '404, the commit check answered garbage',
      (g) => (g.failRoute.commits = 'garbage'),
      /does not show the base commit readable.*not a commit/,
    ],
    ['403', (g) => (g.failRoute.contents = 403), /GitHub refused github-token \(HTTP 403\)/],
    ['401', (g) => (g.failRoute.contents = 401), /GitHub refused github-token \(HTTP 401\)/],
    ['500', (g) => (g.failRoute.contents = 500), /GitHub answered HTTP 500; try again later/],
    ['garbage', (g) => (g.failRoute.contents = 'garbage'), /GitHub's answer is not the file/],
  ])('%s', async (_name, arrange, message) => {
    await inWorkspace('fail-on-severity: none\n');
    arrange(github);
    const read = await readBasePolicy(PATH, sources());
    expect(read.kind).toBe('api-error');
    expect(read.kind === 'api-error' && read.message).toMatch(
      new RegExp(`^config-file ${PATH} at the base commit 0123456: `),
    );
    expect(read.kind === 'api-error' && read.message).toMatch(message);
  });

  test('a token that may not read the repository: 404 twice, an API error, never "absent"', async () => {
    github.files.set(`acme/webshop/${PATH}@${BASE}`, { text: 'fail-on-severity: high\n', token: 'ghs_other' });
    github.commits.add(`acme/other@${BASE}`);
    await inWorkspace('fail-on-severity: none\n');
    expect(await readBasePolicy(PATH, sources())).toMatchObject({ kind: 'api-error' });
  });

  test('no base commit in the event, or no repository: an API error, nothing asked', async () => {
    await inWorkspace('fail-on-severity: none\n');
    expect(await readBasePolicy(PATH, sources({ base: null }))).toEqual({
      kind: 'api-error',
      message: expect.stringContaining('the event does not name the base commit'),
    });
    expect(await readBasePolicy(PATH, sources({ repository: null }))).toMatchObject({ kind: 'api-error' });
    expect(github.requests).toEqual([]);
  });
});

test('a path that leads out of the workspace: the input error of the workspace read, nothing asked', async () => {
  expect(await readBasePolicy('../elsewhere.yml', sources())).toEqual({
    kind: 'input-error',
    errors: [expect.stringContaining('no such file in the workspace')],
  });
  expect(github.requests).toEqual([]);
});
