// The KEV catalog read, once a run, alongside the service reads: from a URL through the one GET
// (proxies, NODE_EXTRA_CA_CERTS, timeouts, retries, the size cap) with no credentials and nothing
// about the repository, or from a copy in the workspace (air-gapped runners, GHES), which the caller
// reads as the verdict must see it (at a pull request's base commit). Never rejects: a catalog that
// cannot be read or parsed is a message, which the verdict's rules weigh.
import { getWithRetries } from '../../api/get.js';
import { SetupError } from '../../api/errors.js';
import { transportFor } from '../../api/transport.js';
import type { VerdictFile } from '../../github/verdict-file.js';
import { readWorkspaceFile } from '../../github/workspace.js';
import { failure, feedSourceName, type FeedSource, type KevCatalog, type Outcome } from '../../model.js';
import { feedFileText, unread } from '../feed-file.js';
import { parseCatalog } from './catalog.js';

/** A file as much as an answer (contract). CISA's catalog is about 1.5 MB. */
export const MAX_CATALOG_BYTES = 16 * 1024 * 1024;

export interface CatalogReadOptions {
  /** GITHUB_WORKSPACE: where a path is read. */
  workspace: string;
  timeoutMs: number;
  maxRetries: number;
  /** Injected so tests need no real clock. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Reads a `kev-url` path as the verdict must see it (on a pull request, at the base commit: see
   * github/verdict-file.ts); default: the workspace's copy as it is.
   */
  readFile?: (path: string, maxBytes: number) => Promise<CatalogFile>;
}

/** A copy of the catalog as read: its text or why not, and the base commit it was read at (null: the workspace). */
export interface CatalogFile {
  file: VerdictFile;
  base: string | null;
}

/** The catalog, or why it could not be read, in a sentence that names where and what to do. */
export async function readCatalog(source: FeedSource, options: CatalogReadOptions): Promise<Outcome<KevCatalog>> {
  const where = `The KEV catalog (kev-url ${feedSourceName(source)})`;
  const text = source.kind === 'file' ? await fromFile(source.path, options) : await fromUrl(source.url, options);
  if (!text.ok) return failure(`${where} ${text.error}`);
  const catalog = parseCatalog(text.value);
  return catalog.ok
    ? catalog
    : failure(
        `${where} cannot be read as the catalog: it ${catalog.error}. Check that kev-url names CISA's JSON feed or a copy of it.`,
      );
}

const REACH =
  'Check kev-url and that the runner can reach it (behind a proxy: https_proxy and no_proxy); on a runner without internet access, give kev-url a copy of the catalog in the workspace.';

async function fromUrl(url: string, options: CatalogReadOptions): Promise<Outcome<string>> {
  let transport;
  try {
    transport = transportFor(url);
  } catch (error) {
    if (error instanceof SetupError) return unread(error.message);
    throw error;
  }
  const answer = await getWithRetries(url, {
    // A plain GET: no token, no cookie, nothing about the repository (contract).
    headers: { Accept: 'application/json' },
    host: 'its host',
    whyNotFollowed: 'another origin, which is not followed; give kev-url the final address',
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    maxBytes: MAX_CATALOG_BYTES,
    sleep: options.sleep,
    transport,
  });
  if (!answer.ok) return unread(`${answer.reason}. ${REACH}`);
  if (answer.status < 200 || answer.status > 299)
    return unread(`its host answered HTTP ${answer.status}${answer.status === 404 ? ' (not found)' : ''}. ${REACH}`);
  return { ok: true, value: answer.text };
}

const inWorkspace =
  (workspace: string) =>
  async (path: string, maxBytes: number): Promise<CatalogFile> => ({
    file: await readWorkspaceFile(path, workspace, maxBytes),
    base: null,
  });

async function fromFile(path: string, options: CatalogReadOptions): Promise<Outcome<string>> {
  const { file, base } = await (options.readFile ?? inWorkspace(options.workspace))(path, MAX_CATALOG_BYTES);
  return feedFileText(file, base, {
    what: 'catalog',
    input: 'kev-url',
    tooLarge: 'it is larger than 16 MiB, far more than the catalog (about 1.5 MB); check the path.',
  });
}
