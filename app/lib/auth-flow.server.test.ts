/**
 * Security review F22 (login CSRF through the one-click e-mail link): the flow cookie cannot be
 * forged, a link for another address neither fills a code in nor replaces the flow, and the return
 * path is checked again when the sign-in finishes.
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { sessionContext } from "../context.ts";
import { finishSignIn } from "./auth-actions.server.ts";
import { AUTH_FLOW_COOKIE, authFlowCookie, codePageFlow, readAuthFlow, type AuthFlow } from "./auth-flow.server.ts";

const victim: AuthFlow = {
  channel: "email",
  target: "victim@example.com",
  sentTo: "v***@example.com",
  resendAt: 0,
  redirectTo: "/profile",
};

function requestWithCookie(value: string, url = "https://postavka.test/auth/code"): Request {
  return new Request(url, { headers: { cookie: `${AUTH_FLOW_COOKIE}=${encodeURIComponent(value)}` } });
}

function cookieValue(setCookie: string): string {
  return decodeURIComponent(setCookie.split(";")[0]!.slice(AUTH_FLOW_COOKIE.length + 1));
}

describe("auth_flow cookie", () => {
  it("reads back the flow it wrote", () => {
    expect(readAuthFlow(requestWithCookie(cookieValue(authFlowCookie(victim))))).toEqual(victim);
  });

  it("refuses a plain JSON flow planted by someone else (the old, unsigned format)", () => {
    const planted = { ...victim, target: "attacker@example.com", redirectTo: "https://evil.example/" };
    expect(readAuthFlow(requestWithCookie(JSON.stringify(planted)))).toBeNull();
  });

  it("refuses a signed flow whose payload was altered", () => {
    const [, sig] = cookieValue(authFlowCookie(victim)).split(".");
    const forged = Buffer.from(JSON.stringify({ ...victim, target: "attacker@example.com" })).toString("base64url");
    expect(readAuthFlow(requestWithCookie(`${forged}.${sig}`))).toBeNull();
  });
});

describe("the code page opened from the e-mail link", () => {
  it("fills the code in for the address this browser's flow sent it to", () => {
    const result = codePageFlow({ email: "victim@example.com", code: "123456" }, victim);
    expect(result).toEqual({ flow: victim, code: "123456", setFlow: null });
  });

  it("neither fills in nor switches to an attacker's address while a flow is in progress", () => {
    const result = codePageFlow({ email: "attacker@example.com", code: "654321" }, victim);
    expect(result).toEqual({ flow: victim, code: "", setFlow: null });
  });

  it("in a browser without a flow starts one for the link's address but leaves the code to be typed", () => {
    const result = codePageFlow({ email: "attacker@example.com", code: "654321" }, null);
    expect(result.code).toBe("");
    expect(result.flow?.target).toBe("attacker@example.com");
    expect(result.setFlow).toEqual(result.flow);
  });
});

describe("finishSignIn", () => {
  function finish(to: string): string | null {
    const context = new RouterContextProvider();
    context.set(sessionContext, { accessToken: null, setCookies: [] } as never);
    const response = finishSignIn(new Request("https://postavka.test/en/auth/code"), context, "token", [], to, "flash.signedIn");
    return response.headers.get("location");
  }

  it("returns to a same-site path", () => {
    expect(finish("/en/profile?tab=1")).toBe("/en/profile?tab=1");
  });

  it.each(["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"])(
    "does not follow an external return path %s",
    (to) => {
      expect(finish(to)).toBe("/en");
    },
  );
});
