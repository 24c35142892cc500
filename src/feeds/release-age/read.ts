// When each version a pull request brings in was published (contract: "Release age"): `GET
// {url}/v3/systems/{SYSTEM}/packages/{name}/versions/{version}` of deps.dev's v3 API (or a mirror),
// each distinct version once, at most 16 in flight, through the one send and retry loop (proxies,
// per-hop timeouts, the size cap; 429 and 5xx retried). Unknown is new: a 404, or an answer without a
// usable `publishedAt`, is a publish time unknown, for the verdict to hold as too new. Any other
// failure fails the whole read (the verdict makes it an API error), and what is still queued is not
// sent. What leaves (contract: "What leaves the runner"): the system, name and version in the path,
// and the User-Agent; no token, nothing of the repository. Never rejects.
import { z } from 'zod';
import { madeOnFirstSend, requestWithRetries } from '../../api/get.js';
import type { Transport } from '../../api/transport.js';
import { parseInstant } from '../../instants.js';
import { failure, success, type Outcome } from '../../model.js';
import { releaseKey, versionPath, type ReleaseQuery } from './systems.js';

export { releaseKey, releaseQuery, systemOf, type ReleaseQuery } from './systems.js';

/** Requests in flight at most (contract). */
export const RELEASE_AGE_CONCURRENCY = 16;
/** A GetVersion answer is a few KB (its links, advisories and attestations); a mirror's page is no bigger. */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** A publish time later than this after the run is no publish time (a clock or a source that lies). */
const MAX_FUTURE_MS = 24 * 3_600_000;

/** What the source says of a version: published at an instant (ms), or unknown and why. */
export type ReleaseTime = { kind: 'published'; at: number } | { kind: 'unknown'; why: string };

export interface ReleaseAgeOptions {
  timeoutMs: number;
  maxRetries: number;
  /** The run's instant: a publish time more than a day after it is unknown. */
  now: number;
  sleep?: (ms: number) => Promise<void>;
  concurrency?: number;
  transport?: Transport;
}

/** The part of GetVersion's answer read: `publishedAt`, an RFC 3339 instant (absent for some versions). */
const versionAnswer = z.object({ publishedAt: z.unknown().optional() }, { error: 'is not a JSON object' });

/** How messages name the source: `release age (release-age-url https://api.deps.dev)`. */
const where = (url: string) => `Release age (release-age-url ${url})`;

/** Each distinct version's publish time (by releaseKey), or why the read failed, naming release-age-url and what to do. */
export async function readPublishTimes(
  url: string,
  queries: Iterable<ReleaseQuery>,
  options: ReleaseAgeOptions,
): Promise<Outcome<Map<string, ReleaseTime>>> {
  const base = url.replace(/\/+$/, '');
  const distinct = new Map<string, ReleaseQuery>();
  for (const query of queries) if (!distinct.has(releaseKey(query))) distinct.set(releaseKey(query), query);
  const transport = options.transport ?? madeOnFirstSend(base);
  const times = new Map<string, ReleaseTime>();
  let stop = null as string | null;
  // A pool of workers, each taking the next version: memory holds the versions, not a promise each.
  const queue = distinct.entries();
  const worker = async () => {
    for (let next = queue.next(); !next.done && stop === null; next = queue.next()) {
      const [key, query] = next.value;
      const read = await readOne(base, query, options, transport);
      if (read.ok) times.set(key, read.value);
      else stop ??= read.error; // the read failed: what is queued is not sent
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? RELEASE_AGE_CONCURRENCY, distinct.size));
  await Promise.all(Array.from({ length: workers }, worker));
  return stop === null ? success(times) : failure(`${where(base)} could not be read: ${stop}`);
}

async function readOne(
  base: string,
  query: ReleaseQuery,
  options: ReleaseAgeOptions,
  transport: Transport,
): Promise<Outcome<ReleaseTime>> {
  const label = `${query.system} ${query.name} ${query.version}`;
  const path = versionPath(query);
  // Never asked, so never known: too new, as a version the source has not seen.
  if (path === null) return success({ kind: 'unknown', why: 'not a name and version that can be asked' });
  const answer = await requestWithRetries(
    `${base}${path}`,
    { method: 'GET' },
    {
      transport,
      headers: { Accept: 'application/json' },
      host: 'the release-age host',
      whyNotFollowed: 'another origin, which is not followed; give release-age-url the final address',
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
      maxBytes: MAX_ANSWER_BYTES,
      sleep: options.sleep,
    },
  );
  const reach = 'Check release-age-url and that the runner can reach it (behind a proxy: https_proxy and no_proxy).';
  if (!answer.ok) return failure(`${label}: ${answer.reason}. ${reach}`);
  // Unknown is new: a version the source has not seen (an attacker's, minutes old) never passes as old.
  if (answer.status === 404) return success({ kind: 'unknown', why: 'not found (404)' });
  if (answer.status < 200 || answer.status > 299)
    return failure(`${label}: the host answered HTTP ${answer.status}. ${reach}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return failure(
      `${label}: the answer is not JSON. Check that release-age-url names deps.dev's API (https://api.deps.dev) or a mirror of it.`,
    );
  }
  const parsed = versionAnswer.safeParse(body);
  if (!parsed.success)
    return failure(
      `${label}: the answer is not a version. Check that release-age-url names deps.dev's API (https://api.deps.dev) or a mirror of it.`,
    );
  return success(publishTimeOf(parsed.data.publishedAt, options.now));
}

/** `publishedAt` as the verdict reads it: an instant, or why it is unknown (contract: "Unknown is new"). */
export function publishTimeOf(publishedAt: unknown, now: number): ReleaseTime {
  if (publishedAt === undefined || publishedAt === null || publishedAt === '')
    return { kind: 'unknown', why: 'no publishedAt' };
  const at = parseInstant(publishedAt);
  if (at === null) return { kind: 'unknown', why: 'publishedAt is not RFC 3339 with a zone' };
  if (at - now > MAX_FUTURE_MS) return { kind: 'unknown', why: 'publishedAt is more than a day in the future' };
  return { kind: 'published', at };
}
