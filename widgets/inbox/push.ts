// "Få besked om nye henvendelser": this device's Web Push subscription to new leads, made with the
// backend's VAPID key (`push_key`) and handed to it (`push_subscribe`); the service worker
// (service-worker.ts) shows each push. Undone on "Log ud", so a phone no one is signed in on gets no
// customer's name.
import type { InboxApi } from "./api.ts";

/** Whether this browser can take pushes at all (iPhones only once the inbox is on the home screen). */
export const pushSupported = (window: Window) => "serviceWorker" in window.navigator && "PushManager" in window && "Notification" in window;

/** A VAPID key as base64url (the backend's form) to the bytes PushManager takes. */
export function keyBytes(base64url: string) {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** Asks for permission, subscribes this device and registers it; the Danish reason when it cannot. */
export async function subscribeToPushes(api: InboxApi, registration: ServiceWorkerRegistration): Promise<string | null> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted")
    return "Telefonen tillader ikke beskeder fra indbakken. Slå dem til under indstillinger for browseren eller appen.";
  const { publicKey } = await api.call("push_key");
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await api.call("push_subscribe", { subscription: subscription.toJSON() });
  return null;
}

/** Ends this device's subscription, at the backend too while the session still holds. */
export async function unsubscribeFromPushes(api: InboxApi, registration: ServiceWorkerRegistration | undefined) {
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api.call("push_unsubscribe", { endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
