// EPSS scores read alongside the service reads (contract: "Exploit prediction (EPSS)"): the CVE ids
// are handed over as the alert pages arrive, before each is checked (prefetch), and FIRST's API is
// asked in batches at once, a bounded number of requests in flight, so the scores are in when the
// alerts are; the scores given are those of the ids the verdict then asks for (ask). A CSV copy
// (by URL, or a workspace file read as the verdict must see it) is streamed once every id is known,
// keeping only their rows. Every request goes through the one GET (proxies, timeouts, retries, size
// cap) with nothing but CVE ids: no token, no repository, no alert id. Never rejects: scores that
// cannot be read are a message, which assemble.ts weighs.
import { getWithRetries, madeOnFirstSend } from '../../api/get.js';
import type { BodyReader } from '../../api/send.js';
import type { Transport } from '../../api/transport.js';
import type { VerdictFile } from '../../github/verdict-file.js';
import { readWorkspaceFile } from '../../github/workspace.js';
import {
  failure,
  feedSourceName,
  success,
  type EpssScore,
  type EpssScores,
  type FeedSource,
  type Outcome,
} from '../../model.js';
import { boundedBy, type Bounded } from '../bounded.js';
import { feedFileText } from '../feed-file.js';
import { cveBatches, MAX_CVE_PARAMETER_CHARS, MAX_CVES_PER_BATCH } from './batches.js';
import { keepWantedEpssRows, parseKeptEpssCsv } from './csv-stream.js';
import { parseEpssApiPage } from './scores.js';

/** A CSV copy unpacked, at most (contract); FIRST's is some 12 MB. */
export const MAX_EPSS_CSV_BYTES = 64 * 1024 * 1024;
/** An API answer: a page of 100 scores is some 10 KB. */
export const MAX_EPSS_ANSWER_BYTES = 16 * 1024 * 1024;
/** Requests to the API in flight at once: as many as alert pages (api/paginate.ts), 3,200 CVE ids. */
export const EPSS_CONCURRENCY = 32;

export interface EpssReadOptions {
  /** GITHUB_WORKSPACE: where a path is read. */
  workspace: string;
  timeoutMs: number;
  maxRetries: number;
  /** Injected so tests need no real clock. */
  sleep?: (ms: number) => Promise<void>;
  /** Reads an `epss-url` path as the verdict must see it (at a pull request's base commit); default the workspace's copy. */
  readFile?: (
    path: string,
    maxBytes: number,
    readBody: BodyReader,
  ) => Promise<{ file: VerdictFile; base: string | null }>;
  concurrency?: number;
}

/** Scores read as CVE ids become known, and given in the end for the ids asked for (each id requested once). */
export interface EpssReader {
  /**
   * Ids seen in an answer not yet checked (an alert page as it arrives): their scores are requested
   * at once, and given only if the ids are then asked for.
   */
  prefetch(cves: readonly string[]): void;
  /** The ids whose scores the verdict needs: requested now unless prefetched already. */
  ask(cves: readonly string[]): void;
  /** Every score asked for, or why they could not all be read; no more asks after it. */
  scores(): Promise<Outcome<EpssScores>>;
}

export function epssReader(source: FeedSource, options: EpssReadOptions): EpssReader {
  const where = `The EPSS scores (epss-url ${feedSourceName(source)})`;
  const reader =
    source.kind === 'url' && !isCsvUrl(source.url) ? apiReader(source.url, options) : csvReader(source, options);
  return {
    prefetch: reader.prefetch,
    ask: reader.ask,
    scores: async () => {
      const read = await reader.scores();
      if (!read.ok) return failure(`${where} ${read.error}`);
      const { asked, scores } = read.value;
      if (asked > 0 && scores.size === 0)
        return failure(
          `${where} score none of the ${asked} CVE ids asked for: a source with no score is not a source. Check that epss-url names FIRST's API or its daily CSV, whole and current.`,
        );
      return read;
    },
  };
}

const isCsvUrl = (url: string) => /\.csv(\.gz)?$/i.test(new URL(url).pathname);
const isGzip = (name: string) => /\.gz$/i.test(name);

