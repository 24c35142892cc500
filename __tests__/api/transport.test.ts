import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { createClient } from '../../src/api/client.js';
import { proxySecrets } from '../../src/api/redaction.js';
import { SetupError } from '../../src/api/errors.js';
import { transportFor } from '../../src/api/transport.js';

describe('proxySecrets', () => {
  test.each([
    ['no proxy', {}, []],
    ['a proxy without credentials', { https_proxy: 'http://proxy.corp:3128' }, []],
    ['a user alone is no secret', { https_proxy: 'http://runner@proxy.corp:3128' }, []],
    [
      'the password, as written and decoded',
      { HTTPS_PROXY: 'http://runner:p%40ss@proxy.corp:3128' },
      ['p%40ss', 'p@ss'],
    ],
    ['without a scheme, as http-client reads it', { http_proxy: 'runner:hunter22@proxy.corp:3128' }, ['hunter22']],
    [
      'each variable, once',
      { https_proxy: 'http://a:one1@p:1', http_proxy: 'http://a:one1@p:1', HTTP_PROXY: 'http://b:two2@p:2' },
      ['one1', 'two2'],
    ],
    [
      'a password whose escape is no escape: as written',
      { https_proxy: 'http://runner:p%zz@proxy.corp:3128' },
      ['p%zz'],
    ],
    ['not a URL', { https_proxy: 'http://[bad' }, []],
  ])('%s', (_name, env, secrets) => {
    expect(proxySecrets(env as NodeJS.ProcessEnv)).toEqual(secrets);
  });
});

describe('transportFor: compressed answers', () => {
  // A server that answers with the coding the test asks for, whatever the request accepts.
  let server: Server;
  let base = '';
  let answer: { coding: 'gzip' | 'br' | null; body: Buffer | string } = { coding: null, body: '' };
  const seen: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      const body =
        answer.coding === 'gzip'
          ? gzipSync(answer.body)
          : answer.coding === 'br'
            ? brotliCompressSync(answer.body)
            : answer.body;
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(answer.coding ? { 'content-encoding': answer.coding } : {}),
      });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = () => transportFor(base)(`${base}/x`, { method: 'GET', headers: {} });
  const json = JSON.stringify({
    alerts: Array.from({ length: 200 }, (_, i) => ({ id: `a${i}`, text: 'é…'.repeat(20) })),
  });

  test.each([['gzip' as const], ['br' as const], [null]])('%s: read as the text that was sent', async (coding) => {
    answer = { coding, body: json };
    expect(await (await get()).text()).toBe(json);
    // The cap counts the decompressed bytes: exactly enough reads it all, one byte less reads nothing.
    expect(await (await get()).text(Buffer.byteLength(json))).toBe(json);
    expect(await (await get()).text(Buffer.byteLength(json) - 1)).toBeNull();
  });

  test('asks for compression, and says who it is', async () => {
    answer = { coding: null, body: '{}' };
    seen.length = 0;
    await (await get()).text();
    expect(seen[0]?.['accept-encoding']).toBe('gzip, br');
    expect(seen[0]?.['user-agent']).toMatch(/^security-gate\/\d+\.\d+\.\d+$/);
  });

  test.each([['gzip' as const], [null]])(
    '%s: a UTF-8 byte-order mark before the JSON is dropped (and only there)',
    async (coding) => {
      answer = { coding, body: '\uFEFF{"a":"\uFEFF"}' };
      expect(await (await get()).text()).toBe('{"a":"\uFEFF"}');
    },
  );

  test('a body sent in pieces that cut characters in two reads as the whole body decoded at once', async () => {
    // 'é…😀' are 2, 3 and 4 bytes in UTF-8; 0xff is no UTF-8 at all (one U+FFFD, as toString makes it).
    const bytes = Buffer.concat([
      Buffer.from('{"a":"'),
      Buffer.from('é…😀'.repeat(30)),
      Buffer.from([0xff]),
      Buffer.from('"}'),
    ]);
    server.removeAllListeners('request');
    server.on('request', (_req, res) => {
      void (async () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        for (let at = 0; at < bytes.length; at += 7) {
          res.write(bytes.subarray(at, at + 7));
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        res.end();
      })();
    });
    expect(await (await get()).text()).toBe(bytes.toString('utf8'));
  });

  test('a broken compressed body fails the read instead of hanging it', async () => {
    answer = { coding: 'gzip', body: 'not gzip at all' };
    // the server claims gzip but sends plain text
    server.removeAllListeners('request');
    server.on('request', (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end('not gzip at all');
    });
    await expect((await get()).text()).rejects.toThrow();
  });

  test('the client caps what it holds, decompressed: a small gzip of a large answer is too large', async () => {
    server.removeAllListeners('request');
    server.on('request', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify({ pad: ' '.repeat(200_000) })));
    });
    const client = createClient({
      baseUrl: base,
      tokenId: 'id-1234',
      tokenSecret: 'secret-1234',
      maxResponseBytes: 100_000,
      maxRetries: 0,
    });
    await expect(client.call('/x', {}, z.unknown())).rejects.toMatchObject({ kind: 'too-large' });
  });
});

describe('transportFor: a setup no request can go through is named before anything is sent', () => {
  const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'no_proxy', 'NO_PROXY'];
  /** Runs `fn` with exactly these proxy variables set, then puts the environment back. */
  function withProxy<T>(env: Record<string, string>, fn: () => T): T {
    const saved = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));
    for (const name of PROXY_VARIABLES) delete process.env[name];
    Object.assign(process.env, env);
    try {
      return fn();
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  }
  const setup = (url: string, env: Record<string, string>) =>
    withProxy(env, () => {
      try {
        transportFor(url);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(SetupError);
        return (error as Error).message;
      }
    });

  test.each([
    [
      'https_proxy socks5, with credentials',
      'https://service.test',
      { https_proxy: 'socks5://u:Secr3tPw@proxy.corp:1080' },
      /^https_proxy names a socks5:\/\/ proxy \(proxy\.corp:1080\).*add service\.test to no_proxy\.$/,
    ],
    [
      'HTTPS_PROXY socks4',
      'https://service.test',
      { HTTPS_PROXY: 'socks4://proxy.corp:1080' },
      /^HTTPS_PROXY names a socks4:\/\/ proxy/,
    ],
    [
      'http_proxy socks5h, for an http URL',
      'http://service.test',
      { http_proxy: 'socks5h://proxy.corp' },
      /^http_proxy names a socks5h:\/\/ proxy/,
    ],
    ['not a URL', 'https://exa mple/%%', {}, /^"https:\/\/exa mple\/%%" is not an http\(s\) URL\.$/],
    ['not http(s)', 'ftp://service.test', {}, /is not an http\(s\) URL/],
  ])('%s', (_name, url, env, message) => {
    const said = setup(url, env);
    expect(said).toMatch(message);
    expect(said).not.toContain('Secr3tPw');
  });

  test.each([
    ['an HTTP proxy', 'https://service.test', { https_proxy: 'http://proxy.corp:3128' }],
    ['a socks5 proxy for the other scheme', 'https://service.test', { http_proxy: 'socks5://proxy.corp' }],
    [
      'a socks5 proxy, the host in no_proxy',
      'https://service.test',
      { https_proxy: 'socks5://proxy.corp', no_proxy: 'service.test' },
    ],
    ['a socks5 proxy, a loopback host (never proxied)', 'http://127.0.0.1:9', { http_proxy: 'socks5://proxy.corp' }],
  ])('no error: %s', (_name, url, env) => {
    expect(setup(url, env)).toBeNull();
  });
});
