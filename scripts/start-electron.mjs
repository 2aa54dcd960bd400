// `npm start`: builds the app and opens it in Electron, or says plainly why it cannot.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The Electron executable, or null when its binary was never downloaded. */
function electronBinary() {
  try {
    const path = require("electron");
    return typeof path === "string" && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

if (electronBinary() === null) {
  console.error(
    "Electron's binary is not installed on this machine (it could not be downloaded), so the desktop app cannot start; " +
      "run `npm run web` to use MQ Performance Explorer in your browser instead.",
  );
  process.exit(1);
}

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run("bash", ["scripts/build-wasm.sh"]);
run("npx", ["electron-vite", "preview"]);
