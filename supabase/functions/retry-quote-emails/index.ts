// Entry point of the retry-quote-emails Edge Function: reads the environment once and serves.
import { deployedParts } from "../_shared/deployed.ts";
import { serveOptions } from "../_shared/runtime.ts";
import { createRetryHandler } from "./handler.ts";

const parts = deployedParts();
Deno.serve(serveOptions(parts.config), createRetryHandler(parts));
