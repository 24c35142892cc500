// The readers of an alert of sca/alerts/search (shared/spec/service-api.md), as the model's Alert:
// a fast one for alerts exactly as the spec describes them, a tolerant one for any other, and a memo
// of the advisories already read, one per run.
import { z } from 'zod';
import { cveIdsOf, failure, success, type Alert, type Outcome, type Reachability } from '../model.js';
import { count, describeIssue, eachOf, numeric, pageResponse, prose, wellFormed } from './schemas.js';
import { alertSeverity } from './severity.js';

/** An alert's severity score: null when missing, null or not a number; Infinity kept (it bands as critical). */
const severityScore = numeric.nullable().catch(null);
/** Report-only list of strings: [] when missing or null; non-strings dropped. */
const strings = z
  .array(z.unknown())
  .nullable()
  .catch(null)
  .transform((items) => (items ?? []).filter((item): item is string => typeof item === 'string'));
/**
 * Report-only long text (summary, description): longer than any report shows is cut here, so a
 * service that sends 100 KB descriptions does not fill the memory with them.
 */
export const MAX_TEXT = 4096;
/** Links: the reports show at most ten; an advisory may list thousands. */
const MAX_REFERENCES = 20;

/** Report-only date-time: null when missing or not one (by its form: it is only shown). */
const when = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/)
  .nullable()
  .catch(null);
/** An id the action cannot do without: `message` when missing, null or empty. */
const requiredId = (message: string) =>
  z.union([z.string(), z.number().transform(String)], { error: message }).pipe(z.string().trim().min(1, message));

/**
 * One field of an alert in its two forms: exactly as the spec describes it (the fast reader), and
 * tolerant (the tolerant reader), which must read to the same type. Both readers are built from the
 * tables below, so a field added to one cannot be forgotten in the other.
 */
interface Field<Exact extends z.ZodType> {
  exact: Exact;
  tolerant: z.ZodType<z.output<Exact>>;
}
type FieldTable = Record<string, Field<z.ZodType>>;

function field<Exact extends z.ZodType>(exact: Exact, tolerant: z.ZodType<z.output<Exact>>): Field<Exact> {
  return { exact, tolerant };
}

/** One form of every field of `table`, as the shape of a zod object. */
function shapeOf<T extends FieldTable, F extends 'exact' | 'tolerant'>(table: T, form: F): { [K in keyof T]: T[K][F] } {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, forms] of Object.entries(table)) shape[key] = forms[form];
  return shape as { [K in keyof T]: T[K][F] };
}

/**
 * An id exactly as the spec describes it, with nothing to trim: a padded one goes to the tolerant
 * reader, which trims it, so that both readers give every id the same.
 */
const wellFormedId = z.string().regex(/^\S(?:[\s\S]*\S)?$/);
/** Whole, non-negative counts in both forms: 0.5 unreachable is not "only unreachable". */
const wholeCount = z.number().int().nonnegative();

/** Reachability counts; tolerant: not analysed (null) when missing, empty, or any count is not a number. */
const REACHABILITY = {
  reachable: field(wholeCount, count),
  needsReview: field(wholeCount, count),
  unreachable: field(wholeCount, count),
};

/**
 * An alert's advisory (`metadata`). Tolerant: the advisory id is required; severity and score fall
 * back as the contract's "Severity" says; the rest only feeds the reports.
 */
const METADATA = {
  id: field(wellFormedId, requiredId('the alert has no advisory id (metadata.id)')),
  severity: field(
    z.string().nullable().optional(),
    z
      .unknown()
      .optional()
      .transform((v) => (typeof v === 'string' ? v : null)),
  ),
  severityScore: field(z.number().nullable().optional(), severityScore),
  packageIdentifier: field(z.string(), prose),
  summary: field(z.string(), prose),
  description: field(z.string(), prose),
  aliases: field(z.array(z.string()), strings),
  references: field(z.array(z.string()), strings),
};

/**
 * An alert. Tolerant: what the gate needs (`id`, `metadata.id`) is required; `isAlerted` is false
 * only when the service says so; everything else only feeds the reports, and may be null or missing.
 */
const ALERT = {
  id: field(wellFormedId, requiredId('the alert has no id')),
  isAlerted: field(
    z.boolean(),
    z
      .unknown()
      .optional()
      .transform((v) => v !== false && v !== 'false'),
  ),
  createdAt: field(
    z.string().optional(),
    when.transform((v) => v ?? undefined),
  ),
  updatedAt: field(
    z.string().optional(),
    when.transform((v) => v ?? undefined),
  ),
  metadata: field(
    z.object(shapeOf(METADATA, 'exact')),
    z.object(shapeOf(METADATA, 'tolerant'), 'the alert has no metadata'),
  ),
  languages: field(z.array(z.string()), strings),
  reachabilityCounts: field(
    z.object(shapeOf(REACHABILITY, 'exact')).nullable().optional(),
    z.object(shapeOf(REACHABILITY, 'tolerant')).nullable().catch(null),
  ),
};

