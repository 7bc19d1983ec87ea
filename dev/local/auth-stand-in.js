// A stand-in of Supabase Auth (GoTrue) for the local stack: the endpoints `@supabase/supabase-js` calls
// for sign-in by e-mail code, and the admin API `npm run team` uses, served by the local gateway under
// /auth/v1/ (./functions.js). Users are rows of the local database's `auth.users`, as GoTrue keeps them
// (./supabase-roles.sql); codes and sessions live in this process, so a restart signs everyone out.
// Codes go by e-mail through the local SMTP server, so they show on the local inbox page. Tokens are in
// Supabase's format: ES256 JWTs with a `kid`, verifiable against /auth/v1/.well-known/jwks.json. The
// answers, status codes and error codes are GoTrue's, so the page and the inbox function cannot tell.
import { verify as cryptoVerify, generateKeyPairSync, randomBytes, randomInt, randomUUID, sign, timingSafeEqual } from "node:crypto";
import nodemailer from "nodemailer";
import postgres from "postgres";
import { LOCAL_PROJECT } from "../../operator/auth-client.js";
import { loadData } from "../../site/_lib/load-data.js";

const business = loadData("business");

/**
 * The local keys: the anon key is the one business.yaml gives the site (the page's `createClient` uses
 * it unchanged in every build); the service role key is fixed and local only (operator/auth-client.js,
 * where `npm run team -- --local` reads it).
 */
export const LOCAL_AUTH_KEYS = { anonKey: business.backend.anonKey, serviceRoleKey: LOCAL_PROJECT.serviceRoleKey };

/** Wrong codes after which a code is void and a new one must be asked for. */
export const WRONG_CODES_ALLOWED = 5;

/** @param {Buffer | string} bytes */
const base64url = (bytes) => Buffer.from(bytes).toString("base64url");

/**
 * @typedef {object} AuthStandInOptions
 * @property {string} databaseUrl the local database, with `auth.users`
 * @property {string} smtpUrl where the codes are mailed
 * @property {() => string} projectUrl the gateway's origin (known once it listens): tokens' issuer is `<url>/auth/v1`
 * @property {number} [accessTokenSeconds] an access token's lifetime (GoTrue's default: 3600; tests shorten it)
 * @property {number} [codeSeconds] how long a code is valid (GoTrue's otp_exp; 600 here, docs/deploy.md says what to set)
 * @property {number} [codesPerHour] codes mailed to one address within an hour before 429
 */

/**
 * The stand-in's request handler and its stop.
 * @param {AuthStandInOptions} options
 */
