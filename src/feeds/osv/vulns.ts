// Each vulnerability's record (contract: "Vulnerabilities of added entries"): `GET
// {url}/v1/vulns/{id}` once a run for each distinct id, a bounded number in flight, one transport
// for them all; nothing leaves but the id. Each id's read stands alone: one OSV does not know (404)
// or cannot give is a failure of that id, and the others are still read. Never rejects.
import { madeOnFirstSend } from '../../api/get.js';
import type { Transport } from '../../api/transport.js';
import { failure, type Outcome } from '../../model.js';
import { boundedBy } from '../bounded.js';
import { readVulnRecord, type OsvVuln } from './record.js';
import { answeredText, askOsv, NOT_OSV, osvBase, osvWhere, REACH, type OsvReadOptions } from './request.js';

/** Records read at once: small GETs, some dozens a pull request. */
export const OSV_VULNS_CONCURRENCY = 16;

/** Each distinct id's record, or why it could not be read (in a sentence naming osv-url), in the order first given. */
export async function osvVulns(
  url: string,
  ids: Iterable<string>,
  options: OsvReadOptions,
): Promise<Map<string, Outcome<OsvVuln>>> {
  const base = osvBase(url);
  const distinct = [...new Set(ids)];
  const limited = boundedBy(options.concurrency ?? OSV_VULNS_CONCURRENCY);
  const transport = options.transport ?? madeOnFirstSend(base);
  const read = await Promise.all(distinct.map((id) => limited(() => readRecord(base, id, options, transport))));
  return new Map(distinct.map((id, i) => [id, read[i]!]));
}

async function readRecord(
  base: string,
  id: string,
  options: OsvReadOptions,
  transport: Transport,
): Promise<Outcome<OsvVuln>> {
  const where = osvWhere(base);
  const answer = await askOsv(`${base}/v1/vulns/${encodeURIComponent(id)}`, { method: 'GET' }, options, transport);
  if (answer.ok && answer.status === 404) return failure(`${where} has no record ${id} (HTTP 404)`);
  const text = answeredText(answer);
  if (!text.ok) return failure(`${where} could not give the record ${id}: ${text.error}. ${REACH}`);
  const record = readVulnRecord(text.value);
  return record.ok
    ? record
    : failure(`${where} answered for ${id} what is not a record: it ${record.error}. ${NOT_OSV}`);
}
