// The one error type of the service client: what went wrong, where, and what the user can do.
export type ApiErrorKind =
  | 'credentials' // 401/403: the token was rejected
  | 'request' // other 4xx, or a request this client refused to send
  | 'server' // 5xx or 429 after the retries
  | 'network' // connection failed or was dropped
  | 'timeout' // no complete answer within the per-request timeout
  | 'redirect' // a redirect to another origin (never followed with the token)
  | 'invalid-response' // not JSON, or not the shape of the spec
  | 'too-large' // an answer beyond the size this client reads
  | 'incomplete' // a paged read that did not bring every item the service announced
  | 'doubled-path'; // a 404 to a path api-url's own /api/v1 doubled

const KIND_ADVICE: Record<ApiErrorKind, string> = {
  credentials: 'Check api-token-id and api-token-secret (and that the token may read this organization).',
  request: 'Check the inputs sent to the service (organization-id, repository-id, app-id).',
  server: 'The service is failing; try again later or raise max-retries.',
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
    super(`${endpoint} failed${tries}: ${detail} ${KIND_ADVICE[kind]}`, cause === undefined ? undefined : { cause });
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
