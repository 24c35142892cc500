// The policy file at a pull request's base commit, in the job summary (and so the PR comment):
// which settings the change's own copy would change once merged (contract: "A pull request cannot
// change the policy that judges it"). Values are the pull request's text: escaped, and cut short.
import type { GateResult } from '../model.js';
import { code, codeCell, escapeText } from './markdown.js';

const MAX_VALUE = 200;

/** The section, or null when nothing is to be said (no base read, or a copy the same as the base's). */
export function policyChangesSection({
  basePolicy: base,
  configFile,
  sources,
}: Pick<GateResult['options'], 'basePolicy' | 'configFile' | 'sources'>): string | null {
  if (base === null || (base.atBase && base.changes.length === 0 && base.proposedUnreadable === null)) return null;
  const [file, commit] = [code(configFile ?? '', 200), code(base.commit.slice(0, 7))];
  const lines = ['### Policy file changes', ''];
  lines.push(
    base.atBase
      ? `The policy file ${file} as it stands at the base commit ${commit} judged this run.`
      : `The policy file ${file} is not in the base commit ${commit}: no policy file judged this run (inputs and defaults).`,
  );
  if (base.proposedUnreadable !== null)
    lines.push('', `⚠️ This change's copy cannot be read: ${escapeText(base.proposedUnreadable.slice(0, 500))}`);
  if (base.changes.length > 0) {
    const value = (v: string | null) => (v === null ? '*not set*' : codeCell(v, MAX_VALUE));
    lines.push(
      '',
      'This change sets, taking effect once it is merged:',
      '',
      '| Setting | At the base | Proposed |',
      '|---|---|---|',
      ...base.changes.map(
        (c) =>
          `| ${codeCell(c.key, 60)}${sources[c.key] === 'input' ? ' (the workflow input wins)' : ''} | ${value(c.base)} | ${value(c.proposed)} |`,
      ),
    );
  }
  return lines.join('\n');
}
