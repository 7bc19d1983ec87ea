// One notices store for every widget on a page (docs/product.md#messages-on-send, #business-constants-and-timings): at most 3 visible, shown
// for 4000 ms unless a widget asks otherwise, a destructive variant. The region renders it.
export type Notice = {
  id: number;
  title: string;
  description?: string;
  variant: "default" | "destructive";
  durationMs: number;
  /** The firm's phone number, shown as a call link where the description names it. */
  phone?: { display: string; e164: string };
};
type Listener = (notices: Notice[]) => void;

export const NOTICE_LIMITS = {
  visible: 3,
  defaultDurationMs: 4_000,
  widthPx: 356,
  gapPx: 14,
  swipeThresholdPx: 20,
  removeDelayMs: 200,
} as const;

let nextId = 1;
let notices: Notice[] = [];
const listeners = new Set<Listener>();
const emit = () => {
  for (const listener of listeners) listener(notices);
};

/** Shows a notice; returns its id. The oldest beyond the visible limit is dropped. */
export function notify(notice: Omit<Notice, "id" | "variant" | "durationMs"> & Partial<Pick<Notice, "variant" | "durationMs">>): number {
  const full: Notice = { variant: "default", durationMs: NOTICE_LIMITS.defaultDurationMs, ...notice, id: nextId++ };
  notices = [...notices, full].slice(-NOTICE_LIMITS.visible);
  emit();
  return full.id;
}

/** Removes a notice (after its display time, or when the visitor closes or swipes it). */
export function dismiss(id: number): void {
  notices = notices.filter((notice) => notice.id !== id);
  emit();
}

/** Subscribes to the list of notices; returns the unsubscribe function. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  listener(notices);
  return () => listeners.delete(listener);
}

/** Removes every notice at once. */
export function dismissAll(): void {
  notices = [];
  emit();
}
