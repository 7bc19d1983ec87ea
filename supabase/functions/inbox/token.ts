// Who calls: the access token Supabase Auth issued, verified against the project's published keys
// (ES256, <url>/auth/v1/.well-known/jwks.json), its issuer, its audience and its expiry. A token that
// fails any of these is no caller (401); keys that cannot be fetched are the function's failure (500),
// never a reason to sign someone out.
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from "jose";

/** What jose throws about the token itself; anything else (the keys unreachable or malformed) is the function's failure. */
const TOKEN_ERRORS = new Set([
  "ERR_JWT_EXPIRED",
  "ERR_JWT_CLAIM_VALIDATION_FAILED",
  "ERR_JWT_INVALID",
  "ERR_JWS_INVALID",
  "ERR_JWS_SIGNATURE_VERIFICATION_FAILED",
  "ERR_JWKS_NO_MATCHING_KEY",
  "ERR_JOSE_ALG_NOT_ALLOWED",
  "ERR_JOSE_NOT_SUPPORTED",
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Claims = JWTPayload & { sub: string };
export type Verifier = (token: string) => Promise<Claims | null>;

/** Verifies tokens of the project at `projectUrl`; the keys are fetched once and again on a new kid. */
export function createVerifier(projectUrl: string): Verifier {
  const keys = createRemoteJWKSet(new URL(`${projectUrl}/auth/v1/.well-known/jwks.json`));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: `${projectUrl}/auth/v1`,
        audience: "authenticated",
        algorithms: ["ES256"],
        requiredClaims: ["sub", "exp"],
      });
      return typeof payload.sub === "string" && UUID.test(payload.sub) && payload.role === "authenticated" ? (payload as Claims) : null;
    } catch (error) {
      if (error instanceof errors.JOSEError && TOKEN_ERRORS.has(error.code)) return null;
      throw error;
    }
  };
}

/** The bearer token of a request, or null. */
export function bearerToken(request: Request): string | null {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? null;
}
