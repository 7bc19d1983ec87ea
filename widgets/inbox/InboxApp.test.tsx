// The inbox page in happy-dom, on Preact and on React, through the real supabase-js: signing in by code,
// the messages of a refused address and a wrong code, the owner's pages shown to an owner only, and "Log ud",
// which ends the session and leaves no lead in memory or storage. The network is the one boundary faked
// here, answering as the inbox contract says Supabase Auth and the inbox function answer; the browser
// test drives the real local stack.
import { createClient } from "@supabase/supabase-js";
import type { Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, mount, typeInto, unmount } from "../testing.tsx";
import type { LeadSummary, Role } from "./api.ts";
import { InboxApp } from "./InboxApp.tsx";
import { NOT_ON_TEAM, WRONG_CODE } from "./sign-in-messages.ts";

const BACKEND = "http://backend.test";
const CODE = "246810";
const LEAD: LeadSummary = {
  id: "lead-1",
  created_at: new Date(Date.now() - 12 * 60_000).toISOString(),
  updated_at: new Date().toISOString(),
  kind: "quote",
  name: "Karen Jensen",
  town: "Køge",
  about: "Ny eltavle",
  source: { type: "partner", partner: "Byportalen ApS" },
  state: "ny",
};

const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

/** The backend as the contract describes it: a team, one lead. */
function fakeBackend() {
  const requests: string[] = [];
  const team: Record<string, Role> = {};
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    requests.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}${body.action ? ` ${body.action}` : ""}`);
    if (url.pathname === "/auth/v1/otp")
      return team[body.email]
        ? json(200, {})
        : json(422, { code: "otp_disabled", error_code: "otp_disabled", msg: "Signups not allowed for otp" });
    if (url.pathname === "/auth/v1/verify") {
      if (body.token !== CODE) return json(403, { code: "otp_expired", error_code: "otp_expired", msg: "Token has expired or is invalid" });
      const now = Math.floor(Date.now() / 1000);
      const user = {
        id: `user-${body.email}`,
        aud: "authenticated",
        role: "authenticated",
        email: body.email,
        app_metadata: {},
        user_metadata: {},
      };
      const token = `${base64url({ alg: "ES256", typ: "JWT" })}.${base64url({ sub: user.id, email: body.email, exp: now + 3600, role: "authenticated" })}.c2ln`;
      return json(200, {
        access_token: token,
        token_type: "bearer",
        expires_in: 3600,
        expires_at: now + 3600,
        refresh_token: "refresh",
        user,
      });
    }
    if (url.pathname === "/auth/v1/logout") return new Response(null, { status: 204 });
    if (url.pathname === "/functions/v1/inbox") {
      const authorization = (init?.headers as Record<string, string> | undefined)?.Authorization ?? "";
      const email = JSON.parse(atob(authorization.split(".")[1])).email;
      if (body.action === "me") return json(200, { user: { id: `user-${email}`, email }, role: team[email] });
      if (body.action === "leads") return json(200, { leads: body.since ? [] : [LEAD], now: new Date().toISOString() });
    }
    return json(404, { error: "Findes ikke." });
  };
  return { fetcher: fetcher as typeof fetch, requests, team };
}

// One client for the file, as the page has one (supabase-js warns about two on one storage key).
const backend = fakeBackend();
const supabase = createClient(BACKEND, "anon", {
  auth: { storageKey: "indbakke-session", autoRefreshToken: false, persistSession: true, detectSessionInUrl: false },
  global: { fetch: backend.fetcher },
});

let host: HTMLElement;
let root: Root | undefined;

beforeEach(() => {
  host = document.createElement("div");
  document.body.append(host);
  location.hash = "";
});
afterEach(async () => {
  await unmount(root);
  root = undefined;
  host.remove();
  localStorage.clear();
  location.hash = "";
});

/** Lets the page's requests and timers settle until `found` finds something. */
async function waitFor<T>(found: () => T | null | undefined | false): Promise<T> {
  for (let tries = 0; tries < 100; tries++) {
    const result = found();
    if (result) return result;
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  throw new Error(`not found; the page shows: ${host.textContent}`);
}
const button = (name: string) => [...host.querySelectorAll("button")].find((candidate) => candidate.textContent?.trim() === name);

async function open(team: Record<string, Role>) {
  for (const email of Object.keys(backend.team)) delete backend.team[email];
  Object.assign(backend.team, team);
  backend.requests.length = 0;
  root = await mount(
    host,
    <InboxApp
      auth={supabase.auth}
      config={{ backendUrl: BACKEND, anonKey: "anon", brand: "Eksempel El" }}
      storage={localStorage}
      fetcher={backend.fetcher}
    />,
  );
  return backend;
}

async function askForCode(email: string) {
  typeInto(await waitFor(() => host.querySelector<HTMLInputElement>("#sign-in-email")), email);
  await act(() => button("Send kode")?.click());
}

async function signIn(email: string, code = CODE) {
  await askForCode(email);
  const field = await waitFor(() => host.querySelector<HTMLInputElement>("#sign-in-code"));
  // An empty field of its own, not the address field reused: a browser types into what is there.
  expect(field.value).toBe("");
  expect(field.getAttribute("inputmode")).toBe("numeric");
  expect(field.getAttribute("autocomplete")).toBe("one-time-code");
  typeInto(field, code);
  await act(() => button("Log ind")?.click());
}

describe("the inbox page", () => {
  it("signs a member in by e-mail code and shows the leads; 'Log ud' leaves no lead in memory or storage", async () => {
    await open({ "ejer@firma.dk": "ejer" });
    await signIn("ejer@firma.dk");
    await waitFor(() => host.textContent?.includes("Karen Jensen"));
    expect(host.textContent).toContain("for 12 min siden");
    expect(host.textContent).toContain("Byportalen ApS");
    expect(Object.keys(localStorage).sort()).toEqual(["indbakke-session", "indbakke:liste:user-ejer@firma.dk"]);
    // supabase-js asked for a code without creating a user.
    expect(backend.requests).toContain("POST /auth/v1/otp");

    await act(() => button("Log ud")?.click());
    await waitFor(() => host.querySelector("#sign-in-email"));
    expect(host.textContent).not.toContain("Karen Jensen");
    expect(Object.keys(localStorage)).toEqual([]);
    expect(backend.requests).toContain("POST /auth/v1/logout?scope=local");
  });

  it("tells an address not on the team that it gets no code", async () => {
    await open({ "ejer@firma.dk": "ejer" });
    await askForCode("fremmed@example.dk");
    expect((await waitFor(() => host.querySelector("[role=alert]"))).textContent).toBe(NOT_ON_TEAM);
    expect(host.querySelector("#sign-in-code")).toBeNull();
  });

  it("tells a wrong code, and keeps the member at the code", async () => {
    await open({ "ejer@firma.dk": "ejer" });
    await signIn("ejer@firma.dk", "111111");
    expect((await waitFor(() => host.querySelector("[role=alert]"))).textContent).toBe(WRONG_CODE);
    expect(host.querySelector("#sign-in-code")).not.toBeNull();
    expect(localStorage.getItem("indbakke-session")).toBeNull();
  });

  it("shows the owner's pages to an owner only", async () => {
    await open({ "ejer@firma.dk": "ejer", "svend@firma.dk": "medarbejder" });
    await signIn("svend@firma.dk");
    await waitFor(() => host.textContent?.includes("Karen Jensen"));
    expect(host.querySelector('a[href="#kundedata"]')).toBeNull();
    await act(() => button("Log ud")?.click());
    await signIn("ejer@firma.dk");
    await waitFor(() => host.textContent?.includes("Karen Jensen"));
    expect([...host.querySelectorAll(".inbox-owner a")].map((link) => link.textContent)).toEqual(["Månedsopgørelse", "Kundedata", "Team"]);
  });
});
