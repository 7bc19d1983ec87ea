// The one notices region (docs/product.md#business-constants-and-timings): at most 3 visible, 356 px wide with 14 px between them,
// dismissed after their time, by the close button, or by a swipe past 20 px; removal animates for
// 200 ms unless the visitor prefers reduced motion. Polite live region. While the pointer or focus is
// in the region, no notice counts down. Alt+T moves focus to the region while it shows notices (and
// is left to the page otherwise); closing a notice moves focus back to where it was.
// The region is a landmark only while it holds notices; its label keeps the spec's English word.
import { useEffect, useRef, useState } from "react";
import { NOTICE_LIMITS, type Notice, dismiss, subscribe } from "./notices.ts";
import { PhoneText } from "./PhoneText.tsx";

const prefersReducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

type ItemProps = { notice: Notice; paused: { current: boolean }; onClosed: () => void };

function NoticeItem({ notice, paused, onClosed }: ItemProps) {
  const [removing, setRemoving] = useState(false);
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);

  const remove = () => {
    if (prefersReducedMotion()) return dismiss(notice.id);
    setRemoving(true);
    setTimeout(() => dismiss(notice.id), NOTICE_LIMITS.removeDelayMs);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: one countdown per notice, started when it appears
  useEffect(() => {
    // Counts down only while the visitor is not reading the notices (hover or focus pauses).
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

  return (
    <li
      className={`notice${notice.variant === "destructive" ? " notice-destructive" : ""}${removing ? " notice-removing" : ""}`}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
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
      {notice.description ? (
        <p className="notice-description">
          <PhoneText text={notice.description} phone={notice.phone} />
        </p>
      ) : null}
      <button
        type="button"
        className="notice-close"
        aria-label="Luk besked"
        onClick={() => {
          onClosed();
          remove();
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/** The notices region; render it once per page (or once per shadow root for the embed). */
export function Notices() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const region = useRef<HTMLElement>(null);
  const paused = useRef(false);
  // Where focus was before it came into the region (Alt+T or Tab), to return it there.
  const returnTo = useRef<HTMLElement | null>(null);
  const hasNotices = notices.length > 0;
  useEffect(() => subscribe(setNotices), []);

  useEffect(() => {
    const element = region.current;
    if (!element) return;
    // Native focusin/focusout: React's onFocus bubbles and Preact's does not.
    const onFocusIn = (event: FocusEvent) => {
      const from = event.relatedTarget as HTMLElement | null;
      if (from && !element.contains(from)) returnTo.current = from;
      paused.current = true;
    };
    const onFocusOut = (event: FocusEvent) =>
      (paused.current = element.contains(event.relatedTarget as Node | null) || element.matches(":hover"));
    element.addEventListener("focusin", onFocusIn);
    element.addEventListener("focusout", onFocusOut);
    return () => {
      element.removeEventListener("focusin", onFocusIn);
      element.removeEventListener("focusout", onFocusOut);
    };
  }, []);

  // One listener for the region's life, asking the region itself whether it shows a notice: a listener
  // added once a notice came (an effect, after the next frame) left Alt+T to the page while the first
  // notice was already on screen.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const altT = event.altKey && (event.key === "t" || event.key === "T" || event.code === "KeyT");
      if (altT && region.current?.querySelector(".notice")) {
        event.preventDefault();
        region.current?.focus(); // focusin records where focus came from
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const onClosed = () => {
    // Focus goes back where it came from (or stays in the region), never to <body>.
    const back = returnTo.current;
    (back?.isConnected ? back : region.current)?.focus();
  };

  return (
    <section
      ref={region}
      className="notices"
      aria-label={hasNotices ? "Notifications" : undefined}
      lang="en"
      tabIndex={-1}
      onPointerEnter={() => (paused.current = true)}
      onPointerLeave={() => (paused.current = !!region.current?.matches(":focus-within"))}
      aria-live="polite" /* announces additions and text changes (the default aria-relevant) */
    >
      {/* Width 356 px and gap 14 px (NOTICE_LIMITS) come from the stylesheet: no inline style, so a strict CSP holds. */}
      <ol lang="da">
        {notices.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} paused={paused} onClosed={onClosed} />
        ))}
      </ol>
    </section>
  );
}
