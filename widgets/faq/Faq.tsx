// The FAQ accordion (docs/product.md#pages, #widget-states): one item open at a time, an open item can be closed.
// It keeps the <details>/<summary> markup the build renders (which works without JavaScript, with the
// exclusive `name`), and adds the WAI-ARIA accordion's keyboard: arrows, Home and End move between
// the questions; Enter and Space toggle (native to <summary>).
import { type KeyboardEvent, type MouseEvent, useRef, useState } from "react";

export type FaqItem = { question: string; answer: string };
export type FaqProps = {
  id: string;
  items: FaqItem[];
  /** The item open at first (the build opens the first; hydration passes what the visitor left open). */
  open?: number | null;
  onToggle?: (index: number, open: boolean) => void;
};

/** The accordion component. */
export function Faq({ id, items, open: initiallyOpen = 0, onToggle }: FaqProps) {
  const [open, setOpen] = useState<number | null>(initiallyOpen);
  const list = useRef<HTMLDivElement>(null);

  const toggle = (index: number) => (event: MouseEvent) => {
    event.preventDefault(); // the component, not the browser, decides what is open
    const next = open === index ? null : index;
    setOpen(next);
    onToggle?.(index, next === index);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const summaries = [...(list.current?.querySelectorAll<HTMLElement>("summary") ?? [])];
    const current = summaries.indexOf(event.target as HTMLElement);
    if (current < 0) return;
    const target = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: summaries.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    summaries[(target + summaries.length) % summaries.length].focus();
  };

  return (
    // The arrow keys of the accordion pattern, handled once for all the questions inside.
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys land on the <summary> elements, which are interactive
    <div className="faq" ref={list} onKeyDown={onKeyDown}>
      {items.map((item, index) => (
        <details key={item.question} name={id} open={open === index}>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: <summary> is the disclosure's own button */}
          <summary id={`${id}-q${index}`} aria-controls={`${id}-a${index}`} onClick={toggle(index)}>
            {item.question}
          </summary>
          {/* biome-ignore lint/a11y/useSemanticElements: the answer stays a paragraph (no JavaScript needed); the role names it by its question */}
          <p id={`${id}-a${index}`} role="region" aria-labelledby={`${id}-q${index}`}>
            {item.answer}
          </p>
        </details>
      ))}
    </div>
  );
}
