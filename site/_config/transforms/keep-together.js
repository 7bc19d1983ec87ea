import { loadData } from "../../_lib/load-data.js";
import { keepTogether } from "../../_lib/keep-together.js";

const wrap = keepTogether(loadData("business").phone.display);

/** Keeps the phone number, times and numbers with their unit on one line in every HTML page's <body>. */
export function keepNumbersTogether(content) {
  if (!this.page.outputPath?.endsWith?.(".html")) return content;
  const start = content.indexOf("<body");
  return start < 0 ? content : content.slice(0, start) + wrap(content.slice(start));
}