const REACH =
  "Check epss-url and that the runner can reach it (behind a proxy: https_proxy and no_proxy); on a runner without internet access, give epss-url a copy of FIRST's daily CSV in the workspace.";

function apiReader(url: string, options: EpssReadOptions): EpssReader {
  const asked = new Set<string>();
  const requested = new Set<string>();
  let pending: string[] = [];
  const batches: Promise<Outcome<EpssScore[]>>[] = [];
  const limited = boundedBy(options.concurrency ?? EPSS_CONCURRENCY);
  // One transport for every batch: its connections are kept alive and reused, not made per request.
  const transport = madeOnFirstSend(url);
  const send = (ids: string[]) => batches.push(readBatch(url, ids, options, limited, transport));
  const request = (cves: readonly string[]) => {
    const before = pending.length;
    for (const cve of cves) {
      if (requested.has(cve)) continue;
      requested.add(cve);
      pending.push(cve);
    }
    if (pending.length === before) return;
    // Every batch that is full goes at once; the last waits for more ids only while it has room.
    const ready = cveBatches(pending);
    const last = ready.at(-1);
    pending = last && hasRoom(last) ? (ready.pop() ?? []) : [];
    ready.forEach(send);
  };
  return {
    prefetch: request,
    ask(cves) {
      for (const cve of cves) asked.add(cve);
      request(cves);
    },
    async scores() {
      // The last ids waiting for a batch leave now, those the verdict asks for: a prefetched id it
      // did not ask for (an alert that was not judged) needs no request of its own.
      const last = pending.filter((cve) => asked.has(cve));
      if (last.length > 0) send(last);
      pending = [];
      const read = await Promise.all(batches);
      const failed = read.filter((batch) => !batch.ok);
      if (failed.length > 0)
        return failure(
          `could not all be read (${failed.length} of ${read.length} requests failed): ${failed[0]!.error}`,
        );
      return success(
        scoresOf(
          read.flatMap((batch) => (batch.ok ? batch.value : [])),
          asked,
          null,
        ),
      );
    },
  };
}

/** Room for another id (CVE ids are some 14 to 20 characters). */
const hasRoom = (batch: string[]) =>
  batch.length < MAX_CVES_PER_BATCH && batch.join(',').length + 21 <= MAX_CVE_PARAMETER_CHARS;

/** The scores asked for (each id's first), the latest date among them as the scores' date. */
function scoresOf(read: EpssScore[], asked: ReadonlySet<string>, modelVersion: string | null): EpssScores {
  const scores = new Map<string, EpssScore>();
  let scoreDate: string | null = null;
  for (const score of read) {
    if (!asked.has(score.cve) || scores.has(score.cve)) continue;
    scores.set(score.cve, score);
    if (scoreDate === null || score.date > scoreDate) scoreDate = score.date;
  }
  return { scores, modelVersion, scoreDate, asked: asked.size };
}

/**
 * One batch's scores, every page of them: `offset` asks for the rest while `total` says more exist.
 * Progress is the distinct ids of the batch read (contract: "A feed that does not move is not read"):
 * a source that ignores `offset` answers the first page again, and counting its entries would end
 * the read with the rest taken as unscored. A page that brings no new id while `total` says more is
 * an incomplete read; each page must bring one, so there are at most as many pages as ids.
 */
async function readBatch(
  url: string,
  ids: string[],
  options: EpssReadOptions,
  limited: Bounded,
  transport: Transport,
): Promise<Outcome<EpssScore[]>> {
  const wanted = new Set(ids);
  const scores = new Map<string, EpssScore>();
  while (scores.size < wanted.size) {
    const offset = scores.size;
    const query = `cve=${ids.join(',')}${offset > 0 ? `&offset=${offset}` : ''}`;
    const read = await limited(() => readApiPage(`${url}?${query}`, options, transport));
    if (!read.ok) return read;
    for (const score of read.value.scores)
      if (wanted.has(score.cve) && !scores.has(score.cve)) scores.set(score.cve, score);
    const { total } = read.value;
    if (total === null || scores.size >= total) break;
    if (scores.size === offset) {
      const then = offset > 0 ? `, then nothing new when asked for the rest (offset ${offset})` : '';
      return failure(
        `could not be read: the API announced ${total} scores (total) for a request and sent ${offset} of its CVE ids${then}: the read is incomplete. A source that ignores offset (a mirror or a cache) cannot be paged; give epss-url FIRST's API or a copy of its daily CSV.`,
      );
    }
  }
  return success([...scores.values()]);
}

