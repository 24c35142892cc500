// What one send to the service means: its data (JSON, secrets redacted), or a failure of one of
// the kinds of ApiError, with the words of its message. The one place that knows what a status of
// the service's answer says; whether it is retried is api/retry.ts's to say, from the same send.
import type { z } from 'zod';
import type { ApiErrorKind } from './errors.js';
import { mayHoldSecret, redactStrings } from './redaction.js';
import { describeIssue, errorBodySchema } from './schemas.js';
import { isFinalServerError } from './retry.js';
import { MAX_REDIRECTS, type Sent } from './send.js';

/** A send that gave no data: why (not yet redacted, which the client does before any message). */
export class Failure {
  constructor(
    readonly kind: ApiErrorKind,
    readonly detail: string,
    readonly status: number | null,
  ) {}
}

/** A 2xx answer's data, before the endpoint's schema; an empty body reads as null. */
export interface Read {
  data: unknown;
  empty: boolean;
}

export interface ClassifyContext {
  timeoutMs: number;
  maxBytes: number;
  /** Token values and proxy passwords: none may reach the data. */
  secrets: string[];
  redact: (text: string) => string;
}

export function classify(sent: Sent, context: ClassifyContext): Read | Failure {
  switch (sent.kind) {
    case 'other-origin':
      return new Failure(
        'redirect',
        `HTTP ${sent.status} redirect to another origin (${sent.to.origin}) refused: the API token is never sent there.`,
        sent.status,
      );
    case 'too-many':
      return new Failure('redirect', `more than ${MAX_REDIRECTS} redirects.`, sent.status);
    case 'timeout':
      return new Failure('timeout', `no answer within ${context.timeoutMs / 1000} s.`, null);
    case 'network':
      return new Failure('network', `network error: ${sent.description}.`, null);
    case 'too-large':
      // A redirect without a Location says so whatever its body, as its body is not what was asked for.
      if (isRedirect(sent.status)) return noLocation(sent.status);
      return new Failure('too-large', `response larger than ${context.maxBytes} bytes.`, sent.status);
    case 'answer':
      if (isRedirect(sent.status)) return noLocation(sent.status);
      return sent.status >= 200 && sent.status < 300 ? read(sent, context) : failedStatus(sent, context.redact);
  }
}

/** The data checked against the endpoint's schema: what it gives, or what does not match. */
export function matchSchema<S extends z.ZodType>(answer: Read, schema: S): { data: z.output<S> } | Failure {
  const parsed = schema.safeParse(answer.data);
  if (parsed.success) return { data: parsed.data };
  const problem = answer.empty
    ? 'an empty response, where the API answers with data'
    : `response does not match the API schema: ${describeIssues(parsed.error.issues)}`;
  return new Failure('invalid-response', `${problem}.`, 200);
}

/**
 * A failure said with where it was asked (`base` is api-url, `path` the endpoint's): what answered
 * is not the service's API (a 405, a web page), or a 404 that an unknown id or api-url may have
 * caused, says the URL asked for; a 404 to a path api-url's own /api/v1 doubled says so.
 */
export function explain(base: string, path: string, failure: Failure): Failure {
  // Only the installations read is sent app-id: another read's error that names an app is not about it.
  const named =
    failure.kind === 'installation' && !path.includes('/installations/')
      ? new Failure('request', failure.detail, failure.status)
      : failure;
  const doubled = doubledPath(base, path, named);
  if (doubled !== named) return doubled;
  const asked = `POST ${base}${path}`;
  if (named.kind === 'api-url') {
    const detail = `${named.detail} ${describeApiUrl(base)} does not lead to the service's API (asked: ${asked}).`;
    return new Failure('api-url', detail, named.status);
  }
  if (named.kind === 'request' && named.status === 404)
    return new Failure('request', `${named.detail} Asked: ${asked}.`, named.status);
  return named;
}

/** api-url as messages name it: the URL, its host and its path (contract: "Errors blame the right input"). */
export function describeApiUrl(base: string): string {
  const url = URL.parse(base);
  if (!url) return `api-url ${base}`;
  const path = url.pathname.replace(/\/+$/, '');
  return `api-url ${base} (host ${url.origin}, ${path ? `path ${path}` : 'no path'})`;
}

/**
 * What a service's error names, of what the action has an input for: the organization
 * (organization-id) or the installation (app-id); the first named when both are. Paths in it are
 * left out: "no operation at /api/v1/installations/repositories" names no installation.
 */
