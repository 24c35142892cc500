// The pull request's dependency changes: GitHub's dependency review compare of the event's base and
// head (contract: "Pull requests and time"), wire -> model. Read alongside the service reads; its
// failure never fails the step, it only means nothing is resolved (fail closed), with a notice.
import { z } from 'zod';
import type { DependencyChange } from '../model.js';

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

/** The two commits a pull request or merge group compares; null when the event does not say. */
export interface ComparedCommits {
  base: string;
  head: string;
}

/** Events judged as a change: their base and head come from the event payload. */
export const CHANGE_EVENTS = ['pull_request', 'pull_request_target', 'merge_group'] as const;

const sha = (value: unknown): string | null =>
  typeof value === 'string' && /^[0-9a-f]{7,64}$/i.test(value) ? value : null;

/** `pull_request.base.sha`/`head.sha`, or `merge_group.base_sha`/`head_sha`. */
export function comparedCommits(eventName: string | null, event: Record<string, unknown>): ComparedCommits | null {
  if (!CHANGE_EVENTS.includes(eventName as (typeof CHANGE_EVENTS)[number])) return null;
  const group = event.merge_group as { base_sha?: unknown; head_sha?: unknown } | undefined;
  const pr = event.pull_request as { base?: { sha?: unknown }; head?: { sha?: unknown } } | undefined;
  const base = eventName === 'merge_group' ? sha(group?.base_sha) : sha(pr?.base?.sha);
  const head = eventName === 'merge_group' ? sha(group?.head_sha) : sha(pr?.head?.sha);
  return base && head ? { base, head } : null;
}
