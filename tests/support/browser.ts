/** Headless Chromium for the end-to-end tests: the system's Chromium, driven by playwright-core. */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Path of the Chromium to drive: $CHROMIUM_PATH, else the one on PATH. */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    try {
      const found = execSync(`command -v ${name}`, { encoding: "utf8", shell: "/bin/sh" }).trim();
      if (found) return found;
    } catch {
      // not this one
    }
  }
  throw new Error("No Chromium found: run `npm run setup` (it installs Debian's chromium) or set CHROMIUM_PATH.");
}

/** Launches headless Chromium with software WebGL and no background network traffic. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-default-apps",
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
      "--ignore-gpu-blocklist",
    ],
  });
}
