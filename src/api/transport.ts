// How requests reach the network: undici's request API, from the copy @actions/core already bundles
// (through @actions/http-client; Node's global fetch would load a second undici on the first
// request, some 40 ms a run). Not its fetch: the WHATWG streams under fetch cost about 5 ms a cold
// request and a sixth of the time of reading 100 pages of 1,000 alerts. Through the runner's proxy
// exactly when @actions/http-client would use one:
// https_proxy/HTTPS_PROXY for https, http_proxy/HTTP_PROXY for http, no_proxy/NO_PROXY (host,
// .domain and subdomain suffix, host:port, *), loopback never proxied. NODE_EXTRA_CA_CERTS (a
// TLS-intercepting proxy's CA) is honoured by Node's TLS itself.
import { STATUS_CODES } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { HttpClient } from '@actions/http-client';
import { getProxyUrl } from '@actions/http-client/lib/proxy';
import { request } from 'undici';
import { VERSION } from '../version.js';
import { SetupError } from './errors.js';

export interface Sending {
  method: 'GET' | 'POST' | 'PATCH';
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** An answer, status and headers read; its body is read once, as text, or discarded. */
export interface Answer {
  status: number;
  /** The status's standard reason phrase ('' for an unknown status). */
  statusText: string;
  ok: boolean;
  header(name: string): string | null;
  /**
   * The body as UTF-8 text, without a leading byte-order mark (some servers write one before JSON,
   * which JSON.parse refuses); null when it is larger than `limit` bytes, decompressed (the cap is on
   * what is held, not on what came over the wire), and then the rest is not read.
   */
  text(limit?: number): Promise<string | null>;
  /** The body as a stream of bytes, decompressed, for a caller that reads it as it comes (read once). */
  bytes?(): Readable;
  discard(): Promise<void>;
}

/** Sends one request; redirects are answers, never followed. Rejects on a network error or abort. */
export type Transport = (url: URL | string, sending: Sending) => Promise<Answer>;

/**
 * The transport for requests to `baseUrl`'s origin, through the proxy the runner's settings choose.
 * Throws a SetupError, before anything is sent, when `baseUrl` is not an http(s) URL or the proxy
 * chosen for it is not an HTTP proxy.
 */
export function transportFor(baseUrl: string): Transport {
  const target = URL.canParse(baseUrl) ? new URL(baseUrl) : null;
  if (target?.protocol !== 'https:' && target?.protocol !== 'http:')
    throw new SetupError(`${JSON.stringify(baseUrl)} is not an http(s) URL.`);
  checkProxy(target);
  // keepAlive: pages reuse the proxy's tunnels (without it, http-client's agent closes each one).
  const dispatcher = new HttpClient('security-gate', [], { keepAlive: true }).getAgentDispatcher(baseUrl);
  return async (url, { method, headers, body, signal }) => {
    const answer = await request(url, {
      method,
      // JSON shrinks some tenfold compressed: 100,000 alerts are 85 MB as text.
      headers: { 'User-Agent': `security-gate/${VERSION}`, 'Accept-Encoding': 'gzip, br', ...headers },
      body,
      signal,
      dispatcher,
    });
    const { statusCode: status, headers: received, body: raw } = answer;
    const header = (name: string) => {
      const value = received[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    };
    const decoded = decompressed(raw, header('content-encoding'));
    const discard = async () => {
      if (decoded !== raw) decoded.destroy();
      await raw.dump();
    };
    return {
      status,
      statusText: STATUS_CODES[status] ?? '',
      ok: status >= 200 && status < 300,
      header,
      text: async (limit = Infinity) => {
        if (Number(header('content-length') ?? NaN) > limit) {
          await discard();
          return null;
        }
        // Each chunk decoded as it comes and let go: a page's chunks and their concatenation were
        // native memory (a megabyte or two a page) that the allocator kept for the rest of the run.
        const decoder = new StringDecoder('utf8');
        const parts: string[] = [];
        let size = 0;
        for await (const chunk of decoded) {
          size += (chunk as Buffer).byteLength;
          if (size > limit) return null; // leaving the loop closes the body
          parts.push(decoder.write(chunk as Buffer));
        }
        parts.push(decoder.end());
        const text = parts.join('');
        return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
      },
      bytes: () => decoded,
      discard,
    };
  };
}

/**
 * http-client uses the proxy variable's URL when it has a host, and undici can tunnel only through an
 * http:// or https:// proxy: anything else (socks5://) would throw deep inside the first request's
 * set-up. Named here with the variable and the way out; the proxy's credentials are never shown.
 */
function checkProxy(target: URL): void {
  const proxy = getProxyUrl(target);
  if (!proxy?.hostname || proxy.protocol === 'http:' || proxy.protocol === 'https:') return;
  const names = target.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
  const name = names.find((n) => process.env[n]) ?? names[0]!;
  throw new SetupError(
    `${name} names a ${proxy.protocol}// proxy (${proxy.host}), and requests go only through http:// or https:// ` +
      `proxies (as @actions/http-client sends them). Point ${name} at an HTTP proxy, or add ${target.hostname} to no_proxy.`,
  );
}

/** The body as sent, or decompressed (gzip, br); an error in either stream ends the other. */
function decompressed(raw: Readable, encoding: string | null): Readable {
  const coding = encoding?.trim().toLowerCase();
  const decoder =
    coding === 'gzip' || coding === 'x-gzip' ? createGunzip() : coding === 'br' ? createBrotliDecompress() : null;
  if (!decoder) return raw;
  return pipeline(raw, decoder, () => undefined); // errors reach the reader through `decoder`
}
