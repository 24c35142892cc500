// The one error type of the service client: what went wrong, where, and what the user can do.
export type ApiErrorKind =
  | 'credentials' // 401/403: the token was rejected
  | 'request' // other 4xx, or a request this client refused to send
  | 'organization' // a 4xx whose error names the organization ("organization … not found")
  | 'installation' // a 4xx whose error names the installation or app ("installation … not found")
  | 'api-url' // a 405 or a web page: what answered is not the service's API
  | 'server' // 5xx or 429 after the retries
  | 'not-retried' // 501 or 505: the server will not do it, however often asked
  | 'network' // connection failed or was dropped
  | 'timeout' // no complete answer within the per-request timeout
  | 'redirect' // a redirect to another origin (never followed with the token)
  | 'invalid-response' // not JSON, or not the shape of the spec
  | 'too-large' // an answer beyond the size this client reads
  | 'incomplete' // a paged read that did not bring every item the service announced
  | 'doubled-path'; // a 404 to a path api-url's own /api/v1 doubled

/** What to do about api-url when what answered is not the service's API. */
const API_URL_ADVICE =
  "Check api-url: the service's base address (scheme, host and any path prefix, without /api/v1), e.g. https://security.example.com.";

const KIND_ADVICE: Record<Exclude<ApiErrorKind, 'request'>, string> = {
  credentials: 'Check api-token-id and api-token-secret (and that the token may read this organization).',
  organization: "Check organization-id: your organization's id in the service.",
  installation: 'Check app-id, or give repository-id.',
  'api-url': API_URL_ADVICE,
  server: 'The service is failing; try again later or raise max-retries.',
  'not-retried':
    'Asking again will not change it, so it was not retried: check api-url, and any proxy between the runner and the service.',
  network:
    "Check api-url and that the runner can reach the service (behind a proxy: https_proxy and no_proxy; an intercepting proxy's CA in NODE_EXTRA_CA_CERTS).",
  timeout: 'The service did not answer in time; raise request-timeout-seconds or try again later.',
  redirect: 'Point api-url at the final address of the service.',
  'invalid-response': 'The service answered something this action does not understand; check api-url.',
  'too-large':
    'The answer was larger than this action reads; a page of alerts that large is asked for again in smaller pages, anything else is a fault of the service.',
  incomplete:
    'The service did not return everything it announced, and the gate cannot vouch for what it did not see; try again, and report it to the service if it persists.',
  'doubled-path': 'Give api-url without /api/v1, e.g. https://security.example.com.',
};

/**
 * A request the service refused, its error naming nothing the action knows: check what that
 * endpoint is sent (never app-id: only an answer that names the installation blames it); a 404 may
 * as well be an api-url that does not lead to the service.
 */
function requestAdvice(endpoint: string, status: number | null): string {
  const sent = endpoint.includes('/stats/')
    ? 'organization-id and project-id'
    : /\/(sca|scans|repositories)\//.test(endpoint)
      ? 'organization-id and repository-id'
      : endpoint.includes('/installations/')
        ? 'organization-id'
        : 'the inputs sent to the service';
  return status === 404 ? `Check ${sent}, or api-url (its host and path).` : `Check ${sent}.`;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly endpoint: string,
    readonly kind: ApiErrorKind,
    readonly detail: string,
    readonly status: number | null = null,
    readonly attempts = 1,
    /** What it wraps, kept for the debug log (as anchore/scan-action does). */
    cause?: unknown,
  ) {
    const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
    const advice = kind === 'request' ? requestAdvice(endpoint, status) : KIND_ADVICE[kind];
    super(`${endpoint} failed${tries}: ${detail} ${advice}`, cause === undefined ? undefined : { cause });
  }
}

/**
 * The runner's setup cannot be used (a proxy of a scheme requests cannot go through, a malformed
 * URL in its environment): nothing can be sent, and no retry or on-api-error changes that. Its
 * message names the cause and the way out, and is shown as it is.
 */
export class SetupError extends Error {
  override readonly name = 'SetupError';
}
