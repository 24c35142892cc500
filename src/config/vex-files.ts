// The VEX documents of a run, read at step 1 (they are inputs: a refused one stops the run before any
// request to the service, and is reported with the other invalid inputs), through the run's reader of
// the files the verdict rests on.
import type { Config } from './inputs.js';
import type { RunnerContext } from '../github/context.js';
import { verdictFileSources, verdictFiles } from '../github/verdict-file.js';
import type { BaseFileView, VexView } from '../model.js';
import type { VexDocument } from '../vex/document.js';
import { readVexFiles } from '../vex/read.js';

/** What the verdict and the reports take of the VEX documents. */
export interface VexInput {
  documents: VexDocument[];
  files: VexView['files'];
  /** Files the base commit lacks (their statements judge once merged). */
  notices: string[];
  /** The reads made at the change's base commit, for the reports. */
  baseFiles: BaseFileView[];
}

export type VexInputRead =
  | { kind: 'read'; input: VexInput }
  | { kind: 'input-error'; errors: string[] }
  | { kind: 'api-error'; message: string };

/** What reading the documents takes of the inputs: the paths, and how GitHub is asked on a change. */
export type VexReadOptions = Pick<Config, 'vexFiles' | 'githubToken' | 'requestTimeoutMs' | 'maxRetries'>;

export async function readVexInput(options: VexReadOptions, context: RunnerContext): Promise<VexInputRead> {
  const files = verdictFiles(verdictFileSources(options, context));
  const read = await readVexFiles(options.vexFiles, (path, maxBytes) =>
    files.read({ input: 'vex-files', path, maxBytes }),
  );
  if (read.kind !== 'read') return read;
  const { documents, notices } = read;
  return { kind: 'read', input: { documents, files: read.files, notices, baseFiles: files.views() } };
}
