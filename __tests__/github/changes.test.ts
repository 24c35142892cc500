// The change read page by page (github/changes.ts) against a local server on 127.0.0.1 that links its
// pages as it is told: a paged compare that does not move (the same page linked again, the same
// entries again at a new address, an empty page that still links a next one) is a failed read, never
// a loop or entries counted twice (contract: "A feed that does not move is not read").
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readChange } from '../../src/github/changes.js';

/** One page as the server answers it: its entries' names, and the page its Link calls next (none: the last). */
interface Page {
  names: string[];
  next?: number;
}

let server: Server;
let base = '';
let pages: Page[] = [];
let asked: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
    asked.push(page);
    const { names, next } = pages[page - 1] ?? { names: [] };
    const path = '/repos/acme/webshop/dependency-graph/compare/base1234...head5678';
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (next !== undefined) headers.link = `<${base}${path}?page=${next}>; rel="next"`;
    res.writeHead(200, headers).end(JSON.stringify(names.map(entry)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  pages = [];
  asked = [];
});

/** A compare entry as GitHub sends it: `name` 1.0.0 added to package-lock.json. */
const entry = (name: string) => ({
  change_type: 'added',
  manifest: 'package-lock.json',
  ecosystem: 'npm',
  name,
  version: '1.0.0',
  package_url: `pkg:npm/${name}@1.0.0`,
  license: 'MIT',
  scope: 'runtime',
  vulnerabilities: [],
});

const read = () =>
  readChange(
    { base: 'base1234', head: 'head5678' },
    { apiUrl: base, repository: 'acme/webshop', token: 'ghs_changesToken1', timeoutMs: 5_000, maxRetries: 0 },
  );

describe('a paged compare that does not move is not read', () => {
  test.each([
    {
      what: 'page 2 links page 2 again',
      given: [
        { names: ['a', 'b'], next: 2 },
        { names: ['c'], next: 2 },
      ],
      says: /link back to page one already read/,
      asked: [1, 2],
    },
    {
      what: 'page 2 answers the entries of page 1 again',
      given: [{ names: ['a', 'b'], next: 2 }, { names: ['a', 'b'], next: 3 }, { names: ['c'] }],
      says: /page 2 brings no entry it had not sent already/,
      asked: [1, 2],
    },
    {
      what: 'page 2 answers the entries of page 1 again, as its last page',
      given: [{ names: ['a', 'b'], next: 2 }, { names: ['b', 'a'] }],
      says: /page 2 brings no entry it had not sent already/,
      asked: [1, 2],
    },
    {
      what: 'page 2 is empty yet links page 3',
      given: [{ names: ['a'], next: 2 }, { names: [], next: 3 }, { names: ['c'] }],
      says: /page 2 is empty yet links a next page/,
      asked: [1, 2],
    },
  ])('$what: a failed read that says its pages do not move', async ({ given, says, asked: expected }) => {
    pages = given;
    const change = await read();
    expect(change).toMatchObject({ state: 'unavailable', cause: 'failed' });
    expect(change.state === 'unavailable' && change.reason).toMatch(says);
    expect(change.state === 'unavailable' && change.reason).toMatch(/do not move/);
    expect(asked).toEqual(expected);
  });

  test.each([
    { what: 'a last page that is empty', given: [{ names: ['a', 'b'], next: 2 }, { names: [] }], names: ['a', 'b'] },
    {
      what: 'a page that repeats one entry and brings another',
      given: [{ names: ['a', 'b'], next: 2 }, { names: ['b', 'c'] }],
      names: ['a', 'b', 'c'],
    },
  ])('$what: read, every entry in it', async ({ given, names }) => {
    pages = given;
    const change = await read();
    expect(change.state === 'read' ? [...new Set(change.changes.map((c) => c.name))] : change).toEqual(names);
  });
});
