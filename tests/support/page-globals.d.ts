// What the browser tests' init scripts add to a page's window, for the type check of the callbacks
// that page.evaluate() runs in the page.
export {};

declare global {
  interface Window {
    /** CSP violations seen so far, as "directive blocked-URI" (tests/support/browser.js). */
    __csp: string[];
    /** The embed's events seen by the partner page, in order. */
    __events: { type: string; detail: unknown }[];
    /** How often the quote form's status line changed (tests/browser/a11y.test.js). */
    __changes: number;
    /** Console errors, uncaught errors and CSP violations the collector saw (tests/support/browser-collector.js). */
    __problems?: string[];
    /** Layout shifts seen so far: when (ms since the epoch) and "value: sources" (tests/browser/progressive.test.js). */
    __shifts: { at: number; text: string }[];
    /** Tells the test that the first part of a cut document is on screen (tests/browser/progressive.test.js). */
    __firstPaint: (path: string) => void;
    /** Set by a script the CSP test injects, which the page's policy must refuse (tests/browser/pages.test.js). */
    __injected: boolean;
    /** Where each pointerover happened, as "x,y" (tests/browser/pages.test.js). */
    __pointer: string[];
    /** Every element's computed style and box as first drawn (tests/browser/first-paint-css.test.js). */
    __drawn: { name: string; box: string; styles: Record<string, Record<string, string>> }[];
    /** axe-core, once injected. */
    axe: typeof import("axe-core");
  }
}

/** The Layout Instability API's entry, which TypeScript's DOM library does not describe yet. */
declare global {
  interface LayoutShift extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources: { node: Node | null }[];
  }
}
