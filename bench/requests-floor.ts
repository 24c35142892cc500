// What the network alone costs in the latency scenario: the start-up floor's libraries (@actions/core,
// zod), then the requests the action sends, in its three waves (the repository list with the
// statistics; page 1 of the alerts with the schedule and the packages; every other page at once),
// each answer only JSON.parse-d, through the same undici. Bundled with ncc, minified, as dist/ is.
// Env: the action's INPUT_* variables, and BENCH_REPOSITORY_ID (this floor does not match names).
import * as core from '@actions/core';
import { request } from 'undici';
import { z } from 'zod';

const inputs = z
  .object({
    'api-url': z.url(),
    'api-token-id': z.string().min(1),
    'api-token-secret': z.string().min(1),
    'organization-id': z.string(),
  })
  .parse(
    Object.fromEntries(
      ['api-url', 'api-token-id', 'api-token-secret', 'organization-id'].map((n) => [n, core.getInput(n)]),
    ),
  );
const base = inputs['api-url'].replace(/\/+$/, '');
const organizationId = inputs['organization-id'];
const repositoryId = process.env.BENCH_REPOSITORY_ID ?? '';
const headers = {
  'Content-Type': 'application/json',
  Accept: 'application/json',
  'X-Service-API-Token-Id': inputs['api-token-id'],
  'X-Service-API-Token-Secret': inputs['api-token-secret'],
};
async function post(path: string, body: unknown): Promise<unknown> {
  const answer = await request(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await answer.body.text();
  return answer.statusCode < 300 ? JSON.parse(text) : null;
}
const search = (page: number) =>
  post('/api/v1/sca/alerts/search', {
    organizationId,
    repositoryIds: [repositoryId],
    page,
    pageSize: 1000,
  }) as Promise<{
    totalCount: number;
    pageSize: number;
  }>;

async function main(): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  await Promise.all([
    post('/api/v1/installations/repositories', { organizationId }),
    post('/api/v1/stats/securityPosture', { organizationId, startDate: today, endDate: today, timeGranularity: 'day' }),
    post('/api/v1/stats/timeSaved', { organizationId, startDate: today, endDate: today }),
  ]);
  const [first] = await Promise.all([
    search(1),
    post('/api/v1/scans/get-schedule', { organizationId, repositoryId }),
    post('/api/v1/sca/packages/search', { organizationId, repositoryIds: [repositoryId], page: 1, pageSize: 1000 }),
  ]);
  const pages = Math.ceil(first.totalCount / first.pageSize);
  await Promise.all(Array.from({ length: pages - 1 }, (_, i) => search(i + 2)));
}
main().catch((error: unknown) => core.setFailed(String(error)));
