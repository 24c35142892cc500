// "Did you mean …?": the one suggestion for a near miss, for policy-file keys and input values alike,
// and the nearest input to a name the runner passes that is none.

/**
 * " Did you mean high?" when `word` is a near miss of one of `candidates` (case-insensitive), else
 * ''. The nearest wins, the first listed on a tie. A short word allows one edit, a longer one two:
 * two edits would turn `on` into `off`, the opposite of what was meant.
 */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const typed = word.toLowerCase();
  let best: { candidate: string; edits: number } | null = null;
  for (const candidate of candidates) {
    const edits = distance(typed, candidate.toLowerCase());
    if (edits <= (candidate.length <= 4 ? 1 : 2) && (best === null || edits < best.edits)) best = { candidate, edits };
  }
  return best ? ` Did you mean ${best.candidate}?` : '';
}

/** Edits from `a` to `b`: insertions, deletions, substitutions, and swaps of neighbours (`hihg`, `high`). */
export function distance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** Words of a name as the runner may spell it: `FAIL_ON`, `fail on` and `fail-on` are `fail`, `on`. */
const wordsOf = (name: string): string[] =>
  name
    .toLowerCase()
    .split(/[-_\s]+/)
    .filter(Boolean);

/** Whether `inner`'s words appear in `outer`'s, in a row. */
function within(inner: string[], outer: string[]): boolean {
  for (let i = 0; i + inner.length <= outer.length; i++)
    if (inner.every((word, j) => outer[i + j] === word)) return true;
  return false;
}

/**
 * The candidate nearest to `name`, and whether it is near enough to be what was meant. A name whose
 * words run inside a candidate's, or a candidate's inside its (`fail_on`, `fail-on-severity`), is a
 * shortening or a lengthening: the candidate sharing the most words wins, the first listed on a tie
 * (the list's order puts the main inputs first). Else the fewest edits, with didYouMean's bound for
 * "near"; `-`, `_` and spaces are one separator throughout.
 */
export function nearest(name: string, candidates: readonly string[]): { candidate: string; near: boolean } | null {
  const words = wordsOf(name);
  let best: { candidate: string; shared: number } | null = null;
  for (const candidate of candidates) {
    const theirs = wordsOf(candidate);
    const shared = within(words, theirs) ? words.length : within(theirs, words) ? theirs.length : 0;
    if (shared > 0 && (best === null || shared > best.shared)) best = { candidate, shared };
  }
  if (best) return { candidate: best.candidate, near: true };
  const typed = words.join('-');
  let closest: { candidate: string; edits: number } | null = null;
  for (const candidate of candidates) {
    const edits = distance(typed, wordsOf(candidate).join('-'));
    if (closest === null || edits < closest.edits) closest = { candidate, edits };
  }
  return closest && { candidate: closest.candidate, near: closest.edits <= (closest.candidate.length <= 4 ? 1 : 2) };
}
