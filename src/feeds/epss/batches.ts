// Pure: CVE ids in the batches FIRST's API is asked for (contract: "Exploit prediction (EPSS)"): at
// most 2,000 characters of the `cve` value a request, commas included (FIRST's documented limit).
// A batch also holds at most 100 ids, FIRST's page of answers, so that a batch is one request
// unless the server pages smaller (then `offset` asks for the rest).

/** FIRST's limit on the `cve` parameter, in characters, commas included. */
export const MAX_CVE_PARAMETER_CHARS = 2_000;
/** FIRST's default page (`limit`): more ids than this would need a second, sequential request. */
export const MAX_CVES_PER_BATCH = 100;

/** The ids in order, each batch's `cve` value (ids joined by commas) at most `maxChars` long. */
export function cveBatches(
  ids: readonly string[],
  maxChars = MAX_CVE_PARAMETER_CHARS,
  maxIds = MAX_CVES_PER_BATCH,
): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let length = 0;
  for (const id of ids) {
    const added = batch.length === 0 ? id.length : length + 1 + id.length;
    if (batch.length > 0 && (added > maxChars || batch.length >= maxIds)) {
      batches.push(batch);
      [batch, length] = [[id], id.length];
    } else {
      batch.push(id);
      length = added;
    }
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