async function readApiPage(url: string, options: EpssReadOptions, transport: Transport) {
  const answer = await getWithRetries(url, {
    transport,
    // Nothing but the CVE ids in the URL: no token, no cookie, nothing about the repository (contract).
    headers: { Accept: 'application/json' },
    host: 'its host',
    whyNotFollowed: 'another origin, which is not followed; give epss-url the final address',
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    maxBytes: MAX_EPSS_ANSWER_BYTES,
    sleep: options.sleep,
  });
  if (!answer.ok) return failure(`could not be read: ${answer.reason}. ${REACH}`);
  if (answer.status < 200 || answer.status > 299)
    return failure(`could not be read: its host answered HTTP ${answer.status}. ${REACH}`);
  const page = parseEpssApiPage(answer.text);
  return page.ok
    ? page
    : failure(
        `cannot be read as FIRST's EPSS API: an answer ${page.error}. Check that epss-url names FIRST's API (https://api.first.org/data/v1/epss) or a copy of its daily CSV.`,
      );
}

function csvReader(source: FeedSource, options: EpssReadOptions): EpssReader {
  const wanted = new Set<string>();
  return {
    // The copy is read once, for every id asked for, when they are all known.
    prefetch: () => undefined,
    ask(cves) {
      for (const cve of cves) wanted.add(cve);
    },
    async scores() {
      if (wanted.size === 0) return success({ scores: new Map(), modelVersion: null, scoreDate: null, asked: 0 });
      const name = source.kind === 'url' ? new URL(source.url).pathname : source.path;
      const readBody = keepWantedEpssRows(wanted, isGzip(name), MAX_EPSS_CSV_BYTES);
      const text =
        source.kind === 'url'
          ? await csvFromUrl(source.url, readBody, options)
          : await csvFromFile(source.path, readBody, options);
      if (!text.ok) return text;
      const parsed = parseKeptEpssCsv(text.value, wanted.size);
      if (!parsed.ok)
        return failure(
          `cannot be read as FIRST's EPSS CSV: it ${parsed.error}. Check that epss-url names FIRST's daily CSV (.csv or .csv.gz) or a copy of it.`,
        );
      const { scores, modelVersion } = parsed.value;
      return success(scoresOf([...scores.values()], wanted, modelVersion));
    },
  };
}

async function csvFromUrl(url: string, readBody: BodyReader, options: EpssReadOptions): Promise<Outcome<string>> {
  const answer = await getWithRetries(url, {
    headers: { Accept: 'text/csv, application/gzip, */*' },
    host: 'its host',
    whyNotFollowed: 'another origin, which is not followed; give epss-url the final address',
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    maxBytes: MAX_EPSS_CSV_BYTES,
    sleep: options.sleep,
    readBody,
  });
  if (!answer.ok)
    return failure(
      `could not be read: ${answer.reason}${answer.reason.includes('larger than') ? ' unpacked' : ''}. ${REACH}`,
    );
  if (answer.status < 200 || answer.status > 299)
    return failure(
      `could not be read: its host answered HTTP ${answer.status}${answer.status === 404 ? ' (not found)' : ''}. ${REACH}`,
    );
  return success(answer.text);
}

async function csvFromFile(path: string, readBody: BodyReader, options: EpssReadOptions): Promise<Outcome<string>> {
  const read =
    options.readFile ??
    (async (p: string, maxBytes: number, reader: BodyReader) => ({
      file: await readWorkspaceFile(p, options.workspace, maxBytes, reader),
      base: null,
    }));
  const { file, base } = await read(path, MAX_EPSS_CSV_BYTES, readBody);
  return feedFileText(file, base, {
    what: 'CSV',
    input: 'epss-url',
    tooLarge: "it is larger than 64 MiB (unpacked), far more than FIRST's daily CSV (some 12 MB); check the path.",
  });
}
