// Step 1 of the contract: read and validate every input before any request. One zod schema is the
// single source of truth for defaults and rules; every bad input is reported at once.
import * as z from 'zod/mini';
import {
  COMMENT_MODES,
  EPSS_API_URL,
  DEPS_DEV_URL,
  EXISTING_ALERTS,
  failure,
  MALICIOUS,
  OSV_URL,
  feedSourceName,
  KEV_FEED_URL,
  KNOWN_EXPLOITED,
  ON_API_ERROR,
  PR_CHANGES,
  PR_INTRODUCED,
  success,
  THRESHOLDS,
  UNKNOWN_LICENSES,
  type AllowEntry,
  type InputSource,
  type Outcome,
  type RunOptions,
} from '../model.js';
import {
  type AllowMapping,
  type AllowPlaces,
  type InputValue,
  allowList,
  apiUrl,
  bool,
  graceDays,
  cweList,
  epssMode,
  epssSource,
  feedSource,
  integer,
  licenseList,
  oneOf,
  packageList,
  privateList,
  releaseAge,
  apiBase,
  denyList,
  scopeList,
  seconds,
  text,
  token,
  workspaceFile,
  workspacePaths,
} from './fields.js';
import { byRepository, maxAllowProblem } from '../policy/allowlist.js';
import { atPosition, type Position } from './positions.js';

export type { AllowMapping, InputValue };

const MAX_TIMER_SECONDS = 2_147_483; // setTimeout's limit, 2^31 - 1 ms

export interface RunContext {
  eventName: string | null;
  actor: string | null;
  isForkPullRequest: boolean;
  /** The pull request's `user.login`, when the event has one. */
  pullRequestAuthor?: string | null;
  /** GITHUB_REPOSITORY: where a policy file's `allow-alerts` entry that names repositories applies. */
  repository?: string | null;
  /** The run's clock, whose UTC date max-allow-days counts from; default: now. */
  now?: Date;
}

// In the contract's order; the keys are the input names.
const FIELDS = {
  'api-url': apiUrl,
  'api-token-id': token,
  'api-token-secret': token,
  'organization-id': text,
  'project-id': text,
  'repository-id': text,
  'app-id': text,
  'fail-on-severity': oneOf(THRESHOLDS, 'critical'),
  'ignore-unreachable': bool(false),
  'allow-alerts': allowList(),
  'fail-on-critical-issues': bool(false),
  'posture-days': integer(1, 366, 30),
  'on-api-error': oneOf(ON_API_ERROR, 'fail'),
  // The cap keeps the timer within what setTimeout holds and a stuck request from eating the job.
  // The contract asks only for a positive number; the bound is the longest timer Node can set.
  'request-timeout-seconds': seconds(MAX_TIMER_SECONDS, 30),
  'max-retries': integer(0, 10, 3),
  'set-pr-scanning': bool(null),
  'set-max-pr-timeout-minutes': integer(1, 1440, null),
  'set-cwe-whitelist': cweList,
  'dry-run': bool(false),
  summary: bool(true),
  'comment-on-pr': oneOf(COMMENT_MODES, 'never'),
  'github-token': text,
  'report-file': text,
  'sarif-file': text,
  annotations: bool(true),
  'config-file': text,
  'config-token': text,
  // Checked against the SPDX list in schema(), which is given the list only when they are set.
  'allow-licenses': licenseList(null),
  'deny-licenses': licenseList(null),
  'license-exceptions': packageList,
  'unknown-licenses': oneOf(UNKNOWN_LICENSES, 'warn'),
  'grace-days': graceDays,
  'known-exploited': oneOf(KNOWN_EXPLOITED, 'off'),
  // Validated whatever known-exploited says (contract), so a typo shows before it is switched on.
  'kev-url': feedSource({ kind: 'url', url: KEV_FEED_URL }),
  'pr-changes': oneOf(PR_CHANGES, 'auto'),
  'pr-introduced': oneOf(PR_INTRODUCED, 'fail'),
  epss: epssMode,
  // Validated whatever epss says (contract), as kev-url is.
  'epss-url': epssSource({ kind: 'url', url: EPSS_API_URL }),
  'min-release-age': releaseAge,
  'release-age-url': apiBase(DEPS_DEV_URL, 'deps.dev is asked with none'),
  malicious: oneOf(MALICIOUS, 'off'),
  'osv-url': apiBase(OSV_URL, 'OSV is asked with none'),
  'deny-packages': denyList,
  'private-packages': privateList,
  // No exception forever (contract: "The way out"): every allow-alerts entry ends within this many days.
  'max-allow-days': integer(1, 3650, null),
  // At most 50 files (contract: "VEX statements"); each read at the base commit on a change.
  'vex-files': workspacePaths(50),
  'vex-output': workspaceFile,
  // The ratchet: only on pull-request and merge-queue events (contract: "Rolling out to many repositories").
  'existing-alerts': oneOf(EXISTING_ALERTS, 'fail'),
  'fail-on-scopes': scopeList,
};

