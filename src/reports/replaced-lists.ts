// The lists a policy file set that an input replaced (contract: "Inputs that replace a policy file's
// list say so"), as the summary's policy line says them; the log says the same words (model.ts).
import { replacedListWords, type RunOptions } from '../model.js';
import { escapeText } from './markdown.js';

/** " allow-alerts: 2 entries from the input replace the policy file's 14." per list; '' when none. */
export function replacedListsText(options: Pick<RunOptions, 'replacedLists'>): string {
  return options.replacedLists.map((list) => ` ${escapeText(replacedListWords(list))}.`).join('');
}
