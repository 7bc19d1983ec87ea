// The inbox page: signed out, the sign-in; signed in, the member's role read from the backend (`me`),
// then the page of the hash route (routes.ts). "Log ud" ends the session on this device only, stops
// this device's pushes, and removes every lead from memory (the pages unmount, their photos' blob: URLs
// are revoked) and from storage (offline-list.ts).
import type { SupabaseClient } from "@supabase/supabase-js";
import { useEffect, useMemo, useState } from "react";
import { type InboxApi, InboxError, inboxApi, type Role } from "./api.ts";
import { LeadList, POLL_MS } from "./LeadList.tsx";
import { LeadPage } from "./LeadPage.tsx";
import { forgetLists } from "./offline-list.ts";
import { CustomerPage, StatementPage, TeamPage } from "./OwnerPages.tsx";
import { pushSupported, subscribeToPushes, unsubscribeFromPushes } from "./push.ts";
import { hashOf, OWNER_PAGES, type OwnerPage, routeOf } from "./routes.ts";
import { SignIn } from "./SignIn.tsx";

export type InboxConfig = { backendUrl: string; anonKey: string; brand: string };
type Props = {
  auth: SupabaseClient["auth"];
  config: InboxConfig;
  storage: Storage;
  /** The service worker's registration, for pushes; undefined where there is none. */
  worker?: Promise<ServiceWorkerRegistration | undefined>;
  fetcher?: typeof fetch;
};
type Member = { id: string; email: string; role: Role | null };
type State = { at: "starting" } | { at: "signed-out"; notice: string | null } | { at: "in"; member: Member };

function useHash() {
  const [hash, setHash] = useState(() => location.hash);
  useEffect(() => {
    const changed = () => setHash(location.hash);
    addEventListener("hashchange", changed);
    return () => removeEventListener("hashchange", changed);
  }, []);
  return hash;
}

export function InboxApp({ auth, config, storage, worker, fetcher }: Props) {
  const [state, setState] = useState<State>({ at: "starting" });
  const api = useMemo(
    () => inboxApi(config.backendUrl, config.anonKey, async () => (await auth.getSession()).data.session?.access_token ?? null, fetcher),
    [auth, config, fetcher],
  );
  const route = routeOf(useHash());

  async function signOut(notice: string | null = null) {
    await unsubscribeFromPushes(api, await worker).catch(() => undefined);
    forgetLists(storage);
    await auth.signOut({ scope: "local" }).catch(() => undefined);
    setState({ at: "signed-out", notice });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: signOut reads only api, auth, storage and worker, which do not change while the page is open
  useEffect(() => {
    let stopped = false;
    async function enter(user: { id: string; email?: string }) {
      try {
        const me = await api.call("me");
        if (!stopped) setState({ at: "in", member: { ...me.user, role: me.role } });
      } catch (error) {
        if (stopped) return;
        // Offline with a session kept on the phone: the member's own last list (if any), nothing an owner
        // only may see; never signed out for want of a connection.
        if (error instanceof InboxError && error.status === 0)
          return setState({ at: "in", member: { id: user.id, email: user.email ?? "", role: null } });
        await signOut(error instanceof Error ? error.message : null);
      }
    }
    auth.getSession().then(({ data }) => {
      if (stopped) return;
      if (data.session) enter(data.session.user);
      else setState({ at: "signed-out", notice: null });
    });
    const { data } = auth.onAuthStateChange((event, session) => {
      // Called inside supabase-js's lock: the work is deferred so it may call auth again.
      setTimeout(() => {
        if (stopped) return;
        if (event === "SIGNED_IN" && session) enter(session.user);
        if (event === "SIGNED_OUT") {
          forgetLists(storage);
          setState((current) => (current.at === "signed-out" ? current : { at: "signed-out", notice: null }));
        }
      });
    });
    return () => {
      stopped = true;
      data.subscription.unsubscribe();
    };
  }, [api, auth, storage]);

  // Entered offline, the role is unknown: asked again until the backend answers, so an owner's pages come back.
  const roleUnknown = state.at === "in" && state.member.role === null;
  useEffect(() => {
    if (!roleUnknown) return;
    const ask = () =>
      api
        .call("me")
        .then((me) => setState({ at: "in", member: { ...me.user, role: me.role } }))
        .catch(() => undefined);
    const timer = setInterval(ask, POLL_MS);
    addEventListener("online", ask);
    return () => {
      clearInterval(timer);
      removeEventListener("online", ask);
    };
  }, [api, roleUnknown]);

  if (state.at === "starting") return <p className="inbox-main inbox-quiet">Henter …</p>;
  if (state.at === "signed-out") return <SignIn auth={auth} brand={config.brand} notice={state.notice} />;
  const { member } = state;
  const owner = member.role === "ejer";
  const signedOut = (message: string) => signOut(message);
  const ownerPage = route.page in OWNER_PAGES ? (route.page as OwnerPage) : null;

  return (
    <>
      <header className="inbox-header">
        <a href={hashOf({ page: "list" })} className="inbox-title">
          Indbakke
        </a>
        <span className="inbox-quiet inbox-who">{member.email}</span>
        <button type="button" className="inbox-link" onClick={() => signOut()}>
          Log ud
        </button>
      </header>
      <main className="inbox-main">
        {route.page === "lead" ? (
          <LeadPage key={route.id} api={api} id={route.id} brand={config.brand} onSignedOut={signedOut} />
        ) : ownerPage && owner ? (
          <OwnerPageOf page={ownerPage} api={api} myId={member.id} onSignedOut={signedOut} />
        ) : (
          <>
            <LeadList api={api} userId={member.id} storage={storage} onSignedOut={signedOut} />
            {owner && (
              <nav className="inbox-owner" aria-label="For firmaets ejer">
                <h2>For ejeren</h2>
                <ul>
                  {Object.entries(OWNER_PAGES).map(([page, title]) => (
                    <li key={page}>
                      <a href={`#${page}`}>{title}</a>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
            <PushButton api={api} worker={worker} />
          </>
        )}
      </main>
    </>
  );
}

function OwnerPageOf({ page, ...props }: { page: OwnerPage; api: InboxApi; myId: string; onSignedOut: (message: string) => void }) {
  if (page === "opgoerelse") return <StatementPage {...props} />;
  if (page === "kundedata") return <CustomerPage {...props} />;
  return <TeamPage {...props} />;
}

/** "Få besked om nye henvendelser", where the browser can take pushes. */
function PushButton({ api, worker }: { api: InboxApi; worker?: Promise<ServiceWorkerRegistration | undefined> }) {
  const [status, setStatus] = useState<"unknown" | "off" | "on">("unknown");
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!pushSupported(window) || !worker) return;
    worker
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => setStatus(subscription && Notification.permission === "granted" ? "on" : "off"))
      .catch(() => undefined);
  }, [worker]);
  if (status === "unknown") return null;
  if (status === "on") return <p className="inbox-quiet inbox-push">Telefonen får besked om nye henvendelser.</p>;
  return (
    <div className="inbox-push">
      <button
        type="button"
        onClick={async () => {
          setMessage(null);
          try {
            const registration = await worker;
            const problem = registration ? await subscribeToPushes(api, registration) : "Beskeder virker ikke i denne browser.";
            if (problem) setMessage(problem);
            else setStatus("on");
          } catch (error) {
            setMessage(error instanceof Error ? error.message : String(error));
          }
        }}
      >
        Få besked om nye henvendelser
      </button>
      {message && (
        <p className="inbox-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
