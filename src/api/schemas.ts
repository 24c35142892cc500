// Zod schemas of every request and response in shared/spec/service-api.md, field for field.
// Objects are non-strict: fields the spec does not list are accepted and dropped (zod's default).
import { z } from 'zod';

// ---------- shared scalars ----------

/** `date` in the spec: YYYY-MM-DD. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');
/** `date-time` in the spec. Lenient on the exact ISO form (offsets, fractions), strict on being a date. */
export const isoDateTime = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'expected an ISO 8601 date-time');
const id = z.string();
const count = z.number().int().nonnegative();

/** The paging fields of the two paged searches (packages, alerts): request and response halves. */
const pageRequest = {
  organizationId: z.string().optional(),
  repositoryIds: z.array(z.string()).optional(),
  page: z.number().int().min(1, 'page must be >= 1').optional(),
  pageSize: z.number().int().min(1, 'pageSize must be >= 1').optional(),
};
const pageResponse = { totalCount: count, page: z.number().int().min(1), pageSize: z.number().int().min(1) };

// ---------- 1. stats/securityPosture ----------

// The spec marks no field of its resources required or optional (the issue aside). Fields the
// action reads are required; fields it never reads are optional, so a server that leaves one out
// does not turn a run into an API error (contract: "does not match the schema where it matters").

export const exposureSchema = z.object({
  meanCriticalExposure: z.number(),
  meanHighExposure: z.number(),
  oldestCriticalAge: z.number(),
  oldestHighAge: z.number(),
});

export const postureSchema = z.object({
  summary: z.object({
    overAllRiskScore: z.number(),
    totalOpenIssues: z.number(),
    criticalIssues: z.number(),
    highIssues: z.number(),
    mediumIssues: z.number(),
    lowIssues: z.number(),
    vulnerabilityDensity: z.number().optional(),
    repositoriesAtRisk: z.number().optional(),
    totalRepositories: z.number().optional(),
    meanRemediationTime: z.number(),
    riskTrend: z.string(),
  }),
  exposure: exposureSchema.optional(),
  trends: z.array(
    z.object({
      date: isoDate,
      openIssues: z.number(),
      newIssues: z.number().optional(),
      resolvedIssues: z.number().optional(),
      riskScore: z.number(),
      criticalIssues: z.number().optional(),
      meanRemediationTime: z.number().optional(),
      exposure: exposureSchema.optional(),
    }),
  ),
  topRiskFactors: z.array(z.object({ type: z.string(), count: z.number() })).optional(),
  repositoryRiskScores: z.array(
    z.object({
      id,
      name: z.string(),
      riskScore: z.number(),
      openIssues: z.number(),
      criticalIssues: z.number(),
    }),
  ),
});
export type Posture = z.infer<typeof postureSchema>;

export const postureRequestSchema = z.object({
  organizationId: z.string().optional(),
  projectId: z.string().optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  timeGranularity: z.string().optional(),
  severities: z.array(z.string()).optional(),
});
export const postureResponseSchema = z.array(postureSchema);

// ---------- 2. stats/timeSaved ----------

export const timeSavedRequestSchema = z.object({
  organizationId: z.string().optional(),
  projectId: z.string().optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});
export const timeSavedSchema = z.object({
  totalMinutesSaved: z.number(),
  patchingMinutesSaved: z.number(),
  validationMinutesSaved: z.number(),
});
export type TimeSaved = z.infer<typeof timeSavedSchema>;

// ---------- 3. sca/packages/search, 4. sca/licenses/search ----------

export const scaPackageSchema = z.object({
  id,
  name: z.string(),
  version: z.string(),
  ecosystem: z.string(),
  manifestPath: z.string(),
  manifestStartLine: z.number(),
  manifestEndLine: z.number(),
  manifestStartColumn: z.number().optional(),
  manifestEndColumn: z.number().optional(),
  repositoryId: id.optional(),
  repositoryName: z.string().optional(),
  branch: z.string().optional(),
  commitSha: z.string().optional(),
  count: z.number().optional(),
  // Contents not shown in the spec: kept as opaque objects.
  items: z.array(z.record(z.string(), z.unknown())).optional(),
});
export type ScaPackage = z.infer<typeof scaPackageSchema>;

