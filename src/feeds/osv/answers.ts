// OSV's querybatch answers, wire -> what the gate uses, read with zod (contract: "Malicious
// packages"): `{results: [{vulns?: [{id, modified?}], next_page_token?}]}`, one result per query in
// the order asked (osv.dev guarantees the order; a count that differs is no answer). OSV's JSON
// leaves empty fields out, so every list may be missing (or null). A record of `/v1/vulns/{id}` is
// read by record.ts (apart: the malicious check loads neither it nor the CVSS scorer).
import { z } from 'zod';
import { failure, success, type Outcome } from '../../model.js';
import type { BatchResult } from './queries.js';

export const list = <T extends z.ZodType>(item: T) => z.array(item).nullish();

const batchAnswer = z.object(
  {
    results: z.array(
      z.object({
        vulns: list(z.object({ id: z.string().min(1), modified: z.string().nullish() })),
        next_page_token: z.string().nullish(),
      }),
    ),
  },
  { error: 'is not a JSON object' },
);

/** JSON text read with `schema`, or why it is no answer (shared with record.ts). */
export function parsed<T>(text: string, schema: z.ZodType<T>): Outcome<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return failure(`is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const read = schema.safeParse(json);
  if (read.success) return success(read.data);
  const issue = read.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  return failure(path === '' ? (issue?.message ?? 'is not usable') : `has no usable ${path} (${issue?.message})`);
}

/** A querybatch answer's results, one per query asked (`asked` of them), or why it is no answer. */
export function readQueryBatchAnswer(text: string, asked: number): Outcome<BatchResult[]> {
  const answer = parsed(text, batchAnswer);
  if (!answer.ok) return answer;
  const { results } = answer.value;
  if (results.length !== asked)
    return failure(
      `has ${results.length} ${results.length === 1 ? 'result' : 'results'} for ${asked} ${asked === 1 ? 'query' : 'queries'}`,
    );
  return success(
    results.map((result) => ({
      ids: (result.vulns ?? []).map((vuln) => vuln.id),
      nextPageToken: result.next_page_token || null,
    })),
  );
}
