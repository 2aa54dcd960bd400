#!/usr/bin/env bash
# Every check the project has, in order from fastest to slowest; stops at the first failure
# and says which step failed.
set -uo pipefail
cd "$(dirname "$0")/.."

step() {
  local name=$1
  shift
  printf '\n=== %s ===\n' "$name"
  if ! "$@"; then
    printf '\n*** FAILED: %s ***\n' "$name" >&2
    exit 1
  fi
}

step "build wasm" bash scripts/build-wasm.sh
step "typecheck (TypeScript strict)" npm run --silent typecheck
step "lint and format (Biome)" npm run --silent lint
step "Rust format and clippy" npm run --silent lint:rust
step "cargo test" npm run --silent test:rust
step "unit tests (Vitest)" npm run --silent test:unit
step "end-to-end (headless Chromium)" npm run --silent test:e2e
printf '\nall checks passed\n'
