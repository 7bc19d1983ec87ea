// /kontakt/fejl: shows only the problems the function's redirect names (?felter=name,email or
// ?grund=tooFast: names of fields and reasons, never what was typed). Without this script, or with
// nothing known in the address, the page keeps its full list of rules.
// A block, so its names stay out of the page's global scope.
{
  const params = new URLSearchParams(location.search);
  const named = [...(params.get("felter")?.split(",") ?? []), params.get("grund") ?? ""].filter((key) =>
    document.getElementById(key)?.hasAttribute("data-problem"),
  );
  if (named.length) {
    for (const item of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-problem]")))
      item.hidden = !named.includes(item.id);
    for (const group of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-problem-group]")))
      group.hidden = !group.querySelector("[data-problem]:not([hidden])");
  }
}
