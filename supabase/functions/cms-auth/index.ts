// Entry point of the cms-auth Edge Function: reads the environment once and serves.
import { log } from "../_shared/log.ts";
import { serveOptions } from "../_shared/runtime.ts";
import { parseCmsAuthConfig } from "./config.ts";
import { createCmsAuthHandler } from "./handler.ts";

const config = parseCmsAuthConfig(Deno.env.toObject());
Deno.serve(serveOptions(config), createCmsAuthHandler({ config, log }));
