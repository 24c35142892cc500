// readCatalog: the KEV catalog from a URL (a local server on 127.0.0.1, through the one GET) and from
// a workspace file. What is sent (nothing but a plain GET), what is retried, what is refused, and
// what each failure says; a URL's query (a signed mirror's) is never in a message.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FeedSource } from '../../../src/model.js';
import {
  MAX_CATALOG_BYTES,
  readCatalog,
  type CatalogFile,
  type CatalogReadOptions,
} from '../../../src/feeds/kev/read.js';
import type { KevCatalog, Outcome } from '../../../src/model.js';
import { CATALOG_TEXT } from '../../fixtures/kev.js';

const REACH =
  'Check kev-url and that the runner can reach it (behind a proxy: https_proxy and no_proxy); on a runner without internet access, give kev-url a copy of the catalog in the workspace.';
const MiB = 1024 * 1024;

function read(outcome: Outcome<KevCatalog>): KevCatalog {
  if (!outcome.ok) throw new Error(`expected the catalog, got: ${outcome.error}`);
  return outcome.value;
}

function why(outcome: Outcome<KevCatalog>): string {
  if (outcome.ok) throw new Error('expected a failure, got the catalog');
  return outcome.error;
}

describe('readCatalog from a URL', () => {
  type Handler = (res: ServerResponse, path: string) => void;
  let server: Server;
  let base = '';
  let handlers: Handler[] = [];
  let requests: { method: string; path: string; headers: IncomingHttpHeaders }[] = [];
  const sleeps: number[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
      // The last handler answers every request after the others.
      const handler = handlers[Math.min(requests.length, handlers.length) - 1];
      if (handler) handler(res, req.url ?? '');
      else res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    handlers = [];
    requests = [];
    sleeps.length = 0;
  });

  const options = (over: Partial<CatalogReadOptions> = {}): CatalogReadOptions => ({
    workspace: '/nonexistent-workspace',
    timeoutMs: 5_000,
    maxRetries: 2,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...over,
  });
  const fromUrl = (path: string, over: Partial<CatalogReadOptions> = {}) =>
    readCatalog({ kind: 'url', url: `${base}${path}` }, options(over));

  const json =
    (body: string | Buffer, headers: Record<string, string> = {}): Handler =>
    (res) =>
      res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(body);
  const status =
    (code: number, headers: Record<string, string> = {}): Handler =>
    (res) =>
      res.writeHead(code, headers).end('{"message":"no"}');

  test('a plain GET of the URL as given: no credential, no cookie, no query added', async () => {
    handlers = [json(CATALOG_TEXT)];
    const catalog = read(await fromUrl('/feeds/known_exploited_vulnerabilities.json'));
    expect([...catalog.entries.keys()]).toEqual(['CVE-2021-44228', 'CVE-2022-22965', 'CVE-2023-4966']);
    expect(requests).toHaveLength(1);
    const [{ method, path, headers }] = requests as [(typeof requests)[number]];
    expect({ method, path }).toEqual({ method: 'GET', path: '/feeds/known_exploited_vulnerabilities.json' });
    const names = Object.keys(headers);
    for (const forbidden of ['authorization', 'cookie', 'proxy-authorization']) expect(names).not.toContain(forbidden);
    expect(names.filter((name) => /token|secret|^x-service|repository|^x-github/i.test(name))).toEqual([]);
    expect(headers['user-agent']).toMatch(/^security-gate\//);
    expect(headers.accept).toBe('application/json');
  });

  test("a signed URL's query is sent as given, and only it", async () => {
    handlers = [json(CATALOG_TEXT)];
    read(await fromUrl('/kev.json?X-Amz-Signature=abc123'));
    expect(requests.map((r) => r.path)).toEqual(['/kev.json?X-Amz-Signature=abc123']);
  });

  test('a 500, then the catalog: retried after the injected sleep', async () => {
    handlers = [status(500), json(CATALOG_TEXT)];
    expect(read(await fromUrl('/kev.json')).entries.size).toBe(3);
    expect(requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  test('a 503 with Retry-After: waits as told', async () => {
    handlers = [status(503, { 'retry-after': '2' }), json(CATALOG_TEXT)];
    read(await fromUrl('/kev.json'));
    expect(sleeps).toEqual([2000]);
  });

  test.each(['0x10', '1e3', '-5'])(
    'a 503 with Retry-After %s, which RFC 9110 does not allow: the backoff, not what Number() reads',
    async (value) => {
      handlers = [status(503, { 'retry-after': value }), json(CATALOG_TEXT)];
      read(await fromUrl('/kev.json'));
      expect(sleeps).toHaveLength(1);
      // The first backoff step: 1 s, half of it random (0x10 would be 16 s, 1e3 over the 60 s cap).
      expect(sleeps[0]).toBeGreaterThanOrEqual(500);
      expect(sleeps[0]).toBeLessThanOrEqual(1_000);
    },
  );

  test('a 503 with Retry-After past 60 s: waits 60 s', async () => {
    handlers = [status(503, { 'retry-after': '3600' }), json(CATALOG_TEXT)];
    read(await fromUrl('/kev.json'));
    expect(sleeps).toEqual([60_000]);
  });

  test('5xx every time: max-retries + 1 requests, then why', async () => {
    handlers = [status(502)];
    const outcome = await fromUrl('/kev.json', { maxRetries: 1 });
    expect(why(outcome)).toBe(
      `The KEV catalog (kev-url ${base}/kev.json) could not be read: its host answered HTTP 502. ${REACH}`,
    );
    expect(requests).toHaveLength(2);
  });

  test('a 404 is not retried and names the status and kev-url', async () => {
    handlers = [status(404)];
    expect(why(await fromUrl('/kev.json'))).toBe(
      `The KEV catalog (kev-url ${base}/kev.json) could not be read: its host answered HTTP 404 (not found). ${REACH}`,
    );
    expect(requests).toHaveLength(1);
  });

  test('a redirect within the origin is followed', async () => {
    handlers = [status(302, { location: '/moved/kev.json' }), json(CATALOG_TEXT)];
    read(await fromUrl('/kev.json'));
    expect(requests.map((r) => r.path)).toEqual(['/kev.json', '/moved/kev.json']);
  });

  test('redirects within the origin: 5 followed, as for every request, a 6th refused', async () => {
    const hops = Array.from({ length: 6 }, (_, i) => status(307, { location: `/hop${i + 1}` }));
    handlers = [...hops.slice(0, 5), json(CATALOG_TEXT)];
    read(await fromUrl('/kev.json'));
    expect(requests).toHaveLength(6);
    handlers = [...hops, json(CATALOG_TEXT)];
    requests = [];
    expect(why(await fromUrl('/kev.json'))).toBe(
      `The KEV catalog (kev-url ${base}/kev.json) could not be read: its host redirected more than 5 times. ${REACH}`,
    );
    expect(requests).toHaveLength(6);
  });

  test('a redirect to another origin is refused, nothing sent there', async () => {
    handlers = [status(301, { location: 'https://mirror.elsewhere.example/kev.json?token=zzz' })];
    expect(why(await fromUrl('/kev.json'))).toBe(
      `The KEV catalog (kev-url ${base}/kev.json) could not be read: its host redirected to https://mirror.elsewhere.example, another origin, which is not followed; give kev-url the final address. ${REACH}`,
    );
    expect(requests).toHaveLength(1);
  });

  const TOO_LARGE = () =>
    `The KEV catalog (kev-url ${base}/kev.json) could not be read: its host's answer is larger than 16 MiB. ${REACH}`;

  test('an answer that says it is over 16 MiB is refused, not retried', async () => {
    handlers = [
      (res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(17 * MiB) });
        res.write('{"vulnerabilities":[');
        // The rest never comes: the read must stop at the header.
      },
    ];
    expect(why(await fromUrl('/kev.json'))).toBe(TOO_LARGE());
    expect(requests).toHaveLength(1);
  });

  test('a streamed 17 MiB answer, and an endless one, are refused once past 16 MiB', async () => {
    let written = 0;
    const stream =
      (limit: number): Handler =>
      (res) => {
        res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no length said
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          while (written < limit && !res.destroyed) {
            written += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end();
        };
        pump();
      };
    handlers = [stream(17 * MiB)];
    expect(why(await fromUrl('/kev.json'))).toBe(TOO_LARGE());
    // Endless: a read that held the whole answer would never end.
    written = 0;
    handlers = [stream(Infinity)];
    requests = [];
    expect(why(await fromUrl('/kev.json'))).toBe(TOO_LARGE());
    expect(requests).toHaveLength(1);
    expect(written).toBeLessThan(64 * MiB);
  });

  test('a gzip answer is read', async () => {
    handlers = [json(gzipSync(CATALOG_TEXT), { 'content-encoding': 'gzip' })];
    expect(read(await fromUrl('/kev.json')).entries.size).toBe(3);
    expect(requests[0]?.headers['accept-encoding']).toMatch(/gzip/);
  });

  test('the cap is on what is held: a small gzip answer that inflates past 16 MiB is refused', async () => {
    const inflated = `{"vulnerabilities":[${'0,'.repeat(MAX_CATALOG_BYTES / 2)}0]}`;
    const compressed = gzipSync(inflated);
    expect(compressed.length).toBeLessThan(MiB);
    handlers = [json(compressed, { 'content-encoding': 'gzip' })];
    expect(why(await fromUrl('/kev.json'))).toBe(TOO_LARGE());
  });

  test.each([
    ['not JSON', '<!doctype html><title>Access denied</title>', /it is not JSON \(.+\)\./],
    ['JSON, not the catalog', '{"data":[]}', /it has no vulnerabilities array, so it is not the KEV catalog\./],
  ])('%s: cannot be read as the catalog', async (_name, body, what) => {
    handlers = [json(body)];
    const message = why(await fromUrl('/kev.json'));
    expect(message).toMatch(
      new RegExp(`^The KEV catalog \\(kev-url ${escape(base)}/kev\\.json\\) cannot be read as the catalog: `),
    );
    expect(message).toMatch(what);
    expect(message).toMatch(/Check that kev-url names CISA's JSON feed or a copy of it\.$/);
  });

  test('a host that cannot be reached: why, after the retries', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await readCatalog({ kind: 'url', url: `http://127.0.0.1:${port}/kev.json` }, options());
    expect(why(outcome)).toBe(
      `The KEV catalog (kev-url http://127.0.0.1:${port}/kev.json) could not be read: its host could not be reached (ECONNREFUSED). ${REACH}`,
    );
    expect(sleeps).toHaveLength(2);
  });

  test('a host that does not answer in time: why', async () => {
    handlers = [() => undefined]; // never answers
    const message = why(await fromUrl('/kev.json', { timeoutMs: 100, maxRetries: 0 }));
    expect(message).toMatch(
      /^The KEV catalog \(kev-url .+\) could not be read: its host could not be reached \(\w+\)\. /,
    );
  });

  describe("no message carries the URL's query", () => {
    const SIGNED = '/kev.json?X-Amz-Signature=s3cr3t&X-Amz-Credential=AKIAEXAMPLE';
    test.each<[string, Handler[]]>([
      ['404', [status(404)]],
      ['500 every time', [status(500)]],
      ['a redirect elsewhere', [status(302, { location: 'https://elsewhere.example/kev.json?s3cr3t' })]],
      ['not JSON', [json('<html>not json</html>')]],
      ['not the catalog', [json('{"items":1}')]],
    ])('%s', async (_name, answers) => {
      handlers = answers;
      const message = why(await fromUrl(SIGNED, { maxRetries: 1 }));
      expect(message).toContain(`(kev-url ${base}/kev.json)`);
      for (const secret of ['s3cr3t', 'AKIAEXAMPLE', 'X-Amz', '?']) expect(message).not.toContain(secret);
    });
  });
});

describe('readCatalog from a workspace file', () => {
  let root = '';
  let workspace = '';
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'kev-read-'));
    workspace = join(root, 'workspace');
    await mkdir(join(workspace, 'security'), { recursive: true });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const fromFile = (path: string) =>
    readCatalog({ kind: 'file', path } satisfies FeedSource, { workspace, timeoutMs: 1_000, maxRetries: 0 });

  test('a copy inside the workspace is read', async () => {
    await writeFile(join(workspace, 'security/kev.json'), CATALOG_TEXT);
    expect(read(await fromFile('security/kev.json')).entries.size).toBe(3);
  });

  test('a copy that starts with a byte-order mark is read', async () => {
    await writeFile(join(workspace, 'security/kev.json'), `\uFEFF${CATALOG_TEXT}`);
    expect(read(await fromFile('security/kev.json')).entries.size).toBe(3);
  });

  test('a link to a file inside the workspace is read', async () => {
    await writeFile(join(workspace, 'security/kev.json'), CATALOG_TEXT);
    await symlink(join(workspace, 'security/kev.json'), join(workspace, 'kev.json'));
    expect(read(await fromFile('kev.json')).entries.size).toBe(3);
  });

  test('a name that starts with two dots is inside the workspace, as kev-url accepts it', async () => {
    await writeFile(join(workspace, '..kev.json'), CATALOG_TEXT);
    await writeFile(join(workspace, 'security/..kev.json'), CATALOG_TEXT);
    expect(read(await fromFile('..kev.json')).entries.size).toBe(3);
    expect(read(await fromFile('security/..kev.json')).entries.size).toBe(3);
  });

  test('absent: no such file', async () => {
    expect(why(await fromFile('security/none.json'))).toBe(
      'The KEV catalog (kev-url security/none.json) could not be read: no such file in the workspace. Check the path (relative to the workspace), and that an earlier step puts the catalog there.',
    );
  });

  test('a link leading out of the workspace is refused, even to a catalog', async () => {
    await writeFile(join(root, 'kev.json'), CATALOG_TEXT);
    await symlink(join(root, 'kev.json'), join(workspace, 'security/kev.json'));
    expect(why(await fromFile('security/kev.json'))).toBe(
      'The KEV catalog (kev-url security/kev.json) could not be read: it leads out of the workspace (GITHUB_WORKSPACE); give a path inside it.',
    );
  });

  test('a linked folder leading out is refused too', async () => {
    await mkdir(join(root, 'outside'));
    await writeFile(join(root, 'outside/kev.json'), CATALOG_TEXT);
    await symlink(join(root, 'outside'), join(workspace, 'linked'));
    expect(why(await fromFile('linked/kev.json'))).toMatch(/it leads out of the workspace/);
  });

  test('a file over 16 MiB is refused', async () => {
    const path = join(workspace, 'security/kev.json');
    await writeFile(path, '');
    await truncate(path, 17 * MiB); // sparse: nothing written
    expect(why(await fromFile('security/kev.json'))).toBe(
      'The KEV catalog (kev-url security/kev.json) could not be read: it is larger than 16 MiB, far more than the catalog (about 1.5 MB); check the path.',
    );
  });

  test('a file of exactly 16 MiB is not refused for its size', async () => {
    const path = join(workspace, 'security/kev.json');
    await writeFile(path, '');
    await truncate(path, MAX_CATALOG_BYTES);
    expect(why(await fromFile('security/kev.json'))).toMatch(/cannot be read as the catalog: it is not JSON/);
  });

  test('a folder cannot be read', async () => {
    expect(why(await fromFile('security'))).toBe(
      'The KEV catalog (kev-url security) could not be read: it cannot be read (EISDIR).',
    );
  });

  test('a file that is not the catalog', async () => {
    await writeFile(join(workspace, 'security/kev.json'), 'cveID,dateAdded\nCVE-2021-44228,2021-12-10\n');
    expect(why(await fromFile('security/kev.json'))).toMatch(
      /^The KEV catalog \(kev-url security\/kev\.json\) cannot be read as the catalog: it is not JSON \(.+\)\. Check that kev-url names CISA's JSON feed or a copy of it\.$/,
    );
  });
});