/** Inputs a policy file may not set: the tokens, and the file itself. */
export const NOT_IN_FILE: readonly string[] = [
  'api-token-id',
  'api-token-secret',
  'github-token',
  'config-token',
  'config-file',
];

const isGiven = (value: InputValue | undefined): value is InputValue =>
  value !== undefined && (typeof value === 'string' ? value.trim() !== '' : value.length > 0);

/** A policy file, read: its values in the inputs' form, and where each key stands in it. */
export interface PolicyFile {
  /** As the user named it: a workspace path or OWNER/REPO/PATH@REF. */
  name: string;
  values: Record<string, InputValue>;
  positions: Record<string, { line: number; column: number }>;
  /**
   * Where each item of `allow-alerts` stands (one for a scalar value): its first line and column, and
   * whether it is a literal block (`|`), whose lines are the file's lines from there.
   */
  allowItems?: { line: number; column: number; literal: boolean }[];
}

/** The inputs as given, merged with a policy file: input > file > default. */
export interface CollectedInputs {
  values: Record<string, InputValue>;
  sources: Record<string, InputSource>;
  file: PolicyFile | null;
}

export function collectInputs(read: (name: string) => string, file: PolicyFile | null = null): CollectedInputs {
  const values: Record<string, InputValue> = {};
  const sources: Record<string, InputSource> = {};
  for (const name of INPUT_NAMES) {
    const given = read(name);
    const fromFile = file?.values[name];
    if (isGiven(given)) [values[name], sources[name]] = [given, 'input'];
    else if (isGiven(fromFile)) [values[name], sources[name]] = [fromFile, 'file'];
    else [values[name], sources[name]] = ['', 'default'];
  }
  return { values, sources, file };
}

export const INPUT_NAMES: readonly string[] = Object.keys(FIELDS);

/** The secret each token input is read from in the contract's example workflow. */
const TOKENS = { 'api-token-id': 'SECURITY_TOKEN_ID', 'api-token-secret': 'SECURITY_TOKEN_SECRET' } as const;
type TokenInput = keyof typeof TOKENS;
// Events on which GitHub withholds repository secrets from a fork's pull request
// (pull_request_target runs in the base repository and does get them).
const FORK_EVENTS = ['pull_request', 'pull_request_review', 'pull_request_review_comment'];
/**
 * Why GitHub passes no Actions secrets to this run (contract: "Without the service's secrets"): a
 * pull request from a fork, or Dependabot's; null when it passes them (pull_request_target, a
 * merge group, a push).
 */
export function withheldSecretsOf(context: RunContext): 'fork' | 'dependabot' | null {
  if (!FORK_EVENTS.includes(context.eventName ?? '')) return null;
  if (context.actor === DEPENDABOT || context.pullRequestAuthor === DEPENDABOT) return 'dependabot';
  return context.isForkPullRequest ? 'fork' : null;
}
const DEPENDABOT = 'dependabot[bot]';

/**
 * Why the token inputs are empty on a run of Dependabot's without a pull request (a push to its
 * branch), where GitHub gives only Dependabot secrets, with the way out; else null.
 */
function withheldSecretsMessage(missing: TokenInput[], context: RunContext): string | null {
  if (context.actor !== DEPENDABOT) return null;
  const names = `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} empty`;
  return (
    `${names}: this run was triggered by Dependabot, and GitHub gives such runs only Dependabot secrets, ` +
    `not Actions secrets. Add the secrets you pass (e.g. ${Object.values(TOKENS).join(' and ')}) as ` +
    'Dependabot secrets too (Settings > Secrets and variables > Dependabot), or skip the step for Dependabot: ' +
    "`if: github.actor != 'dependabot[bot]'`. On its pull requests the gate judges what they bring in without them."
  );
}

/** Entries of the workflow's input come from the input; a policy file's, from its lines. */
function allowPlaces(inputs: CollectedInputs): AllowPlaces {
  const file = inputs.file;
  if (inputs.sources['allow-alerts'] !== 'file' || file === null)
    return { origin: () => ({ kind: 'input' }), at: () => undefined };
  const at = (item: number, line: number): Position => {
    const place = file.allowItems?.[item];
    if (place === undefined) return file.positions['allow-alerts'] ?? { line: 1, column: 1 };
    return place.literal ? { line: place.line + line - 1, column: place.column } : place;
  };
  return { origin: (item, line) => ({ kind: 'policy-file', path: file.name, line: at(item, line).line }), at };
}

