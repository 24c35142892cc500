// "Did you mean …?": the one suggestion for a near miss, for policy-file keys and input values alike.

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
