// Web Push of each new lead to the team's devices (the outbox's `push` channel,
// supabase/functions/_shared/web-push.ts): a device the test made subscribes through the inbox with
// the firm's public VAPID key, a customer sends a request, and the push arrives at the stand-in of a
// push service (dev/local/push-stand-in.js, which checks the VAPID signature), encrypted for that
// device alone: the test decrypts it with the device's keys. A device its push service says is gone is
// forgotten. Under Deno, behind the local gateway with the stand-in of Supabase Auth.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SECRETS } from "../../dev/local/function-env.js";
import { decryptPush, newDeviceKeys, startPushStandIn } from "../../dev/local/push-stand-in.js";
import { startAuthRig } from "../support/auth-rig.js";
import { SITE_URL } from "../support/function.js";
import { VALID } from "./function-suite.js";

let rig;
let pushService;
let owner;

beforeAll(async () => {
  pushService = await startPushStandIn();
  rig = await startAuthRig({ functions: ["inbox", "send-contact-email"] });
  await rig.addUser("ejer@example.dk", "ejer");
  owner = await rig.signIn("ejer@example.dk");
});
afterAll(async () => {
  await rig?.stop();
  await pushService?.stop();
});

/** An inbox action as the signed-in owner's page calls it. */
const inbox = async (body) => {
  const { data, error } = await owner.supabase.functions.invoke("inbox", { body });
  if (error) throw error;
  return data;
};

/** A customer's request from the site, as the form sends it; answers its id. */
const sendLead = async (fields) => {
  const response = await fetch(`${rig.url}/functions/v1/send-contact-email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(SITE_URL).origin },
    body: JSON.stringify({ ...VALID, elapsedMs: 60_000, ...fields }),
  });
  expect(response.status).toBe(200);
  return (await response.json()).id;
};

/** The state of a lead's push delivery (tests/backend/function/outbox.js holds how a delivery finishes). */
const pushState = (/** @type {string} */ id) => rig.sql`select state from deliveries where request_id = ${id} and channel = 'push'`;

describe("a push to the team's devices for each new lead", () => {
  it("gives the page the firm's public VAPID key", async () => {
    expect(await inbox({ action: "push_key" })).toEqual({ publicKey: LOCAL_SECRETS.VAPID_PUBLIC_KEY });
  });

  it("sends a new lead to a subscribed device, signed with VAPID and readable only with the device's keys", async () => {
    const { device, auth, keys } = newDeviceKeys();
    const endpoint = pushService.endpoint();
    expect(await inbox({ action: "push_subscribe", subscription: { endpoint, expirationTime: null, keys } })).toEqual({});
    const id = await sendLead({ name: "Karen Push", phone: "+45 31 31 31 31", email: "karen.push@example.dk", location: "Faxe" });
    // The delivery is finished once every device was tried: only then is what the devices got complete.
    await expect.poll(() => pushState(id), { timeout: 20_000 }).toEqual([{ state: "sent" }]);
    expect(pushService.pushes.filter((push) => push.endpoint === endpoint).length).toBe(1);
    const [push] = pushService.pushes.filter((p) => p.endpoint === endpoint);
    expect(pushService.refused).toEqual([]);
    expect(push.topic).toBe(id.replace(/-/g, ""));
    const message = JSON.parse(decryptPush(Buffer.from(push.body, "base64"), device, auth).toString("utf8"));
    expect(message).toMatchObject({ title: "Ny henvendelse: Karen Push", url: `/admin/indbakke/#${id}` });
    expect(message.body).toContain("Faxe");
    // Encrypted: the push service never sees the name.
    expect(Buffer.from(push.body, "base64").toString("latin1")).not.toContain("Karen");
  });

  it("forgets a device whose push service says it is gone, and still reaches the others", async () => {
    const gone = pushService.endpoint();
    await inbox({ action: "push_subscribe", subscription: { endpoint: gone, keys: newDeviceKeys().keys } });
    pushService.gone(gone);
    const before = pushService.pushes.length;
    const id = await sendLead({ name: "Ole Væk", phone: "+45 32 32 32 32", email: "ole.vaek@example.dk" });
    await expect.poll(() => pushState(id), { timeout: 20_000 }).toEqual([{ state: "sent" }]);
    expect(await rig.sql`select 1 from push_subscriptions where endpoint = ${gone}`).toEqual([]);
    expect(pushService.pushes.length).toBe(before + 1);
  });

  it("stops sending to a device its member unsubscribed", async () => {
    const [{ endpoint }] = await rig.sql`select endpoint from push_subscriptions`;
    expect(await inbox({ action: "push_unsubscribe", endpoint })).toEqual({});
    const id = await sendLead({ name: "Ingen Enhed", phone: "+45 33 33 33 33", email: "ingen.enhed@example.dk" });
    await expect.poll(async () => (await rig.sql`select 1 from quote_requests where id = ${id}`).length).toBe(1);
    // No device allows notifications: no push is queued for the lead at all.
    expect(await rig.sql`select 1 from deliveries where request_id = ${id} and channel = 'push'`).toEqual([]);
  });
});
