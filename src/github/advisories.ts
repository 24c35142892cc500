// The CVE ids of GitHub's advisories (contract: "Brought in by the pull request"): a finding the pull
// request brings in is known by its GHSA id; the KEV catalog (and EPSS) speak of CVE ids, which
// GitHub's global advisory gives (`GET /advisories/{ghsa_id}`: `cve_id`, and `identifiers` of type
// CVE). Each advisory is read once a run, a few at a time, through the one GitHub GET.
import { z } from 'zod';
import { cveId, failure, success, type Outcome } from '../model.js';
import { githubGet, type GitHubGetOptions } from './rest.js';

export interface AdvisoryReadOptions extends Omit<GitHubGetOptions, 'accept' | 'maxBytes'> {
  /** GITHUB_API_URL, without a trailing slash. */
  apiUrl: string;
}

const advisorySchema = z.looseObject({
  ghsa_id: z.string(),
  cve_id: z.string().nullish(),
  identifiers: z.array(z.looseObject({ type: z.string().nullish(), value: z.string().nullish() })).nullish(),
});

/** Requests in flight at once: a pull request brings in a handful; a lockfile-wide one, not thousands at once. */
const CONCURRENCY = 8;
/** An advisory is a few KB. */
const MAX_BYTES = 1024 * 1024;

/** Each advisory's CVE ids (upper-cased, each once), or why it could not be read; by GHSA id as given. */
export async function readAdvisoryCves(
  ghsaIds: readonly string[],
  options: AdvisoryReadOptions,
): Promise<Map<string, Outcome<string[]>>> {
  // GHSA ids are case-insensitive: one read an advisory, whatever the case it comes in.
  const ids = [...new Map(ghsaIds.map((id) => [id.toLowerCase(), id])).values()];
  const read = new Map<string, Outcome<string[]>>();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      read.set(id.toLowerCase(), await readOne(id, options));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
  return new Map(ghsaIds.map((id) => [id, read.get(id.toLowerCase())!]));
}

async function readOne(ghsa: string, options: AdvisoryReadOptions): Promise<Outcome<string[]>> {
  const where = `GitHub's advisory ${ghsa}`;
  const answer = await githubGet(`${options.apiUrl}/advisories/${encodeURIComponent(ghsa)}`, {
    ...options,
    maxBytes: MAX_BYTES,
  });
  if (!answer.ok) return failure(`${where} could not be read: ${answer.reason}.`);
  if (answer.status !== 200) return failure(`${where} could not be read: GitHub answered HTTP ${answer.status}.`);
  let json: unknown;
  try {
    json = JSON.parse(answer.text.replace(/^\uFEFF/, ''));
  } catch {
    return failure(`${where}: GitHub's answer is not JSON.`);
  }
  const parsed = advisorySchema.safeParse(json);
  if (!parsed.success || parsed.data.ghsa_id.toLowerCase() !== ghsa.toLowerCase())
    return failure(`${where}: GitHub's answer is not that advisory.`);
  const { cve_id, identifiers } = parsed.data;
  const named = [cve_id, ...(identifiers ?? []).filter((i) => i.type?.toUpperCase() === 'CVE').map((i) => i.value)];
  return success([...new Set(named.map(cveId).filter((id) => id !== null))]);
}
