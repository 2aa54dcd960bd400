import { describe, expect, it } from "vitest";
import { originOf } from "./origin";

describe("originOf", () => {
  it("gives the app scheme a real origin, as Chromium does for a standard scheme", () => {
    expect(originOf("app://bundle/index.html")).toBe("app://bundle");
    expect(originOf("http://localhost:5173/x")).toBe("http://localhost:5173");
  });
  it("has no origin for opaque or malformed URLs", () => {
    expect(originOf("file:///etc/passwd")).toBeNull();
    expect(originOf("javascript:alert(1)")).toBeNull();
    expect(originOf("nonsense")).toBeNull();
  });
});
