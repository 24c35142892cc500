// How a run reads from GitHub (the change, advisories): GITHUB_API_URL (GITHUB_GRAPHQL_URL for the
// advisories), github-token, the run's timeouts and retries, and every other secret of the run, which
// no message of those reads may carry (contract: "Every secret redacted on every path").
import { proxySecrets } from '../api/redaction.js';
import type { Config } from '../config/inputs.js';
import type { RunnerContext } from '../github/context.js';

export function githubReadOptions(config: Config, context: RunnerContext) {
  const secrets = [config.tokenId, config.tokenSecret, config.configToken ?? '', ...proxySecrets()];
  return {
    apiUrl: context.apiUrl,
    graphqlUrl: context.graphqlUrl,
    token: config.githubToken,
    timeoutMs: config.requestTimeoutMs,
    maxRetries: config.maxRetries,
    secrets: secrets.filter((secret) => secret !== ''),
  };
}
