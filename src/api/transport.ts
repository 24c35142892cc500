// How requests reach the network: undici's fetch, the copy @actions/core already bundles (through
// @actions/http-client; Node's global fetch would load a second undici on the first request, some
// 40 ms a run), through the runner's proxy exactly when @actions/http-client would use one:
// https_proxy/HTTPS_PROXY for https, http_proxy/HTTP_PROXY for http, no_proxy/NO_PROXY (host,
// .domain and subdomain suffix, host:port, *), loopback never proxied. NODE_EXTRA_CA_CERTS (a
// TLS-intercepting proxy's CA) is honoured by Node's TLS itself.
import { HttpClient } from '@actions/http-client';
import { fetch as undiciFetch } from 'undici';

/** A fetch for requests to `baseUrl`'s origin, through the proxy the runner's settings choose. */
export function transportFor(baseUrl: string): typeof fetch {
  // keepAlive: pages reuse the proxy's tunnels (without it, http-client's agent closes each one).
  const dispatcher = new HttpClient('security-gate', [], { keepAlive: true }).getAgentDispatcher(baseUrl);
  return ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as string | URL, { ...(init as object), dispatcher })) as unknown as typeof fetch;
}

/** The proxy passwords in the runner's proxy variables: masked like tokens, never printed. */
export function proxySecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  const secrets: string[] = [];
  for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']) {
    const value = env[name];
    if (!value) continue;
    try {
      const url = new URL(value.includes('://') ? value : `http://${value}`);
      if (url.password) secrets.push(url.password, decoded(url.password));
    } catch {
      // not a URL: http-client will not use it either
    }
  }
  return [...new Set(secrets)];
}

/** `%40` read as `@`, as http-client reads it; as written when it is no valid escape. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
