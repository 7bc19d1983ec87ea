// The hash routes: the back button leaves a lead for the list, and a push's link opens its lead.
import { describe, expect, it } from "vitest";
import { hashOf, routeOf } from "./routes.ts";

describe("the inbox's routes", () => {
  it("reads the list, a lead and the owner's pages from the hash, and writes them back", () => {
    for (const hash of ["", "#", "#henvendelser"]) expect(routeOf(hash)).toEqual({ page: "list" });
    expect(routeOf("#0b6c3a1e-7f1b-4c1e-9b8a-2f4d5e6a7b8c")).toEqual({ page: "lead", id: "0b6c3a1e-7f1b-4c1e-9b8a-2f4d5e6a7b8c" });
    expect(routeOf("#opgoerelse")).toEqual({ page: "opgoerelse" });
    for (const route of [{ page: "list" }, { page: "lead", id: "42" }, { page: "team" }] as const)
      expect(routeOf(hashOf(route))).toEqual(route);
  });

  it("does not take an inherited property name for an owner's page", () => {
    expect(routeOf("#constructor")).toEqual({ page: "lead", id: "constructor" });
  });
});
