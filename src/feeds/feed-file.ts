// A feed's copy in the workspace (the KEV catalog, FIRST's EPSS CSV), read as the verdict sees it
// (at a pull request's base commit): its text, or what went wrong said the same way for every feed.
import type { VerdictFile } from '../github/verdict-file.js';
import { failure, success, type Outcome } from '../model.js';

/** "could not be read: why", or "could not be read at the base commit 1a2b3c4: why". */
export const unread = (why: string, base: string | null = null): Outcome<string> =>
  failure(`could not be read${base === null ? '' : ` at the base commit ${base.slice(0, 7)}`}: ${why}`);

/** What a message calls the feed's file, and what it says when the file is too large. */
export interface FeedFileWords {
  /** "catalog", "CSV". */
  what: string;
  /** The input that names it: "kev-url". */
  input: string;
  tooLarge: string;
}

/** The file's text, or why it could not be read and what to do. */
export function feedFileText(file: VerdictFile, base: string | null, words: FeedFileWords): Outcome<string> {
  if (file.ok) return success(file.text);
  switch (file.why) {
    case 'absent':
      return unread(
        base === null
          ? `no such file in the workspace. Check the path (relative to the workspace), and that an earlier step puts the ${words.what} there.`
          : `no such file at the base commit ${base.slice(0, 7)}, whose copy judges a pull request (the workspace may hold the change's own). Check the path (relative to the repository root) and commit the ${words.what} to the base branch (a copy an earlier step writes is not read on a pull request), or give ${words.input} an https:// URL.`,
      );
    case 'failed':
      return unread(file.reason, base);
    case 'outside':
      return unread('it leads out of the workspace (GITHUB_WORKSPACE); give a path inside it.');
    case 'too-large':
      return unread(words.tooLarge);
    case 'unreadable':
      return unread(`it cannot be read (${file.code}).`);
  }
}
