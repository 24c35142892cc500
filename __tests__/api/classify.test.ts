// What a failed answer blames (contract: "Errors blame the right input"), on answers built by hand:
// a 404 or 400 naming the organization -> organization-id; a 405 or a web page -> api-url with its
// host and path; a 404 naming the installation -> app-id (only from installations/repositories);
// 501 and 505 are final. Expected words come from the contract, not from src/.
import { describe, expect, test } from '@jest/globals';
import { classify, describeApiUrl, explain, Failure, subjectOf } from '../../src/api/classify.js';
import { PATHS } from '../../src/api/endpoints.js';
import { ApiError, type ApiErrorKind } from '../../src/api/errors.js';
import type { Sent } from '../../src/api/send.js';

const context = { timeoutMs: 1_000, maxBytes: 1_000_000, secrets: [], redact: (text: string) => text };
const BASE = 'https://security.example.com/gateway';

function answer(status: number, text: string, type = 'application/json'): Sent {
  return { kind: 'answer', status, statusText: '', header: (name) => (name === 'content-type' ? type : null), text };
}

/** The failure an answer is, said as the client says it for `path` under BASE. */
function failureOf(sent: Sent, path: string = PATHS.searchAlerts): Failure {
  const read = classify(sent, context);
  if (!(read instanceof Failure)) throw new Error('expected a failure');
  return explain(BASE, path, read);
}

const json = (error: string) => JSON.stringify({ error });

describe('subjectOf: what a service error names, its paths left out', () => {
  test.each<[string, 'organization' | 'installation' | null]>([
    ['organization org_x not found', 'organization'],
    ['Organisation not found', 'organization'],
    ['organizationId must be a string', 'organization'],
    ['unknown orgId', 'organization'],
    ['installation 9999 not found', 'installation'],
    ['appId is required', 'installation'],
    ['no such app', 'installation'],
    ['installation 1 not found in organization org_1', 'installation'],
    ['organization org_1 has no installation 1', 'organization'],
    ['no operation at /api/v1/installations/repositories', null],
    ['no route for https://host/organizations/1', null],
    ['Not Found', null],
    ['org_demo not found', null], // an id shaped like org_… is no word "org"
    ['expected application/json', null],
    ['package org.apache.commons not found', null],
    ['host app.example.com not found', null],
    ['unknown app.', 'installation'],
  ])('%j -> %s', (message, subject) => {
    expect(subjectOf(message)).toBe(subject);
  });
});

describe('describeApiUrl: the URL, its host and its path', () => {
  test.each([
    [
      'https://security.example.com',
      'api-url https://security.example.com (host https://security.example.com, no path)',
    ],
    ['https://h.example:8443/wrong', 'api-url https://h.example:8443/wrong (host https://h.example:8443, path /wrong)'],
    ['not a url', 'api-url not a url'],
  ])('%s', (base, words) => {
    expect(describeApiUrl(base)).toBe(words);
  });
});

describe('classify and explain: the kind of a failed answer', () => {
  test.each<[string, Sent, ApiErrorKind]>([
    ['a 404 naming the organization', answer(404, json('organization org_x not found')), 'organization'],
    ['a 400 naming the organization', answer(400, json('organization org_x not found')), 'organization'],
    ['a 405', answer(405, json('method not allowed')), 'api-url'],
    ['a 405 with a web page', answer(405, '<html>no</html>', 'text/html'), 'api-url'],
    ['a 404 web page', answer(404, '<!DOCTYPE html><h1>Not Found</h1>', 'text/html; charset=utf-8'), 'api-url'],
    ['a 400 of markup without a type', answer(400, '<html>bad</html>', ''), 'api-url'],
    ['a 200 web page', answer(200, '<html>sign in</html>', 'text/html'), 'api-url'],
    ['a bare 404', answer(404, json('Not Found')), 'request'],
    ['a 404 with an empty body', answer(404, '', 'text/plain'), 'request'],
    ['a 400 naming a field', answer(400, json('pageSize must be >= 1')), 'request'],
    ['a 401', answer(401, json('organization token rejected')), 'credentials'],
    ['a 501', answer(501, json('not implemented')), 'not-retried'],
    ['a 505', answer(505, ''), 'not-retried'],
    ['a 502 web page from a proxy', answer(502, '<html>bad gateway</html>', 'text/html'), 'server'],
    ['a 504', answer(504, ''), 'server'],
    ['a 429', answer(429, ''), 'server'],
    ['a 200 that is not JSON and no markup', answer(200, 'ok', 'text/plain'), 'invalid-response'],
  ])('%s: %s', (_name, sent, kind) => {
    expect(failureOf(sent).kind).toBe(kind);
  });

  test('a 404 naming the installation blames app-id from installations/repositories only', () => {
    const sent = answer(404, json('installation 9999 not found'));
    expect(failureOf(sent, PATHS.listRepositories).kind).toBe('installation');
    expect(failureOf(sent, PATHS.searchAlerts).kind).toBe('request');
  });

  test('a 405 and a web page say api-url, its host and path, and the URL asked', () => {
    for (const sent of [answer(405, ''), answer(404, '<html></html>', 'text/html')]) {
      const { detail } = failureOf(sent);
      expect(detail).toContain(
        'api-url https://security.example.com/gateway (host https://security.example.com, path /gateway)',
      );
      expect(detail).toContain(`POST ${BASE}${PATHS.searchAlerts}`);
    }
  });

  test('a bare 404 says the URL asked', () => {
    expect(failureOf(answer(404, json('Not Found'))).detail).toContain(`Asked: POST ${BASE}${PATHS.searchAlerts}.`);
  });

  test('a doubled /api/v1 is said on a bare 404, not on an answer naming the organization', () => {
    const doubled = (sent: Sent) =>
      explain('https://h.example/api/v1', PATHS.searchAlerts, classify(sent, context) as Failure).kind;
    expect(doubled(answer(404, json('no operation')))).toBe('doubled-path');
    expect(doubled(answer(404, json('organization o not found')))).toBe('organization');
  });
});

describe('ApiError: the advice names the input the failure blames', () => {
  test.each<[string, ApiErrorKind, number | null, string, RegExp | null]>([
    ['organization', 'organization', 404, 'Check organization-id', null],
    ['installation', 'installation', 404, 'Check app-id', null],
    ['api-url', 'api-url', 405, 'Check api-url', /app-id|organization-id/],
    ['not retried', 'not-retried', 501, 'not retried', /max-retries/],
    ['a bare 404 of the alerts', 'request', 404, 'Check organization-id and repository-id, or api-url', /app-id/],
    ['a 400 of the alerts', 'request', 400, 'Check organization-id and repository-id.', /api-url|app-id/],
  ])('%s', (_name, kind, status, names, never) => {
    const { message } = new ApiError(PATHS.searchAlerts, kind, 'HTTP.', status);
    expect(message).toContain(names);
    if (never) expect(message).not.toMatch(never);
  });

  test.each([
    [PATHS.securityPosture, 'Check organization-id and project-id, or api-url'],
    [PATHS.timeSaved, 'Check organization-id and project-id, or api-url'],
    [PATHS.getSchedule, 'Check organization-id and repository-id, or api-url'],
    [PATHS.setPrScanning, 'Check organization-id and repository-id, or api-url'],
    [PATHS.listRepositories, 'Check organization-id, or api-url'],
  ])('a bare 404 of %s names what it was sent, never app-id', (endpoint, names) => {
    const { message } = new ApiError(endpoint, 'request', 'HTTP 404.', 404);
    expect(message).toContain(names);
    expect(message).not.toContain('app-id');
  });
});