export const packagesRequestSchema = z.object({
  ...pageRequest,
  searchQuery: z.string().optional(),
  ecosystems: z.array(z.string()).optional(),
});
export const packagesResponseSchema = z.object({ packages: z.array(scaPackageSchema), ...pageResponse });

export const licensesRequestSchema = z.object({
  organizationId: z.string().optional(),
  repositoryIds: z.array(z.string()).optional(),
});
export const scaLicenseSchema = z.object({ id, name: z.string(), packages: z.array(scaPackageSchema) });
export type ScaLicense = z.infer<typeof scaLicenseSchema>;
export const licensesResponseSchema = z.object({ licenses: z.array(scaLicenseSchema) });

// ---------- 5. sca/alerts/search ----------

export const scaAlertSchema = z.object({
  id,
  // The gate reads these; a missing flag is treated as alerted so a thin response cannot open the gate.
  isAlerted: z.boolean().default(true),
  createdAt: isoDateTime.optional(),
  updatedAt: isoDateTime.optional(),
  metadata: z.object({
    id,
    packageIdentifier: z.string(),
    summary: z.string(),
    description: z.string(),
    aliases: z.array(z.string()).default([]),
    references: z.array(z.string()).default([]),
    // The spec names only `critical`; real servers also send other words, or nothing. Normalised by policy.
    severityScore: z.number().nullable().optional(),
    severity: z.string().nullable().optional(),
  }),
  languages: z.array(z.string()).default([]),
  reachabilityCounts: z
    .object({ reachable: z.number(), needsReview: z.number(), unreachable: z.number() })
    .nullable()
    .optional(),
});
export type ScaAlert = z.infer<typeof scaAlertSchema>;

export const alertsRequestSchema = z.object({
  ...pageRequest,
  query: z.string().optional(),
  languages: z.array(z.string()).optional(),
  severities: z.array(z.string()).optional(),
  reachability: z.array(z.string()).optional(),
});
export const alertsResponseSchema = z.object({ alerts: z.array(scaAlertSchema), ...pageResponse });

// ---------- 6. installations/repositories ----------

export const repositorySchema = z.object({
  id,
  repositoryUrl: z.string(),
  repositoryName: z.string(),
  defaultBranch: z.string().optional(),
  // Only the platform the repository lives on is expected to be present.
  github: z
    .object({
      githubAppInstallationId: z.string(),
      externalGithubRepositoryId: z.string(),
      externalGithubAppInstallationId: z.string(),
    })
    .nullable()
    .optional(),
  gitlab: z
    .object({ gitlabInstallationId: z.string(), externalGitlabProjectId: z.string() })
    .nullable()
    .optional(),
  bitbucket: z
    .object({ bitbucketInstallationId: z.string(), externalBitbucketRepositoryId: z.string() })
    .nullable()
    .optional(),
});
export type Repository = z.infer<typeof repositorySchema>;
export const repositoriesRequestSchema = z.object({
  organizationId: z.string().optional(),
  appId: z.string().optional(),
});
export const repositoriesResponseSchema = z.array(repositorySchema);

// ---------- 7. scans/get-schedule ----------

export const scheduleRequestSchema = z.object({
  organizationId: z.string().optional(),
  repositoryId: z.string().optional(),
});
export const scheduleSchema = z.object({
  id,
  repoId: id,
  executionCriteriaCrontab: z.string(),
  isEnabled: z.boolean(),
  createdAt: isoDateTime.optional(),
  updatedAt: isoDateTime.optional(),
  codeScans: z.array(z.string()).optional(),
  stagedCodeScans: z.array(z.string()).optional(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

// ---------- 8. issues/get ----------

const issueStatus = z.enum(['open', 'patched', 'falsePositive', 'notExploitable', 'archived', 'processing', 'silenced']);
const vulnCategory = z.enum(['SAST', 'SCA', 'IAC', 'SECRETS', 'SMART_CONTRACT']);
const triagePhase = z.enum(['VulnerabilityValidation', 'CodeGeneration', 'QA', 'Finished', 'LowSeverity', 'FinishedNoCode']);
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
export const okResponseSchema = z.object({ ok: z.boolean() });

/** Error body the service sends with a non-2xx status (seen in practice; not in the spec). */
export const errorBodySchema = z.object({ error: z.string() });
