import { describe, expect, it } from "vitest";
import { mimeTypeOf, resolveAppFile } from "./app-url";

describe("app:// URL resolution", () => {
  const root = "/opt/mqpx/out/renderer";
  it("maps app URLs to files under the renderer root", () => {
    expect(resolveAppFile(root, "app://bundle/index.html")).toBe(`${root}/index.html`);
    expect(resolveAppFile(root, "app://bundle/")).toBe(`${root}/index.html`);
    expect(resolveAppFile(root, "app://bundle/assets/mqpx_bg-1a2b.wasm")).toBe(`${root}/assets/mqpx_bg-1a2b.wasm`);
  });
  it("never resolves outside the root, however the path is dotted or encoded", () => {
    for (const url of [
      "app://bundle/../../etc/passwd",
      "app://bundle/%2e%2e/%2e%2e/etc/passwd",
      "app://bundle/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret",
      "app://bundle/..%5c..%5csecret",
    ]) {
      const file = resolveAppFile(root, url);
      expect(file === null || file.startsWith(`${root}/`), `${url} -> ${file}`).toBe(true);
    }
    expect(resolveAppFile(root, "app://bundle/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc")).toBeNull();
  });
  it("refuses other hosts, other schemes and malformed paths", () => {
    for (const url of [
      "app://other/index.html",
      "https://bundle/index.html",
      "app://bundle/a%00b",
      "app://bundle/%E0%A4%A",
    ]) {
      expect(resolveAppFile(root, url), url).toBeNull();
    }
  });
  it("serves wasm with the type streaming compilation needs", () => {
    expect(mimeTypeOf("x/mqpx_bg.wasm")).toBe("application/wasm");
    expect(mimeTypeOf("x/index.HTML")).toMatch(/^text\/html/);
    expect(mimeTypeOf("x/unknown.bin")).toBe("application/octet-stream");
  });
});
