// The functions' settings as the platform constrains them: a mail port Supabase blocks stops the
// function at start with the rule in words, the www/apex twin of the site is allowed without listing
// (partners are rows of the database, never a variable),
// and the database URL can point elsewhere than the reserved SUPABASE_DB_URL (a transaction pooler).
import { describe, expect, it } from "vitest";
import { localFunctionEnv } from "../../dev/local/function-env.js";
import { parseConfig } from "../../supabase/functions/_shared/config.ts";

const env = (overrides = {}) =>
  localFunctionEnv(
    {
      databaseUrl: "postgres://postgres@127.0.0.1:5432/postgres",
      smtpUrl: "smtps://user:pass@mail.example.dk",
      siteUrl: "https://elektriker.example",
    },
    overrides,
  );

describe("the mail setting", () => {
  it.each([
    ["smtp://user:pass@smtp.office365.com", 587],
    ["smtp://user:pass@smtp.office365.com:587", 587],
    ["smtps://user:pass@mail.example.dk:587", 587],
    ["smtp://mail.example.dk:25", 25],
  ])("refuses %s at start, naming port %i and the platform's rule", (smtpUrl, port) => {
    expect(() => parseConfig(env({ SMTP_URL: smtpUrl }))).toThrow(new RegExp(`port ${port}.*blocked.*Supabase.*25 and 587.*smtps://`, "s"));
  });

  it("takes smtps:// on 465 (implied or given) and a plain port the platform allows", () => {
    for (const url of ["smtps://u:p@mail.example.dk", "smtps://u:p@mail.example.dk:465", "smtp://127.0.0.1:2525"])
      expect(parseConfig(env({ SMTP_URL: url })).mailTransport).toEqual({ kind: "smtp", url });
  });

  it("takes the HTTP mail API instead, at Resend's address unless told another", () => {
    const config = parseConfig(env({ SMTP_URL: undefined, RESEND_API_KEY: "re_0123456789" }));
    expect(config.mailTransport).toEqual({ kind: "api", apiKey: "re_0123456789", apiUrl: "https://api.resend.com" });
  });

  it("asks for exactly one transport", () => {
    expect(() => parseConfig(env({ SMTP_URL: undefined }))).toThrow(/SMTP_URL or RESEND_API_KEY/);
    expect(() => parseConfig(env({ RESEND_API_KEY: "re_0123456789" }))).toThrow(/not both/);
  });
});

describe("the site's own origins", () => {
  it("allow the www twin of an apex SITE_URL and the apex of a www one, with nothing listed", () => {
    expect(parseConfig(env({ SITE_URL: "https://elektriker.example" })).siteOrigins).toEqual([
      "https://elektriker.example",
      "https://www.elektriker.example",
    ]);
    expect(parseConfig(env({ SITE_URL: "https://www.elektriker.example/" })).siteOrigins).toEqual([
      "https://www.elektriker.example",
      "https://elektriker.example",
    ]);
  });

  it("allow loopback's other name for a local site, and nothing else", () => {
    expect(parseConfig(env({ SITE_URL: "http://localhost:8080" })).siteOrigins).toEqual(["http://localhost:8080", "http://127.0.0.1:8080"]);
    expect(parseConfig(env({ SITE_URL: "http://127.0.0.1:8080" })).siteOrigins).toEqual(["http://127.0.0.1:8080", "http://localhost:8080"]);
  });
});

describe("the database URL", () => {
  it("is DATABASE_URL when set (SUPABASE_ names cannot be set as secrets), else SUPABASE_DB_URL", () => {
    const pooler = "postgres://postgres.ref:pw@aws-0-eu-central-1.pooler.supabase.com:6543/postgres?sslmode=require";
    expect(parseConfig(env({ DATABASE_URL: pooler })).dbUrl).toBe(pooler);
    expect(parseConfig(env()).dbUrl).toBe("postgres://postgres@127.0.0.1:5432/postgres");
  });
});

describe("the SMS settings", () => {
  const sms = { SMS_API_TOKEN: "gatewayapi-token-0123", SMS_TO: "20 30 40 50, +45 6070 8090,+46 70 123 45 67", SMS_FROM: "Eksempel El" };

  it("are none without any SMS secret: no SMS, and the rest of the settings as before", () => {
    expect(parseConfig(env()).sms).toBeUndefined();
  });

  it("send through GatewayAPI's EU platform to each number as an msisdn, at most 50 a day unless told", () => {
    expect(parseConfig(env(sms)).sms).toEqual({
      apiUrl: "https://gatewayapi.eu/rest/mtsms",
      token: "gatewayapi-token-0123",
      from: "Eksempel El",
      to: ["4520304050", "4560708090", "46701234567"],
      dailyLimit: 50,
    });
    expect(parseConfig(env({ ...sms, SMS_DAILY_LIMIT: "10", SMS_API_URL: "http://127.0.0.1:9/rest/mtsms" })).sms).toMatchObject({
      apiUrl: "http://127.0.0.1:9/rest/mtsms",
      dailyLimit: 10,
    });
  });

  it("refuse to start when only some are set, naming each one missing", () => {
    expect(() => parseConfig(env({ SMS_API_TOKEN: sms.SMS_API_TOKEN }))).toThrow(/SMS_TO: required.*\n.*SMS_FROM: required/);
    expect(() => parseConfig(env({ SMS_DAILY_LIMIT: "10" }))).toThrow(/SMS_API_TOKEN: required/);
  });

  it("refuse a number that is none and a sender GatewayAPI would not show", () => {
    expect(() => parseConfig(env({ ...sms, SMS_TO: "2030" }))).toThrow(/SMS_TO: must be one phone number/);
    expect(() => parseConfig(env({ ...sms, SMS_TO: "20304050,,x" }))).toThrow(/SMS_TO: must be one phone number/);
    expect(() => parseConfig(env({ ...sms, SMS_FROM: "Eksempel El ApS" }))).toThrow(/SMS_FROM: must be at most 11/);
    expect(() => parseConfig(env({ ...sms, SMS_FROM: "Køge El" }))).toThrow(/SMS_FROM/);
  });
});
