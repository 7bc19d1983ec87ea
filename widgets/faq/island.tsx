// The FAQ accordion as an island. Its props are its own visible text, so they do not travel a second
// time in an attribute: hydration reads the questions and answers back from the <details> markup the
// build rendered, and the item the visitor opened stays open.
import { ISLANDS } from "../islands.js";
import type { Mount } from "../shared/island.ts";
import { hydrateIsland, type IslandContract } from "../shared/island-contract.tsx";
import { Faq, type FaqProps } from "./Faq.tsx";

export const faqIsland: IslandContract<FaqProps> = {
  tag: ISLANDS.faq.tag,
  render: (props) => <Faq {...props} />,
  readProps: (host) => {
    const details = [...host.querySelectorAll("details")];
    const open = details.findIndex((item) => item.open);
    return {
      id: details[0]?.getAttribute("name") ?? "faq",
      items: details.map((item) => ({
        question: item.querySelector("summary")?.textContent ?? "",
        answer: item.querySelector("p")?.textContent ?? "",
      })),
      open: open < 0 ? null : open,
    };
  },
};

/** Hydrates the FAQ island. */
export const mount: Mount = (host) => hydrateIsland(faqIsland, host);
