// The FAQ accordion as an island. Its props are its own visible text, so they do not travel a second
// time in an attribute: hydration reads the questions and answers back from the <details> markup the
// build rendered, and the item the visitor opened stays open.
import { hydrated } from "../shared/island-contract.tsx";
import { Faq, type FaqProps } from "./Faq.tsx";

export const faq = hydrated<FaqProps>({
  // Questions and answers are page text: kept together as the page's own is.
  fromPage: ({ items, ...params }, page) => ({
    ...params,
    items: items.map(({ question, answer }) => ({ question: page.keepText(question), answer: page.keepText(answer) })),
  }),
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
});
