// The inbox page's script (/admin/indbakke/inbox.js, its own bundle: only this page loads it). The page
// (site/_lib/inbox-page.js) gives the backend's address and public key and the firm's name on the element
// it renders into; supabase-js keeps the session in local storage and refreshes its token.
import { createClient } from "@supabase/supabase-js";
import { createRoot } from "react-dom/client";
import { INBOX_PATH, INBOX_WORKER } from "./address.js";
import { InboxApp } from "./InboxApp.tsx";
import "./inbox.css";

const host = document.getElementById("indbakke");
if (host) {
  const backendUrl = host.dataset.backend ?? "";
  const anonKey = host.dataset.anonKey ?? "";
  const supabase = createClient(backendUrl, anonKey, {
    auth: { storageKey: "indbakke-session", persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
  });
  const worker =
    "serviceWorker" in navigator ? navigator.serviceWorker.register(INBOX_WORKER, { scope: INBOX_PATH }).catch(() => undefined) : undefined;
  host.replaceChildren();
  createRoot(host).render(
    <InboxApp
      auth={supabase.auth}
      config={{ backendUrl, anonKey, brand: host.dataset.brand ?? "" }}
      storage={localStorage}
      worker={worker}
    />,
  );
}
