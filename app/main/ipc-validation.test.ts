import { describe, expect, it } from "vitest";
import { MAX_DOCUMENT_BYTES } from "../preload/api";
import { InvalidPayload, isTrustedSender, parseSaveRequest } from "./ipc-validation";

describe("IPC sender check", () => {
  it("trusts only frames of the app origin", () => {
    expect(isTrustedSender("app://bundle/index.html", "app://bundle")).toBe(true);
    expect(isTrustedSender("https://evil.example/", "app://bundle")).toBe(false);
    expect(isTrustedSender(undefined, "app://bundle")).toBe(false);
    expect(isTrustedSender("::", "app://bundle")).toBe(false);
  });
});

describe("save request validation", () => {
  it("accepts a plain name and text", () => {
    expect(parseSaveRequest({ suggestedName: "demo.json", text: "{}" })).toEqual({
      suggestedName: "demo.json",
      text: "{}",
    });
  });
  it("names the field that is wrong", () => {
    expect(() => parseSaveRequest(null)).toThrow(InvalidPayload);
    expect(() => parseSaveRequest({ suggestedName: "../../x.json", text: "" })).toThrow(/suggestedName/);
    expect(() => parseSaveRequest({ suggestedName: "a.json", text: 42 })).toThrow(/text/);
    expect(() => parseSaveRequest({ suggestedName: "a.json", text: "", path: "/etc" })).toThrow(
      /unexpected field path/,
    );
    expect(() => parseSaveRequest({ suggestedName: "a.json", text: "x".repeat(MAX_DOCUMENT_BYTES + 1) })).toThrow(
      /larger/,
    );
  });
});