/**
 * An alert exactly as the spec describes it. Most answers are this, and zod checks a plain object
 * like it several times faster than the tolerant reader below, which only reads what this refuses.
 */
const wellFormedAlertSchema = z.object(shapeOf(ALERT, 'exact'));
/** The same alert without its advisory, for an advisory already read (see `readAlert`). */
const wellFormedShellSchema = wellFormedAlertSchema.omit({ metadata: true });
type AlertFields = z.output<typeof wellFormedAlertSchema>;

/** Any other alert, read field by field. */
const tolerantAlertSchema: z.ZodType<AlertFields> = z.object(shapeOf(ALERT, 'tolerant'));

const clipText = (s: string) =>
  s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : s;
const isDateTime = (s: string | undefined) =>
  s !== undefined && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s) ? s : null;

/** What alerts repeat, as one copy each ({@link Repeated}) or as read (the readers without a memo). */
interface Sharing {
  text<T extends string | null>(value: T): T;
  list(items: string[]): string[];
  counts(r: Reachability | null): Reachability | null;
}
const AS_READ: Sharing = { text: (value) => value, list: (items) => items, counts: (r) => r };

/** Values of a kind held at most, like the memo's advisories; past it, a value not yet met is kept as read. */
const MAX_REPEATED = 10_000;

/** The copy already held under `key`, else `value`, remembered while there is room. */
function heldCopy<T>(held: Map<string, T>, key: string, value: T): T {
  const known = held.get(key);
  if (known !== undefined) return known;
  if (held.size < MAX_REPEATED) held.set(key, value);
  return value;
}

/**
 * One copy of each value alerts repeat besides their advisory's texts: the package (advisories share
 * packages), the dates, the languages and the reachability counts. JSON.parse gives every alert
 * copies of its own: 100,000 alerts of distinct advisories held some 20 MiB of them. Per run, as
 * the memo is.
 */
class Repeated implements Sharing {
  private readonly texts = new Map<string, string>();
  private readonly lists = new Map<string, string[]>();
  private readonly reachability = new Map<string, Reachability>();

  text<T extends string | null>(value: T): T {
    return value === null ? value : (heldCopy(this.texts, value, value) as T);
  }

  list(items: string[]): string[] {
    const held = heldCopy(this.lists, items.join('\n'), items);
    // ['a\nb'] and ['a', 'b'] have one key.
    return held.length === items.length && held.every((item, i) => item === items[i]) ? held : items;
  }

  counts(r: Reachability | null): Reachability | null {
    if (r === null) return r;
    const held = heldCopy(this.reachability, `${r.reachable} ${r.needsReview} ${r.unreachable}`, r);
    // The key reads -0 as 0; the model keeps what was read.
    const same = (k: keyof Reachability) => Object.is(held[k], r[k]);
    return same('reachable') && same('needsReview') && same('unreachable') ? held : r;
  }
}

/** What an alert takes from its advisory (`metadata`), the same for every alert of that advisory. */
type AdvisoryPart = Pick<
  Alert,
  'advisory' | 'aliases' | 'severity' | 'score' | 'package' | 'summary' | 'description' | 'references'
>;

/** The model's part of an advisory: severity normalised, long text cut, nothing else kept. */
function advisoryPart(metadata: AlertFields['metadata'], repeated: Sharing = AS_READ): AdvisoryPart {
  const score = metadata.severityScore ?? null;
  return {
    advisory: metadata.id,
    aliases: metadata.aliases,
    severity: alertSeverity(metadata.severity, score),
    score: score !== null && Number.isFinite(score) ? score : null,
    // Advisories share packages: one copy of each.
    package: repeated.text(wellFormed(metadata.packageIdentifier)),
    summary: wellFormed(clipText(metadata.summary)),
    description: wellFormed(clipText(metadata.description)),
    references:
      metadata.references.length > MAX_REFERENCES ? metadata.references.slice(0, MAX_REFERENCES) : metadata.references,
  };
}

/** The model's Alert from the fields read, the values alerts repeat through `repeated`. */
function toAlert(alert: Omit<AlertFields, 'metadata'>, part: AdvisoryPart, repeated: Sharing = AS_READ): Alert {
  return {
    id: alert.id,
    advisory: part.advisory,
    aliases: part.aliases,
    severity: part.severity,
    score: part.score,
    alerted: alert.isAlerted,
    reachability: repeated.counts(alert.reachabilityCounts ?? null),
    package: part.package,
    summary: part.summary,
    description: part.description,
    references: part.references,
    languages: repeated.list(alert.languages),
    createdAt: repeated.text(isDateTime(alert.createdAt)),
    updatedAt: repeated.text(isDateTime(alert.updatedAt)),
  };
}

/** Reads one alert as the model's Alert, or says what it lacks for the gate. */
export type AlertReader = (value: unknown) => Outcome<Alert>;

/**
 * Advisories already read, by id, with zod's reading of their metadata. A repository's alerts
 * repeat advisories (one advisory, many manifests): an alert whose metadata is, field for field,
 * the metadata of one already read has the same reading, so zod reads only the rest of it, and the
 * alerts share one copy of the advisory's texts. A memo of zod's own results, never a second reader.
 * It holds zod's output, not the wire object (no unknown keys), and only advisories whose texts
 * were kept whole: nothing the alerts do not hold already.
 */
