// The VEX documents `vex-files` names, read before any request to the service (contract: "VEX
// statements"): each as the verdict must see it (on a pull request or merge group at the base commit,
// so a pull request cannot VEX its own alert away; the caller's reader knows how), then parsed.
// Every refusal of every file comes back at once, as input errors.
import type { VerdictFileRead } from '../github/verdict-file.js';
import type { VexView } from '../model.js';
import { parseVexDocument, type VexDocument } from './document.js';

/** At most 4 MiB a file (contract). */
export const MAX_VEX_BYTES = 4 * 1024 * 1024;

/** Reads a path as the verdict must see it (see github/verdict-file.ts). */
export type VexFileReader = (path: string, maxBytes: number) => Promise<VerdictFileRead>;

export type VexRead =
  /** The documents in the order given; notices for files the base commit lacks. */
  | { kind: 'read'; documents: VexDocument[]; files: VexView['files']; notices: string[] }
  /** Files missing, unreadable or invalid: every problem, each naming its file (and statement). */
  | { kind: 'input-error'; errors: string[] }
  /** A base commit's copy could not be read: an API error of a read that decides the verdict. */
  | { kind: 'api-error'; message: string };

type OneFile =
  | { kind: 'document'; document: VexDocument }
  | { kind: 'notice'; message: string }
  | { kind: 'errors'; errors: string[] }
  | { kind: 'api-error'; message: string };

export async function readVexFiles(paths: readonly string[], readFile: VexFileReader): Promise<VexRead> {
  const each = await Promise.all(paths.map(async (path) => oneFile(path, await readFile(path, MAX_VEX_BYTES))));
  const failed = each.find((one) => one.kind === 'api-error');
  if (failed) return failed;
  const errors = each.flatMap((one) => (one.kind === 'errors' ? one.errors : []));
  if (errors.length > 0) return { kind: 'input-error', errors };
  const documents = each.flatMap((one) => (one.kind === 'document' ? [one.document] : []));
  const files = each.map((one, i) =>
    one.kind === 'document'
      ? { path: one.document.file, document: one.document.id, statements: one.document.statements.length }
      : { path: paths[i] ?? '', document: null, statements: 0 },
  );
  const notices = each.flatMap((one) => (one.kind === 'notice' ? [one.message] : []));
  return { kind: 'read', documents, files, notices };
}

function oneFile(path: string, { file, base, view }: VerdictFileRead): OneFile {
  const where = `vex-files ${path}`;
  const errors = (message: string): OneFile => ({ kind: 'errors', errors: [`${where}: ${message}`] });
  if (file.ok) {
    const parsed = parseVexDocument(file.text, path);
    return parsed.ok ? { kind: 'document', document: parsed.value } : { kind: 'errors', errors: parsed.error };
  }
  const short = base?.slice(0, 7) ?? '';
  switch (file.why) {
    case 'absent':
      if (base === null) return errors('no such file in the workspace. Check the path (relative to the workspace).');
      // Absent at the base and in the workspace: a wrong path, as on any event (the policy file's rule).
      if (view?.change === 'none')
        return errors(
          `no such file at the base commit ${short} nor in the workspace. Check the path (relative to the repository root).`,
        );
      return {
        kind: 'notice',
        message: `${where} is not in the base commit ${short}: its statements do not judge this change; they take effect once it is merged.`,
      };
    case 'failed':
      return { kind: 'api-error', message: `${where}${base ? ` at the base commit ${short}` : ''}: ${file.reason}` };
    case 'outside':
      return errors('it leads out of the workspace (GITHUB_WORKSPACE); give a path inside it.');
    case 'too-large':
      return errors('it is larger than 4 MiB.');
    case 'unreadable':
      return errors(`it cannot be read (${file.code}).`);
  }
}