export function createAuthStandIn({ databaseUrl, smtpUrl, projectUrl, accessTokenSeconds = 3600, codeSeconds = 600, codesPerHour = 10 }) {
  const sql = postgres(databaseUrl, { prepare: false, max: 1, onnotice: () => {} });
  const mailer = nodemailer.createTransport(smtpUrl);
  const from = `Indbakken <indbakke@${new URL(business.site.url).hostname.replace(/^www\./, "")}>`;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const kid = randomUUID();
  const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "ES256", use: "sig", key_ops: ["verify"] };
  /** @type {Map<string, { code: string, expires: number, wrong: number }>} e-mail → its current code */
  const codes = new Map();
  /** @type {Map<string, number[]>} e-mail → when codes were sent within the last hour */
  const sent = new Map();
  /** @type {Map<string, { userId: string }>} session id → session */
  const sessions = new Map();
  /** @type {Map<string, { sessionId: string, revokedAt?: number }>} refresh token → its session */
  const refreshTokens = new Map();

  /** @param {Record<string, unknown>} claims */
  function signJwt(claims) {
    const input = `${base64url(JSON.stringify({ alg: "ES256", kid, typ: "JWT" }))}.${base64url(JSON.stringify(claims))}`;
    const signature = sign("sha256", Buffer.from(input), { key: privateKey, dsaEncoding: "ieee-p1363" });
    return `${input}.${base64url(signature)}`;
  }

  /**
   * The claims of a token this stand-in signed and that has not expired, or null. Only its own tokens
   * come here, so checking the signature is checking it was issued by this process.
   * @param {string} token
   */
  function readToken(token) {
    const [header, payload, signature] = token.split(".");
    if (!header || !payload || !signature) return null;
    try {
      if (!verifyEs256(`${header}.${payload}`, signature)) return null;
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      return claims.exp > Date.now() / 1000 ? claims : null;
    } catch {
      return null;
    }
  }

  /** @param {string} input @param {string} signature */
  function verifyEs256(input, signature) {
    return cryptoVerify("sha256", Buffer.from(input), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  }

  /** @param {Record<string, any>} row a row of auth.users */
  function userJson(row) {
    return {
      id: row.id,
      aud: "authenticated",
      role: "authenticated",
      email: row.email,
      email_confirmed_at: row.email_confirmed_at,
      phone: "",
      confirmed_at: row.email_confirmed_at,
      last_sign_in_at: row.last_sign_in_at,
      app_metadata: row.raw_app_meta_data ?? { provider: "email", providers: ["email"] },
      user_metadata: row.raw_user_meta_data ?? {},
      identities: [],
      created_at: row.created_at,
      updated_at: row.updated_at,
      is_anonymous: false,
    };
  }

  /** @param {string} email */
  const userByEmail = async (email) => (await sql`select * from auth.users where lower(email) = lower(${email})`)[0];
  /** @param {string} id */
  const userById = async (id) => (await sql`select * from auth.users where id = ${id}`)[0];

  /**
   * A new session for `user`: an access token and a refresh token, as GoTrue answers /verify and /token.
   * @param {Record<string, any>} user
   * @param {string} [sessionId] an existing session (a refresh), or a new one
   */
  function issueSession(user, sessionId = randomUUID()) {
    sessions.set(sessionId, { userId: user.id });
    const now = Math.floor(Date.now() / 1000);
    const access_token = signJwt({
      iss: `${projectUrl()}/auth/v1`,
      sub: user.id,
      aud: "authenticated",
      exp: now + accessTokenSeconds,
      iat: now,
      email: user.email,
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: {},
      role: "authenticated",
      aal: "aal1",
      amr: [{ method: "otp", timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
    });
    const refresh_token = base64url(randomBytes(24));
    refreshTokens.set(refresh_token, { sessionId });
    return {
      access_token,
      token_type: "bearer",
      expires_in: accessTokenSeconds,
      expires_at: now + accessTokenSeconds,
      refresh_token,
      user: userJson(user),
    };
  }

  /** @param {string} email */
  async function sendCode(email) {
    const hourAgo = Date.now() - 3_600_000;
    const recent = (sent.get(email) ?? []).filter((at) => at > hourAgo);
    if (recent.length >= codesPerHour) return false;
    sent.set(email, [...recent, Date.now()]);
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    codes.set(email, { code, expires: Date.now() + codeSeconds * 1000, wrong: 0 });
    await mailer.sendMail({
      from,
      to: email,
      subject: `Din kode til indbakken: ${code}`,
      text: `Din kode til firmaets indbakke er ${code}\n\nSkriv den på siden, hvor du bad om den. Den gælder i ${Math.round(codeSeconds / 60)} minutter.\nHar du ikke bedt om en kode, kan du se bort fra denne e-mail.\n\n(Lokal stand-in af Supabase Auth)`,
    });
    return true;
  }

  /** @param {string} email @param {string} token */
  function takeCode(email, token) {
    const entry = codes.get(email);
    if (!entry || entry.expires <= Date.now()) return false;
    const right = token.length === entry.code.length && timingSafeEqual(Buffer.from(token), Buffer.from(entry.code));
    if (right) {
      codes.delete(email);
      return true;
    }
    entry.wrong += 1;
    if (entry.wrong >= WRONG_CODES_ALLOWED) codes.delete(email);
    return false;
  }

  /**
   * The caller's session from its bearer access token, or null.
   * @param {import("node:http").IncomingMessage} request
   */
  function bearerClaims(request) {
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
    const claims = token ? readToken(token) : null;
    return claims && sessions.has(claims.session_id) ? claims : null;
  }

  /** @param {import("node:http").IncomingMessage} request */
  const isServiceRole = (request) =>
    [request.headers.apikey, /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1]].includes(LOCAL_AUTH_KEYS.serviceRoleKey);

  /**
   * Answers one request under /auth/v1 (`path` is the rest).
   * @param {string} method
   * @param {string} path
   * @param {URLSearchParams} query
   * @param {any} body
   * @param {import("node:http").IncomingMessage} request
   * @returns {Promise<[number, unknown?]>}
   */
  async function answer(method, path, query, body, request) {
    const route = `${method} ${path}`;
    if (route === "GET /.well-known/jwks.json") return [200, { keys: [jwk] }];
    if (route === "GET /settings")
      return [
        200,
        {
          external: { email: true, phone: false },
          disable_signup: true,
          mailer_autoconfirm: false,
          phone_autoconfirm: false,
          sms_provider: "",
        },
      ];
    if (route === "POST /otp") {
      const email = String(body?.email ?? "")
        .trim()
        .toLowerCase();
      if (!email) return [400, gotrueError("validation_failed", "An email address or phone number is required")];
      if (!(await userByEmail(email))) return [422, gotrueError("otp_disabled", "Signups not allowed for otp")];
      if (!(await sendCode(email)))
        return [429, gotrueError("over_email_send_rate_limit", "For security purposes, you can only request this after a while")];
      return [200, {}];
    }
    if (route === "POST /verify") {
      const email = String(body?.email ?? "")
        .trim()
        .toLowerCase();
      const user = email && (await userByEmail(email));
      if (!user || body?.type !== "email" || !takeCode(email, String(body?.token ?? "")))
        return [403, gotrueError("otp_expired", "Token has expired or is invalid")];
      await sql`update auth.users set last_sign_in_at = now(), email_confirmed_at = coalesce(email_confirmed_at, now()) where id = ${user.id}`;
      return [200, issueSession(await userById(user.id))];
    }
    if (route === "POST /token" && query.get("grant_type") === "refresh_token") {
      const held = refreshTokens.get(String(body?.refresh_token ?? ""));
      const session = held && sessions.get(held.sessionId);
      // GoTrue rotates refresh tokens; one already used is refused (a short reuse window aside, not needed here).
      if (!held || held.revokedAt || !session)
        return [400, gotrueError("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")];
      const user = await userById(session.userId);
      if (!user) return [400, gotrueError("user_not_found", "User from sub claim in JWT does not exist")];
      held.revokedAt = Date.now();
      return [200, issueSession(user, held.sessionId)];
    }
    if (route === "POST /logout") {
      const claims = bearerClaims(request);
      if (!claims) return [403, gotrueError("session_not_found", "Session from session_id claim in JWT does not exist")];
      const ended =
        query.get("scope") === "global"
          ? [...sessions].filter(([, session]) => session.userId === claims.sub).map(([id]) => id)
          : [claims.session_id];
      for (const id of ended) sessions.delete(id);
      for (const [token, held] of refreshTokens) if (ended.includes(held.sessionId)) refreshTokens.delete(token);
      return [204];
    }
    if (route === "GET /user") {
      const claims = bearerClaims(request);
      const user = claims && (await userById(claims.sub));
      return user ? [200, userJson(user)] : [403, gotrueError("bad_jwt", "invalid JWT: unable to parse or verify signature")];
    }
    if (path.startsWith("/admin/")) {
      if (!isServiceRole(request)) return [403, gotrueError("not_admin", "User not allowed")];
      if (route === "GET /admin/users")
        return [200, { users: (await sql`select * from auth.users order by created_at`).map(userJson), aud: "authenticated" }];
      if (route === "POST /admin/users") {
        const email = String(body?.email ?? "")
          .trim()
          .toLowerCase();
        if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
          return [400, gotrueError("validation_failed", "Unable to validate email address: invalid format")];
        if (await userByEmail(email))
          return [422, gotrueError("email_exists", "A user with this email address has already been registered")];
        const [row] = await sql`insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data)
          values (${randomUUID()}, ${email}, ${body?.email_confirm ? new Date() : null}, ${sql.json({ provider: "email", providers: ["email"] })})
          returning *`;
        return [200, userJson(row)];
      }
      const id = /^\/admin\/users\/([0-9a-f-]{36})$/.exec(path)?.[1];
      if (id && method === "GET") {
        const user = await userById(id);
        return user ? [200, userJson(user)] : [404, gotrueError("user_not_found", "User not found")];
      }
      if (id && method === "DELETE") {
        const [row] = await sql`delete from auth.users where id = ${id} returning *`;
        if (!row) return [404, gotrueError("user_not_found", "User not found")];
        for (const [sessionId, session] of sessions) if (session.userId === id) sessions.delete(sessionId);
        return [200, {}];
      }
    }
    return [404, gotrueError("not_found", "Not found (local stand-in of Supabase Auth)")];
  }

  return {
    /**
     * Signs any claims with the stand-in's key, for tests of what Auth never issues (another audience,
     * an expired token): not served over HTTP.
     */
    signToken: signJwt,
    /**
     * Serves a request whose path starts with /auth/v1.
     * @param {import("node:http").IncomingMessage} request
     * @param {import("node:http").ServerResponse} response
     * @param {URL} url
     */
    async handle(request, response, url) {
      const origin = request.headers.origin;
      const cors = origin
        ? {
            "Access-Control-Allow-Origin": origin,
            "Access-Control-Allow-Methods": "GET, POST, PUT, DELETE, OPTIONS",
            // As Supabase's gateway: whatever headers the client asks to send (supabase-js adds its own).
            "Access-Control-Allow-Headers":
              request.headers["access-control-request-headers"] ??
              "authorization, apikey, content-type, x-client-info, x-supabase-api-version",
            Vary: "Origin",
          }
        : {};
      if (request.method === "OPTIONS") return void response.writeHead(204, cors).end();
      try {
        const text = await readText(request);
        const [status, json] = await answer(
          request.method ?? "GET",
          url.pathname.slice("/auth/v1".length),
          url.searchParams,
          text ? JSON.parse(text) : {},
          request,
        );
        response
          .writeHead(status, { ...cors, ...(json === undefined ? {} : { "Content-Type": "application/json" }) })
          .end(json === undefined ? undefined : JSON.stringify(json));
      } catch (error) {
        const message = error instanceof SyntaxError ? "Could not parse request body as JSON" : "Unexpected error";
        response
          .writeHead(error instanceof SyntaxError ? 400 : 500, { ...cors, "Content-Type": "application/json" })
          .end(JSON.stringify(gotrueError(error instanceof SyntaxError ? "bad_json" : "unexpected_failure", message)));
      }
    },
    async stop() {
      mailer.close();
      await sql.end({ timeout: 1 });
    },
  };
}

/**
 * GoTrue's error body.
 * @param {string} code
 * @param {string} msg
 */
function gotrueError(code, msg) {
  return { code, error_code: code, msg };
}

/**
 * The request's body as text, at most 16 KB.
 * @param {import("node:http").IncomingMessage} request
 * @returns {Promise<string>}
 */
async function readText(request) {
  let text = "";
  for await (const chunk of request) {
    text += chunk;
    if (text.length > 16_384) throw new SyntaxError("too large");
  }
  return text;
}