/** The place of an entry that came from the policy file: its line, and the column of the item that starts there. */
function entryPosition(inputs: CollectedInputs, line: number): Position {
  const item = inputs.file?.allowItems?.find((place) => place.line === line);
  return { line, column: item?.column ?? 1 };
}

/** max-allow-days against every entry (a central file's entries for other repositories too): one issue each. */
function checkAllowDays(
  v: { 'allow-alerts': AllowEntry[]; 'max-allow-days': number | null },
  ctx: { addIssue: (issue: z.core.$ZodRawIssue) => void },
  today: string,
  positionOf: (line: number) => Position,
): void {
  const max = v['max-allow-days'];
  // Either may have failed its own check (the cross-field rules run all the same): nothing to weigh then.
  if (typeof max !== 'number' || !Array.isArray(v['allow-alerts'])) return;
  for (const entry of v['allow-alerts']) {
    const message = maxAllowProblem(entry, max, today);
    if (message === null) continue;
    const source = entry.source;
    const position = source?.kind === 'policy-file' ? positionOf(source.line) : undefined;
    ctx.addIssue({ code: 'custom', path: ['allow-alerts'], message, params: { position }, input: entry });
  }
}

function schema(
  context: RunContext,
  licenseIdProblem: ((id: string) => string | null) | null,
  collected: CollectedInputs,
) {
  const inputs = z.object({
    ...FIELDS,
    'allow-alerts': allowList(allowPlaces(collected)),
    'allow-licenses': licenseList(licenseIdProblem),
    'deny-licenses': licenseList(licenseIdProblem),
  });
  const today = (context.now ?? new Date()).toISOString().slice(0, 10);
  return z.pipe(
    inputs.check(
      z.superRefine(
        (v: z.output<typeof inputs>, ctx) => {
          const missing = (Object.keys(TOKENS) as TokenInput[]).filter((name) => v[name] === '');
          // Both empty where GitHub withheld them: what the pull request brings in is judged through
          // GitHub alone. One empty alone is a mistake of the workflow's, named.
          const withoutService = missing.length === 2 && withheldSecretsOf(context) !== null;
          const withheld =
            missing.length > 0 && withheldSecretsOf(context) === null ? withheldSecretsMessage(missing, context) : null;
          if (withheld) ctx.addIssue({ code: 'custom', path: [], message: withheld });
          else if (!withoutService)
            for (const name of missing) {
              const example = `\`${name}: \${{ secrets.${TOKENS[name]} }}\``;
              ctx.addIssue({
                code: 'custom',
                path: [name],
                message: `is required; pass it from a secret, e.g. ${example}.`,
              });
            }
          if (v['allow-licenses'] !== null && v['deny-licenses'] !== null) {
            const message =
              'is set together with allow-licenses; a license policy is one or the other: allow what may be used, or deny what may not.';
            ctx.addIssue({ code: 'custom', path: ['deny-licenses'], message });
          }
          if (v['api-url'] === '' && !withoutService)
            ctx.addIssue({
              code: 'custom',
              path: ['api-url'],
              message: 'is required: the base URL of the service, e.g. https://security.example.com.',
            });
          if (v['repository-id'] === null && v['app-id'] === null && !withoutService) {
            const message =
              'is required when repository-id is empty: the action needs app-id to resolve the repository, or give repository-id.';
            ctx.addIssue({ code: 'custom', path: ['app-id'], message });
          }
          checkAllowDays(v, ctx, today, (line) => entryPosition(collected, line));
        },
        // Cross-field rules run even when single inputs failed, so every error is reported at once.
        { when: () => true },
      ),
    ),
    z.transform((v: z.output<typeof inputs>): Omit<Config, 'sources' | 'basePolicy' | 'replacedLists'> => ({
      apiUrl: v['api-url'],
      tokenId: v['api-token-id'],
      tokenSecret: v['api-token-secret'],
      organizationId: v['organization-id'],
      projectId: v['project-id'],
      repositoryId: v['repository-id'],
      appId: v['app-id'],
      failOnSeverity: v['fail-on-severity'],
      ignoreUnreachable: v['ignore-unreachable'],
      ...byRepository(v['allow-alerts'], context.repository ?? null),
      maxAllowDays: v['max-allow-days'],
      failOnCriticalIssues: v['fail-on-critical-issues'],
      postureDays: v['posture-days'],
      onApiError: v['on-api-error'],
      requestTimeoutMs: Math.max(1, Math.round(v['request-timeout-seconds'] * 1000)),
      maxRetries: v['max-retries'],
      settings: {
        prScanning: v['set-pr-scanning'],
        maxPrTimeoutMinutes: v['set-max-pr-timeout-minutes'],
        cweWhitelist: v['set-cwe-whitelist'],
      },
      dryRun: v['dry-run'],
      summary: v.summary,
      commentOnPr: v['comment-on-pr'],
      // A token of spaces is no token (contract: "An empty token is no token").
      githubToken: v['github-token']?.trim() || null,
      reportFile: v['report-file'],
      sarifFile: v['sarif-file'],
      annotations: v.annotations,
      configFile: v['config-file'],
      configToken: v['config-token']?.trim() || null,
      licenses: {
        allow: v['allow-licenses'],
        deny: v['deny-licenses'],
        exceptions: v['license-exceptions'],
        unknown: v['unknown-licenses'],
      },
      graceDays: v['grace-days'],
      knownExploited: v['known-exploited'],
      kevSource: v['kev-url'],
      prChanges: v['pr-changes'],
      prIntroduced: v['pr-introduced'],
      epss: v.epss,
      epssSource: v['epss-url'],
      vexFiles: v['vex-files'],
      vexOutput: v['vex-output'],
      minReleaseAgeMs: v['min-release-age'],
      releaseAgeUrl: v['release-age-url'],
      malicious: v.malicious,
      osvUrl: v['osv-url'],
      denyPackages: v['deny-packages'],
      privatePackages: v['private-packages'],
      withheldSecrets: v['api-token-id'] === '' && v['api-token-secret'] === '' ? withheldSecretsOf(context) : null,
      existingAlerts: v['existing-alerts'],
      failOnScopes: v['fail-on-scopes'],
    })),
  );
}

