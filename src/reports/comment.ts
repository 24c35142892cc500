// The sticky PR comment: the same page as the job summary (one rendering path), behind a hidden
// marker that finds it again, within GitHub's 65,536-character comment limit.
import type { CommentMode, GateResult } from '../model.js';
import { renderSummary } from './summary.js';

export const COMMENT_MARKER = '<!-- security-gate:sticky-comment -->';
export const COMMENT_MAX_CHARS = 65_536;
/** Rows kept in the comment: a PR conversation wants the gist; the job summary has the rest. */
const COMMENT_MAX_ALERTS = 25;

export function renderComment(result: GateResult, runUrl: string | null): string {
  const footer = runUrl ? `\n\n<sub>[Full report in the job summary](${encodeURI(runUrl)})</sub>` : '';
  // A byte budget is never smaller than the character count, so this always fits.
  const room = COMMENT_MAX_CHARS - COMMENT_MARKER.length - footer.length - 2;
  const full = renderSummary(result, { maxAlerts: COMMENT_MAX_ALERTS, maxBytes: room });
  return `${COMMENT_MARKER}\n${full}${footer}`;
}

export interface PullRequestComment {
  id: number;
  body?: string | null;
  user?: { login?: string; type?: string } | null;
}

/** GitHub's issue-comment calls, injected so the decision is testable without GitHub. */
export interface CommentApi {
  list(): Promise<PullRequestComment[]>;
  create(body: string): Promise<void>;
  update(id: number, body: string): Promise<void>;
}

export type CommentOutcome = 'created' | 'updated' | 'skipped';

/**
 * Creates or updates the one sticky comment. With `on-failure`, a passing run creates nothing but
 * updates an earlier comment so it does not stay stale saying the gate fails.
 */
export async function upsertComment(
  api: CommentApi,
  mode: CommentMode,
  result: GateResult,
  body: string,
  authorType: 'Bot' | 'User',
): Promise<CommentOutcome> {
  if (mode === 'never') return 'skipped';
  const existing = findSticky(await api.list(), authorType);
  if (existing) {
    await api.update(existing.id, body);
    return 'updated';
  }
  if (mode === 'on-failure' && result.result !== 'fail') return 'skipped';
  await api.create(body);
  return 'created';
}

/**
 * GitHub App installation tokens (`ghs_`, which GITHUB_TOKEN is) write as a Bot; personal and
 * OAuth tokens as a User. The prefix tells which, without an API call.
 */
export function authorTypeOf(token: string): 'Bot' | 'User' {
  return token.startsWith('ghs_') ? 'Bot' : 'User';
}

/** The newest comment with the marker written by the same kind of token; anyone else's is left alone. */
export function findSticky(comments: PullRequestComment[], authorType: 'Bot' | 'User'): PullRequestComment | null {
  return comments.filter((c) => c.body?.startsWith(COMMENT_MARKER) && c.user?.type === authorType).at(-1) ?? null;
}
