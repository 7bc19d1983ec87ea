// The clock the quote form measures its fill time with: the page's own (performance.now()), never the
// system clock, which may be minutes off. One function, so the component tests can set the time.

/** Milliseconds since the page started. */
export const pageTime = () => performance.now();