/** The run's configuration: the options every part reads (model.ts), and the tokens. */
export interface Config extends RunOptions {
  tokenId: string;
  tokenSecret: string;
  githubToken: string | null;
  configToken: string | null;
}

const SECRETS = ['tokenId', 'tokenSecret', 'githubToken', 'configToken'] as const;

/** The configuration without its secrets: what the JSON report records. */
export function runOptions(config: Config): RunOptions {
  const options: Partial<Config> = { ...config };
  for (const key of SECRETS) delete options[key];
  // A mirror's URL may be signed in its query: recorded without it.
  if (config.kevSource.kind === 'url') options.kevSource = { kind: 'url', url: feedSourceName(config.kevSource) };
  if (config.epssSource.kind === 'url') options.epssSource = { kind: 'url', url: feedSourceName(config.epssSource) };
  return options as RunOptions;
}

export interface ParseChecks {
  /** What is wrong with an SPDX license id; loaded only when allow-licenses or deny-licenses is set. */
  licenseIdProblem?: (id: string) => string | null;
}

/**
 * Validates every input at once, wherever it came from. An error about a value from the policy file
 * names the file, the key, and its line and column.
 */
export function parseInputs(
  inputs: CollectedInputs,
  context: RunContext,
  checks: ParseChecks = {},
): Outcome<Config, string[]> {
  // Parsed once: zod's interpreter is cheaper here than compiling a fast path (it saves start-up).
  const parsed = schema(context, checks.licenseIdProblem ?? null, inputs).safeParse(inputs.values, { jitless: true });
  if (parsed.success) return success({ ...parsed.data, sources: inputs.sources, basePolicy: null, replacedLists: [] });
  const order = (issue: z.core.$ZodIssue) => INPUT_NAMES.indexOf(String(issue.path[0] ?? 'api-token-id'));
  const errors = [...parsed.error.issues]
    .sort((a, b) => order(a) - order(b))
    .map((issue) => {
      const name = issue.path[0];
      const message =
        name === undefined || issue.message.startsWith(String(name))
          ? issue.message
          : `${String(name)}: ${issue.message}`;
      // An issue about one entry of the policy file says that entry's place; any other, its key's.
      const at =
        placeOf(issue) ??
        (name === undefined || inputs.sources[String(name)] !== 'file'
          ? undefined
          : inputs.file?.positions[String(name)]);
      return at && inputs.file ? atPosition(inputs.file.name, at, message) : message;
    });
  return failure(errors);
}

/** The place in the policy file an issue carries (an allow-alerts entry's), or undefined. */
function placeOf(issue: z.core.$ZodIssue): Position | undefined {
  const position: unknown = issue.code === 'custom' ? issue.params?.position : undefined;
  return position && typeof position === 'object' ? (position as Position) : undefined;
}

/**
 * One input's value as its field reads it, alone (no cross-field rule, no SPDX list): what a
 * setting means, for telling whether two values of it differ. null when it does not read.
 */
export function settingValue(name: string, value: InputValue): { value: unknown } | null {
  const field = (FIELDS as Record<string, z.ZodMiniType | undefined>)[name];
  const parsed = field?.safeParse(value, { jitless: true });
  return parsed?.success ? { value: parsed.data } : null;
}

/** The one message for core.setFailed that lists every bad input. */
export function formatInputErrors(errors: string[]): string {
  return ['Invalid inputs (no request was sent):', ...errors.map((error) => `- ${error}`)].join('\n');
}
