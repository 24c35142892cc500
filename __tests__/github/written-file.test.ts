// The files the action writes, opened without following a symbolic link anywhere on their path, and
// replaced rather than appended to (contract: "Verdict integrity"). Against temporary directories:
// a workspace, and a directory beside it standing for the rest of the runner's disk.
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SetupError } from '../../src/api/errors.js';
import {
  LinkOnPath,
  linkOnPath,
  openWritten,
  pathSteps,
  refuseLinks,
  writtenFiles,
  type WrittenFile,
} from '../../src/github/written-file.js';

describe('pathSteps: the names checked, from where', () => {
  const ws = '/w/repo';
  test.each<[string, string, { from: string; names: string[] }]>([
    ['a relative path', 'out/r.json', { from: ws, names: ['out', 'r.json'] }],
    ['an absolute path inside the workspace', '/w/repo/out/r.json', { from: ws, names: ['out', 'r.json'] }],
    ['.. taken as written, inside', 'a/../b/r.json', { from: ws, names: ['b', 'r.json'] }],
    ['a name beginning with two dots stays inside', '..r.json', { from: ws, names: ['..r.json'] }],
    ['an absolute path elsewhere: from the root', '/tmp/x/r.json', { from: '/', names: ['tmp', 'x', 'r.json'] }],
    ['.. leading out: from the root', '../other/r.json', { from: '/', names: ['w', 'other', 'r.json'] }],
  ])('%s', (_name, path, steps) => {
    expect(pathSteps(path, ws)).toEqual(steps);
  });
});

describe('writtenFiles: where each input writes', () => {
  test('report-file and sarif-file from the working directory or absolute, vex-output in the workspace', () => {
    const files = writtenFiles({ reportFile: 'r.json', sarifFile: '/abs/r.sarif', vexOutput: 'v/x.json' }, '/w/repo');
    expect(files).toEqual([
      { input: 'report-file', given: 'r.json', path: join(process.cwd(), 'r.json') },
      { input: 'sarif-file', given: '/abs/r.sarif', path: '/abs/r.sarif' },
      { input: 'vex-output', given: 'v/x.json', path: '/w/repo/v/x.json' },
    ]);
    expect(writtenFiles({ reportFile: null, sarifFile: null, vexOutput: null }, '/w/repo')).toEqual([]);
  });
});

let root: string;
let workspace: string;
let outside: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'written-file-'))); // no link on the way to it
  [workspace, outside] = [join(root, 'workspace'), join(root, 'outside')];
  await Promise.all([mkdir(workspace), mkdir(outside)]);
  await writeFile(join(outside, 'victim'), 'untouched');
});
afterEach(() => rm(root, { recursive: true, force: true }));

const file = (path: string): WrittenFile => ({ input: 'report-file', given: path, path: join(workspace, path) });
async function write(path: string, text: string, readBack = false): Promise<void> {
  const handle = await openWritten(file(path), workspace, readBack);
  try {
    await handle.write(text);
  } finally {
    await handle.close();
  }
}
const victim = () => readFile(join(outside, 'victim'), 'utf8');

describe('openWritten', () => {
  test('makes missing folders and writes the file', async () => {
    await write('a/b/r.json', '{}');
    expect(await readFile(join(workspace, 'a/b/r.json'), 'utf8')).toBe('{}');
  });

  test.each([false, true])('replaces a longer file, never appends (read back: %s)', async (readBack) => {
    await mkdir(join(workspace, 'out'));
    await writeFile(join(workspace, 'out/r.json'), 'x'.repeat(1000));
    await write('out/r.json', 'new', readBack);
    expect(await readFile(join(workspace, 'out/r.json'), 'utf8')).toBe('new');
  });

  test.each<[string, () => Promise<void>, string, string]>([
    ['the file is a link', () => symlink(join(outside, 'victim'), join(workspace, 'r.json')), 'r.json', 'r.json'],
    ['a folder is a link', () => symlink(outside, join(workspace, 'out')), 'out/victim', 'out'],
    [
      'a deeper folder is a link',
      async () => {
        await mkdir(join(workspace, 'a'));
        await symlink(outside, join(workspace, 'a/b'));
      },
      'a/b/c/victim',
      'a/b',
    ],
    [
      'a link to a dangling target (it would be created outside)',
      () => symlink(join(outside, 'new'), join(workspace, 'r.json')),
      'r.json',
      'r.json',
    ],
  ])(
    '%s: refused, a setup error naming the input and the link; nothing written',
    async (_name, arrange, path, link) => {
      await arrange();
      const opening = openWritten(file(path), workspace);
      await expect(opening).rejects.toThrow(LinkOnPath);
      await expect(opening).rejects.toThrow(
        `report-file: ${JSON.stringify(path)} goes through the symbolic link ${link},`,
      );
      await expect(opening).rejects.toBeInstanceOf(SetupError);
      expect(await victim()).toBe('untouched');
      expect((await readdir(outside)).sort()).toEqual(['victim']);
    },
  );

  test('a link inside the workspace, to a folder inside it, is refused too', async () => {
    await mkdir(join(workspace, 'real'));
    await symlink(join(workspace, 'real'), join(workspace, 'out'));
    await expect(openWritten(file('out/r.json'), workspace)).rejects.toThrow('symbolic link out,');
    expect(await readdir(join(workspace, 'real'))).toEqual([]);
  });

  test('outside the workspace, a link anywhere from the root is refused, named in full', async () => {
    await symlink(outside, join(root, 'linked'));
    const target: WrittenFile = { input: 'sarif-file', given: 'x', path: join(root, 'linked', 'r.sarif') };
    await expect(openWritten(target, workspace)).rejects.toThrow(`symbolic link ${join(root, 'linked')},`);
  });

  test('a folder on the path that is a file: an ordinary error, not a refusal', async () => {
    await writeFile(join(workspace, 'out'), '');
    const opening = openWritten(file('out/r.json'), workspace);
    await expect(opening).rejects.toThrow(/ENOTDIR|EEXIST/);
    await expect(opening).rejects.not.toBeInstanceOf(LinkOnPath);
  });
});

describe('linkOnPath and refuseLinks: before any request', () => {
  test('no link: null; what does not exist yet has none', async () => {
    await mkdir(join(workspace, 'out'));
    expect(await linkOnPath(join(workspace, 'out/new/r.json'), workspace)).toBeNull();
  });

  test('the first link on the path, as the message names it', async () => {
    await symlink(outside, join(workspace, 'out'));
    expect(await linkOnPath(join(workspace, 'out/r.json'), workspace)).toBe('out');
    await expect(refuseLinks([file('out/r.json')], workspace)).rejects.toThrow(LinkOnPath);
  });

  test('the workspace itself is not checked: the runner may reach it through a link', async () => {
    const viaLink = join(root, 'ws-link');
    await symlink(workspace, viaLink);
    expect(await linkOnPath(join(viaLink, 'r.json'), viaLink)).toBeNull();
  });
});