describe("readCatalog from a file the caller reads (at a pull request's base commit)", () => {
  const BASE = '1111111111111111111111111111111111111111';
  const given =
    (file: CatalogFile['file'], base: string | null = BASE) =>
    async (path: string, maxBytes: number): Promise<CatalogFile> => {
      asked.push([path, maxBytes]);
      return { file, base };
    };
  let asked: Array<[string, number]> = [];
  beforeEach(() => {
    asked = [];
  });
  const fromBase = (readFile: CatalogReadOptions['readFile']) =>
    readCatalog(
      { kind: 'file', path: 'security/kev.json' },
      { workspace: '/nowhere', timeoutMs: 1_000, maxRetries: 0, readFile },
    );

  test('the text the caller read is the catalog; asked for the path with the 16 MiB cap', async () => {
    expect(read(await fromBase(given({ ok: true, text: CATALOG_TEXT }))).entries.size).toBe(3);
    expect(asked).toEqual([['security/kev.json', MAX_CATALOG_BYTES]]);
  });

  test.each<[string, CatalogFile['file'], string | null, string]>([
    [
      'absent at the base commit: says where, and that a copy written by a step is not read there',
      { ok: false, why: 'absent' },
      BASE,
      "could not be read: no such file at the base commit 1111111, whose copy judges a pull request (the workspace may hold the change's own). Check the path (relative to the repository root) and commit the catalog to the base branch (a copy an earlier step writes is not read on a pull request), or give kev-url an https:// URL.",
    ],
    [
      'not readable at the base commit: why, at the commit',
      { ok: false, why: 'failed', reason: 'GitHub answered HTTP 500; try again later.' },
      BASE,
      'could not be read at the base commit 1111111: GitHub answered HTTP 500; try again later.',
    ],
    [
      'no base commit to read at: why',
      { ok: false, why: 'failed', reason: 'the event does not name the base commit, where (…).' },
      null,
      'could not be read: the event does not name the base commit, where (…).',
    ],
    [
      'absent in the workspace (off a pull request): as before',
      { ok: false, why: 'absent' },
      null,
      'could not be read: no such file in the workspace. Check the path (relative to the workspace), and that an earlier step puts the catalog there.',
    ],
  ])('%s', async (_name, file, base, message) => {
    expect(why(await fromBase(given(file, base)))).toBe(`The KEV catalog (kev-url security/kev.json) ${message}`);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
