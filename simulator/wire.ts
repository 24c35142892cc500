// The service's resources exactly as service-api.md documents them, strict: what the simulator
// serves and its tests check. The action reads responses with the tolerant schemas of
// src/api/schemas.ts instead; these are the wire format a well-behaved server sends.
import { z } from 'zod';

// ---------- shared scalars ----------

/** `date` in the spec: YYYY-MM-DD. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');
/** `date-time` in the spec. Lenient on the exact ISO form (offsets, fractions), strict on being a date. */
export const isoDateTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'expected an ISO 8601 date-time');
const id = z.string();
const count = z.number().int().nonnegative();

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

export const postureResponseSchema = z.array(postureSchema);

// ---------- 2. stats/timeSaved ----------

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

export const packagesResponseSchema = z.object({ packages: z.array(scaPackageSchema), ...pageResponse });

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
  gitlab: z.object({ gitlabInstallationId: z.string(), externalGitlabProjectId: z.string() }).nullable().optional(),
  bitbucket: z
    .object({ bitbucketInstallationId: z.string(), externalBitbucketRepositoryId: z.string() })
    .nullable()
    .optional(),
});
export type Repository = z.infer<typeof repositorySchema>;
export const repositoriesResponseSchema = z.array(repositorySchema);

// ---------- 7. scans/get-schedule ----------

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
