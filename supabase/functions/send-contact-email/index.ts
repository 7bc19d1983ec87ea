// Entry point of the send-contact-email Edge Function: reads the environment once and serves.
import { deployedParts } from "../_shared/deployed.ts";
import { serveOptions } from "../_shared/runtime.ts";
import { createHandler } from "./handler.ts";

const parts = deployedParts();
Deno.serve(serveOptions(parts.config), createHandler(parts));
