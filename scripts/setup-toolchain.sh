#!/usr/bin/env bash
# Installs what the build and the tests need and is missing; does nothing for what is present.
# Safe to run any number of times: `npm test` runs it first, and so does .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[setup] %s\n' "$*"; }

# The wasm-bindgen CLI must match the crate's pinned wasm-bindgen exactly.
wasm_bindgen_version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' wasm-core/Cargo.toml)
if [ -z "$wasm_bindgen_version" ]; then
  echo "[setup] cannot find the pinned wasm-bindgen version in wasm-core/Cargo.toml" >&2
  exit 1
fi

if ! command -v rustup >/dev/null 2>&1; then
  echo "[setup] rustup is required (https://rustup.rs); it is not on PATH." >&2
  exit 1
fi

# rust-toolchain.toml pins the toolchain, its components and the wasm target.
channel=$(sed -n 's/^channel = "\(.*\)"/\1/p' rust-toolchain.toml)
if ! rustup toolchain list | grep -q "^$channel"; then
  say "installing Rust $channel"
  (cd wasm-core && rustup toolchain install)
fi
if ! rustup target list --installed --toolchain "$channel" | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown --toolchain "$channel"
fi
for component in clippy rustfmt; do
  if ! rustup component list --installed --toolchain "$channel" | grep -q "^$component"; then
    rustup component add "$component" --toolchain "$channel"
  fi
done

installed_bindgen=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$installed_bindgen" != "$wasm_bindgen_version" ]; then
  say "installing wasm-bindgen-cli $wasm_bindgen_version (a few minutes, once)"
  # --locked reproduces the CLI's own lock file; fall back to fresh resolution when a locked
  # dependency version is not available from the registry.
  (cd /tmp && cargo install wasm-bindgen-cli --version "$wasm_bindgen_version" --locked --force) ||
    (cd /tmp && cargo install wasm-bindgen-cli --version "$wasm_bindgen_version" --force)
fi

# Headless end-to-end tests drive a system Chromium (a test tool cannot download its own here).
if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing Debian's chromium for the end-to-end tests"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "[setup] the end-to-end tests need Chromium: install it (e.g. 'sudo apt-get install chromium') or set CHROMIUM_PATH." >&2
    exit 1
  fi
fi

say "toolchain ready"
