// Pure: GitHub's advisories asked in batches of GraphQL fields, and the answers read (contract:
// "Advisories at the scale of a lockfile"). GitHub's REST API reads one advisory a request, so a
// lockfile-wide change would spend the token's rate limit; one query holds up to 100 aliased
// fields: `securityAdvisory(ghsaId:)` for a GHSA id, `securityAdvisories(identifier: {type: CVE})`
// for an id known only as a CVE. What is read of an advisory is said once, in ADVISORY_FIELDS.
import { z } from 'zod';
import { cveId, failure, success, type Outcome } from '../model.js';
import type { GraphqlAnswer, GraphqlRequest } from './graphql.js';

/** What the gate takes of a GitHub advisory: its CVE ids, and the packages it affects with their first patched version. */
export interface GitHubAdvisory {
  ghsaId: string;
  /** Upper-cased, each once. */
  cves: string[];
  vulnerabilities: AffectedPackage[];
}

export interface AffectedPackage {
  /** GitHub's word for it, as GraphQL spells it: MAVEN, NPM, PIP, GO … */
  ecosystem: string;
  name: string;
  /** null: no version fixes it. */
  firstPatched: string | null;
  /** GitHub's range of the versions it affects (`>= 2.0.0, < 2.15.0`); null when it gives none. */
  range: string | null;
}

/** Fields in one query at most (GitHub's own figure for a connection's page; 5,000 advisories are 50 queries). */
export const FIELDS_PER_QUERY = 100;
/** Advisories one CVE id may name, read at most (in practice one or two). */
const ADVISORIES_PER_CVE = 10;
/**
 * Packages read of an advisory at most: GitHub's limit for a connection's page. A query stays well
 * within GitHub's 500,000 nodes: 100 CVE fields × 10 advisories × 100 packages is 101,000.
 */
const PACKAGES_PER_ADVISORY = 100;

/** The one list of what is read of an advisory, for both kinds of field (CVE ids, and the Fix column's packages). */
const ADVISORY_FIELDS = `fragment advisory on SecurityAdvisory {
  ghsaId
  identifiers { type value }
  vulnerabilities(first: ${PACKAGES_PER_ADVISORY}) { nodes { package { ecosystem name } vulnerableVersionRange firstPatchedVersion { identifier } } }
}`;

/** The batches asked, in order: each id once (case-insensitively), at most {@link FIELDS_PER_QUERY} a batch. */
export function batchesOf(ids: readonly string[]): string[][] {
  // The first spelling of an id is the one asked.
  const distinct = new Map<string, string>();
  for (const id of ids) if (!distinct.has(id.trim().toLowerCase())) distinct.set(id.trim().toLowerCase(), id.trim());
  const asked = [...distinct.values()];
  const batches: string[][] = [];
  for (let at = 0; at < asked.length; at += FIELDS_PER_QUERY) batches.push(asked.slice(at, at + FIELDS_PER_QUERY));
  return batches;
}

/** The query of one batch: field `a{i}` asks for `batch[i]`, its value passed as variable `$a{i}`, never spliced in. */
export function queryOf(batch: readonly string[]): GraphqlRequest {
  const fields = batch.map((id, i) =>
    cveId(id) === null
      ? `  a${i}: securityAdvisory(ghsaId: $a${i}) { ...advisory }`
      : `  a${i}: securityAdvisories(identifier: {type: CVE, value: $a${i}}, first: ${ADVISORIES_PER_CVE}) { nodes { ...advisory } }`,
  );
  const variables = batch.map((_, i) => `$a${i}: String!`).join(', ');
  return {
    query: `query(${variables}) {\n${fields.join('\n')}\n}\n${ADVISORY_FIELDS}`,
    variables: Object.fromEntries(batch.map((id, i) => [`a${i}`, id])),
  };
}

const advisorySchema = z.object({
  ghsaId: z.string(),
  identifiers: z.array(z.object({ type: z.string().nullish(), value: z.string().nullish() }).nullable()).nullish(),
  // Only the Fix column reads each package: one GitHub answers oddly is left out (no fix shown for
  // it), never a failure of the advisory, whose CVE ids the verdict may need.
  vulnerabilities: z.object({
    nodes: z.array(
      z
        .object({
          package: z.object({ ecosystem: z.string(), name: z.string() }),
          vulnerableVersionRange: z.string().nullish(),
          firstPatchedVersion: z.object({ identifier: z.string() }).nullish(),
        })
        .nullable()
        .catch(null),
    ),
  }),
});
const advisoriesSchema = z.object({ nodes: z.array(advisorySchema) });

/** Each id of the batch as GitHub answered it: a GHSA id its one advisory, a CVE id every advisory that names it. */
export function readBatch(batch: readonly string[], answer: GraphqlAnswer): Map<string, Outcome<GitHubAdvisory[]>> {
  // An error about a field (its path begins with the field's alias) fails that field; one about none, all.
  const aboutAll = answer.errors.filter((e) => e.path.length === 0);
  return new Map(
    batch.map((id, i) => {
      const alias = `a${i}`;
      const errors = [...answer.errors.filter((e) => e.path[0] === alias), ...aboutAll];
      return [id, readField(id, answer.data[alias], errors)];
    }),
  );
}

function readField(id: string, value: unknown, errors: GraphqlAnswer['errors']): Outcome<GitHubAdvisory[]> {
  if (errors.length > 0) return failure(errors.map((e) => `${e.type ? `${e.type}: ` : ''}${e.message}`).join('; '));
  if (cveId(id) !== null) {
    const parsed = advisoriesSchema.safeParse(value);
    return parsed.success ? success(parsed.data.nodes.map(advisoryOf)) : notAdvisories(value, parsed.error);
  }
  const parsed = advisorySchema.safeParse(value);
  if (!parsed.success) return notAdvisories(value, parsed.error);
  if (parsed.data.ghsaId.toLowerCase() !== id.toLowerCase())
    return failure(`GitHub's answer is another advisory (${parsed.data.ghsaId})`);
  return success([advisoryOf(parsed.data)]);
}

/** Why a field is not what was asked: null (GitHub sends a NOT_FOUND error with it; either says so), or the first bad part. */
function notAdvisories(value: unknown, error: z.ZodError): Outcome<never> {
  if (value === null || value === undefined) return failure('GitHub does not know it');
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return failure(`GitHub's answer is not an advisory (${where}${issue?.message ?? 'unreadable'})`);
}

function advisoryOf(read: z.infer<typeof advisorySchema>): GitHubAdvisory {
  const named = (read.identifiers ?? []).filter((i) => i?.type?.toUpperCase() === 'CVE').map((i) => cveId(i?.value));
  return {
    ghsaId: read.ghsaId,
    cves: [...new Set(named.filter((id) => id !== null))],
    vulnerabilities: read.vulnerabilities.nodes.flatMap((node) =>
      node === null
        ? []
        : [
            {
              ecosystem: node.package.ecosystem,
              name: node.package.name,
              firstPatched: node.firstPatchedVersion?.identifier ?? null,
              range: node.vulnerableVersionRange ?? null,
            },
          ],
    ),
  };
}
