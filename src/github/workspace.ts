// A file in the runner's workspace (GITHUB_WORKSPACE), links resolved: what the repository holds,
// never a file of the runner's elsewhere. For the local policy file, a KEV catalog copy, and the
// manifests, which are read line by line.
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { BodyReader } from '../api/send.js';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** The file's text, or why not: `absent` (no such file), `outside` the workspace, `too-large`, or `unreadable` (its code). */
export type WorkspaceFile =
  | { ok: true; text: string }
  | { ok: false; why: 'absent' | 'outside' | 'too-large' }
  | { ok: false; why: 'unreadable'; code: string };

/** Why a workspace file was not read. */
export type WorkspaceRefusal = Exclude<WorkspaceFile, { ok: true }>;

/** `readBody`: how the file's bytes become its text, as it comes (the EPSS CSV); default read whole. */
export async function readWorkspaceFile(
  path: string,
  workspace: string,
  maxBytes: number,
  readBody?: BodyReader,
): Promise<WorkspaceFile> {
  return withWorkspaceFile(path, workspace, maxBytes, async (file): Promise<WorkspaceFile> => {
    if (readBody) {
      const text = await readBody(file.createReadStream({ autoClose: false }), maxBytes);
      return text === null ? { ok: false, why: 'too-large' } : { ok: true, text };
    }
    // Sized by the file (one byte more shows it grew), grown only if it grows while read: a limit of
    // 64 MiB must not mean 64 MiB for each small lockfile.
    let buffer = Buffer.allocUnsafe(Math.min((await file.stat()).size, maxBytes) + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length <= maxBytes; length += read) {
      if (length === buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      ({ bytesRead: read } = await file.read(buffer, length, buffer.length - length, null));
    }
    if (length > maxBytes) return { ok: false, why: 'too-large' };
    return { ok: true, text: buffer.toString('utf8', 0, length) };
  });
}

/**
 * The file's lines in order, each given to `line` as it is read and then let go (split at `\r\n`,
 * `\r` or `\n`; UTF-8), until `line` returns false or the file ends: one pass, no text kept. Refused
 * as readWorkspaceFile refuses; too large (`ok: false`) also when it grows past `maxBytes` meanwhile,
 * after some of its lines were given.
 */
export async function readWorkspaceLines(
  path: string,
  workspace: string,
  maxBytes: number,
  line: (text: string) => boolean,
): Promise<{ ok: true } | WorkspaceRefusal> {
  return withWorkspaceFile(path, workspace, maxBytes, async (file) => {
    // `end` is inclusive: one byte more than allowed shows it too large.
    const stream = file.createReadStream({ autoClose: false, end: maxBytes });
    let bytes = 0;
    stream.on('data', (chunk) => (bytes += chunk.length));
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    try {
      for await (const text of lines) if (!line(text)) return { ok: true };
    } finally {
      lines.close();
      stream.destroy();
    }
    return bytes > maxBytes ? { ok: false, why: 'too-large' } : { ok: true };
  });
}

/**
 * `use` on the file opened, once its real path is known to stay inside the workspace and its size to
 * be within `maxBytes`: one open file, sized and read, whatever it grows to meanwhile. Never throws.
 */
async function withWorkspaceFile<T extends { ok: boolean }>(
  path: string,
  workspace: string,
  maxBytes: number,
  use: (file: FileHandle) => Promise<T | WorkspaceRefusal>,
): Promise<T | WorkspaceRefusal> {
  try {
    const real = await realpath(resolve(workspace, path));
    const inside = relative(await realpath(workspace), real);
    // `..` or `../...` leads out; a name that starts with two dots (`..kev.json`) does not.
    if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return { ok: false, why: 'outside' };
    const file = await open(real, 'r');
    try {
      if ((await file.stat()).size > maxBytes) return { ok: false, why: 'too-large' };
      return await use(file);
    } finally {
      await file.close();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === 'ENOENT'
      ? { ok: false, why: 'absent' }
      : { ok: false, why: 'unreadable', code: code ?? String(error) };
  }
}

/**
 * A workspace path as a path in the repository (the workspace is the checkout's root); null when it
 * leads out, where no commit has anything to read.
 */
export function repositoryPath(workspace: string, path: string): string | null {
  const inside = relative(resolve(workspace), resolve(workspace, path));
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return null;
  return inside.split(sep).join('/');
}
