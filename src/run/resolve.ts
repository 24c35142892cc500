// Finds the service's id for the repository the workflow runs in (contract: "Resolving the repository").
import type { Repository } from '../api/schemas.js';
import type { RunnerContext } from '../github/context.js';

export type Resolution = { ok: true; repository: Repository; rule: string } | { ok: false; error: string };

type Rule = { name: string; matches: (repo: Repository) => boolean };

function normaliseUrl(url: string): string {
  return url.trim().toLowerCase().replace(/\/+$/, '').replace(/\.git$/, '').replace(/\/+$/, '');
}

function rules(context: RunnerContext): Rule[] {
  const list: Rule[] = [];
  const numericId = context.repositoryNumericId;
  if (numericId) {
    list.push({ name: `github.externalGithubRepositoryId = ${numericId}`, matches: (r) => r.github?.externalGithubRepositoryId === numericId });
  }
  const fullName = context.repository;
  if (fullName) {
    const url = normaliseUrl(`${context.serverUrl}/${fullName}`);
    list.push({ name: `repositoryUrl = ${context.serverUrl}/${fullName}`, matches: (r) => normaliseUrl(r.repositoryUrl) === url });
    // GitHub names are case-insensitive, so the name rule is too.
    const names = new Set([fullName.toLowerCase(), fullName.split('/').pop()!.toLowerCase()]);
    list.push({ name: `repositoryName = ${fullName}`, matches: (r) => names.has(r.repositoryName.toLowerCase()) });
  }
  return list;
}

/** Pure: the first rule that matches any repository decides; it must match exactly one. */
export function matchRepository(repositories: Repository[], context: RunnerContext, appId: string): Resolution {
  const applied = rules(context);
  if (applied.length === 0) {
    return { ok: false, error: 'Cannot resolve the repository: neither the event payload nor GITHUB_REPOSITORY names it. Set repository-id.' };
  }
  for (const rule of applied) {
    const hits = repositories.filter(rule.matches);
    if (hits.length === 1) return { ok: true, repository: hits[0]!, rule: rule.name };
    if (hits.length > 1) {
      return { ok: false, error: `Cannot resolve the repository: ${hits.length} repositories of app ${appId} match ${rule.name}: ${describe(hits)}. Set repository-id to the one to gate.` };
    }
  }
  const seen = repositories.length ? describe(repositories) : 'none';
  return {
    ok: false,
    error: `Cannot resolve the repository: no repository of app ${appId} matches ${applied.map((r) => r.name).join(', or ')}. Seen: ${seen}. Check app-id, or set repository-id.`,
  };
}

function describe(repositories: Repository[]): string {
  const shown = repositories.slice(0, 20).map((r) => `${r.repositoryName} (id ${r.id}, ${r.repositoryUrl})`);
  return shown.join('; ') + (repositories.length > 20 ? `; and ${repositories.length - 20} more` : '');
}
