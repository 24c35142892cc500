// Resolving the service's repository id (contract: "Resolving the repository"): the three rules in
// order, no match, ambiguity, and repository-id given.
import { describe, expect, test } from '@jest/globals';
import type { Repository } from '../../simulator/wire.js';
import { APP_ID, CLEAN_REPO, MAIN_REPO, UNSCHEDULED_REPO } from '../../simulator/data.js';
import { errorText, PATHS, useSimulator, type GateRun } from './harness.js';

const h = useSimulator();

const repo = (id: string): Repository => {
  const found = h.sim.state.repositories.find((r) => r.id === id);
  if (!found) throw new Error(`no repository ${id} in the simulator's data`);
  return found;
};

/** A workflow_dispatch run whose event has no repository.id: only GITHUB_REPOSITORY names the repository. */
const noEventId = (repository: string, env: Record<string, string> = {}) => ({
  repository,
  eventName: 'workflow_dispatch',
  event: { inputs: {} },
  env,
});

function expectResolved(run: GateRun, id: string): void {
  expect(run.outputs['repository-id']).toBe(id);
  expect(run.exitCode).not.toBeNull();
  expect(h.requests(PATHS.repositories)).toHaveLength(1);
  expect(h.requests(PATHS.alerts).length).toBeGreaterThan(0);
  for (const r of h.requests(PATHS.alerts)) expect(r.body).toMatchObject({ repositoryIds: [id] });
}

function expectUnresolved(run: GateRun): string {
  expect(run.exitCode).toBe(1);
  expect(run.outputs.result).not.toBe('pass');
  expect(h.requests(PATHS.repositories)).toHaveLength(1);
  // nothing of a repository that was not found is read or changed: only the organization's
  // statistics, which start alongside the resolution, were asked for
  const allowed: string[] = [PATHS.repositories, PATHS.posture, PATHS.timeSaved];
  expect(h.sim.requests.map((r) => r.path).filter((path) => !allowed.includes(path))).toEqual([]);
  return errorText(run);
}

describe('rule 1: github.externalGithubRepositoryId = the event repository.id', () => {
  test('the event id wins over GITHUB_REPOSITORY naming another repository', async () => {
    // repository.id 123456789 is acme/webshop; GITHUB_REPOSITORY says acme/clean-lib (rule 2 and 3 would pick it)
    const run = await h.gate({}, { repository: 'acme/clean-lib' });
    expectResolved(run, MAIN_REPO.id);
  });

  test('the event id as a string matches too', async () => {
    const run = await h.gate(
      {},
      { repository: CLEAN_REPO.name, event: { repository: { id: CLEAN_REPO.externalId } }, eventName: 'push' },
    );
    expectResolved(run, CLEAN_REPO.id);
  });
});

describe('rule 2: repositoryUrl = GITHUB_SERVER_URL/GITHUB_REPOSITORY, ignoring case, .git and a trailing /', () => {
  test.each([
    ['with .git', 'https://github.com/acme/legacy-api.git', 'acme/legacy-api'],
    ['with a trailing slash', 'https://github.com/acme/legacy-api/', 'acme/legacy-api'],
    ['with .git and a trailing slash', 'https://github.com/acme/legacy-api.git/', 'acme/legacy-api'],
    ['in another case', 'https://GitHub.com/ACME/Legacy-Api', 'acme/legacy-api'],
    ['GITHUB_REPOSITORY in another case', 'https://github.com/acme/legacy-api', 'Acme/LEGACY-api'],
  ])('%s', async (_name, repositoryUrl, githubRepository) => {
    const legacy = repo(UNSCHEDULED_REPO.id);
    legacy.repositoryUrl = repositoryUrl;
    legacy.repositoryName = 'legacy (renamed in the service)'; // so rule 3 cannot be what matched
    const run = await h.gate({}, noEventId(githubRepository));
    expectResolved(run, UNSCHEDULED_REPO.id);
  });

  test('an event repository.id the service does not know falls through to the URL of an entry with no GitHub id', async () => {
    // An entry that names another GitHub repository never matches by URL or name (integrity-repository.test.ts).
    const legacy = repo(UNSCHEDULED_REPO.id);
    legacy.github = { ...legacy.github!, externalGithubRepositoryId: '' };
    legacy.repositoryName = 'legacy (renamed in the service)';
    const run = await h.gate(
      {},
      { repository: 'acme/legacy-api', eventName: 'push', event: { repository: { id: 1 } } },
    );
    expectResolved(run, UNSCHEDULED_REPO.id);
  });

  test('GitHub Enterprise Server: GITHUB_SERVER_URL is the host', async () => {
    const legacy = repo(UNSCHEDULED_REPO.id);
    legacy.repositoryUrl = 'https://ghe.acme.example/acme/legacy-api.git';
    legacy.repositoryName = 'legacy (renamed in the service)';
    const run = await h.gate({}, noEventId('acme/legacy-api', { GITHUB_SERVER_URL: 'https://ghe.acme.example' }));
    expectResolved(run, UNSCHEDULED_REPO.id);
  });
});

