// CISA's Known Exploited Vulnerabilities catalog, wire -> model (contract: "Known exploited
// vulnerabilities"). Its published schema: an object with `vulnerabilities[]`, each entry with
// `cveID`, `dateAdded`, `dueDate`, `knownRansomwareCampaignUse` ("Known" or "Unknown"),
// `vulnerabilityName` and more. Unknown fields are ignored; an entry without a CVE id is skipped
// and counted; a catalog without the array is not the catalog.
import { z } from 'zod';
import { cveId, failure, success, type KevCatalog, type KevEntry, type Outcome } from '../../model.js';

// Each field optional: zod runs a transform on a missing key only when its schema is optional, and
// a field left out is not given, never a reason to refuse the entry or the catalog.
/** A YYYY-MM-DD date (a date-time is read as its date); null when the catalog gives none. */
const date = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null));
const words = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' ? v : ''));

const entrySchema = z.object({
  cveID: z.unknown(),
  dateAdded: date,
  dueDate: date,
  knownRansomwareCampaignUse: z
    .unknown()
    .optional()
    .transform((v) => (typeof v !== 'string' ? null : /^known$/i.test(v) ? true : /^unknown$/i.test(v) ? false : null)),
  vulnerabilityName: words,
});

const catalogSchema = z.object(
  {
    catalogVersion: z
      .unknown()
      .optional()
      .transform((v) => (typeof v === 'string' && v !== '' ? v : null)),
    dateReleased: z
      .unknown()
      .optional()
      .transform((v) => (typeof v === 'string' && v !== '' ? v : null)),
    vulnerabilities: z.array(z.unknown(), { error: 'has no vulnerabilities array' }),
  },
  { error: 'is not a JSON object' },
);

/** The catalog's entries by CVE id, or why the text is not a catalog. */
export function parseCatalog(text: string): Outcome<KevCatalog> {
  let json: unknown;
  try {
    // A file's text may start with a byte-order mark (the transport drops one from an answer's).
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return failure(`is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = catalogSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const what =
      issue?.path[0] === 'vulnerabilities' ? 'has no vulnerabilities array' : (issue?.message ?? 'is not a catalog');
    return failure(`${what}, so it is not the KEV catalog`);
  }
  const entries = new Map<string, KevEntry>();
  let skipped = 0;
  for (const raw of parsed.data.vulnerabilities) {
    const entry = entrySchema.safeParse(raw);
    const cve = entry.success ? cveId(entry.data.cveID) : null;
    if (!entry.success || cve === null) {
      skipped++;
      continue;
    }
    // A CVE listed twice: the first entry stands (CISA lists each once).
    if (entries.has(cve)) continue;
    const { dateAdded, dueDate, knownRansomwareCampaignUse: ransomware, vulnerabilityName: name } = entry.data;
    entries.set(cve, { cve, dateAdded, dueDate, ransomware, name });
  }
  // A source with nothing usable is not a source (contract: "Verdict integrity"): a truncated mirror
  // or another feed's shape would otherwise pass every alert having checked none.
  if (entries.size === 0)
    return failure(
      `has no entry with a CVE id (${skipped === 0 ? 'its vulnerabilities array is empty' : `${skipped} ${skipped === 1 ? 'entry' : 'entries'}, none with a cveID of the form CVE-YYYY-N`}): no entry has a CVE id, so it is not the KEV catalog`,
    );
  const { catalogVersion: version, dateReleased: released } = parsed.data;
  return success({ entries, version, released, skipped });
}
