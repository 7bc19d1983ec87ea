// The last list read, kept for reading offline: only for the member who read it, and gone for everyone
// on "Log ud" (forgetLists), while what else the page keeps in the same storage stays.
import { afterEach, describe, expect, it } from "vitest";
import type { LeadSummary } from "./api.ts";
import { forgetLists, keepList, keptList } from "./offline-list.ts";

const lead = (id: string): LeadSummary => ({
  id,
  created_at: "2026-11-10T12:00:00Z",
  updated_at: "2026-11-10T12:00:00Z",
  kind: "quote",
  name: "Karen Jensen",
  town: "Køge",
  about: "Ny tavle",
  source: { type: "site" },
  state: "ny",
});

afterEach(() => localStorage.clear());

describe("the list kept for reading offline", () => {
  it("is kept under the member who read it, and no one else reads it", () => {
    keepList(localStorage, "ejer-1", [lead("a")], new Date("2026-11-10T13:32:00Z"));
    expect(keptList(localStorage, "ejer-1")).toEqual({ savedAt: "2026-11-10T13:32:00.000Z", leads: [lead("a")] });
    expect(keptList(localStorage, "medarbejder-2")).toBeNull();
  });

  it("is removed for every member on sign-out, leaving the rest of the storage", () => {
    keepList(localStorage, "ejer-1", [lead("a")], new Date());
    keepList(localStorage, "medarbejder-2", [lead("b")], new Date());
    localStorage.setItem("noget-andet", "1");
    forgetLists(localStorage);
    expect(keptList(localStorage, "ejer-1")).toBeNull();
    expect(keptList(localStorage, "medarbejder-2")).toBeNull();
    expect(Object.keys(localStorage)).toEqual(["noget-andet"]);
  });

  it("reads nothing from a damaged entry", () => {
    localStorage.setItem("indbakke:liste:ejer-1", "{");
    expect(keptList(localStorage, "ejer-1")).toBeNull();
  });
});
