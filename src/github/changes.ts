// The pull request's dependency changes: GitHub's dependency review compare of the event's base and
// head (contract: "Pull requests and time"), wire -> model, read whole: GitHub may answer in pages,
// linked by `Link: <…>; rel="next"`, and a page that cannot be read means the change was not read,
// never that it ended there. Read alongside the service reads; whether a failure fails the step is
// the verdict's to say (pr-introduced), so every failure here is a reason, with its kind.
import { z } from 'zod';
import type { ChangeVulnerability, DependencyChange, Severity } from '../model.js';
import type { GitHubAdvisory } from './advisory-query.js';
import { githubGet, type GitHubGetOptions } from './rest.js';

const text = z
  .string()
  .nullish()
  .transform((s) => s ?? '');

// GitHub's words (contract: "Brought in by the pull request"); anything else is unknown.
const GITHUB_SEVERITY = new Map<string, Severity>([
  ['critical', 'critical'],
  ['high', 'high'],
  ['moderate', 'medium'],
  ['medium', 'medium'],
  ['low', 'low'],
]);

// A vulnerability without its advisory id could be neither reported nor matched: the answer is then
// not one the gate can trust (as a page that does not parse).
const vulnerabilitySchema = z
  .looseObject({
    advisory_ghsa_id: z.string().trim().min(1),
    severity: text,
    advisory_summary: text,
  })
  .transform((v): ChangeVulnerability => ({
    advisory: v.advisory_ghsa_id,
    severity: GITHUB_SEVERITY.get(v.severity.trim().toLowerCase()) ?? 'unknown',
    summary: v.advisory_summary,
  }));

const changeSchema = z.looseObject({
  change_type: z.enum(['added', 'removed']),
  manifest: z.string(),
  ecosystem: text,
  name: z.string(),
  version: text,
  package_url: z.string().nullish(),
  license: z.string().nullish(),
  scope: z.string().nullish(),
  vulnerabilities: z.array(vulnerabilitySchema).nullish(),
});

/** One page of GitHub's answer: an array of changes. Anything else is not a change the gate can trust. */
export const compareSchema = z.array(changeSchema).transform((entries): DependencyChange[] =>
  entries.map((entry) => {
    const vulnerabilities = entry.vulnerabilities ?? [];
    return {
      changeType: entry.change_type,
      manifest: entry.manifest,
      ecosystem: entry.ecosystem,
      name: entry.name,
      version: entry.version,
      packageUrl: entry.package_url || null,
      vulnerabilities,
      license: entry.license?.trim() || null,
      scope: entry.scope?.trim() || null,
    };
  }),
);

/**
 * Why the change was not read: `not-enabled` (GitHub answered 403 or 404: the dependency graph or
 * code security is off, or the token may not read it), `no-token` (github-token is empty: a mistake of
 * the workflow's, never the dependency graph's), `not-asked` (the event names no commits, or
 * GITHUB_REPOSITORY is not set: there is nothing to ask about), `failed` (anything else, after the
 * usual retries).
 */
export type NotReadCause = 'not-enabled' | 'no-token' | 'not-asked' | 'failed';

/** What the read of the change gave. */
export type ChangeRead =
  | { state: 'read'; changes: DependencyChange[]; lockfiles?: LockfileSource; osv?: OsvAnswers }
  | { state: 'off' }
  | { state: 'unavailable'; reason: string; cause: NotReadCause };

/**
 * A change read from the lockfiles themselves (contract: "Without GitHub's dependency graph"): which
 * files, and why they were read rather than GitHub's compare.
 */
export interface LockfileSource {
  /** Repository-relative paths of the lockfiles compared, in path order. */
  files: string[];
  /** Why: the compare answered 403/404, or pr-changes is lockfiles. */
  why: string;
}

/** What OSV said of the versions a change read from the lockfiles adds (run/osv-vulnerabilities.ts). */
export interface OsvAnswers {
  /** Every vulnerability id of each package version asked, by its OSV query key: the malicious check reads these too. */
  ids: ReadonlyMap<string, readonly string[]>;
  /** Each advisory as its OSV record gives it, by the id its findings carry (GHSA when it has one). */
  advisories: ReadonlyMap<string, GitHubAdvisory[]>;
}

/** A pull request or merge group, and what its change read gave. */
export interface PullRequestChange {
  event: string;
  /** The pull request's number; null in a merge group. */
  pullRequest: number | null;
  base: string | null;
  head: string | null;
  read: ChangeRead;
}

export interface ChangeReadOptions extends Omit<GitHubGetOptions, 'accept' | 'maxBytes'> {
  /** GITHUB_API_URL, without a trailing slash. */
  apiUrl: string;
  /** `owner/repo`. */
  repository: string | null;
}

/** How to turn the read on, for every message that says it was not read. */
export const ENABLE_CHANGE =
  'To let the gate see what a pull request fixes and brings in, enable the dependency graph (Settings > Advanced Security; on a private repository also GitHub Code Security) and give the job `contents: read`.';

/** Pages followed at most: far beyond any real change, and a bound on a server that links in a circle. */
const MAX_PAGES = 10_000;

