// A Unicode sparkline: renders in every Markdown viewer (job summary, PR comment, plain logs).
const BARS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/** At most this many bars, so a server sending a huge trend array cannot blow up the page. */
export const MAX_SPARKLINE_WIDTH = 60;

export interface SeriesStats {
  min: number;
  max: number;
  first: number;
  last: number;
}

/** Bars for `values` scaled between their min and max; non-finite values are skipped; '' when none. */
export function sparkline(values: readonly (number | null)[], maxWidth = MAX_SPARKLINE_WIDTH): string {
  const points = downsample(values.filter(isFiniteNumber), maxWidth);
  if (points.length === 0) return '';
  const min = Math.min(...points);
  const span = Math.max(...points) - min;
  return points
    .map((v) => BARS[span === 0 ? 3 : Math.round(((v - min) / span) * (BARS.length - 1))] ?? BARS[0])
    .join('');
}

const isFiniteNumber = (v: number | null): v is number => v !== null && Number.isFinite(v);

/** Min, max, first and last of the finite values; null when there are none. */
export function seriesStats(values: readonly (number | null)[]): SeriesStats | null {
  const finite = values.filter(isFiniteNumber);
  const first = finite[0];
  const last = finite[finite.length - 1];
  if (first === undefined || last === undefined) return null;
  // reduce, not Math.min(...), which overflows the call stack on very long arrays.
  const min = finite.reduce((a, b) => Math.min(a, b), first);
  const max = finite.reduce((a, b) => Math.max(a, b), first);
  return { min, max, first, last };
}

/** Averages consecutive buckets so the result has at most `width` points. */
function downsample(values: number[], width: number): number[] {
  if (values.length <= width) return values;
  const result: number[] = [];
  for (let i = 0; i < width; i++) {
    const bucket = values.slice(Math.floor((i * values.length) / width), Math.floor(((i + 1) * values.length) / width));
    result.push(bucket.reduce((a, b) => a + b, 0) / bucket.length);
  }
  return result;
}
