// Hydrates a server-rendered <elektriker-faq>: the questions and answers are read back from its
// <details> markup (no copy of them in an attribute), and the item the visitor opened stays open.
import type { Mount } from "../shared/island.ts";
import { mountWidget } from "../shared/mount.tsx";
import { Faq } from "./Faq.tsx";

/** Hydrates the FAQ island. */
export const mount: Mount = (host) => {
  const details = [...host.querySelectorAll("details")];
  const items = details.map((item) => ({
    question: item.querySelector("summary")?.textContent ?? "",
    answer: item.querySelector("p")?.textContent ?? "",
  }));
  const open = details.findIndex((item) => item.open);
  return mountWidget(host, <Faq id={host.getAttribute("faq-id") ?? "faq"} items={items} open={open < 0 ? null : open} />, {
    hydrate: true,
  });
};
