// The pull request's dependency changes: GitHub's dependency review compare of the event's base and
// head (contract: "Pull requests and time"), wire -> model. Read alongside the service reads; its
// failure never fails the step, it only means nothing is resolved (fail closed), with a notice.
import { z } from 'zod';
import type { DependencyChange } from '../model.js';
import { githubGet, type GitHubGetOptions } from './rest.js';

const text = z
  .string()
  .nullish()
  .transform((s) => s ?? '');

const vulnerabilitySchema = z.looseObject({ advisory_ghsa_id: z.string().nullish() });

const changeSchema = z.looseObject({
  change_type: z.enum(['added', 'removed']),
  manifest: z.string(),
  ecosystem: text,
  name: z.string(),
  version: text,
  package_url: z.string().nullish(),
  vulnerabilities: z.array(vulnerabilitySchema).nullish(),
});

/** GitHub's answer: an array of changes. Anything else is not a change the gate can trust. */
export const compareSchema = z.array(changeSchema).transform((entries): DependencyChange[] =>
  entries.map((entry) => ({
    changeType: entry.change_type,
    manifest: entry.manifest,
    ecosystem: entry.ecosystem,
    name: entry.name,
    version: entry.version,
    packageUrl: entry.package_url || null,
    advisories: (entry.vulnerabilities ?? []).flatMap((v) => (v.advisory_ghsa_id ? [v.advisory_ghsa_id] : [])),
  })),
);

/** What the read of the change gave. */
export type ChangeRead =
  { state: 'read'; changes: DependencyChange[] } | { state: 'off' } | { state: 'unavailable'; reason: string };

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

const ENABLE =
  'To let a pull request resolve the alerts it fixes, enable the dependency graph (Settings > Advanced Security; on a private repository also GitHub Code Security) and give the job `contents: read`.';

/** The compare to ask for, or why it cannot even be asked for (no commits, repository or token). */
export function compareTarget(
  commits: { base: string | null; head: string | null },
  options: Pick<ChangeReadOptions, 'repository' | 'token'>,
): { base: string; head: string; repository: string } | { reason: string } {
  const { base, head } = commits;
  if (!base || !head) return { reason: 'the event does not name its base and head commits.' };
  if (!options.repository) return { reason: 'GITHUB_REPOSITORY is not set.' };
  if (!options.token) return { reason: `github-token is empty. ${ENABLE}` };
  return { base, head, repository: options.repository };
}

/**
 * GitHub's dependency review compare of the change's base and head. Never throws: whatever goes
 * wrong is a reason, and the gate then resolves nothing (contract: "Fail closed").
 */
export async function readChange(
  commits: { base: string | null; head: string | null },
  options: ChangeReadOptions,
): Promise<ChangeRead> {
  const unavailable = (reason: string): ChangeRead => ({ state: 'unavailable', reason });
  const target = compareTarget(commits, options);
  if ('reason' in target) return unavailable(target.reason);
  const { base, head, repository } = target;
  const url = `${options.apiUrl}/repos/${repository}/dependency-graph/compare/${base}...${head}`;
  const answer = await githubGet(url, options);
  const where = `GitHub's dependency review compare (${base.slice(0, 7)}...${head.slice(0, 7)})`;
  if (!answer.ok) return unavailable(`${where}: ${answer.reason}.`);
  if (answer.status === 403 || answer.status === 404) {
    return unavailable(
      `${where} answered HTTP ${answer.status}: the dependency graph${answer.status === 403 ? ' or code security' : ''} is not enabled for this repository, or github-token may not read it. ${ENABLE}`,
    );
  }
  if (answer.status < 200 || answer.status >= 300) return unavailable(`${where} answered HTTP ${answer.status}.`);
  let json: unknown;
  try {
    json = JSON.parse(answer.text.replace(/^\uFEFF/, ''));
  } catch {
    return unavailable(`${where}: the answer is not JSON.`);
  }
  const parsed = compareSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return unavailable(
      `${where}: the answer is not a list of changes (${issue?.path.join('.') || 'answer'}: ${issue?.message}).`,
    );
  }
  return { state: 'read', changes: parsed.data };
}
