// A clock set to another day, for the demo's `--today`: the pictures of the README are made on one
// day and checked on any other, so both runs must see the same day. The clock keeps running (an
// offset, not a frozen time): timeouts, retries and timings behave as on the real clock.

/** The source of a module that sets `Date` to run from `atMs` on, as of its loading. */
function clockSource(atMs: number): string {
  return `const offset = ${atMs} - Date.now();
const RealDate = Date;
class ShiftedDate extends RealDate {
  constructor(...args) { if (args.length === 0) super(RealDate.now() + offset); else super(...args); }
  static now() { return RealDate.now() + offset; }
}
globalThis.Date = ShiftedDate;`;
}

/** Node arguments that set the clock of a child process (the action) to `atMs` as it starts. */
export function shiftedClockArgs(atMs: number): string[] {
  return ['--import', `data:text/javascript,${encodeURIComponent(clockSource(atMs))}`];
}

/** Sets this process's clock to `atMs` from now on (the simulator's and the demo's own dates). */
export function shiftClock(atMs: number): void {
  new Function(clockSource(atMs))();
}
