// Line-based formats (requirements, go.sum, go.mod, Gemfile.lock) read a line at a time: no array of
// every line of a file that may be many megabytes.

/** A cursor over a text's lines, each without its `\r\n` or `\n`. */
export class Lines {
  private start = 0;
  /** The number (from 1) of the line `next` gave last. */
  number = 0;

  constructor(private readonly text: string) {}

  /** The next line; null after the last. */
  next(): string | null {
    const { text, start } = this;
    if (start > text.length) return null;
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    this.start = end + 1;
    this.number++;
    return text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
  }
}
