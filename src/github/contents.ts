// A file at a ref, through GitHub's contents API (the remote policy file; a local policy file at a
// change's base commit), and whether GitHub shows a commit readable: what a 404 for the file means
// depends on it; and why such a read failed, in words. GET only, through the one GitHub GET
// (retries, timeouts, same-origin redirects).
import { transportFor, type Transport } from '../api/transport.js';
import { githubGet, type GitHubGetOptions } from './rest.js';

export interface ContentsOptions extends Omit<GitHubGetOptions, 'accept' | 'maxBytes' | 'transport'> {
  /** GITHUB_API_URL, a trailing slash allowed. */
  apiUrl: string;
  /** Bytes read at most; a larger file is a failure. */
  maxBytes: number;
}

/** Where a file is: `owner/repo`, its path in the repository, and a ref (a branch, tag or commit). */
export interface FileRef {
  owner: string;
  repo: string;
  path: string;
  ref: string;
}

/**
 * What GitHub answered for a file: its text; `not-found` (404: no such file at the ref, or the
 * token may not see the repository, GitHub does not say which); `refused` (401/403); or `failed`
 * (another status, no usable answer, GitHub not reachable), with why.
 */
export type FileAtRef =
  | { kind: 'file'; text: string }
  | { kind: 'not-found' }
  | { kind: 'refused'; status: number }
  | { kind: 'failed'; status: number | null; reason: string };

/** Whether GitHub shows a commit readable: `readable` only on a 200 that names a commit. */
export type CommitCheck = { kind: 'readable' } | { kind: 'not-readable'; reason: string };

/** The file's bytes, as GitHub's raw media type gives them. */
export async function readFileAtRef(file: FileRef, options: ContentsOptions): Promise<FileAtRef> {
  const base = options.apiUrl.replace(/\/+$/, '');
  const transport = transportTo(base);
  if (typeof transport === 'string') return { kind: 'failed', status: null, reason: transport };
  const path = file.path.split('/').map(encodeURIComponent).join('/');
  const url = `${base}/repos/${file.owner}/${file.repo}/contents/${path}?ref=${encodeURIComponent(file.ref)}`;
  const answer = await githubGet(url, { ...options, transport, accept: 'application/vnd.github.raw' });
  if (!answer.ok) return { kind: 'failed', status: answer.status, reason: answer.reason };
  if (answer.status === 404) return { kind: 'not-found' };
  if (answer.status === 401 || answer.status === 403) return { kind: 'refused', status: answer.status };
  if (answer.status < 200 || answer.status >= 300)
    return { kind: 'failed', status: answer.status, reason: `GitHub answered HTTP ${answer.status}` };
  // The raw media type answers with the file's bytes; JSON or HTML is someone else's page (a proxy's
  // error, an answer that ignored the media type), never the file.
  if (/^\s*(application\/(.+\+)?json|text\/html)\b/i.test(answer.contentType ?? ''))
    return { kind: 'failed', status: answer.status, reason: `GitHub's answer is not the file (${answer.contentType})` };
  return { kind: 'file', text: answer.text };
}

/** `GET /repos/{owner}/{repo}/commits/{sha}`: a 200 naming a commit shows it readable with the token. */
export async function checkCommit(
  commit: { owner: string; repo: string; sha: string },
  options: ContentsOptions,
): Promise<CommitCheck> {
  const base = options.apiUrl.replace(/\/+$/, '');
  const transport = transportTo(base);
  if (typeof transport === 'string') return { kind: 'not-readable', reason: transport };
  const url = `${base}/repos/${commit.owner}/${commit.repo}/commits/${encodeURIComponent(commit.sha)}`;
  const answer = await githubGet(url, { ...options, transport });
  if (!answer.ok) return { kind: 'not-readable', reason: answer.reason };
  if (answer.status !== 200) return { kind: 'not-readable', reason: `GitHub answered HTTP ${answer.status}` };
  try {
    const json = JSON.parse(answer.text.replace(/^\uFEFF/, '')) as { sha?: unknown } | null;
    if (typeof json?.sha === 'string' && json.sha !== '') return { kind: 'readable' };
  } catch {
    // below: not a commit
  }
  return { kind: 'not-readable', reason: "GitHub's answer is not a commit" };
}

/** The transport to GITHUB_API_URL, or why there is none (a malformed URL, a proxy no request can use). */
function transportTo(base: string): Transport | string {
  try {
    return transportFor(base);
  } catch (error) {
    return `cannot reach GitHub (GITHUB_API_URL): ${(error as Error).message}`;
  }
}

/** Why a read through GitHub failed, and what to do about it. */
export function failedRead({ status, reason }: { status: number | null; reason: string }): string {
  const what = reason.replace(/\.$/, '');
  if (/redirected/.test(what)) return `${what}; give the new location.`;
  if (status === null && !what.startsWith('cannot reach'))
    return `${what}; check GITHUB_API_URL and the runner's proxy settings.`;
  return status !== null && (status === 429 || status >= 500) ? `${what}; try again later.` : `${what}.`;
}
