// A workspace file the verdict rests on, read as the verdict must see it: on a change at the base
// commit with github-token (a 404 is "absent" only when the commit is readable; any other failure is
// `failed`), the workspace's copy compared with it; elsewhere the workspace's copy. Against the fake
// GitHub and a temporary workspace.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  readVerdictFile,
  verdictFiles,
  type VerdictFileRequest,
  type VerdictFileSources,
} from '../../src/github/verdict-file.js';
import { startFakeGitHub, type FakeGitHub } from '../../simulator/github.js';

const BASE = 'abcdef0123456789abcdef0123456789abcdef01';
const PATH = 'security/kev.json';
const TOKEN = 'ghs_repoToken42';
const MiB = 1024 * 1024;

let github: FakeGitHub;
let workspace: string;
beforeAll(async () => {
  github = await startFakeGitHub();
});
afterAll(() => github.close());
beforeEach(async () => {
  github.reset();
  workspace = await mkdtemp(join(tmpdir(), 'verdict-file-'));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

const sources = (overrides: Partial<VerdictFileSources> = {}): VerdictFileSources => ({
  workspace,
  apiUrl: github.url,
  token: TOKEN,
  repository: 'acme/webshop',
  change: { base: BASE },
  timeoutMs: 5_000,
  maxRetries: 0,
  sleep: async () => undefined, // no real clock between retries
  ...overrides,
});
const request = (overrides: Partial<VerdictFileRequest> = {}): VerdictFileRequest => ({
  input: 'kev-url',
  path: PATH,
  maxBytes: 16 * MiB,
  ...overrides,
});
const atBase = (text: string) => github.files.set(`acme/webshop/${PATH}@${BASE}`, { text, token: TOKEN });
const inWorkspace = async (text: string) => {
  await mkdir(dirname(join(workspace, PATH)), { recursive: true });
  await writeFile(join(workspace, PATH), text);
};
const view = (atBase: boolean, change: string | null) => ({
  input: 'kev-url',
  path: PATH,
  commit: BASE,
  atBase,
  change,
});

describe('on a change, the copy at the base commit is read', () => {
  test('with github-token, raw; its text is the file', async () => {
    atBase('{"base": true}');
    await inWorkspace('{"base": false}');
    expect(await readVerdictFile(request(), sources())).toEqual({
      file: { ok: true, text: '{"base": true}' },
      base: BASE,
      view: view(true, 'changed'),
    });
    expect(github.requests).toEqual([
      { method: 'GET', path: `/repos/acme/webshop/contents/${PATH}`, authorization: `Bearer ${TOKEN}` },
    ]);
  });

  test('a file over 1 MiB is read whole, up to the caller’s cap', async () => {
    const big = `[${'"CVE-2021-44228",'.repeat(200_000)}0]`;
    expect(big.length).toBeGreaterThan(3 * MiB);
    atBase(big);
    await inWorkspace(big);
    const read = await readVerdictFile(request(), sources());
    expect(read.file.ok && read.file.text.length).toBe(big.length);
    expect(read.view).toEqual(view(true, 'none'));
  });

  test('a file over the caller’s cap is a failure, not a cut file', async () => {
    atBase('x'.repeat(2048));
    const read = await readVerdictFile(request({ maxBytes: 1024 }), sources());
    expect(read).toMatchObject({ file: { ok: false, why: 'failed' }, base: BASE, view: null });
  });

  test.each<[string, string | null, string | null, string | null]>([
    ['the same copy', 'catalog', 'catalog', 'none'],
    ['the same copy with a byte-order mark', 'catalog', '\uFEFFcatalog', 'none'],
    ['a changed copy', 'catalog', 'catalog, edited', 'changed'],
    ['a copy the change adds', null, 'catalog', 'added'],
    ['a copy the change removes', 'catalog', null, 'removed'],
    ['in neither', null, null, 'none'],
  ])('%s: said in the view', async (_name, base, proposed, change) => {
    if (base === null) github.commits.add(`acme/webshop@${BASE}`);
    else atBase(base);
    if (proposed !== null) await inWorkspace(proposed);
    const read = await readVerdictFile(request(), sources());
    expect(read.view).toEqual(view(base !== null, change));
    expect(read.file).toEqual(base === null ? { ok: false, why: 'absent' } : { ok: true, text: base });
  });

  test('a workspace copy over the cap: changed (the base copy was within it)', async () => {
    atBase('catalog');
    await inWorkspace('x'.repeat(2048));
    expect((await readVerdictFile(request({ maxBytes: 1024 }), sources())).view).toEqual(view(true, 'changed'));
  });
});

describe('absent at the base, or not readable there', () => {
  test('a 404 with the base commit readable: absent, asked with the same token', async () => {
    github.commits.add(`acme/webshop@${BASE}`);
    await inWorkspace('catalog');
    expect(await readVerdictFile(request(), sources())).toEqual({
      file: { ok: false, why: 'absent' },
      base: BASE,
      view: view(false, 'added'),
    });
    expect(github.requests.map((r) => [r.path, r.authorization])).toEqual([
      [`/repos/acme/webshop/contents/${PATH}`, `Bearer ${TOKEN}`],
      [`/repos/acme/webshop/commits/${BASE}`, `Bearer ${TOKEN}`],
    ]);
  });

  test.each<[string, (g: FakeGitHub) => void, RegExp]>([
    [
      '404, the commit not readable',
      () => undefined,
      /^GitHub answered 404, and does not show the base commit readable with github-token \(GitHub answered HTTP 404\), so the file cannot be told absent\. Give the job contents: read\.$/,
    ],
    [
      '403',
      (g) => (g.failRoute.contents = 403),
      /^GitHub refused github-token \(HTTP 403\)\. Give the job contents: read\.$/,
    ],
    ['401', (g) => (g.failRoute.contents = 401), /^GitHub refused github-token \(HTTP 401\)/],
    ['garbage', (g) => (g.failRoute.contents = 'garbage'), /^GitHub's answer is not the file \(application\/json\)\.$/],
  ])('%s: failed, never absent, no view', async (_name, arrange, reason) => {
    arrange(github);
    await inWorkspace('catalog');
    const read = await readVerdictFile(request(), sources());
    expect(read).toEqual({ file: { ok: false, why: 'failed', reason: expect.any(String) }, base: BASE, view: null });
    expect(read.file.ok === false && read.file.why === 'failed' && read.file.reason).toMatch(reason);
  });

  test('500 after the retries: failed, try again later', async () => {
    github.failRoute.contents = 500;
    const read = await readVerdictFile(request(), sources({ maxRetries: 2 }));
    expect(read.file).toEqual({ ok: false, why: 'failed', reason: 'GitHub answered HTTP 500; try again later.' });
    expect(github.requests.filter((r) => r.path.includes('/contents/'))).toHaveLength(3);
  });

  test('no base commit in the event, or no repository: failed, nothing asked', async () => {
    await inWorkspace('catalog');
    expect(await readVerdictFile(request(), sources({ change: { base: null } }))).toEqual({
      file: {
        ok: false,
        why: 'failed',
        reason:
          "the event does not name the base commit, where a pull request's kev-url file is read (the workspace may hold the change's own copy).",
      },
      base: null,
      view: null,
    });
    expect((await readVerdictFile(request(), sources({ repository: null }))).file).toMatchObject({ why: 'failed' });
    expect(github.requests).toEqual([]);
  });
});

describe('off a change, the workspace copy', () => {
  test('is read as it is; nothing asked of GitHub', async () => {
    atBase('base');
    await inWorkspace('workspace');
    expect(await readVerdictFile(request(), sources({ change: null }))).toEqual({
      file: { ok: true, text: 'workspace' },
      base: null,
      view: null,
    });
    expect(github.requests).toEqual([]);
  });

  test('absent is absent in the workspace', async () => {
    expect((await readVerdictFile(request(), sources({ change: null }))).file).toEqual({ ok: false, why: 'absent' });
  });
});

describe('verdictFiles: one per run', () => {
  test('keeps the views of the reads at the base commit in the order asked, whatever order they end in', async () => {
    atBase('catalog');
    const files = verdictFiles(sources());
    // The first is absent at the base: two requests (the file, then the commit), so it ends last.
    await Promise.all([
      files.read(request({ input: 'vex-files', path: 'vex/a.json' })),
      files.read(request()),
      files.read(request({ path: '../outside.json' })),
    ]);
    expect(files.views().map((v) => [v.input, v.path, v.atBase, v.change])).toEqual([
      ['vex-files', 'vex/a.json', false, 'none'],
      ['kev-url', PATH, true, 'removed'],
    ]);
  });

  test('off a change: no views', async () => {
    const files = verdictFiles(sources({ change: null }));
    await files.read(request());
    expect(files.views()).toEqual([]);
  });
});
