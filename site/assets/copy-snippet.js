// The copy buttons of /partner: each copies the text of the <code> its data-copy attribute names.
// The buttons start hidden, so without JavaScript (or a clipboard) no button does nothing.
for (const button of document.querySelectorAll("button[data-copy]")) {
  const code = document.getElementById(/** @type {HTMLButtonElement} */ (button).dataset.copy ?? "");
  if (!code || !navigator.clipboard) continue;
  const label = button.textContent;
  button.addEventListener("click", () =>
    navigator.clipboard.writeText(code.textContent ?? "").then(
      () => {
        button.textContent = "Kopieret";
        setTimeout(() => (button.textContent = label), 2000);
      },
      () => getSelection()?.selectAllChildren(code), // refused: selected, so it can be copied by hand
    ),
  );
  /** @type {HTMLButtonElement} */ (button).hidden = false;
}
