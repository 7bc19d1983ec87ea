// The CMS sign-in's settings, read from the environment once at start-up and validated: a function that
// would send the owner to GitHub with a missing client id stops at start instead, naming the variable.
import * as z from "zod/mini";

const port = z
  .pipe(
    z.string(),
    z.transform((value: string) => Number(value)),
  )
  .check(z.refine((value: number) => Number.isInteger(value) && value >= 0 && value < 65536, "must be a port number (0 picks a free one)"));

const environmentSchema = z.object({
  // The GitHub OAuth app's client id and secret (docs/deploy.md, "10. Signing in to the CMS").
  GITHUB_CLIENT_ID: z.string().check(z.regex(/^[\w.-]{10,}$/, "must be the OAuth app's client id")),
  GITHUB_CLIENT_SECRET: z.string().check(z.minLength(20, "must be the OAuth app's client secret (40 characters)")),
  // The site's own origin, the same secret as send-contact-email's: the token goes to its /admin/auth
  // and nowhere else.
  SITE_URL: z.url(),
  // Where GitHub's OAuth endpoints are; only a test points it at a stand-in.
  GITHUB_URL: z.prefault(z.url(), "https://github.com"),
  // Only for local runs: the port Deno.serve listens on (0: a free one, read back from the log).
  PORT: z.optional(port),
});

export type CmsAuthConfig = {
  clientId: string;
  clientSecret: string;
  /** The site's origin, where the CMS runs. */
  siteOrigin: string;
  githubUrl: string;
  port?: number;
};

/** Parses the environment into the sign-in's settings, or throws naming every bad variable (never its value). */
export function parseCmsAuthConfig(env: Record<string, string | undefined>): CmsAuthConfig {
  const result = environmentSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid function environment:\n  ${problems.join("\n  ")}`);
  }
  const e = result.data;
  return {
    clientId: e.GITHUB_CLIENT_ID,
    clientSecret: e.GITHUB_CLIENT_SECRET,
    siteOrigin: new URL(e.SITE_URL).origin,
    githubUrl: e.GITHUB_URL.replace(/\/+$/, ""),
    port: e.PORT,
  };
}
