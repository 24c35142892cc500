// Byte accounting for pages with a hard size limit (GitHub: 1 MiB step summary, 65,536-character comment).

export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Bytes left for a page; rows are taken only while they fit. */
export class ByteBudget {
  constructor(public remaining: number) {}

  /** Spends the bytes of `text` plus its line break when they fit; false (and nothing spent) otherwise. */
  take(text: string): boolean {
    const cost = byteLength(text) + 1;
    if (cost > this.remaining) return false;
    this.remaining -= cost;
    return true;
  }

  /** Spends the bytes of lines that are written whatever happens (titles, closing tags, "and N more"). */
  charge(...lines: string[]): void {
    for (const line of lines) this.remaining -= byteLength(line) + 1;
  }

  /** Sets bytes aside for lines that must fit later; a negative amount gives them back. */
  reserve(bytes: number): void {
    this.remaining -= bytes;
  }
}

export interface FittedRows {
  rows: string[];
  /** How many items were left out, by the row cap or the budget. */
  omitted: number;
}

/** Renders items in order while fewer than `maxRows` are taken and each row fits the budget. */
export function fitRows<T>(
  items: readonly T[],
  renderRow: (item: T) => string,
  maxRows: number,
  budget: ByteBudget,
): FittedRows {
  const rows: string[] = [];
  for (const item of items) {
    if (rows.length >= maxRows) break;
    const row = renderRow(item);
    if (!budget.take(row)) break;
    rows.push(row);
  }
  return { rows, omitted: items.length - rows.length };
}

/** Last resort when even the fixed parts overflow: cuts at a line break (never inside a UTF-8 sequence). */
export function cutToBytes(page: string, maxBytes: number, note: string): string {
  if (byteLength(page) <= maxBytes) return page;
  const room = Math.max(0, maxBytes - byteLength(note) - 3);
  let cut = Buffer.from(page, 'utf8').subarray(0, room).toString('utf8');
  // A code point split by the byte cut decodes as U+FFFD: drop it, then back to the last whole line.
  cut = cut.replace(/\uFFFD$/, '');
  const lastBreak = cut.lastIndexOf('\n');
  if (lastBreak > 0) cut = cut.slice(0, lastBreak);
  return `${cut}\n\n${note}\n`;
}
