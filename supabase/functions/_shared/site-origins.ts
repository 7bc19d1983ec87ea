// The site's origins: the one SITE_URL names and its twin, which hosts serve too. The functions that
// answer the site's pages (send-contact-email, inbox) allow exactly these.

/** Loopback's two names: a site served on one answers on the other (the local stack). */
const LOOPBACK_TWINS: Record<string, string> = { localhost: "127.0.0.1", "127.0.0.1": "localhost" };

/**
 * The www twin of an apex origin, and the apex of a www origin: hosts serve both (docs/deploy.md); on
 * loopback, localhost's twin is 127.0.0.1 and back.
 */
export function twinOrigin(origin: string): string {
  const url = new URL(origin);
  const host = url.hostname;
  url.hostname = LOOPBACK_TWINS[host] ?? (host.startsWith("www.") ? host.slice(4) : `www.${host}`);
  return url.origin;
}

/** SITE_URL's origin and its twin. */
export function siteOrigins(siteUrl: string): string[] {
  const origin = new URL(siteUrl).origin;
  return [origin, twinOrigin(origin)];
}