describe('rule 3: repositoryName = GITHUB_REPOSITORY or its name part', () => {
  test.each([
    ['owner/name', UNSCHEDULED_REPO.name],
    ['name part only', 'legacy-api'],
  ])('%s', async (_name, repositoryName) => {
    const legacy = repo(UNSCHEDULED_REPO.id);
    legacy.repositoryUrl = 'https://git-mirror.acme.example/scm/legacy';
    legacy.repositoryName = repositoryName;
    const run = await h.gate({}, noEventId(UNSCHEDULED_REPO.name));
    expectResolved(run, UNSCHEDULED_REPO.id);
  });
});

describe('no match and ambiguity are errors that list what was seen', () => {
  test('no repository matches: exit 1, the error lists every repository of the installation', async () => {
    const run = await h.gate({}, noEventId('acme/not-onboarded'));
    const message = expectUnresolved(run);
    expect(message).toContain('acme/not-onboarded');
    for (const seen of [MAIN_REPO, CLEAN_REPO, UNSCHEDULED_REPO]) expect(message).toContain(seen.name);
    expect(message).toContain(APP_ID);
  });

  test('even with on-api-error warn, an unresolvable repository fails the step', async () => {
    const run = await h.gate({ 'on-api-error': 'warn' }, noEventId('acme/not-onboarded'));
    expectUnresolved(run);
  });

  test('the repository a rule matches is listed without an id: exit 1, never a weaker rule picking another', async () => {
    // acme/webshop comes without an id; another installation's `webshop` would match the name rule.
    repo(MAIN_REPO.id).id = '';
    h.sim.state.repositories.push({
      ...structuredClone(repo(CLEAN_REPO.id)),
      id: 'repo_other_webshop',
      repositoryName: 'webshop',
      repositoryUrl: 'https://github.com/other/webshop',
      github: { ...repo(CLEAN_REPO.id).github!, externalGithubRepositoryId: '42' },
    });
    const run = await h.gate();
    const message = expectUnresolved(run);
    expect(message).toContain('matches github.externalGithubRepositoryId = 123456789 has no id');
    expect(message).not.toContain('repo_other_webshop');
  });

  test('two repositories with the event id: exit 1, the error lists both', async () => {
    h.sim.state.repositories.push({
      ...structuredClone(repo(MAIN_REPO.id)),
      id: 'repo_webshop_copy',
      repositoryName: 'acme/webshop-copy',
    });
    const run = await h.gate();
    const message = expectUnresolved(run);
    expect(message).toContain(MAIN_REPO.id);
    expect(message).toContain('repo_webshop_copy');
  });

  test('two repositories with the same URL (one with .git) when the event has no id: the error lists both', async () => {
    const legacy = repo(UNSCHEDULED_REPO.id);
    h.sim.state.repositories.push({
      ...structuredClone(legacy),
      id: 'repo_legacy_again',
      repositoryUrl: `${legacy.repositoryUrl}.git`,
      github: { ...legacy.github!, externalGithubRepositoryId: '1' },
    });
    const run = await h.gate({}, noEventId(UNSCHEDULED_REPO.name));
    const message = expectUnresolved(run);
    expect(message).toContain(UNSCHEDULED_REPO.id);
    expect(message).toContain('repo_legacy_again');
  });
});

describe('repository-id given', () => {
  test.each([
    ['without app-id: no installations request', { 'repository-id': UNSCHEDULED_REPO.id, 'app-id': '' }, 0],
    ['with app-id too: checked against the installation', { 'repository-id': UNSCHEDULED_REPO.id }, 1],
  ])('%s, the id is used as given', async (_name, inputs, listed) => {
    const run = await h.gate(inputs);
    expect(run.outputs['repository-id']).toBe(UNSCHEDULED_REPO.id);
    expect(h.requests(PATHS.repositories)).toHaveLength(listed);
    expect(h.requests(PATHS.alerts).length).toBeGreaterThan(0);
    for (const r of h.requests(PATHS.alerts)) expect(r.body).toMatchObject({ repositoryIds: [UNSCHEDULED_REPO.id] });
    // acme/legacy-api has no scan schedule (404): that is "none", not an error
    expect(run.outputs.schedule).toBe('');
    expect(run.outputs.result).not.toBe('error');
  });
});
