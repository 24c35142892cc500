// One typed function per endpoint of service-api.md. Requests are validated before anything is sent.
import type { z } from 'zod';
import { ApiError, type CallOptions, type ServiceClient } from './client.js';
import { alertsResponseSchema, createAlertReader } from './alerts.js';
import * as s from './schemas.js';

export const PATHS = {
  securityPosture: '/api/v1/stats/securityPosture',
  timeSaved: '/api/v1/stats/timeSaved',
  searchPackages: '/api/v1/sca/packages/search',
  searchLicenses: '/api/v1/sca/licenses/search',
  searchAlerts: '/api/v1/sca/alerts/search',
  listRepositories: '/api/v1/installations/repositories',
  getSchedule: '/api/v1/scans/get-schedule',
  getIssue: '/api/v1/issues/get',
  createReferral: '/api/v1/referral/create',
  setCweWhitelist: '/api/v1/repositories/set-cwe-whitelist',
  setMaxPrTimeout: '/api/v1/repositories/set-max-pr-timeout',
  setPrScanning: '/api/v1/repositories/set-pr-scanning',
} as const;

function endpoint<Req extends z.ZodType, Res extends z.ZodType>(
  client: ServiceClient,
  path: string,
  request: Req,
  response: Res,
): (body: z.input<Req>, options?: CallOptions) => Promise<z.output<Res>> {
  return async (body, options) => {
    const checked = request.safeParse(body);
    if (!checked.success) {
      const what = checked.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
      throw new ApiError(path, 'request', `invalid request, not sent: ${what}.`);
    }
    return client.call(path, checked.data, response, options);
  };
}

/** The endpoints of one run: their alert reader's memo of advisories is this run's alone. */
export function createEndpoints(client: ServiceClient) {
  const alerts = alertsResponseSchema(createAlertReader());
  return {
    securityPosture: endpoint(client, PATHS.securityPosture, s.postureRequestSchema, s.postureResponseSchema),
    timeSaved: endpoint(client, PATHS.timeSaved, s.timeSavedRequestSchema, s.timeSavedSchema),
    searchPackages: endpoint(client, PATHS.searchPackages, s.packagesRequestSchema, s.packagesResponseSchema),
    searchLicenses: endpoint(client, PATHS.searchLicenses, s.licensesRequestSchema, s.licensesResponseSchema),
    searchAlerts: endpoint(client, PATHS.searchAlerts, s.alertsRequestSchema, alerts),
    listRepositories: endpoint(
      client,
      PATHS.listRepositories,
      s.repositoriesRequestSchema,
      s.repositoriesResponseSchema,
    ),
    getSchedule: endpoint(client, PATHS.getSchedule, s.scheduleRequestSchema, s.scheduleSchema),
    getIssue: endpoint(client, PATHS.getIssue, s.issueRequestSchema, s.issueSchema),
    createReferral: endpoint(client, PATHS.createReferral, s.referralRequestSchema, s.referralResponseSchema),
    setCweWhitelist: endpoint(client, PATHS.setCweWhitelist, s.cweWhitelistRequestSchema, s.okResponseSchema),
    setMaxPrTimeout: endpoint(client, PATHS.setMaxPrTimeout, s.maxPrTimeoutRequestSchema, s.okResponseSchema),
    setPrScanning: endpoint(client, PATHS.setPrScanning, s.prScanningRequestSchema, s.okResponseSchema),
  };
}
export type Endpoints = ReturnType<typeof createEndpoints>;
