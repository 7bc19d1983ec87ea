// The CMS's sign-in popup, served at /admin/auth on the site's own origin, which is what the CMS checks
// the token's sender against. It is visited twice:
// - from the CMS (`?provider=github&scope=…`): on to the backend's cms-auth function, which sends the
//   owner to GitHub;
// - back from the function with GitHub's token in the fragment (`#provider=github&token=…`), which no
//   server sees: the token is handed to the CMS window with the protocol's handshake, and only to a
//   window of this same origin.
const status = /** @type {HTMLElement} */ (document.getElementById("status"));
const fragment = new URLSearchParams(location.hash.slice(1));
const token = fragment.get("token");

if (token === null) {
  const start = /** @type {HTMLMetaElement} */ (document.querySelector('meta[name="cms-auth-url"]')).content;
  location.replace(`${start}${location.search}`);
} else {
  // Out of the address bar and the history at once.
  history.replaceState(null, "", location.pathname);
  const provider = fragment.get("provider") ?? "github";
  const own = location.origin;
  const cms = window.opener;
  if (!cms) {
    status.textContent = "Åbn redigeringen på /admin, og tryk på Log ind derfra.";
  } else {
    // The CMS answers "authorizing:github" with the same words; only then does the token go, addressed
    // to this origin, so a window of any other origin gets nothing.
    window.addEventListener("message", (event) => {
      if (event.source !== cms || event.origin !== own || event.data !== `authorizing:${provider}`) return;
      cms.postMessage(`authorization:${provider}:success:${JSON.stringify({ token, provider })}`, own);
      status.textContent = "Du er logget ind. Vinduet lukker af sig selv.";
    });
    cms.postMessage(`authorizing:${provider}`, own);
  }
}
