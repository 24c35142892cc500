// FIRST's daily CSV (some 300,000 rows, 12 MB; a mirror may be up to 64 MiB unpacked) read as a
// stream, line by line: only the two head lines and the rows of the CVE ids asked for are kept, so
// a run never holds the file. What is kept is itself a small CSV, parsed by parseKeptEpssCsv. A
// problem met on the way (gzip that does not unpack, a line that is not a row) is kept as a line
// starting `!`, which no line of FIRST's file does.
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { failure, success, type EpssScore, type EpssScores, type Outcome } from '../../model.js';
import { epssRowCve, isEpssCsvHeader, parseEpssCsvHead, parseEpssCsvRow } from './scores.js';

/** FIRST's lines are some 40 characters; a longer one is not a row (and is never held whole). */
const MAX_LINE_CHARS = 4_096;

/** Reads the bytes (gunzipped when `gzip`), keeping the head and the wanted rows; null past `maxBytes` unpacked. */
export function keepWantedEpssRows(wanted: ReadonlySet<string>, gzip: boolean, maxBytes: number) {
  return async (bytes: Readable): Promise<string | null> => {
    const unpacked = gzip ? bytes.pipe(createGunzip()) : bytes;
    if (gzip) bytes.once('error', (error) => unpacked.destroy(error));
    const kept = new LineKeeper(wanted);
    const decoder = new StringDecoder('utf8');
    let size = 0;
    try {
      for await (const chunk of unpacked) {
        size += (chunk as Buffer).byteLength;
        if (size > maxBytes) return null; // leaving the loop closes the stream
        if (!kept.take(decoder.write(chunk as Buffer))) break;
      }
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // A network error is the transport's (retried); gzip that does not unpack is the file's.
      if (!(typeof code === 'string' && code.startsWith('Z_'))) throw error;
      return `!its gzip data does not unpack (${code}); check that the file is FIRST's .csv.gz, whole`;
    }
    kept.take(`${decoder.end()}\n`);
    return kept.text();
  };
}

/** Splits text into lines as it comes, keeping what keepWantedEpssRows says. */
class LineKeeper {
  private partial = '';
  private lineNumber = 0;
  private stopped = false;
  private readonly lines: string[] = [];
  constructor(private readonly wanted: ReadonlySet<string>) {}

  /** false once a problem was kept: the rest need not be read. */
  take(text: string): boolean {
    if (this.stopped) return false;
    const parts = (this.partial + text).split('\n');
    this.partial = parts.pop() ?? '';
    if (this.partial.length > MAX_LINE_CHARS)
      return this.problem(
        `line ${this.lineNumber + 1} is longer than ${MAX_LINE_CHARS} characters, so it is not a row`,
      );
    for (const part of parts) if (!this.line(part.replace(/\r$/, ''))) return false;
    return true;
  }

  private line(line: string): boolean {
    this.lineNumber++;
    if (this.lineNumber <= 2) return this.keep(line);
    if (line.trim() === '') return true;
    const cve = epssRowCve(line);
    if (cve === null) return this.problem(`line ${this.lineNumber} is not a row of a CVE id and two fractions`);
    return this.wanted.has(cve) ? this.keep(line) : true;
  }

  private keep(line: string): true {
    this.lines.push(line);
    return true;
  }

  private problem(message: string): false {
    this.lines.unshift(`!${message}`);
    this.stopped = true;
    return false;
  }

  text = (): string => this.lines.join('\n');
}

/** The kept CSV (see keepWantedEpssRows) as scores, or why the file is not FIRST's CSV. */
export function parseKeptEpssCsv(text: string, asked: number): Outcome<EpssScores> {
  const lines = text.split('\n');
  if (lines[0]?.startsWith('!')) return failure(lines[0].slice(1));
  const head = parseEpssCsvHead(lines[0] ?? '');
  if (head === null)
    return failure('does not start with FIRST\'s line "#model_version:…,score_date:…" (it may not be the EPSS CSV)');
  if (!isEpssCsvHeader(lines[1] ?? '')) return failure('has no header "cve,epss,percentile" on its second line');
  const scores = new Map<string, EpssScore>();
  for (const line of lines.slice(2)) {
    const score = parseEpssCsvRow(line, head.scoreDate);
    if (score === null)
      return failure(
        `has a row that cannot be read (${JSON.stringify(line.slice(0, 80))}): a CVE id and two fractions from 0 to 1`,
      );
    if (!scores.has(score.cve)) scores.set(score.cve, score);
  }
  return success({ scores, modelVersion: head.modelVersion, scoreDate: head.scoreDate, asked });
}
