import { describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "./csp";
import { isInAppNavigation } from "./navigation";
import { isPermissionGranted } from "./permissions";
import { secureWebPreferences } from "./web-preferences";

describe("renderer web preferences", () => {
  const prefs = secureWebPreferences("/app/out/preload/index.cjs");
  it("isolate the page from Node and sandbox it", () => {
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

describe("content security policy", () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  it("allows scripts only from the app, and wasm compilation without eval", () => {
    expect(directives.get("script-src")).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });
  it("never allows eval, inline scripts or remote origins for scripts", () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'|https?:/);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("default-src")).toEqual(["'self'"]);
  });
});

describe("navigation guard", () => {
  const origin = "app://bundle";
  it("allows pages of the app itself", () => {
    expect(isInAppNavigation("app://bundle/index.html#lesson-3", origin)).toBe(true);
  });
  it("refuses remote pages, other schemes and garbage", () => {
    for (const url of [
      "https://example.com/",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "app://other/x",
      "not a url",
    ]) {
      expect(isInAppNavigation(url, origin), url).toBe(false);
    }
  });
  it("refuses everything when the app origin is opaque", () => {
    expect(isInAppNavigation("file:///x/index.html", "null")).toBe(false);
  });
});

describe("permissions", () => {
  it("refuses what the app does not use", () => {
    for (const p of ["media", "geolocation", "notifications", "openExternal", "midi"]) {
      expect(isPermissionGranted(p), p).toBe(false);
    }
  });
});