export function subjectOf(message: string): 'organization' | 'installation' | null {
  const words = message.replace(/\S*\/\S*/g, ' ');
  const named = (
    [
      ['organization', words.search(/\borgani[sz]ation|\borg[ _-]?id\b/i)],
      ['installation', words.search(/\binstallation|\bapp(?:[ _-]?id)?\b(?!\.\w)/i)],
    ] as const
  ).filter(([, at]) => at >= 0);
  return named.sort((a, b) => a[1] - b[1])[0]?.[0] ?? null;
}

/**
 * A 404 when `base` (api-url) itself ends in /api/v1: the action adds /api/v1 to every path, so the
 * request went to …/api/v1/api/v1/…, and the 404 is api-url's doing, not an unknown id's. Said on
 * the 404 rather than refused with the inputs: a gateway may serve the service under a prefix that
 * itself ends in /api/v1, and there the doubled path is right and answers. Not when the service's
 * answer names the organization or the installation: then it was the service that answered.
 */
function doubledPath(base: string, path: string, failure: Failure): Failure {
  const notTheService = failure.kind === 'request' || failure.kind === 'api-url';
  if (failure.status !== 404 || !notTheService || !/\/api\/v1$/i.test(base)) return failure;
  const detail = `${failure.detail} api-url ends in /api/v1, and the action adds /api/v1 to every path: the request went to …/api/v1${path}.`;
  return new Failure('doubled-path', detail, failure.status);
}

const isRedirect = (status: number) => status >= 300 && status < 400;

const noLocation = (status: number) =>
  new Failure('invalid-response', `HTTP ${status} without a Location header.`, status);

type Answered = Extract<Sent, { kind: 'answer' }>;

function read(answer: Answered, { secrets, redact }: ClassifyContext): Read | Failure {
  // An empty success (204 No Content) reads as null: each endpoint's schema says whether that will do.
  if (answer.text.trim() === '') return { data: null, empty: true };
  try {
    const data = JSON.parse(answer.text) as unknown;
    return { data: mayHoldSecret(answer.text, secrets) ? redactStrings(data, redact) : data, empty: false };
  } catch {
    const type = answer.header('content-type') ?? 'no content-type';
    const problem = `response is not JSON (HTTP ${answer.status}, ${type}): ${preview(redact(answer.text))}.`;
    // A web page where the service answers JSON: api-url leads to a web site, not to the API.
    return isWebPage(answer)
      ? new Failure('api-url', `${problem} A web page, not the service's JSON.`, answer.status)
      : new Failure('invalid-response', problem, answer.status);
  }
}

function failedStatus(answer: Answered, redact: (text: string) => string): Failure {
  const { status, statusText } = answer;
  const message = serverMessage(answer.text, redact);
  const said = message ? ` The service said: "${message}".` : '';
  const head = `HTTP ${status}${statusText ? ` ${statusText}` : ''}.${said}`;
  if (status === 401 || status === 403)
    return new Failure('credentials', `the service rejected the API token: ${head}`, status);
  // Every operation of the service is a POST: what refuses the method is not the service's API.
  if (status === 405) return new Failure('api-url', `${head} The server does not take POST there.`, status);
  if (isFinalServerError(status)) return new Failure('not-retried', head, status);
  // Retried (with its Retry-After) by api/retry.ts; this is what is said once the retries are spent.
  if (status === 429 || status >= 500) return new Failure('server', head, status);
  if (isWebPage(answer)) {
    const type = answer.header('content-type') ?? 'no content-type';
    const page = `a web page (${type}), not the service's JSON: ${preview(redact(answer.text))}`;
    return new Failure('api-url', `HTTP ${status}${statusText ? ` ${statusText}` : ''}, ${page}.`, status);
  }
  return new Failure((message ? subjectOf(message) : null) ?? 'request', head, status);
}

/** HTML (by its type, or markup where JSON was due): a web server's page, not the service. */
const isWebPage = (answer: Answered) =>
  /html/i.test(answer.header('content-type') ?? '') || answer.text.trimStart().startsWith('<');

/**
 * `{"error": "..."}` is how the service explains a failure; fall back to nothing. Redacted before it
 * is cut: a cut through an echoed token would leave a piece that no longer matches it.
 */
function serverMessage(text: string, redact: (text: string) => string): string | null {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? redact(parsed.data.error).slice(0, 300) : null;
  } catch {
    return null;
  }
}

/** The start of a body that is not JSON; `text` redacted already, as for {@link serverMessage}. */
function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat ? `"${flat.slice(0, 80)}${flat.length > 80 ? '…' : ''}"` : 'an empty body';
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues
    .slice(0, 5)
    .map((issue) => (issue.path.length === 0 ? `(response): ${issue.message}` : describeIssue(issue)));
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return shown.join('; ') + more;
}
