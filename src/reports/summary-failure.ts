// The job summary of a run that stopped before it had a result model to report: invalid inputs
// (each listed, with why), or a fault (a runner setup the action cannot use, a bug). Loaded with the
// entry, so that it can be written whatever failed to load: small, and only markdown.ts beside it.
import { escapeText, truncate } from './markdown.js';

export interface StoppedRun {
  /** GITHUB_REPOSITORY, when known. */
  repository: string | null;
  /** Why there is no verdict, one sentence. */
  why: string;
  /** What went wrong, one item each (the bad inputs); may be empty. */
  problems: string[];
}

/** Items listed at most: a policy file full of unknown keys could make hundreds. */
const MAX_PROBLEMS = 50;
const MAX_PROBLEM_LENGTH = 1_000;

export function renderFailureSummary({ repository, why, problems }: StoppedRun): string {
  const target = repository ? ` for ${escapeText(truncate(repository, 100))}` : '';
  // The heading says why first (contract: "The blocked developer first"): "invalid inputs".
  const short = why.split(/[;:]/)[0]!.replace(/\.$/, '').trim();
  const listed = problems
    .slice(0, MAX_PROBLEMS)
    .map((problem) => `- ${escapeText(truncate(problem, MAX_PROBLEM_LENGTH), { lineStart: true })}`);
  if (problems.length > MAX_PROBLEMS) listed.push(`- …and ${problems.length - MAX_PROBLEMS} more (see the log).`);
  const heading = `## Security gate: ⚠️ No verdict${target}: ${escapeText(truncate(short, 120), { endsHeading: true })}`;
  const sections = [heading, `⚠️ **Error**: ${escapeText(why)}`];
  if (listed.length > 0) sections.push(listed.join('\n'));
  return `${sections.join('\n\n')}\n`;
}
