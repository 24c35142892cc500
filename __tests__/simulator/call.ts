// Shared by the simulator tests: a POST to the simulator as the action sends it.
import { DEMO_TOKEN } from '../../simulator/data.js';
import type { Simulator } from '../../simulator/server.js';

export const AUTH = {
  'X-Service-API-Token-Id': DEMO_TOKEN.id,
  'X-Service-API-Token-Secret': DEMO_TOKEN.secret,
  'Content-Type': 'application/json',
};

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** POSTs `body` as JSON (a string is sent as-is) with the demo token; never throws on HTTP errors. */
export async function post(sim: Simulator, path: string, body: unknown = {}, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: AUTH,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

export const P = {
  posture: '/api/v1/stats/securityPosture',
  timeSaved: '/api/v1/stats/timeSaved',
  packages: '/api/v1/sca/packages/search',
  licenses: '/api/v1/sca/licenses/search',
  alerts: '/api/v1/sca/alerts/search',
  repositories: '/api/v1/installations/repositories',
  schedule: '/api/v1/scans/get-schedule',
  issue: '/api/v1/issues/get',
  referral: '/api/v1/referral/create',
  cweWhitelist: '/api/v1/repositories/set-cwe-whitelist',
  maxPrTimeout: '/api/v1/repositories/set-max-pr-timeout',
  prScanning: '/api/v1/repositories/set-pr-scanning',
} as const;
