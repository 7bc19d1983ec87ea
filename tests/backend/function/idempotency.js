// The idempotency key: one row and one e-mail for one key, whoever repeats it and however fast.
import { expect } from "vitest";
import { concern, VALID } from "../function-suite.js";

export default concern("idempotency", (h, it) => {
  const { post, rows } = h;

  it("refuses a reused key with other content (422), a malformed key (400), and finds a body key behind an empty header", async () => {
    const key = "9a1c7e52-reused-key";
    const first = await post({ ...VALID }, { headers: { "Idempotency-Key": key } });
    expect(first.status).toBe(200);
    const other = await post(
      { ...VALID, message: "En helt anden opgave: ny belysning i carporten." },
      { headers: { "Idempotency-Key": key } },
    );
    expect(other.status).toBe(422);
    expect((await other.json()).error).toBe("Denne forespørgsel er allerede sendt med et andet indhold. Genindlæs siden, og send igen.");
    for (const bad of ["kort", "x".repeat(201), "mellemrum i nøglen", "æøå-nøgle-123"]) {
      const response = await post({ ...VALID, email: "bad-key@example.dk" }, { headers: { "Idempotency-Key": bad } });
      expect(response.status, bad).toBe(400);
    }
    // A body key that is not a string is malformed too, not absent.
    for (const bad of [12345678, ["9a1c7e52-in-a-list"], { key: "9a1c7e52-in-an-object" }, true]) {
      const response = await post({ ...VALID, email: "bad-key@example.dk", idempotencyKey: bad });
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    const bodyKey = "b0d7-key-behind-an-empty-header";
    const a = await post({ ...VALID, email: "body-key@example.dk", idempotencyKey: bodyKey }, { headers: { "Idempotency-Key": "" } });
    const b = await post({ ...VALID, email: "body-key@example.dk", idempotencyKey: bodyKey }, { headers: { "Idempotency-Key": "" } });
    expect((await a.json()).id).toBe((await b.json()).id);
    expect(await rows()).toHaveLength(2);
    expect(await h.mailbox.all()).toHaveLength(2);
  });

  it("gives the same answer for the same idempotency key, with one row and one e-mail", async () => {
    const key = "3f0b6a1e-5b7c-4d2a-9f10-idempotent";
    const first = await post({ ...VALID }, { headers: { "Idempotency-Key": key } });
    const second = await post({ ...VALID }, { headers: { "Idempotency-Key": key } });
    const inBody = await post({ ...VALID, idempotencyKey: key });
    expect([first.status, second.status, inBody.status]).toEqual([200, 200, 200]);
    const ids = [(await first.json()).id, (await second.json()).id, (await inBody.json()).id];
    expect(new Set(ids).size).toBe(1);
    expect(await rows()).toHaveLength(1);
    expect(await h.mailbox.all()).toHaveLength(1);
  });

  it("gives one row for one idempotency key even when requests race from different clients", async () => {
    const key = "race-0123456789-abcdef";
    const responses = await Promise.all(
      // The same request retried from six addresses at once (a phone changing networks): one row.
      Array.from({ length: 6 }, () => post({ ...VALID }, { headers: { "Idempotency-Key": key } })),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const ids = new Set(await Promise.all(responses.map(async (response) => (await response.json()).id)));
    expect(ids.size).toBe(1);
    expect(await rows()).toHaveLength(1);
    expect(await h.mailbox.all()).toHaveLength(1);
  });
});
