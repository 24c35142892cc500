// Pure: an OpenVEX v0.2.0 document read into the gate's statements (contract: "VEX statements",
// "Valid or refused"). Every problem of a file is named at once, with the statement's index; fields
// the contract does not list are ignored (zod's default), so a newer tool's extras do not refuse it.
import { z } from 'zod';
import { parseInstant } from '../instants.js';
import {
  failure,
  success,
  VEX_JUSTIFICATIONS,
  VEX_STATUSES,
  type Outcome,
  type VexJustification,
  type VexStatement,
} from '../model.js';

const CONTEXT = 'https://openvex.dev/ns';

const optionalText = z.string().nullish();

/** A product or subcomponent: what names it (its @id, its identifiers' purl) and, for a product, its parts. */
const component = z.object({
  '@id': optionalText,
  identifiers: z.object({ purl: optionalText }).nullish(),
});
const product = component.extend({ subcomponents: z.array(component).nullish() });

const TIME_FIELDS = ['timestamp', 'last_updated'] as const;

/** Why a time given is no instant; null when it is one. */
function timeProblem(value: string): string | null {
  if (parseInstant(value) !== null) return null;
  // Quoted as JSON (control characters escaped), and cut: it is the file's text.
  const shown = JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  // One that reads with a Z added only lacks its zone: the runner's would be a guess.
  return parseInstant(`${value}Z`) !== null
    ? `${shown} has no time zone: add Z (UTC) or an offset such as +09:00; the gate never reads a time in the runner's zone.`
    : `${shown} is not an RFC 3339 date-time with a zone (such as 2025-06-01T10:00:00Z), or not a real one.`;
}

/** The times given (null or absent: none) that are no instant: each field with why. */
function timeProblems(times: Partial<Record<(typeof TIME_FIELDS)[number], string | null>>) {
  return TIME_FIELDS.flatMap((field) => {
    const value = times[field];
    const problem = typeof value === 'string' ? timeProblem(value) : null;
    return problem === null ? [] : [{ field, problem }];
  });
}

const statement = z
  .object({
    vulnerability: z.object(
      {
        name: z.string('is required').refine((name) => name.trim() !== '', 'is empty'),
        '@id': optionalText,
        aliases: z.array(z.string()).nullish(),
      },
      'is required (with its name)',
    ),
    status: z.enum(VEX_STATUSES, `must be one of ${VEX_STATUSES.join(', ')}`),
    products: z
      .array(product, 'is required: a statement needs a product')
      .min(1, 'is empty: a statement needs a product'),
    justification: optionalText,
    impact_statement: optionalText,
    action_statement: optionalText,
    status_notes: optionalText,
    timestamp: optionalText,
    last_updated: optionalText,
  })
  .superRefine((s, ctx) => {
    const label = s.justification ?? null;
    if (label !== null && !(VEX_JUSTIFICATIONS as readonly string[]).includes(label))
      ctx.addIssue({
        code: 'custom',
        path: ['justification'],
        message: `"${label}" is not one of ${VEX_JUSTIFICATIONS.join(', ')}`,
      });
    if (s.status === 'not_affected' && !label && !s.impact_statement?.trim())
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'not_affected needs a justification or an impact_statement',
      });
    for (const { field, problem } of timeProblems(s)) ctx.addIssue({ code: 'custom', path: [field], message: problem });
  });

export type ParsedProduct = z.infer<typeof product>;
type Statement = z.infer<typeof statement>;

const documentHead = z.object({
  '@context': z.string('is required').refine((c) => c.startsWith(CONTEXT), `must begin ${CONTEXT}`),
  '@id': optionalText,
  author: optionalText,
  timestamp: optionalText,
  last_updated: optionalText,
  statements: z.array(z.unknown(), 'is required').min(1, 'is empty'),
});

/** A document read: its @id, author, and statements with the products each names. */
export interface VexDocument {
  file: string;
  id: string;
  author: string | null;
  statements: { statement: VexStatement; products: ParsedProduct[] }[];
}

/** An instant from a time read (each is checked to be one); null when absent. */
const instant = (value: string | null | undefined): number | null => (value ? parseInstant(value) : null);

/** zod's issues as "file: statements[2]: status must be one of …". */
function describeIssues(file: string, prefix: string, issues: z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const path = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
    return `vex-files ${file}: ${prefix}${path}${issue.message}`;
  });
}

/**
 * One file's text as a document, or every reason it is refused (each naming the file and, for a
 * statement, its index). `file` is the path as vex-files gives it.
 */
export function parseVexDocument(textOf: string, file: string): Outcome<VexDocument, string[]> {
  let json: unknown;
  try {
    json = JSON.parse(textOf.replace(/^\uFEFF/, ''));
  } catch (error) {
    return failure([`vex-files ${file}: is not JSON (${error instanceof Error ? error.message : String(error)})`]);
  }
  const head = documentHead.safeParse(json);
  if (!head.success) return failure(describeIssues(file, '', head.error.issues));
  // The document's own times, then every statement: all its problems at once.
  const errors = timeProblems(head.data).map(({ field, problem }) => `vex-files ${file}: ${field}: ${problem}`);
  const read: Statement[] = [];
  head.data.statements.forEach((raw, i) => {
    const parsed = statement.safeParse(raw);
    if (parsed.success) read.push(parsed.data);
    else errors.push(...describeIssues(file, `statements[${i}]: `, parsed.error.issues));
  });
  if (errors.length > 0) return failure(errors);
  const doc = head.data;
  const id = doc['@id'] || file;
  const docTime = instant(doc.last_updated) ?? instant(doc.timestamp);
  const statements = read.map((s, i) => ({
    statement: statementOf(s, { document: id, author: doc.author ?? null, file, statement: i }, docTime),
    products: s.products,
  }));
  return success({ file, id, author: doc.author ?? null, statements });
}

function statementOf(
  s: Statement,
  source: Pick<VexStatement, 'document' | 'author' | 'file' | 'statement'>,
  docTime: number | null,
): VexStatement {
  const { vulnerability: v } = s;
  return {
    ...source,
    vulnerability: { name: v.name.trim(), id: v['@id'] ?? null, aliases: v.aliases ?? [] },
    status: s.status,
    justification: (s.justification as VexJustification | null | undefined) ?? null,
    impactStatement: s.impact_statement ?? null,
    actionStatement: s.action_statement ?? null,
    statusNotes: s.status_notes ?? null,
    time: instant(s.last_updated) ?? instant(s.timestamp) ?? docTime,
  };
}
