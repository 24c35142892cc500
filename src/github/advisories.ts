// GitHub's advisories, read in batches through its GraphQL API (contract: "Advisories at the scale of
// a lockfile"; the queries and their reading are advisory-query.ts's): a finding the pull request
// brings in is known by its GHSA id, while the KEV catalog, EPSS, allow-alerts and VEX statements may
// speak of its CVE ids. Each advisory is asked once a run; 5,000 of them are 50 requests.
import { failure, success, type Outcome } from '../model.js';
import { batchesOf, queryOf, readBatch, type GitHubAdvisory } from './advisory-query.js';
import { githubGraphql } from './graphql.js';
import type { GitHubGetOptions } from './rest.js';

export type { AffectedPackage, GitHubAdvisory } from './advisory-query.js';

export interface AdvisoryReadOptions extends Omit<GitHubGetOptions, 'accept' | 'maxBytes'> {
  /** GitHub's GraphQL endpoint (RunnerContext.graphqlUrl). */
  graphqlUrl: string;
}

/**
 * Queries in flight at once: GitHub asks integrations not to send many at a time (its secondary rate
 * limits); a few keep a lockfile-wide change's 50 queries from taking 50 round trips one after another.
 */
const CONCURRENCY = 4;
/** An answer of 100 advisories with their packages is some hundreds of KB. */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * Each id's advisories (a GHSA id: its one advisory; a CVE id: every advisory GitHub lists under it),
 * or why they could not be read; by id as given (ids are case-insensitive: each asked once).
 */
export async function readAdvisories(
  ids: readonly string[],
  options: AdvisoryReadOptions,
): Promise<Map<string, Outcome<GitHubAdvisory[]>>> {
  const batches = batchesOf(ids);
  const read = new Map<string, Outcome<GitHubAdvisory[]>>();
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      for (const [id, outcome] of await readOne(batch, options)) read.set(id.toLowerCase(), outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batches.length) }, worker));
  return new Map(ids.map((id) => [id, read.get(id.trim().toLowerCase())!]));
}

async function readOne(batch: string[], options: AdvisoryReadOptions): Promise<Map<string, Outcome<GitHubAdvisory[]>>> {
  const { graphqlUrl, ...rest } = options;
  // No token is no token (contract: "An empty token is no token"): GitHub's GraphQL API answers none.
  if (!options.token) {
    const why = `GitHub's ${batch.length > 1 ? 'advisories' : 'advisory'} ${named(batch)} could not be read: github-token is empty. Give the step github-token (its default is the job's token).`;
    return new Map(batch.map((id) => [id, failure(why)] as const));
  }
  const answer = await githubGraphql(graphqlUrl, queryOf(batch), { ...rest, maxBytes: MAX_BYTES });
  const read = answer.ok
    ? readBatch(batch, answer.value)
    : new Map(batch.map((id) => [id, failure(answer.error)] as const));
  const where = (id: string) =>
    answer.ok ? `GitHub's advisory ${id}` : `GitHub's ${batch.length > 1 ? 'advisories' : 'advisory'} ${named(batch)}`;
  return new Map(
    [...read].map(([id, outcome]) => [
      id,
      outcome.ok ? outcome : failure(`${where(id)} could not be read: ${outcome.error.replace(/\.$/, '')}.`),
    ]),
  );
}

/** The first few ids of a batch, and how many more. */
function named(batch: string[]): string {
  const shown = batch.slice(0, 5).join(', ');
  return batch.length > 5 ? `${shown} and ${batch.length - 5} more` : shown;
}

/** The CVE ids an id's advisories name, each once. */
export const cvesOfAdvisories = (advisories: readonly GitHubAdvisory[]): string[] => [
  ...new Set(advisories.flatMap((a) => a.cves)),
];

/** Each GHSA id's CVE ids (upper-cased, each once), or why its advisory could not be read; by GHSA id as given. */
export async function readAdvisoryCves(
  ghsaIds: readonly string[],
  options: AdvisoryReadOptions,
): Promise<Map<string, Outcome<string[]>>> {
  const read = await readAdvisories(ghsaIds, options);
  return new Map(
    [...read].map(([id, outcome]) => [id, outcome.ok ? success(cvesOfAdvisories(outcome.value)) : outcome]),
  );
}
