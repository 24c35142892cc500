// Step 7 of a run: the job summary, the report files, the outputs, the annotations and the PR
// comment, all rendered from the one result. A report that cannot be written is returned as an
// error instead of stopping the others.
import { ftruncateSync, readSync, writeSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { githubCommentApi, isPermissionError } from '../github/comment-api.js';
import { githubReadOptions } from './github-reads.js';
import type { Config } from '../config/inputs.js';
import * as log from '../github/log.js';
import * as step from '../github/step.js';
import { actionOutputs } from '../github/outputs.js';
import {
  buildAnnotations,
  buildWarningAnnotations,
  MAX_ERROR_ANNOTATIONS,
  MAX_WARNING_ANNOTATIONS,
} from '../reports/annotations.js';
import { authorTypeOf, renderComment, upsertComment } from '../reports/comment.js';
import { jsonReportChunks } from '../reports/json.js';
import { writeSarif, type SarifSink } from '../reports/sarif.js';
import { renderVexDocument } from '../reports/vex-output.js';
import { renderSummary } from '../reports/summary.js';
import type { GateResult } from '../model.js';
import type { RunnerContext } from '../github/context.js';
import { VERSION } from '../version.js';
import { LinkOnPath, openWritten, writtenFiles, type WrittenFile } from '../github/written-file.js';

/** Writes every report asked for; returns what could not be written. */
export async function writeReports(result: GateResult, config: Config, context: RunnerContext): Promise<string[]> {
  const errors: string[] = [];
  if (config.summary) {
    if (context.canWriteSummary) {
      try {
        await step.writeSummary(renderSummary(result));
        log.info('Job summary written');
      } catch (error) {
        errors.push(
          `summary: cannot write the job summary: ${error instanceof Error ? error.message : String(error)}.`,
        );
      }
    } else {
      log.info('GITHUB_STEP_SUMMARY is not set (not on a runner): no job summary written');
    }
  }
  const notWritten = (input: string, path: string | null): null => {
    if (path)
      log.info(
        `${input}: not written: the alerts were not read, and an empty SARIF log uploaded would close the repository's open code-scanning alerts`,
      );
    return null;
  };
  const asked = writtenFiles(config, context.workspace);
  const write: Write = async (input, writeTo) => {
    const file = asked.find((f) => f.input === input);
    if (!file) return null;
    try {
      // No link followed on the path (contract: "Verdict integrity"); the file replaced, not appended to.
      const handle = await openWritten(file, context.workspace, input === 'sarif-file');
      try {
        await writeTo(handle);
      } catch (error) {
        await handle.close().catch(() => undefined); // the first error is the one to report
        throw error;
      }
      await handle.close();
      log.info(`${input}: written to ${file.given}`);
      return file.given;
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      errors.push(
        error instanceof LinkOnPath ? why : `${input}: cannot write "${file.given}": ${why}. Check the path.`,
      );
      return null;
    }
  };
  const reportFile = await write('report-file', (file) => writeChunks(file, jsonReportChunks(result)));
  // Only once the alerts were read: an empty log uploaded would close every open code-scanning alert.
  const sarifFile =
    result.counts === null
      ? notWritten('sarif-file', config.sarifFile)
      : await write('sarif-file', (file) => writeSarifFile(file, result));
  await writeVexOutput(result, config, context, write);
  for (const [name, value] of Object.entries(actionOutputs(result, { reportFile, sarifFile })))
    step.setOutput(name, value);
  if (config.annotations) {
    // GitHub shows 10 error annotations per step; the failure message (core.setFailed) is one of them.
    const { annotations } = buildAnnotations(result, MAX_ERROR_ANNOTATIONS - 1);
    for (const { message, ...properties } of annotations) log.error(message, properties);
    const { annotations: warnings } = buildWarningAnnotations(result, warningAnnotationRoom(result));
    for (const { message, ...properties } of warnings) log.warning(message, properties);
  }
  await commentOnPullRequest(result, config, context);
  return errors;
}

/**
 * Warning annotations left for the alerts flagged as known exploited (under known-exploited: warn)
 * and coming due: GitHub shows 10 a step, and the run's warnings (and its errors, on a failed gate
 * or under on-api-error: warn) are logged as warnings after these, so room is kept for them; at
 * least one, which says how many alerts were left out.
 */
export function warningAnnotationRoom(result: Pick<GateResult, 'warnings' | 'errors'>): number {
  return Math.max(1, MAX_WARNING_ANNOTATIONS - result.warnings.length - result.errors.length);
}

/** Writes the file an input asks for into the open file it is given; returns its path as given, or null. */
type Write = (input: WrittenFile['input'], writeTo: (file: FileHandle) => Promise<void>) => Promise<string | null>;

/** vex-output, once the alerts were read (contract: a document of what the gate judged, never of nothing). */
async function writeVexOutput(result: GateResult, config: Config, context: RunnerContext, write: Write): Promise<void> {
  if (config.vexOutput === null) return;
  if (result.counts === null) return log.info('vex-output: not written: the alerts were not read');
  const { repository, commit } = context;
  if (!repository || !commit)
    return log.warning('vex-output: not written: GITHUB_REPOSITORY and the commit under test (GITHUB_SHA) are needed.');
  const tooling = `security-gate ${VERSION}`;
  await write('vex-output', (file) => writeChunks(file, [renderVexDocument(result, { repository, commit, tooling })]));
}

/** The pull request to comment on, or why there is none. */
export function commentTarget(
  result: Pick<GateResult, 'change'>,
  context: Pick<RunnerContext, 'eventName' | 'change' | 'repository' | 'pullRequestNumber'>,
): { owner: string; repo: string; number: number } | { skip: string } {
  // A merge queue judges what lands, but has no pull request conversation to write to (contract: "Merge queues").
  if (result.change?.event === 'merge_group' || context.eventName === 'merge_group')
    return { skip: 'a merge group has no pull request to comment on' };
  const [owner, repo] = (context.repository ?? '').split('/');
  // Every event that judges a pull request (pull_request_review too: context.change) comments on it.
  if (context.change === null || !context.pullRequestNumber || !owner || !repo)
    return { skip: 'this is not a pull request event' };
  return { owner, repo, number: context.pullRequestNumber };
}

async function commentOnPullRequest(result: GateResult, config: Config, context: RunnerContext): Promise<void> {
  if (config.commentOnPr === 'never') return;
  const target = commentTarget(result, context);
  if ('skip' in target) {
    log.info(`comment-on-pr is ${config.commentOnPr}, but ${target.skip}: no comment`);
    return;
  }
  if (!config.githubToken) {
    log.warning('comment-on-pr needs github-token; no PR comment was written.');
    return;
  }
  try {
    const { owner, repo } = target;
    const api = await githubCommentApi(target, { ...githubReadOptions(config, context), token: config.githubToken });
    const body = renderComment(result, context.runUrl, {
      serverUrl: context.serverUrl,
      repository: `${owner}/${repo}`,
    });
    const outcome = await upsertComment(api, config.commentOnPr, result, body, authorTypeOf(config.githubToken));
    log.info(`PR comment ${outcome}`);
  } catch (error) {
    // A comment is a courtesy: it never fails the gate. 403/404: fork or read-only token.
    const why = isPermissionError(error)
      ? 'the token may not write to this pull request (a fork, or a workflow without permissions: pull-requests: write)'
      : error instanceof Error
        ? error.message
        : String(error);
    log.warning(`The PR comment was not written: ${why}.`);
  }
}

/**
 * Writes text chunk by chunk, one write in flight while the next chunk is made. A string handed to
 * FileHandle.write is copied to native memory and freed once written: a stream would turn each
 * chunk into a Buffer left for the garbage collector (85 MB of them for a report of 100,000 alerts).
 */
async function writeChunks(file: FileHandle, chunks: Iterable<string>): Promise<void> {
  let writing: Promise<void> = Promise.resolve();
  try {
    for (const chunk of chunks) {
      await writing;
      writing = writeAll(file, chunk);
    }
    await writing;
  } catch (error) {
    await writing.catch(() => undefined); // settled before the file is closed
    throw error;
  }
}

/** A write can be short (a full disk, a file size limit): the rest is written, or the error thrown. */
async function writeAll(file: FileHandle, chunk: string): Promise<void> {
  const { bytesWritten } = await file.write(chunk, null, 'utf8');
  const length = Buffer.byteLength(chunk, 'utf8');
  if (bytesWritten === length) return;
  const bytes = Buffer.from(chunk, 'utf8');
  for (let done = bytesWritten; done < length;) {
    const { bytesWritten: more } = await file.write(bytes, done, length - done, null);
    if (more === 0)
      throw new Error(`wrote ${done} of ${length} bytes of a chunk, then nothing more (is the disk full?)`);
    done += more;
  }
}

/**
 * The SARIF log, written to the file as it is made (reports/sarif.ts): never held whole. Written
 * synchronously, as it is made in one go; a log too large compressed is measured by reading back
 * what was written, and started over.
 */
async function writeSarifFile(file: FileHandle, result: GateResult): Promise<void> {
  const sink = new FileSink(file.fd);
  writeSarif(result, { toolVersion: VERSION }, sink);
  sink.flush();
}

/**
 * A sink into an open file: text is encoded into one buffer, written when full, and read back
 * through another, chunk by chunk; no Buffer is made per piece.
 */
class FileSink implements SarifSink {
  /** Bytes of each chunk ended. */
  private readonly chunks: number[] = [];
  private chunk = 0;
  /** Bytes in the file. */
  private size = 0;
  private pending = Buffer.allocUnsafe(64 * 1024);
  private used = 0;
  private reading = Buffer.alloc(0);

  constructor(private readonly file: number) {}

  write(text: string): void {
    const length = Buffer.byteLength(text, 'utf8');
    if (this.used + length > this.pending.length) this.flush();
    if (length > this.pending.length) this.pending = Buffer.allocUnsafe(length);
    this.used += this.pending.write(text, this.used, 'utf8');
    this.chunk += length;
  }

  endChunk(): void {
    this.chunks.push(this.chunk);
    this.chunk = 0;
  }

  *written(): Generator<Uint8Array> {
    this.flush();
    let at = 0;
    for (const length of this.chunks) {
      if (this.reading.length < length) this.reading = Buffer.allocUnsafe(Math.max(length, 2 * this.reading.length));
      for (let done = 0; done < length;) {
        const more = readSync(this.file, this.reading, done, length - done, at + done);
        if (more === 0) throw new Error(`the file ended ${at + done} bytes in, ${this.size} written`);
        done += more;
      }
      yield this.reading.subarray(0, length);
      at += length;
    }
  }

  clear(): void {
    ftruncateSync(this.file, 0);
    this.chunks.length = 0;
    [this.chunk, this.size, this.used] = [0, 0, 0];
  }

  /** Writes what the buffer holds (a write can be short: a full disk, a file size limit). */
  flush(): void {
    for (let done = 0; done < this.used;) {
      const more = writeSync(this.file, this.pending, done, this.used - done, this.size + done);
      if (more === 0) throw new Error(`wrote ${done} of ${this.used} bytes, then nothing more (is the disk full?)`);
      done += more;
    }
    this.size += this.used;
    this.used = 0;
  }
}
