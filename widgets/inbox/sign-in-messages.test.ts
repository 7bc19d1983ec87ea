// What a refused sign-in says, from the status and code Supabase Auth answers with (the inbox contract).
import { describe, expect, it } from "vitest";
import { NOT_ON_TEAM, OFFLINE, TOO_MANY, WRONG_CODE, cleanCode, codeCheckMessage, codeRequestMessage } from "./sign-in-messages.ts";

describe("the sign-in's messages", () => {
  it("tells an address not on the team, too many requests and no connection apart", () => {
    expect(codeRequestMessage(null)).toBeNull();
    expect(codeRequestMessage({ status: 422, code: "otp_disabled" })).toBe(NOT_ON_TEAM);
    expect(codeRequestMessage({ status: 429, code: "over_email_send_rate_limit" })).toBe(TOO_MANY);
    expect(codeRequestMessage({ name: "AuthRetryableFetchError", status: 0 })).toBe(OFFLINE);
    expect(codeRequestMessage({ status: 500 })).toMatch(/Noget gik galt/);
  });

  it("tells a wrong or expired code from too many tries", () => {
    expect(codeCheckMessage({ status: 403, code: "otp_expired" })).toBe(WRONG_CODE);
    expect(codeCheckMessage({ status: 429, code: "over_request_rate_limit" })).toMatch(/ny kode/);
  });

  it("reads a code as a mail app copies it", () => {
    expect(cleanCode(" 123 456 ")).toBe("123456");
    expect(cleanCode("123-456")).toBe("123456");
  });
});
