#!/usr/bin/env bash
# Builds the Rust core to wasm32 and generates its JavaScript bindings for the renderer.
set -euo pipefail
cd "$(dirname "$0")/.."
out=app/renderer/engine/pkg
if ! command -v wasm-bindgen >/dev/null 2>&1; then
  bash scripts/setup-toolchain.sh
fi
(cd wasm-core && cargo build --quiet --release --lib --target wasm32-unknown-unknown)
wasm-bindgen --target web --out-dir "$out" --out-name mqpx \
  wasm-core/target/wasm32-unknown-unknown/release/mqpx.wasm
echo "[build-wasm] $(du -k "$out/mqpx_bg.wasm" | cut -f1) KB -> $out/mqpx_bg.wasm"
