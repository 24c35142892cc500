// Zod schemas of every request and response in shared/spec/service-api.md (an alert's readers are in
// alerts.ts). Responses the action reads are turned into the model's own types here (wire data stops
// at this edge), keeping only the fields it uses; fields the spec does not list are accepted and
// dropped (zod's default).
import { z } from 'zod';
import {
  failure,
  success,
  type Outcome,
  type Package,
  type Posture,
  type Repository,
  type Schedule,
  type TimeSaved,
} from '../model.js';

// ---------- shared scalars ----------

/** `date` in the spec: YYYY-MM-DD. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');
/** `date-time` in the spec. Lenient on the exact ISO form (offsets, fractions), strict on being a date. */
export const isoDateTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'expected an ISO 8601 date-time');
const id = z.string();

// Tolerant reader (contract, "Verdict integrity"): a number may come as a numeric string ("9.8");
// what only a report shows may be null, missing or unusable and reads as "not available" (null or
// empty); what the gate needs is required and makes the response, or the one alert, an error.

/**
 * A number, also when sent as a numeric string. A number too large for a double (`1e999` in JSON,
 * or as a string) is Infinity here: each reader says what that means (contract, "Numbers at the
 * edge of the range"): a severity score bands as critical, a count is an error, a statistic is null.
 */
export const numeric = z.union([
  z.number(),
  z.literal([Infinity, -Infinity]),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/, 'expected a number')
    .transform(Number),
]);
export const count = numeric.pipe(z.number().int().nonnegative());
/** Report-only number: null when missing, null, not a number or too large for one. */
const statistic = numeric.pipe(z.number()).nullable().catch(null);
/**
 * Text as JS can always encode it: a lone UTF-16 surrogate (valid in JSON, as `\ud800`) becomes
 * U+FFFD, or encodeURI would throw on it in a report link after the verdict was decided.
 */
export const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
/** Report-only text: '' when missing, null or not a string. */
export const prose = z
  .string()
  .nullable()
  .catch(null)
  .transform((s) => wellFormed(s ?? ''));
/** An id that may come as a number. */
const anyId = z.union([z.string(), z.number().transform(String)]);

/**
 * Reads each element of an array on its own: one bad element does not spoil the others. The array
 * itself is required: null is no list, never an empty one (a `licenses: null` read as "none" would
 * pass a deny list unjudged).
 */
export function eachOf<T>(read: (item: unknown) => Outcome<T>) {
  return z.array(z.unknown()).transform((items) => items.map(read));
}

/** An element read with `schema`, or what was wrong with it. */
function readWith<T>(schema: z.ZodType<T>): (item: unknown) => Outcome<T> {
  return (item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? success(parsed.data) : failure(parsed.error.issues.map(describeIssue).join('; '));
  };
}

/** Only the elements that could be read (for report-only lists, which may also be missing). */
function usable<T>(schema: z.ZodType<T>) {
  return z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((items) => (items ?? []).map(readWith(schema)).flatMap((item) => (item.ok ? [item.value] : [])));
}

