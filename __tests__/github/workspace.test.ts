// A workspace file read line by line (the manifests: contract "Manifests read once, in bounded
// memory"), refused as any workspace file the action reads is: a real path outside the workspace
// ("Files the action writes stay in the workspace": read only where the real path stays inside) or
// larger than its cap.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWorkspaceLines } from '../../src/github/workspace.js';

let root: string;
let workspace: string;
/** Node's file streams read 64 KiB at a time: a line break or a character can straddle two reads. */
const CHUNK = 64 * 1024;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'security-gate-workspace-'));
  workspace = join(root, 'workspace');
  await mkdir(workspace);
  await writeFile(join(root, 'secret.txt'), 'outside\n');
  await symlink(join(root, 'secret.txt'), join(workspace, 'link.txt'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function linesOf(path: string, text: string | Buffer | null, maxBytes = 1 << 20, stopAfter = Infinity) {
  if (text !== null) await writeFile(join(workspace, path), text);
  const lines: string[] = [];
  const read = await readWorkspaceLines(path, workspace, maxBytes, (line) => lines.push(line) < stopAfter);
  return { read, lines };
}

describe('readWorkspaceLines', () => {
  test('lines end at \\r\\n, \\r or \\n, also where a read ends between \\r and \\n', async () => {
    const long = 'x'.repeat(CHUNK - 1);
    expect(await linesOf('a.txt', `one\r\ntwo\rthree\n\nfour\n${long.slice(0, -20)}\r\nafter`)).toEqual({
      read: { ok: true },
      lines: ['one', 'two', 'three', '', 'four', long.slice(0, -20), 'after'],
    });
    // The \r is the last byte of the first read, its \n the first of the next.
    expect(await linesOf('b.txt', `${long}\r\nnext\r`)).toEqual({ read: { ok: true }, lines: [long, 'next'] });
  });

  test('a character of several bytes across two reads is read whole', async () => {
    const bytes = Buffer.concat([Buffer.from('y'.repeat(CHUNK - 1)), Buffer.from('é-ß\n€', 'utf8')]);
    expect(await linesOf('c.txt', bytes)).toEqual({
      read: { ok: true },
      lines: [`${'y'.repeat(CHUNK - 1)}é-ß`, '€'],
    });
  });

  test('stops when told: no line after', async () => {
    expect(await linesOf('d.txt', 'a\nb\nc\nd\n', 1 << 20, 2)).toEqual({ read: { ok: true }, lines: ['a', 'b'] });
  });

  test.each<[string, string, string | null, number, object]>([
    ['a link that leads outside', 'link.txt', null, 1 << 20, { ok: false, why: 'outside' }],
    ['a path that leads outside', '../secret.txt', null, 1 << 20, { ok: false, why: 'outside' }],
    ['larger than the cap', 'e.txt', '12345\n6789', 9, { ok: false, why: 'too-large' }],
    ['absent', 'missing.txt', null, 1 << 20, { ok: false, why: 'absent' }],
  ])('%s: refused, no line read', async (_what, path, text, maxBytes, why) => {
    expect(await linesOf(path, text, maxBytes)).toEqual({ read: why, lines: [] });
  });

  test('at the cap exactly: read', async () => {
    expect(await linesOf('f.txt', '12345\n678', 9)).toEqual({ read: { ok: true }, lines: ['12345', '678'] });
  });
});
