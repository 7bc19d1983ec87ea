// What the bench's init script adds to a page's window (dev/bench/embed-timing.js).
export {};

declare global {
  interface Window {
    /** performance.now() when the embed first had its `ready` attribute. */
    __readyAt?: number;
  }
}