/** "metadata.id: expected string" */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i ? '.' : ''}${String(part)}`))
    .join('');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** The paging fields of the two paged searches (packages, alerts): request and response halves. */
const pageRequest = {
  organizationId: z.string().optional(),
  repositoryIds: z.array(z.string()).optional(),
  page: z.number().int().min(1, 'page must be >= 1').optional(),
  pageSize: z.number().int().min(1, 'pageSize must be >= 1').optional(),
};
/** totalCount decides how many pages there are and whether the read is complete: required. */
export const pageResponse = {
  totalCount: count,
  page: statistic,
  /** The page size the server answered with; null when it did not say. */
  pageSize: numeric.pipe(z.number().int().min(1)).nullable().catch(null),
};

// ---------- 1. stats/securityPosture ----------

const TOO_LARGE = 'too large for a number (read as Infinity)';

/**
 * A count of the posture: null when missing, null or not a number, like a statistic; but a count
 * too large for a number (`1e999`) makes the posture an API error: read as "none" or "not
 * available" it could pass fail-on-critical-issues (contract, "Numbers at the edge of the range").
 */
const postureCount = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const read = numeric.safeParse(value);
    if (!read.success) return null;
    if (Number.isFinite(read.data)) return read.data;
    ctx.addIssue({ code: 'custom', message: TOO_LARGE });
    return z.NEVER;
  });

/**
 * Posture rows or trend points, each read on its own: one that cannot be read is left out (as with
 * `usable`), but one holding a count too large for a number fails the posture, never dropped.
 */
function postureList<T>(schema: z.ZodType<T>) {
  return z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((items, ctx) => {
      const read: T[] = [];
      for (const [i, item] of (items ?? []).entries()) {
        const parsed = schema.safeParse(item);
        if (parsed.success) read.push(parsed.data);
        for (const issue of parsed.error?.issues ?? [])
          if (issue.message === TOO_LARGE)
            ctx.addIssue({ code: 'custom', message: TOO_LARGE, path: [i, ...issue.path] });
      }
      return read;
    });
}

/** A trend point's date: YYYY-MM-DD, or a date-time read as its date. */
const trendDate = z.string().transform((text, ctx) => {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(text.trim())?.[0];
  if (date && !Number.isNaN(Date.parse(date))) return date;
  ctx.addIssue({ code: 'custom', message: 'expected a date' });
  return z.NEVER;
});

const trendPointSchema = z.object({ date: trendDate, openIssues: postureCount, riskScore: statistic });

const postureRowSchema = z.object({
  id: anyId,
  name: prose,
  riskScore: statistic,
  openIssues: postureCount,
  criticalIssues: postureCount,
});

export const postureSchema: z.ZodType<Posture> = z.object({
  // A summary that is not an object (null, missing) reads as one with every statistic not available.
  summary: z.preprocess(
    (summary) => (typeof summary === 'object' && summary !== null && !Array.isArray(summary) ? summary : {}),
    z.object({
      overAllRiskScore: statistic,
      totalOpenIssues: postureCount,
      criticalIssues: postureCount,
      highIssues: postureCount,
      mediumIssues: postureCount,
      lowIssues: postureCount,
      meanRemediationTime: statistic,
      riskTrend: z.string().nullable().catch(null),
    }),
  ),
  // Points without a date cannot be placed on the chart; the rest are put in date order.
  trends: postureList(trendPointSchema).transform((points) =>
    points.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
  ),
  repositoryRiskScores: postureList(postureRowSchema),
});

export const postureRequestSchema = z.object({
  organizationId: z.string().optional(),
  projectId: z.string().optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  timeGranularity: z.string().optional(),
  severities: z.array(z.string()).optional(),
});
/** The first posture of the array, or null when there is none. */
export const postureResponseSchema = z
  .array(postureSchema)
  .nullable()
  .transform((list) => list?.[0] ?? null);

// ---------- 2. stats/timeSaved ----------

export const timeSavedRequestSchema = z.object({
  organizationId: z.string().optional(),
  projectId: z.string().optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});
export const timeSavedSchema: z.ZodType<TimeSaved> = z.object({
  totalMinutesSaved: statistic,
  patchingMinutesSaved: statistic,
  validationMinutesSaved: statistic,
});

// ---------- 3. sca/packages/search, 4. sca/licenses/search ----------

/** A package needs a name to be matched; the rest only places it in a file. */
/** A commit or branch name as a label: null when empty, too long, or holding control characters. */
const scanLabel = (s: string) => (s === '' || s.length > 200 || /[\u0000-\u001f\u007f-\u009f]/.test(s) ? null : s);

export const scaPackageSchema: z.ZodType<Package> = z
  .object({
    id: anyId.nullable().catch(null),
    name: z.string().min(1).transform(wellFormed),
    version: prose,
    ecosystem: prose,
    manifestPath: prose,
    manifestStartLine: statistic,
    manifestEndLine: statistic,
    manifestStartColumn: statistic,
    manifestEndColumn: statistic,
    // What the service's last scan saw (shown as what the verdict rests on); short, one line.
    branch: prose.transform(scanLabel),
    commitSha: prose.transform(scanLabel),
  })
  .transform(({ id, ...pkg }) => ({
    ...pkg,
    // Without an id, a package is told apart by what it is and where.
    id: id ?? `${pkg.ecosystem}:${pkg.name}@${pkg.version}:${pkg.manifestPath}:${pkg.manifestStartLine ?? ''}`,
  }));

export const packagesRequestSchema = z.object({
  ...pageRequest,
  searchQuery: z.string().optional(),
  ecosystems: z.array(z.string()).optional(),
});
export const packagesResponseSchema = z.object({ packages: usable(scaPackageSchema), ...pageResponse });

export const licensesRequestSchema = z.object({
  organizationId: z.string().optional(),
  repositoryIds: z.array(z.string()).optional(),
});
/** A license's package: matched to license-exceptions by name, so a package without one is named by its id. */
function readLicensePackage(value: unknown): Outcome<Package> {
  const named =
    value &&
    typeof value === 'object' &&
    !(typeof (value as { name?: unknown }).name === 'string' && (value as { name: string }).name !== '')
      ? { ...value, name: (value as { id?: unknown }).id }
      : value;
  return readWith(scaPackageSchema)(named);
}

/**
 * A license entry, with every package read on its own. Under a license policy this read decides
 * the verdict: an entry or a package that cannot be read is reported by position (see gather.ts),
 * never dropped, since a dropped GPL package would pass a deny list.
 */
export const scaLicenseSchema = z.object({
  id: z.string().nullable().catch(null),
  name: z.string().nullable().catch(null),
  packages: eachOf(readLicensePackage),
});
export type LicenseAnswer = z.output<typeof scaLicenseSchema>;
export const licensesResponseSchema = z.object({ licenses: eachOf(readWith(scaLicenseSchema)) });

// ---------- 5. sca/alerts/search (the answer is read in alerts.ts) ----------

export const alertsRequestSchema = z.object({
  ...pageRequest,
  query: z.string().optional(),
  languages: z.array(z.string()).optional(),
  severities: z.array(z.string()).optional(),
  reachability: z.array(z.string()).optional(),
});

// ---------- 6. installations/repositories ----------

export const repositorySchema: z.ZodType<Repository> = z
  .object({
    id: anyId.pipe(z.string().min(1)).nullable().catch(null),
    repositoryUrl: prose,
    repositoryName: prose,
    // Only the platform the repository lives on is expected to be present.
    github: z
      .object({ externalGithubRepositoryId: anyId.nullable().catch(null) })
      .nullable()
      .catch(null),
  })
  .transform(({ github, ...repository }) => ({
    ...repository,
    externalGithubRepositoryId: github?.externalGithubRepositoryId ?? null,
  }));
export const repositoriesRequestSchema = z.object({
  organizationId: z.string().optional(),
  appId: z.string().optional(),
});
// One entry another repository's data spoiled does not make this one unresolvable. An entry without
// an id is kept: had it been dropped, a weaker rule could match another repository in its place.
export const repositoriesResponseSchema = eachOf(readWith(repositorySchema)).transform((items) =>
  items.flatMap((item) => (item.ok ? [item.value] : [])),
);

// ---------- 7. scans/get-schedule ----------

export const scheduleRequestSchema = z.object({
  organizationId: z.string().optional(),
  repositoryId: z.string().optional(),
});
/** null (no schedule) for an answer of null or with a null or empty crontab. */
export const scheduleSchema: z.ZodType<Schedule | null> = z
  .object({
    repoId: anyId.nullable().catch(null),
    executionCriteriaCrontab: z.string().nullable().optional(),
    isEnabled: z.boolean().nullable().catch(null),
  })
  .nullable()
  .transform((s) =>
    s && s.executionCriteriaCrontab?.trim()
      ? { repoId: s.repoId, crontab: s.executionCriteriaCrontab, isEnabled: s.isEnabled ?? true }
      : null,
  );

// ---------- 8. issues/get ----------

const issueStatus = z.enum([
  'open',
  'patched',
  'falsePositive',
  'notExploitable',
  'archived',
  'processing',
  'silenced',
]);
const vulnCategory = z.enum(['SAST', 'SCA', 'IAC', 'SECRETS', 'SMART_CONTRACT']);
const triagePhase = z.enum([
  'VulnerabilityValidation',
  'CodeGeneration',
  'QA',
  'Finished',
  'LowSeverity',
  'FinishedNoCode',
]);
const errorRecord = z.object({
  id,
  rawError: z.string(),
  displayError: z.string(),
  errorType: z.string(),
  createdAt: isoDateTime,
});

export const issueSchema = z.object({
  id,
  repositoryId: id,
  status: issueStatus,
  generatedTitle: z.string(),
  generatedDescription: z.string(),
  language: z.string(),
  vulnClass: z.string(),
  cwes: z.array(z.string()),
  vulnCategory,
  severity: z.number().int(),
  affectedFile: z.string(),
  sastCodeSegment: z.string(),
  startLine: z.number().int(),
  endLine: z.number().int(),
  isPrBlocked: z.boolean(),
  triagePhase,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  url: z.string(),
  repositoryName: z.string().optional(),
  businessLogicScenario: z.string().optional(),
  confidence: z.number().int().optional(),
  score: z.number().int().optional(),
  startColumn: z.number().int().optional(),
  endColumn: z.number().int().optional(),
  validated: z.enum(['CONFIRMED', 'DISCONFIRMED', 'UNKNOWN']).nullable().optional(),
  validationSecurityAssessment: z.string().nullable().optional(),
  unpatchable: z.boolean().nullable().optional(),
  unpatchableReason: z.string().nullable().optional(),
  archivedAt: isoDateTime.nullable().optional(),
  noLongerDetectedAt: isoDateTime.nullable().optional(),
  noLongerDetectedReason: z.string().nullable().optional(),
  naturalLanguageRuleEvaluationId: z.string().nullable().optional(),
  naturalLanguageRuleViolationId: z.string().nullable().optional(),
  naturalLanguageRuleViolation: z
    .object({
      id,
      ruleId: id,
      title: z.string(),
      description: z.string(),
      confidence: z.number(),
      rule: z.object({ id, name: z.string() }),
    })
    .nullable()
    .optional(),
  codeScan: z.object({ id, scanTargetBranchCommitSha: z.string() }).optional(),
  stateChangeAuthor: z.string().optional(),
  closedBy: z.object({ id, name: z.string(), email: z.string() }).nullable().optional(),
  falsePositiveReason: z.string().nullable().optional(),
  falsePositiveAt: isoDateTime.nullable().optional(),
  introducedBy: z
    .object({
      contributorId: z.string(),
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      platform: z.string(),
      username: z.string(),
      profileUrl: z.string(),
      profileImageUrl: z.string(),
      lineStart: z.number(),
      lineEnd: z.number(),
      timestamp: isoDateTime,
    })
    .nullable()
    .optional(),
  scaVulnerabilityAlertingGroupId: z.string().nullable().optional(),
  scaReachabilityAnalyses: z
    .array(
      z.object({
        id,
        title: z.string(),
        description: z.string(),
        confidence: z.number(),
        severity: z.number(),
        isFalsePositive: z.boolean(),
        falsePositiveReasoning: z.string(),
        pocCode: z.string(),
        vulnerabilityLocation: z.object({
          id,
          filePath: z.string(),
          snippet: z.string(),
          language: z.string(),
          startLine: z.number(),
          endLine: z.number(),
          startColumn: z.number(),
          endColumn: z.number(),
        }),
        cvssScore: z.object({ id, cvssVector: z.string(), severity: z.number() }),
      }),
    )
    .nullable()
    .optional(),
  patchAttemptErrorDuringScan: errorRecord.optional(),
  prSubmissionErrorDuringScan: errorRecord.optional(),
  patch: z
    .object({
      id,
      prLink: z.string(),
      prTitle: z.string(),
      prDescription: z.string(),
      gitDiff: z.string(),
      pullRequestStatus: z.string(),
      validated: z.string(),
      createdAt: isoDateTime,
      updatedAt: isoDateTime,
    })
    .nullable()
    .optional(),
});
export type Issue = z.infer<typeof issueSchema>;
export const issueRequestSchema = z.object({
  issueId: z.string().min(1, 'issueId is required'),
  organizationId: z.string().optional(),
});

// ---------- 9. referral/create ----------

const bounded = (min: number, max: number) => z.string().min(min).max(max);
export const referralRequestSchema = z.object({
  firstName: bounded(1, 100),
  lastName: bounded(1, 100),
  email: z.email(),
  mobilePhone: bounded(10, 20),
  companyName: bounded(1, 200),
  referrerFirstName: bounded(1, 100),
  referrerLastName: bounded(1, 100),
  referrerEmail: z.email(),
  type: z.literal('DEMO'),
  notes: z.string().max(1000).optional(),
});
export type ReferralRequest = z.infer<typeof referralRequestSchema>;
export const referralResponseSchema = z.object({ success: z.boolean(), referralId: z.uuid() });

// ---------- 10-12. repositories/set-* ----------

const repoTarget = { organizationId: z.string().optional(), repositoryId: z.string().optional() };
export const cweWhitelistRequestSchema = z.object({ ...repoTarget, cweWhitelist: z.array(z.string()) });
export const maxPrTimeoutRequestSchema = z.object({ ...repoTarget, maxPrTimeoutMinutes: z.number() });
export const prScanningRequestSchema = z.object({ ...repoTarget, isPrScanningEnabled: z.boolean() });
/** A settings change: `ok` says whether it was applied; an empty success (204) is applied. */
export const okResponseSchema = z
  .object({ ok: z.boolean() })
  .nullable()
  .transform((answer) => answer ?? { ok: true });

/** Error body the service sends with a non-2xx status (seen in practice; not in the spec). */
export const errorBodySchema = z.object({ error: z.string() });
