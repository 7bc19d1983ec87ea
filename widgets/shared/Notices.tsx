// The one notices region (docs/product.md#business-constants-and-timings): at most 3 visible, 356 px wide with 14 px between them,
// dismissed after their time, by the close button, or by a swipe past 20 px; removal animates for
// 200 ms unless the visitor prefers reduced motion; Alt+T moves focus to the region. Polite live region.
import { useEffect, useRef, useState } from "react";
import { NOTICE_LIMITS, type Notice, dismiss, subscribe } from "./notices.ts";

const prefersReducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

function NoticeItem({ notice }: { notice: Notice }) {
  const [removing, setRemoving] = useState(false);
  const [offset, setOffset] = useState(0);
  const paused = useRef(false);
  const start = useRef<number | null>(null);

  const remove = () => {
    if (prefersReducedMotion()) return dismiss(notice.id);
    setRemoving(true);
    setTimeout(() => dismiss(notice.id), NOTICE_LIMITS.removeDelayMs);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: one countdown per notice, started when it appears
  useEffect(() => {
    // Counts down only while the visitor is not reading it (hover or focus pauses).
    let left = notice.durationMs;
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      if (!paused.current) left -= now - last;
      last = now;
      if (left <= 0) {
        clearInterval(timer);
        remove();
      }
    }, 100);
    return () => clearInterval(timer);
  }, []);

  const pause = (value: boolean) => () => (paused.current = value);
  return (
    <li
      className={`notice${notice.variant === "destructive" ? " notice-destructive" : ""}${removing ? " notice-removing" : ""}`}
      data-variant={notice.variant}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      onMouseEnter={pause(true)}
      onMouseLeave={pause(false)}
      onFocus={pause(true)}
      onBlur={pause(false)}
      onPointerDown={(event: { clientX: number }) => (start.current = event.clientX)}
      onPointerMove={(event: { clientX: number }) => start.current !== null && setOffset(event.clientX - start.current)}
      onPointerUp={(event: { clientX: number }) => {
        const moved = start.current === null ? 0 : event.clientX - start.current;
        start.current = null;
        if (Math.abs(moved) > NOTICE_LIMITS.swipeThresholdPx) remove();
        else setOffset(0);
      }}
    >
      <p className="notice-title">{notice.title}</p>
      {notice.description ? <p className="notice-description">{notice.description}</p> : null}
      <button type="button" className="notice-close" aria-label="Luk besked" onClick={remove}>
        ×
      </button>
    </li>
  );
}

/** The notices region; render it once per page (or once per shadow root for the embed). */
export function Notices() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const region = useRef<HTMLElement>(null);
  useEffect(() => subscribe(setNotices), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && (event.key === "t" || event.key === "T" || event.code === "KeyT")) {
        event.preventDefault();
        region.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <section ref={region} className="notices" aria-label="Notifications" tabIndex={-1} aria-live="polite" aria-relevant="additions text">
      {/* Width 356 px and gap 14 px (NOTICE_LIMITS) come from the stylesheet: no inline style, so a strict CSP holds. */}
      <ol>
        {notices.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} />
        ))}
      </ol>
    </section>
  );
}
