// A file in the runner's workspace (GITHUB_WORKSPACE), links resolved: what the repository holds,
// never a file of the runner's elsewhere. For the local policy file and a KEV catalog copy.
import { open, realpath } from 'node:fs/promises';
import type { BodyReader } from '../api/send.js';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** The file's text, or why not: `absent` (no such file), `outside` the workspace, `too-large`, or `unreadable` (its code). */
export type WorkspaceFile =
  | { ok: true; text: string }
  | { ok: false; why: 'absent' | 'outside' | 'too-large' }
  | { ok: false; why: 'unreadable'; code: string };

/** `readBody`: how the file's bytes become its text, as it comes (the EPSS CSV); default read whole. */
export async function readWorkspaceFile(
  path: string,
  workspace: string,
  maxBytes: number,
  readBody?: BodyReader,
): Promise<WorkspaceFile> {
  try {
    const real = await realpath(resolve(workspace, path));
    const inside = relative(await realpath(workspace), real);
    // `..` or `../...` leads out; a name that starts with two dots (`..kev.json`) does not.
    if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return { ok: false, why: 'outside' };
    // One open file, sized and read: never more than maxBytes held, whatever it grows to meanwhile.
    const file = await open(real, 'r');
    try {
      if ((await file.stat()).size > maxBytes) return { ok: false, why: 'too-large' };
      if (readBody) {
        const text = await readBody(file.createReadStream({ autoClose: false }), maxBytes);
        return text === null ? { ok: false, why: 'too-large' } : { ok: true, text };
      }
      const buffer = Buffer.alloc(maxBytes + 1);
      let length = 0;
      for (let read = -1; read !== 0 && length <= maxBytes; length += read)
        ({ bytesRead: read } = await file.read(buffer, length, buffer.length - length, null));
      if (length > maxBytes) return { ok: false, why: 'too-large' };
      return { ok: true, text: buffer.toString('utf8', 0, length) };
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