type AdvisoryMemo = Map<string, { metadata: AlertFields['metadata']; part: AdvisoryPart }>;
/** More than most repositories have; past it, the alerts of advisories not yet met are read whole. */
const MAX_ADVISORIES = 10_000;
const METADATA_FIELDS = Object.keys(METADATA);

/** Equal field for field, `a` being metadata read well-formed (strings, numbers, lists of strings). */
function sameMetadata(a: AlertFields['metadata'], b: Record<string, unknown>): boolean {
  for (const field of METADATA_FIELDS) {
    const x = (a as Record<string, unknown>)[field];
    const y = b[field];
    if (Object.is(x, y)) continue;
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  }
  return true;
}

/** Remembers an advisory whose texts were kept whole, while the memo has room. */
function remember(advisories: AdvisoryMemo, metadata: AlertFields['metadata'], part: AdvisoryPart): void {
  const whole =
    metadata.summary.length <= MAX_TEXT &&
    metadata.description.length <= MAX_TEXT &&
    metadata.references.length <= MAX_REFERENCES;
  if (!whole || advisories.size >= MAX_ADVISORIES) return;
  // The package as the alerts hold it (one copy for every advisory of the package), when it reads the same.
  const packageIdentifier = metadata.packageIdentifier === part.package ? part.package : metadata.packageIdentifier;
  advisories.set(part.advisory, { metadata: { ...metadata, packageIdentifier }, part });
}

/**
 * A reader with a memo of its own, for one run (createEndpoints makes one): nothing a run or a test
 * reads is known to another, and the memo goes when the run does.
 */
export function createAlertReader(): AlertReader {
  const memo = { advisories: new Map() as AdvisoryMemo, repeated: new Repeated() };
  return (value) => readAlert(value, memo);
}

/**
 * One alert as the model's Alert: an advisory already read, else the fast reader (the spec's shape),
 * else the tolerant reader. Wherever the fast reader reads an alert, the tolerant one reads it the
 * same (__tests__/api/alert-readers.test.ts proves it over every fixture and edge case).
 */
function readAlert(
  value: unknown,
  { advisories, repeated }: { advisories: AdvisoryMemo; repeated: Repeated },
): Outcome<Alert> {
  const metadata = (value as { metadata?: unknown } | null)?.metadata;
  const raw = typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>) : null;
  const known = typeof raw?.id === 'string' ? advisories.get(raw.id) : undefined;
  if (known !== undefined && raw !== null && sameMetadata(known.metadata, raw)) {
    const shell = wellFormedShellSchema.safeParse(value);
    if (shell.success) return success(toAlert(shell.data, known.part, repeated));
  }
  const wellFormed = wellFormedAlertSchema.safeParse(value);
  if (!wellFormed.success) return readTolerantAlert(value);
  const part = advisoryPart(wellFormed.data.metadata, repeated);
  if (known === undefined) remember(advisories, wellFormed.data.metadata, part);
  return success(toAlert(wellFormed.data, part, repeated));
}

/** The fast reader alone, without the memo: the Alert when `value` has the spec's shape, else null. */
export function readWellFormedAlert(value: unknown): Alert | null {
  const parsed = wellFormedAlertSchema.safeParse(value);
  return parsed.success ? toAlert(parsed.data, advisoryPart(parsed.data.metadata)) : null;
}

/** The tolerant reader alone: any alert, field by field, or what it lacks for the gate. */
export function readTolerantAlert(value: unknown): Outcome<Alert> {
  const parsed = tolerantAlertSchema.safeParse(value);
  return parsed.success
    ? success(toAlert(parsed.data, advisoryPart(parsed.data.metadata)))
    : failure(parsed.error.issues.map(describeIssue).join('; '));
}

/**
 * The answer of sca/alerts/search, each alert read on its own by `read` (its memo spans the pages
 * of the run): one that lacks what the gate needs is reported by position.
 */
export function alertsResponseSchema(read: AlertReader) {
  return z.object({ alerts: eachOf(read), ...pageResponse });
}

/**
 * The CVE ids of an alerts page's JSON not yet checked (its advisory ids and aliases that are CVE
 * ids), so that their EPSS scores can be asked for as the page arrives. Nothing else of the page is
 * read, and nothing of it is kept.
 */
export function cveIdsOfAlertsAnswer(data: unknown): string[] {
  const alerts = (data as { alerts?: unknown } | null)?.alerts;
  if (!Array.isArray(alerts)) return [];
  const advisories: Array<{ advisory: unknown; aliases: readonly unknown[] }> = [];
  for (const alert of alerts as unknown[]) {
    const metadata = (alert as { metadata?: { id?: unknown; aliases?: unknown } } | null)?.metadata;
    if (typeof metadata !== 'object' || metadata === null) continue;
    advisories.push({ advisory: metadata.id, aliases: Array.isArray(metadata.aliases) ? metadata.aliases : [] });
  }
  return cveIdsOf(advisories);
}