/** The compare to ask for, or why it cannot even be asked for (no commits, repository or token). */
export function compareTarget(
  commits: { base: string | null; head: string | null },
  options: Pick<ChangeReadOptions, 'repository' | 'token'>,
): { base: string; head: string; repository: string } | { reason: string; cause: 'not-asked' | 'no-token' } {
  const { base, head } = commits;
  if (!base || !head) return { reason: 'the event does not name its base and head commits.', cause: 'not-asked' };
  if (!options.repository) return { reason: 'GITHUB_REPOSITORY is not set.', cause: 'not-asked' };
  if (!options.token)
    return {
      reason:
        "github-token is empty, so GitHub cannot be asked for the change's dependencies. Give the step github-token (its default is the job's token) with contents: read.",
      cause: 'no-token',
    };
  return { base, head, repository: options.repository };
}

/**
 * GitHub's dependency review compare of the change's base and head, every page of it. Never throws:
 * whatever goes wrong is a reason with its cause, and the verdict weighs it.
 */
export async function readChange(
  commits: { base: string | null; head: string | null },
  options: ChangeReadOptions,
): Promise<ChangeRead> {
  const target = compareTarget(commits, options);
  if ('reason' in target) return { state: 'unavailable', reason: target.reason, cause: target.cause };
  const { base, head, repository } = target;
  const first = `${options.apiUrl}/repos/${repository}/dependency-graph/compare/${base}...${head}`;
  const where = `GitHub's dependency review compare (${base.slice(0, 7)}...${head.slice(0, 7)})`;
  const changes: DependencyChange[] = [];
  const seen = new Set<string>();
  const entries = new Set<string>();
  for (let url: string | null = first, page = 1; url !== null; page++) {
    if (seen.has(url) || page > MAX_PAGES)
      return failed(
        `${where}: its pages link back to page ${seen.has(url) ? 'one already read' : MAX_PAGES}, so they do not move.`,
      );
    seen.add(url);
    const read = await readPage(url, page, where, options);
    if ('cause' in read) return { state: 'unavailable', ...read };
    const stuck = standsStill(read, page, entries);
    if (stuck !== null) return failed(`${where}: page ${page} ${stuck}, so its pages do not move.`);
    changes.push(...read.changes);
    url = read.next === null ? null : sameOrigin(read.next, first);
    if (url === null && read.next !== null)
      return failed(`${where}: page ${page} links its next page on another origin, which is not followed.`);
  }
  return { state: 'read', changes };
}

const failed = (reason: string): ChangeRead => ({ state: 'unavailable', reason, cause: 'failed' });

/**
 * Why a page shows the compare is not moving (contract: "A feed that does not move is not read"), or
 * null: a page after the first whose every entry was read already (a cache that ignores `page`
 * answers the first page again), or an empty page that still links a next one. `read` gathers the
 * entries of the pages so far, by what they change (a whole compare in one page needs none).
 */
function standsStill(
  { changes, next }: { changes: DependencyChange[]; next: string | null },
  page: number,
  read: Set<string>,
): string | null {
  if (changes.length === 0) return next === null ? null : 'is empty yet links a next page';
  if (page === 1 && next === null) return null;
  const before = read.size;
  for (const c of changes) read.add([c.changeType, c.manifest, c.ecosystem, c.name, c.version].join('\n'));
  return page > 1 && read.size === before ? 'brings no entry it had not sent already' : null;
}

/** One page: its changes and the next page's URL, or why it cannot be read. */
async function readPage(
  url: string,
  page: number,
  where: string,
  options: ChangeReadOptions,
): Promise<{ changes: DependencyChange[]; next: string | null } | { reason: string; cause: NotReadCause }> {
  const at = page === 1 ? where : `${where}, page ${page},`;
  const answer = await githubGet(url, options);
  if (!answer.ok) return { reason: `${at}: ${answer.reason}.`, cause: 'failed' };
  if (answer.status === 403 || answer.status === 404)
    return {
      reason: `${at} answered HTTP ${answer.status}: the dependency graph${answer.status === 403 ? ' or code security' : ''} is not enabled for this repository, or github-token may not read it. ${ENABLE_CHANGE}`,
      cause: 'not-enabled',
    };
  if (answer.status < 200 || answer.status >= 300)
    return { reason: `${at} answered HTTP ${answer.status}.`, cause: 'failed' };
  const parsed = parsePage(answer.text);
  if (typeof parsed === 'string') return { reason: `${at}: ${parsed}`, cause: 'failed' };
  return { changes: parsed, next: nextLink(answer.header('link')) };
}

/** The page's changes, or what is wrong with it. */
function parsePage(body: string): DependencyChange[] | string {
  let json: unknown;
  try {
    json = JSON.parse(body.replace(/^\uFEFF/, ''));
  } catch {
    return 'the answer is not JSON.';
  }
  const parsed = compareSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `the answer is not a list of changes (${issue?.path.join('.') || 'answer'}: ${issue?.message}).`;
}

/** The `rel="next"` target of a Link header (RFC 8288), or null when there is none. */
export function nextLink(header: string | null): string | null {
  for (const link of header?.split(/,(?=\s*<)/) ?? []) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(link);
    const rels = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match?.[2] ?? '');
    const names = (rels?.[1] ?? rels?.[2] ?? '').toLowerCase().split(/\s+/);
    if (match && names.includes('next')) return match[1]!;
  }
  return null;
}

/** `next` resolved against the first page, when on the same origin; null otherwise (the token goes nowhere else). */
function sameOrigin(next: string, first: string): string | null {
  const url = URL.canParse(next, first) ? new URL(next, first) : null;
  return url !== null && url.origin === new URL(first).origin ? url.href : null;
}
