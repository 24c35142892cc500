// A query to GitHub's GraphQL API (POST {graphql endpoint}, github-token) through the one request
// path (github/rest.ts), and its answer's envelope read: GitHub answers HTTP 200 with `data` (each
// field asked, null where it failed) and `errors` (each naming the field it is about by `path`, with a
// `type` such as NOT_FOUND), or with `errors` alone when nothing could be run (a rate limit, a query
// it refuses). What the fields mean is the caller's to say.
import { z } from 'zod';
import { redactor } from '../api/redaction.js';
import { failure, success, type Outcome } from '../model.js';
import { githubPost, type GitHubGetOptions } from './rest.js';

export interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
}

/** An error GitHub reported beside the data: what it says, its type, and the field it is about (empty: none named). */
export interface GraphqlError {
  message: string;
  type: string | null;
  path: (string | number)[];
}

/** The fields GitHub answered (null where one failed) and the errors it reported with them. */
export interface GraphqlAnswer {
  data: Record<string, unknown>;
  errors: GraphqlError[];
}

const envelope = z.looseObject({
  data: z.record(z.string(), z.unknown()).nullish(),
  errors: z
    .array(
      z.looseObject({
        message: z.string().nullish(),
        type: z.string().nullish(),
        path: z.array(z.union([z.string(), z.number()])).nullish(),
      }),
    )
    .nullish(),
});

/** The text of GitHub's messages kept at most, each. */
const MAX_MESSAGE = 300;

/** The answer to `request`, or why there is none (said after "could not be read: "). Never rejects. */
export async function githubGraphql(
  url: string,
  request: GraphqlRequest,
  options: GitHubGetOptions,
): Promise<Outcome<GraphqlAnswer>> {
  const answer = await githubPost(url, JSON.stringify(request), { ...options, accept: 'application/json' });
  if (!answer.ok) return failure(answer.reason);
  const redact = redactor([options.token ?? '', ...(options.secrets ?? [])]);
  return readEnvelope(answer.status, answer.text, (text) => redact(text).slice(0, MAX_MESSAGE));
}

/** Pure: an answer's status and text as the fields and errors GitHub sent, or why they are not usable. */
export function readEnvelope(
  status: number,
  text: string,
  clean: (message: string) => string = (m) => m,
): Outcome<GraphqlAnswer> {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return failure(status === 200 ? 'GitHub answered HTTP 200, not JSON' : `GitHub answered HTTP ${status}`);
  }
  const parsed = envelope.safeParse(json);
  const said = (json as { message?: unknown } | null)?.message;
  if (status !== 200)
    return failure(`GitHub answered HTTP ${status}${typeof said === 'string' ? ` (${clean(said)})` : ''}`);
  if (!parsed.success) return failure('GitHub answered HTTP 200 with no GraphQL answer');
  const errors = (parsed.data.errors ?? []).map((e): GraphqlError => ({
    message: clean(e.message ?? ''),
    type: e.type ?? null,
    path: e.path ?? [],
  }));
  const { data } = parsed.data;
  if (!data) {
    const why = errors.map((e) => `${e.type ? `${e.type}: ` : ''}${e.message}`).join('; ');
    return failure(`GitHub answered no data${why ? ` (${why})` : ''}`);
  }
  return success({ data, errors });
}
