// The inputs that take a list, in one table: a policy file may give them as a YAML sequence, and an
// input given in the workflow replaces the file's whole list, which the log and the summary then say
// (contract: "Inputs that replace a policy file's list say so"). Pure.
import type { ReplacedList } from '../model.js';
import { settingValue, type CollectedInputs, type InputValue } from './inputs.js';

/** Every list input a policy file may set; a new list input (deny-packages …) adds its name here. */
export const LIST_INPUTS: readonly string[] = [
  'allow-alerts',
  'set-cwe-whitelist',
  'allow-licenses',
  'deny-licenses',
  'license-exceptions',
  'vex-files',
  'deny-packages',
  'private-packages',
];

const given = (value: InputValue | undefined): value is InputValue =>
  value !== undefined && (typeof value === 'string' ? value.trim() !== '' : value.length > 0);

/**
 * The entries a list holds, as its input reads them (`none` clears a CWE list: 0). A value that does
 * not read (the file's, which an input replaced unchecked) is counted by its comma- and
 * newline-separated items.
 */
export function entriesIn(name: string, value: InputValue): number {
  const read = settingValue(name, value)?.value;
  if (Array.isArray(read)) return read.length;
  return (typeof value === 'string' ? [value] : value)
    .flatMap((item) => (typeof item === 'string' ? item.split(/[,\r\n]/) : [item.id]))
    .filter((item) => item.trim() !== '').length;
}

/** The lists the policy file set that an input given in the workflow replaced, in the table's order. */
export function replacedLists(inputs: CollectedInputs): ReplacedList[] {
  const file = inputs.file;
  if (file === null) return [];
  return LIST_INPUTS.flatMap((input) => {
    const [value, fromFile] = [inputs.values[input], file.values[input]];
    if (inputs.sources[input] !== 'input' || !given(value) || !given(fromFile)) return [];
    return [{ input, entries: entriesIn(input, value), fileEntries: entriesIn(input, fromFile) }];
  });
}
