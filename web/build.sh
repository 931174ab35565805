#!/usr/bin/env bash
# Builds the playground into web/dist/: heapgame compiled to WebAssembly with its bindings
# (web/src, through wasm-bindgen), the static page (web/static), and the bundled rulesets
# and language reference (data.js). Serve web/dist/ with any static server.
# Needs: the wasm32-unknown-unknown target (rustup target add wasm32-unknown-unknown), the
# wasm-bindgen command at the version Cargo.lock gives wasm-bindgen, and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  echo "web/build.sh: wasm-bindgen $want is needed (found: ${have:-none});" >&2
  echo "  cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi
cargo build -p heapgame-web --target wasm32-unknown-unknown --release
rm -rf web/dist
mkdir -p web/dist
wasm-bindgen --target web --no-typescript --out-dir web/dist/pkg \
  target/wasm32-unknown-unknown/release/heapgame_web.wasm
cp web/static/* web/dist/
python3 web/embed.py . > web/dist/data.js
echo "web/build.sh: built web/dist/ (serve it, e.g. python3 -m http.server -d web/dist 8000)"
