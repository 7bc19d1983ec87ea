// /kontakt/fejl: shows only the problems the function's redirect names (?felter=name,email or
// ?grund=tooFast: names of fields and reasons, never what was typed). With nothing known in the address
// (the page opened on its own) it shows one general line instead of every reason at once. Without this
// script the page keeps its full list of rules.
// A block, so its names stay out of the page's global scope.
{
  const params = new URLSearchParams(location.search);
  const named = [...(params.get("felter")?.split(",") ?? []), params.get("grund") ?? ""].filter((key) =>
    document.getElementById(key)?.hasAttribute("data-problem"),
  );
  for (const item of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-problem]")))
    item.hidden = !named.includes(item.id);
  for (const group of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-problem-group]")))
    group.hidden = !group.querySelector("[data-problem]:not([hidden])");
  for (const general of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-general]")))
    general.hidden = named.length > 0;
  for (const intro of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-when-named]")))
    intro.hidden = named.length === 0;
}
