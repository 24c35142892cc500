// The sticky PR comment: the pull request's story, not the organization's (contract: "Reports").
// The verdict, the KEV catalog under known-exploited, the workspace files read at the base commit
// (and whether the pull request changes one), the gating alerts (known exploited first),
// what the change resolves or only changes, what is coming due, the license violations, the commit
// judged and when, and a link to the job summary; posture, time saved, schedule and settings stay
// in the job summary. Its sections are the job summary's own builders (one rendering path); behind
// a hidden marker that finds it again, within GitHub's 65,536-character comment limit.
import type { CommentMode, GateResult } from '../model.js';
import { baseFilesLine } from './base-files.js';
import { ByteBudget, byteLength, cutToBytes } from './budget.js';
import { formatUtcDateTime } from './format.js';
import { epssLine } from './epss.js';
import { catalogLine, listedFindings } from './known-exploited.js';
import { code, safeHref } from './markdown.js';
import { changedSection, dueSection, resolvedSection } from './summary-change.js';
import { introducedSection, listedBy } from './summary-introduced.js';
import { supplySection } from './summary-supply.js';
import { nextStepsSection } from './summary-next-steps.js';
import { vexSection } from './summary-vex.js';
import { licenseSection } from './summary-licenses.js';
import { policyChangesSection } from './summary-policy-changes.js';
import { existingSection } from './summary-alerts.js';
import { gatingAlertsSection, verdictSection } from './summary.js';

export const COMMENT_MARKER = '<!-- security-gate:sticky-comment -->';
export const COMMENT_MAX_CHARS = 65_536;
/** Rows kept per table: a PR conversation wants the gist; the job summary has the rest. */
const COMMENT_MAX_ALERTS = 25;

/** Where the judged commit is shown: GITHUB_SERVER_URL and GITHUB_REPOSITORY (`owner/name`). */
export interface CommitLink {
  serverUrl: string;
  repository: string;
}

/** A commit id as the event gives it: only such a value goes into a link. */
const COMMIT = /^[0-9a-f]{7,64}$/i;

/** "Judged commit `1a2b3c4` at 2024-06-07 12:00 UTC", the commit linked when its address is known. */
function judgedLine(result: GateResult, where: CommitLink | null): string | null {
  const head = result.change?.head ?? null;
  const when = formatUtcDateTime(result.generatedAt);
  const at = when === null ? '' : ` at ${when}`;
  if (head === null || !COMMIT.test(head)) return when === null ? null : `Judged${at}`;
  const href = where ? safeHref(`${where.serverUrl}/${where.repository}/commit/${head}`) : null;
  const label = code(head.slice(0, 7), 7);
  return `Judged commit ${href === null ? label : `[${label}](${href})`}${at}`;
}

function footerOf(result: GateResult, runUrl: string | null, where: CommitLink | null): string {
  const href = safeHref(runUrl);
  const parts = [judgedLine(result, where), href === null ? null : `[Full report in the job summary](${href})`].filter(
    (part) => part !== null,
  );
  return parts.length > 0 ? `\n\n<sub>${parts.join(' · ')}</sub>` : '';
}

/**
 * The comment's body. `runUrl` links the job summary; `where` links the judged commit (the pull
 * request's head), else it is named unlinked.
 */
export function renderComment(result: GateResult, runUrl: string | null, where: CommitLink | null = null): string {
  const footer = footerOf(result, runUrl, where);
  // A byte budget is never smaller than the character count, so this always fits.
  const room = COMMENT_MAX_CHARS - COMMENT_MARKER.length - footer.length - 2;
  const verdict = verdictSection(result);
  // The settings this pull request's policy file would change once merged (capped where it is made).
  const policy = policyChangesSection(result.options);
  // What the gating list was checked against: the KEV catalog, read or not, when known-exploited is on.
  const catalog =
    [catalogLine(result.knownExploited, result.counts, listedFindings(result)), epssLine(result.epss, result.counts)]
      .filter((line) => line !== null)
      .join('\n\n') || null;
  // Workspace files read at the base commit, and whether this pull request changes one.
  const files = baseFilesLine(result);
  // Whose the gating alerts are and what to do: what a blocked author needs most.
  const nextSteps = nextStepsSection(result);
  // The tables get what the parts above them leave (less the blank lines that join the sections).
  const above = [verdict, policy, catalog, files, nextSteps].reduce((sum, part) => sum + byteLength(part ?? ''), 0);
  const budget = new ByteBudget(room - above - 20);
  const sections = [
    verdict,
    // What the pull request brings in: first after the verdict (contract).
    supplySection(result.supplyChain, COMMENT_MAX_ALERTS, budget),
    introducedSection(result.introduced, COMMENT_MAX_ALERTS, budget, listedBy(result)),
    policy,
    catalog,
    files,
    gatingAlertsSection(result, COMMENT_MAX_ALERTS, budget),
    existingSection(result.alerts, COMMENT_MAX_ALERTS, budget),
    resolvedSection(result.alerts, COMMENT_MAX_ALERTS, budget),
    changedSection(result, COMMENT_MAX_ALERTS, budget),
    dueSection(result.alerts, COMMENT_MAX_ALERTS, budget),
    licenseSection(result.licenses, result.blobUrl, COMMENT_MAX_ALERTS, budget),
    vexSection(result, COMMENT_MAX_ALERTS, budget),
    // What to do ends every failing comment (contract: "The blocked developer first").
    nextSteps,
  ].filter((section) => section !== null);
  const page = cutToBytes(
    `${sections.join('\n\n')}\n`,
    room,
    '…the rest of this comment was cut to stay under the size limit.',
  );
  return `${COMMENT_MARKER}\n${page.replace(/\n$/, '')}${footer}`;
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
