// GitHub's REST reference written out as schemas, for the simulator tests to check the fake's
// answers against: what GitHub documents, not what the fake or src/ happens to do.
import { z } from 'zod';

const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
const cvss = z.object({ vector_string: z.string().nullable(), score: z.number().nullable() }).strict();
/**
 * GitHub's "global-advisory" schema (REST reference, Get a global security advisory) written out:
 * every field it lists, the enumerations as it gives them, nothing else.
 */
export const globalAdvisorySchema = z
  .object({
    ghsa_id: z.string().regex(/^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/),
    cve_id: z
      .string()
      .regex(/^CVE-\d{4}-\d{4,}$/)
      .nullable(),
    url: z.url(),
    html_url: z.url(),
    repository_advisory_url: z.url().nullable(),
    summary: z.string().min(1).max(1024),
    description: z.string().nullable(),
    type: z.enum(['reviewed', 'unreviewed', 'malware']),
    severity: z.enum(['critical', 'high', 'medium', 'low', 'unknown']),
    source_code_location: z.url().nullable(),
    identifiers: z.array(z.object({ type: z.enum(['CVE', 'GHSA']), value: z.string() }).strict()).nullable(),
    references: z.array(z.string()).nullable(),
    published_at: dateTime,
    updated_at: dateTime,
    github_reviewed_at: dateTime.nullable(),
    nvd_published_at: dateTime.nullable(),
    withdrawn_at: dateTime.nullable(),
    vulnerabilities: z
      .array(
        z
          .object({
            package: z
              .object({
                ecosystem: z.enum([
                  'rubygems',
                  'npm',
                  'pip',
                  'maven',
                  'nuget',
                  'composer',
                  'go',
                  'rust',
                  'erlang',
                  'actions',
                  'pub',
                  'other',
                  'swift',
                ]),
                name: z.string().nullable(),
              })
              .strict()
              .nullable(),
            vulnerable_version_range: z.string().nullable(),
            first_patched_version: z.string().nullable(),
            vulnerable_functions: z.array(z.string()).nullable(),
          })
          .strict(),
      )
      .nullable(),
    cvss: cvss.nullable(),
    cvss_severities: z.object({ cvss_v3: cvss.nullable(), cvss_v4: cvss.nullable() }).strict().nullable().optional(),
    epss: z.object({ percentage: z.number(), percentile: z.number() }).strict().nullable().optional(),
    cwes: z.array(z.object({ cwe_id: z.string().regex(/^CWE-\d+$/), name: z.string() }).strict()).nullable(),
    credits: z.array(z.unknown()).nullable(),
  })
  .strict();

/** GitHub's "dependency-graph-diff" entry (REST reference, Get a diff of the dependencies between commits). */
export const compareEntrySchema = z
  .object({
    change_type: z.enum(['added', 'removed']),
    manifest: z.string().min(1),
    ecosystem: z.string().min(1),
    name: z.string().min(1),
    version: z.string(),
    package_url: z.string().startsWith('pkg:').nullable(),
    license: z.string().nullable(),
    source_repository_url: z.string().nullable(),
    vulnerabilities: z.array(
      z
        .object({
          severity: z.enum(['critical', 'high', 'moderate', 'low']),
          advisory_ghsa_id: z.string().min(1),
          advisory_summary: z.string(),
          advisory_url: z.url(),
        })
        .strict(),
    ),
    scope: z.enum(['unknown', 'runtime', 'development']),
  })
  .strict();
