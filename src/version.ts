// What the action says it is (contract: "A version that tells the truth"). The version is
// package.json's and only there: ncc inlines this import (only the `version` field reaches the
// bundle), so nothing reads package.json at run time and nothing can drift from it.
import pkg from '../package.json' with { type: 'json' };
import type { GateResult } from './model.js';

/** The release this build is: package.json's `version`. */
export const VERSION: string = pkg.version;

/** The name the action reports itself by (the log's first line, the JSON report's tool.name). */
export const TOOL_NAME = 'security-gate';

/** A full commit SHA: what GitHub accepts as a pinned ref (it refuses short ones). */
const FULL_SHA = /^[0-9a-f]{40}$/i;

/**
 * This build as the JSON report gives it. `actionRef` is GITHUB_ACTION_REF, the ref the workflow
 * named the action by: only a full SHA says which commit runs. A tag or branch may have moved since,
 * and the runner's copy of the action (GITHUB_ACTION_PATH) is an unpacked archive with no .git: the
 * commit is then not known, and null says so.
 */
export function toolOf(actionRef: string | null): GateResult['tool'] {
  const commit = actionRef !== null && FULL_SHA.test(actionRef) ? actionRef.toLowerCase() : null;
  return { name: TOOL_NAME, version: VERSION, commit };
}

/** The log's first line: the version, and the commit or the ref the workflow used (none for `uses: ./`). */
export function versionLine(actionRef: string | null): string {
  const { commit } = toolOf(actionRef);
  if (commit) return `${TOOL_NAME} ${VERSION} (commit ${commit})`;
  return actionRef ? `${TOOL_NAME} ${VERSION} (ref ${actionRef})` : `${TOOL_NAME} ${VERSION}`;
}
