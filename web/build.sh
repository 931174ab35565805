#!/usr/bin/env bash
# Builds the playground into web/dist/: heapgame compiled to WebAssembly with its bindings
# (web/src, through wasm-bindgen), the static page (web/static), and the bundled rulesets
# and language reference (data.js). Serve web/dist/ with any static server, or give
# `--serve [PORT]` to serve it here (127.0.0.1, port 8000 by default) and open a browser.
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
if [ "${1:-}" = "--serve" ]; then
  port=${2:-8000}
  url="http://127.0.0.1:$port/"
  echo "web/build.sh: serving web/dist/ at $url (Ctrl-C stops)"
  for opener in xdg-open open; do
    if command -v "$opener" >/dev/null; then
      (sleep 1 && "$opener" "$url" >/dev/null 2>&1) &
      break
    fi
  done
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory web/dist
fi
echo "web/build.sh: built web/dist/ (serve it: web/build.sh --serve, or any static server)"
