// The files the action writes (report-file, sarif-file, vex-output), opened without following a
// symbolic link anywhere on their path (contract: "Verdict integrity"): a pull request can commit a
// link into the workspace that leads to any file the runner's user may write.
import { constants } from 'node:fs';
import { lstat, mkdir, open, type FileHandle } from 'node:fs/promises';
import { isAbsolute, join, parse, relative, resolve, sep } from 'node:path';
import { SetupError } from '../api/errors.js';

/** A file the run is asked to write: its input, the path as given, and where that is. */
export interface WrittenFile {
  input: 'report-file' | 'sarif-file' | 'vex-output';
  given: string;
  path: string;
}

/**
 * Where each file asked for goes: report-file and sarif-file relative to the working directory (the
 * workspace, on a runner) or absolute, as the workflow gives them; vex-output in the workspace.
 */
export function writtenFiles(
  files: { reportFile: string | null; sarifFile: string | null; vexOutput: string | null },
  workspace: string,
): WrittenFile[] {
  const asked: WrittenFile[] = [];
  if (files.reportFile) asked.push({ input: 'report-file', given: files.reportFile, path: resolve(files.reportFile) });
  if (files.sarifFile) asked.push({ input: 'sarif-file', given: files.sarifFile, path: resolve(files.sarifFile) });
  if (files.vexOutput)
    asked.push({ input: 'vex-output', given: files.vexOutput, path: resolve(workspace, files.vexOutput) });
  return asked;
}

/** A link on the path of a file to write: a setup error that names the input. */
export class LinkOnPath extends SetupError {
  constructor(input: string, given: string, link: string) {
    super(
      `${input}: ${JSON.stringify(given)} goes through the symbolic link ${link}, and the action follows no link where it writes (a pull request can commit one that leads out of the workspace): nothing is written through it. Give a path without links.`,
    );
  }
}

/**
 * The names walked to reach `path`, each checked in turn, and the folder they start from: the
 * workspace for a path inside it (the runner's own way to the workspace is no pull request's), else
 * the root. `..` is taken as written (the folder before it removed), never as a link's parent.
 */
export function pathSteps(path: string, workspace: string): { from: string; names: string[] } {
  const target = resolve(workspace, path);
  const inside = insideOf(target, workspace);
  if (inside !== null) return { from: resolve(workspace), names: inside.split(sep).filter(Boolean) };
  const { root } = parse(target);
  return { from: root, names: target.slice(root.length).split(sep).filter(Boolean) };
}

/** `path` (absolute) relative to the workspace, or null when it is not inside. */
function insideOf(path: string, workspace: string): string | null {
  const inside = relative(resolve(workspace), path);
  // `..` or `../...` leads out; a name that starts with two dots (`..r.json`) does not.
  return inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside) ? null : inside;
}

/** How a link is named in a message: relative to the workspace when inside it, else in full. */
function shown(link: string, workspace: string): string {
  return insideOf(link, workspace)?.split(sep).join('/') ?? link;
}

/** What is at `path`, without following a link: null when nothing is. */
async function kindOf(path: string): Promise<'link' | 'other' | null> {
  try {
    return (await lstat(path)).isSymbolicLink() ? 'link' : 'other';
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The first symbolic link on `path` (as a message names it), or null. What does not exist yet has
 * none, and a path that cannot be looked at is left to the write, whose error names the file.
 */
export async function linkOnPath(path: string, workspace: string): Promise<string | null> {
  const { from, names } = pathSteps(path, workspace);
  let at = from;
  for (const name of names) {
    at = join(at, name);
    const kind = await kindOf(at).catch(() => null);
    if (kind === 'link') return shown(at, workspace);
    if (kind === null) return null;
  }
  return null;
}

/** Before any request: a link on the path of a file asked for stops the run (a setup error naming the input). */
export async function refuseLinks(files: WrittenFile[], workspace: string): Promise<void> {
  for (const file of files) {
    const link = await linkOnPath(file.path, workspace);
    if (link !== null) throw new LinkOnPath(file.input, file.given, link);
  }
}

// Windows has no O_NOFOLLOW; the walk's lstat checks the last name there too.
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Opens `file` to be replaced (created, or truncated: never appended to), making missing folders on
 * the way, with no link followed: each name is checked as it is reached, and the file itself is
 * opened with O_NOFOLLOW, so a link put there meanwhile is refused by the kernel too. `readBack`:
 * opened for reading as well (the SARIF log measures what it wrote).
 */
export async function openWritten(file: WrittenFile, workspace: string, readBack = false): Promise<FileHandle> {
  const { from, names } = pathSteps(file.path, workspace);
  const refuse = (at: string) => new LinkOnPath(file.input, file.given, shown(at, workspace));
  let at = from;
  for (const [index, name] of names.entries()) {
    at = join(at, name);
    let kind = await kindOf(at);
    if (kind === null && index < names.length - 1) {
      await mkdir(at).catch((error: unknown) => {
        if ((error as { code?: string }).code !== 'EEXIST') throw error;
      });
      kind = await kindOf(at); // made here, or by another process meanwhile: checked all the same
    }
    if (kind === 'link') throw refuse(at);
  }
  const access = readBack ? constants.O_RDWR : constants.O_WRONLY;
  try {
    return await open(at, access | constants.O_CREAT | constants.O_TRUNC | NOFOLLOW, 0o666);
  } catch (error) {
    // ELOOP: the last name became a link after it was checked (EMLINK on the BSDs).
    const code = (error as { code?: string }).code;
    if (code === 'ELOOP' || code === 'EMLINK') throw refuse(at);
    throw error;
  }
}
