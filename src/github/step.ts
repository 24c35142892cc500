// What this step has written to the runner's files: its outputs (GITHUB_OUTPUT) and its job summary
// (GITHUB_STEP_SUMMARY). Both files are appended to, so a value set twice is two entries and a
// summary written twice is two pages: a run that stops on a fault after the reports began writes
// only what they had not (main.ts).
import * as core from '@actions/core';

const outputs = new Set<string>();
let summary = false;

/** Sets an output; remembered once set. Throws as core.setOutput does (GITHUB_OUTPUT unwritable). */
export function setOutput(name: string, value: string): void {
  core.setOutput(name, value);
  outputs.add(name);
}

/** Whether an output has been set by this step. */
export function hasOutput(name: string): boolean {
  return outputs.has(name);
}

/**
 * Writes the job summary. Counted as written from the first attempt: one that failed part-way
 * may have left part of a page, and a second page would not mend it.
 */
export async function writeSummary(markdown: string): Promise<void> {
  summary = true;
  await core.summary.addRaw(markdown).write();
}

/** Whether the job summary has been written (or its writing begun). */
export function summaryWritten(): boolean {
  return summary;
}
