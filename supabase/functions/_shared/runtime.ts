// What differs between Supabase's Edge Runtime and a plain local Deno, in one place.
import { log } from "./log.ts";

declare const EdgeRuntime: { waitUntil: (work: Promise<unknown>) => void } | undefined;

const edgeRuntime = typeof EdgeRuntime !== "undefined" ? EdgeRuntime : undefined;

/** Supabase's background-task hook when running there; undefined locally, so work is awaited. */
export const waitUntil = edgeRuntime ? (work: Promise<unknown>) => edgeRuntime.waitUntil(work) : undefined;

/**
 * Deno.serve options: locally a loopback port (0: any free one, logged as `{"event":"listening","port"}`
 * for the runner to read back); on Supabase the runtime decides.
 */
export function serveOptions(config: { port?: number }): Deno.ServeTcpOptions {
  if (config.port === undefined) return {};
  return { port: config.port, hostname: "127.0.0.1", onListen: ({ port }) => log({ event: "listening", port }) };
}
