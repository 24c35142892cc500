// FIRST's EPSS scores, wire -> model (contract: "Exploit prediction (EPSS)"). The API answers
// `{total, offset, limit, data: [{cve, epss, percentile, date}]}` with the numbers as strings; the
// daily CSV starts `#model_version:v2025.03.14,score_date:2025-03-14T00:00:00+0000`, then the header
// `cve,epss,percentile`, then a row per CVE. Unknown fields are ignored; a score that is not a
// fraction from 0 to 1 is not a score, and makes the answer unusable (fail closed), never skipped.
import { z } from 'zod';
import { cveId, failure, success, type EpssScore, type Outcome } from '../../model.js';

const NUMERIC = /^\s*\d*\.?\d+(e-?\d+)?\s*$/i;
const DAY = /^\d{4}-\d{2}-\d{2}/;

/** A fraction from 0 to 1, sent as a number or a numeric string. */
const fraction = z
  .union([z.number(), z.string().regex(NUMERIC)])
  .transform(Number)
  .pipe(z.number().min(0).max(1));
const day = z
  .string()
  .regex(DAY)
  .transform((v) => v.slice(0, 10));

const apiEntry = z.object({
  cve: z
    .string()
    .transform((v, ctx) => cveId(v) ?? (ctx.addIssue({ code: 'custom', message: 'is not a CVE id' }), z.NEVER)),
  epss: fraction,
  percentile: fraction,
  date: day,
});

const apiPage = z.object(
  {
    total: z
      .union([z.number(), z.string().regex(/^\d+$/)])
      .transform(Number)
      .nullish(),
    // An array, its entries each read below: zod's own look at each entry would cost more than the reading.
    data: z.custom<unknown[]>((v) => Array.isArray(v), { error: 'has no data array' }),
  },
  { error: 'is not a JSON object' },
);

/** One answer of the API: its scores, and how many it announced (`total`; null when it did not say). */
export interface EpssApiPage {
  scores: EpssScore[];
  total: number | null;
}

/** `fraction` read without zod: the number, or null where `fraction` refuses the value. */
function fractionOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && NUMERIC.test(value) ? Number(value) : NaN;
  return n >= 0 && n <= 1 ? n : null;
}

/**
 * An API entry read without zod: thousands come in a run, and zod reads each in some 10 µs where
 * this takes well under one. The score where `apiEntry` reads one, the same; null wherever it does
 * not (__tests__/feeds/epss/pure.test.ts compares the two), and then `apiEntry` says why.
 */
export function readApiEntry(raw: unknown): EpssScore | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { cve, epss, percentile, date } = raw as Record<string, unknown>;
  const id = typeof cve === 'string' ? cveId(cve) : null;
  const probability = fractionOf(epss);
  const rank = fractionOf(percentile);
  if (id === null || probability === null || rank === null || typeof date !== 'string' || !DAY.test(date)) return null;
  return { cve: id, probability, percentile: rank, date: date.slice(0, 10) };
}

/** An API entry read by its schema: the score, or why it is not one. */
export function readApiEntryStrictly(raw: unknown): Outcome<EpssScore> {
  const entry = apiEntry.safeParse(raw);
  if (entry.success) {
    const { cve, epss: probability, percentile, date } = entry.data;
    return success({ cve, probability, percentile, date });
  }
  const field = String(entry.error.issues[0]?.path[0] ?? 'value');
  const missing = typeof raw !== 'object' || raw === null || (raw as Record<string, unknown>)[field] == null;
  return failure(`its ${field} ${missing ? 'is missing' : 'is not usable'}`);
}

/** An API answer's scores, or why it is not one (naming the entry and field). */
export function parseEpssApiPage(text: string): Outcome<EpssApiPage> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return failure(`is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const page = apiPage.safeParse(json);
  if (!page.success) return failure(page.error.issues[0]?.message ?? 'is not an EPSS answer');
  const scores: EpssScore[] = [];
  const entries = page.data.data;
  for (let i = 0; i < entries.length; i++) {
    const score = readApiEntry(entries[i]);
    if (score !== null) {
      scores.push(score);
      continue;
    }
    const strictly = readApiEntryStrictly(entries[i]);
    if (!strictly.ok) return failure(`has an unusable entry ${i + 1} of data (${strictly.error})`);
    scores.push(strictly.value);
  }
  return success({ scores, total: page.data.total ?? null });
}

/** What the CSV's first line says: `#model_version:v2025.03.14,score_date:2025-03-14T00:00:00+0000`. */
export interface EpssCsvHead {
  modelVersion: string | null;
  /** YYYY-MM-DD. */
  scoreDate: string;
}

/** The first line's model version and score date; null when it is not FIRST's first line. */
export function parseEpssCsvHead(line: string): EpssCsvHead | null {
  if (!line.startsWith('#')) return null;
  const fields = new Map(
    line
      .slice(1)
      .split(',')
      .map((part) => {
        const at = part.indexOf(':');
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
      }),
  );
  const date = /^\d{4}-\d{2}-\d{2}/.exec(fields.get('score_date') ?? '')?.[0];
  if (date === undefined) return null;
  return { modelVersion: fields.get('model_version') || null, scoreDate: date };
}

/** FIRST's header line, spaces and case aside. */
export const isEpssCsvHeader = (line: string): boolean =>
  line.replace(/\s/g, '').toLowerCase() === 'cve,epss,percentile';

/** The CVE id a row is about (upper-cased), read without parsing the rest; null when it names none. */
export function epssRowCve(line: string): string | null {
  const comma = line.indexOf(',');
  return comma < 0 ? null : cveId(line.slice(0, comma));
}

/** A row `CVE-2021-44228,0.94358,0.99958` scored on `date`; null when it is not such a row. */
export function parseEpssCsvRow(line: string, date: string): EpssScore | null {
  const [id, epss, percentile, ...rest] = line.split(',');
  const cve = cveId(id);
  const probability = fractionOf(epss?.trim() ?? '');
  const rank = fractionOf(percentile?.trim() ?? '');
  if (cve === null || probability === null || rank === null || rest.some((extra) => extra.trim() !== '')) return null;
  return { cve, probability, percentile: rank, date };
}
