// The FAQ accordion in happy-dom on the aliased Preact: one open at a time, closable, keyboard.
import type { Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, mount as mountInto, unmount } from "../testing.tsx";
import { Faq } from "./Faq.tsx";

const ITEMS = [
  { question: "Hvor lang er tilbagebetalingstiden?", answer: "Typisk 7-12 år." },
  { question: "Hvilken ladestander skal jeg vælge?", answer: "Det afhænger af bilen." },
  { question: "Hvor meget sparer LED?", answer: "75-85 % på belysningen." },
];
let host: HTMLElement;
let root: Root | undefined;
beforeEach(async () => {
  host = document.createElement("div");
  document.body.append(host);
});
afterEach(async () => {
  await unmount(root);
  host.remove();
});

const mount = async (onToggle = vi.fn()) => {
  root = await mountInto(host, <Faq id="faq" items={ITEMS} onToggle={onToggle} />);
};
const details = () => [...host.querySelectorAll("details")];
const summaries = () => [...host.querySelectorAll("summary")];
const openIndexes = () => details().flatMap((item, index) => (item.open ? [index] : []));

describe("Faq", () => {
  it("renders <details> items whose answers are regions labelled by their questions", async () => {
    await mount();
    expect(details()).toHaveLength(3);
    const answer = host.querySelector("#faq-a1")!;
    expect(answer.getAttribute("role")).toBe("region");
    expect(answer.getAttribute("aria-labelledby")).toBe("faq-q1");
    expect(summaries()[1].getAttribute("aria-controls")).toBe("faq-a1");
  });

  it("keeps one item open at a time and lets an open item be closed", async () => {
    const onToggle = vi.fn();
    await mount(onToggle);
    expect(openIndexes()).toEqual([0]);
    await act(() => summaries()[2].click());
    expect(openIndexes()).toEqual([2]);
    await act(() => summaries()[2].click());
    expect(openIndexes()).toEqual([]);
    expect(onToggle.mock.calls).toEqual([
      [2, true],
      [2, false],
    ]);
  });

  it("moves between questions with the arrow keys, Home and End, wrapping around", async () => {
    await mount();
    const press = (key: string) =>
      act(() => void (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true })));
    summaries()[0].focus();
    await press("ArrowDown");
    expect(document.activeElement).toBe(summaries()[1]);
    await press("End");
    expect(document.activeElement).toBe(summaries()[2]);
    await press("ArrowDown");
    expect(document.activeElement).toBe(summaries()[0]);
    await press("ArrowUp");
    expect(document.activeElement).toBe(summaries()[2]);
    await press("Home");
    expect(document.activeElement).toBe(summaries()[0]);
  });
});
