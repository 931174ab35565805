#!/usr/bin/env bash
# Builds the playground into web/dist/: heapgame compiled to WebAssembly with its bindings
# (web/src, through wasm-bindgen), the static page (web/static), and the bundled rulesets
# and language reference (data.js). Serve web/dist/ with any static server, or give
# `--serve [PORT]` to serve it here (127.0.0.1, port 8000 by default) and open a browser.
# Needs: the wasm32-unknown-unknown target (rustup target add wasm32-unknown-unknown), the
# wasm-bindgen command at the version Cargo.lock gives wasm-bindgen, and python3. Optimises
# the WebAssembly with binaryen's wasm-opt at the version web/binaryen/package-lock.json pins
# (installed by `npm ci` into web/binaryen/node_modules/, git-ignored, when npm is there), or
# a wasm-opt of binaryen 116 or later on the PATH; without either, or with
# HEAPGAME_WASM_OPT=0, that step is skipped with a message. The WebAssembly is built with
# Cargo's `wasm` profile (Cargo.toml: whole-program LTO, one codegen unit). It is also written
# gzip-compressed (the page fetches that one and decompresses it where the server does not
# compress), sw.js, the offline copy, gets the build's version, and every file of 1 KB or more
# gets precompressed copies beside it, FILE.gz (gzip -9) and FILE.br (brotli 11, with node's
# zlib when node is there), for servers set up to send them (README.md, "The playground").
# The page's scripts, style sheet and bindings are minified by the editor's esbuild when npm
# is there; the bundled rulesets go to data.js (the first screen's text) and rulesets.js.
set -euo pipefail
cd "$(dirname "$0")/.."
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  echo "web/build.sh: wasm-bindgen $want is needed (found: ${have:-none});" >&2
  echo "  cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi
rm -rf web/dist
mkdir -p web/dist
# Panic messages name their source file: a dependency's from cargo's registry folder
# (~/.cargo/registry/src/index.crates.io-HASH/pest-2.9.6/src/...), shortened here to the crate's
# own folder (pest-2.9.6/src/...): about 2.4 KB of the full module (41 files), which then no
# longer depends on where cargo keeps its sources. Only the WebAssembly's crates get the flag
# (with --target, RUSTFLAGS leaves build scripts and macros alone).
for d in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/; do
  [ -d "$d" ] && RUSTFLAGS="${RUSTFLAGS:-} --remap-path-prefix=${d%/}/="
done
export RUSTFLAGS="${RUSTFLAGS:-}"
# Two modules of the same crate: the full one (pkg/heapgame_web*), and the page's first one
# (pkg/heapgame_first*, feature `first`: only `check` and `evaluate`, a fifth smaller once
# compressed), which answers the first screen while the full one downloads (static/runner.js).
cargo build -p heapgame-web --target wasm32-unknown-unknown --profile wasm
wasm-bindgen --target web --no-typescript --out-dir web/dist/pkg \
  target/wasm32-unknown-unknown/wasm/heapgame_web.wasm
# The first module keeps the Grundy fill's crate at "z" too (Cargo.toml compiles it at 3 for
# the full one, where large boxes are solved): it answers the first screen's small positions
# and must stay small; the library is then compiled once for each.
cargo build -p heapgame-web --target wasm32-unknown-unknown --profile wasm --features first \
  --config 'profile.wasm.package.heapgame-grundy-fill.opt-level="z"'
wasm-bindgen --target web --no-typescript --out-dir web/dist/pkg --out-name heapgame_first \
  target/wasm32-unknown-unknown/wasm/heapgame_web.wasm
modules="web/dist/pkg/heapgame_web_bg.wasm web/dist/pkg/heapgame_first_bg.wasm"
# binaryen's wasm-opt and wasm-dis: the pinned npm package (installed on first use), else
# binaryen 116 or later on the PATH (108, Debian 12's, exports the wrong table for wasm-bindgen).
pinned=web/binaryen/node_modules/.bin
if [ "${HEAPGAME_WASM_OPT:-1}" != 0 ] && [ ! -x "$pinned/wasm-opt" ] && command -v npm >/dev/null; then
  npm ci --prefix web/binaryen --no-audit --no-fund --loglevel=error >&2 ||
    echo "web/build.sh: npm ci --prefix web/binaryen failed" >&2
fi
if [ -x "$pinned/wasm-opt" ] && [ -x "$pinned/wasm-dis" ]; then
  opt=$pinned/wasm-opt dis=$pinned/wasm-dis
else
  opt=wasm-opt dis=wasm-dis
fi
# The table wasm-bindgen exports for JavaScript values, as wasm-dis prints the module: an
# optimiser that exports another table (binaryen 108 exports the function table) breaks it.
externref_export_ok() {
  "$dis" "$1" 2>/dev/null | python3 -c '
import re, sys
text = sys.stdin.read()
m = re.search(r"\(export \"__wbindgen_externrefs\" \(table (\S+)\)\)", text)
t = m and re.search(r"\(table " + re.escape(m.group(1)) + r" \d+(?: \d+)? (\w+)\)", text)
sys.exit(0 if t and t.group(1) in ("anyref", "externref") else 1)'
}
version=$("$opt" --version 2>/dev/null | awk '{ print $3 }' || true)
# Optimises the module $1 in place, from the last optimised file kept by the digest of its
# input when there is one (a build that changed only the page does not optimise again).
optimise() {
  local wasm=$1 before cache
  before=$(wc -c <"$wasm")
  cache=target/wasm-opt/$(sha256sum "$wasm" | cut -c1-32)-$version-Oz-converge-fillrow-iit.wasm
  kept="$kept $cache"
  if [ -f "$cache" ]; then
    cp "$cache" "$wasm.opt"
  fi
  # The features Rust's wasm32 target emits; -Oz for size, repeated until it gains nothing
  # (--converge), and the producers and target-features sections, which no browser reads,
  # dropped (the page downloads it; the browser's compiler optimises the code again). The kernels' fills keep each row a call of
  # its own (`row`: src/solver/kernels/fill/rows.rs, grundy-fill/src/lib.rs): wasm-opt would
  # inline it into its one caller, and the browser would then run the whole fill in its
  # first, unoptimised compilation.
  # --ignore-implicit-traps: optimised as if no load, store or division trapped, which Rust's
  # code never lets happen (it checks indices and divisors itself, and its panics end in an
  # explicit `unreachable`, which this leaves alone): 2.6 KB less.
  if [ -f "$wasm.opt" ] || "$opt" --no-inline='*fill*::row::h*' -Oz --ignore-implicit-traps --converge --strip-producers --strip-target-features --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
    "$wasm" -o "$wasm.opt" && externref_export_ok "$wasm.opt"; then
    mv "$wasm.opt" "$wasm"
    if [ ! -f "$cache" ]; then
      mkdir -p target/wasm-opt && cp "$wasm" "$cache"
    fi
    echo "web/build.sh: wasm-opt $version -Oz: $wasm: $before -> $(wc -c <"$wasm") bytes"
  else
    rm -f "$wasm.opt"
    echo "web/build.sh: wasm-opt failed or broke wasm-bindgen's exports; $wasm is not optimised" >&2
  fi
}
kept=
if [ "${HEAPGAME_WASM_OPT:-1}" = 0 ]; then
  echo "web/build.sh: HEAPGAME_WASM_OPT=0: the WebAssembly is not optimised" >&2
elif ! command -v "$opt" >/dev/null; then
  echo "web/build.sh: wasm-opt not found (install npm, or binaryen 116 or later); the WebAssembly is not optimised" >&2
elif [ "${version:-0}" -lt 116 ] 2>/dev/null || ! command -v "$dis" >/dev/null; then
  echo "web/build.sh: wasm-opt $version is older than binaryen 116 (108 exports the wrong table for wasm-bindgen), or wasm-dis is missing; the WebAssembly is not optimised" >&2
else
  for wasm in $modules; do
    optimise "$wasm"
  done
  # Only the two modules' optimised files are kept.
  for f in target/wasm-opt/*; do
    case " $kept " in *" $f "*) ;; *) rm -f "$f" ;; esac
  done
fi
python3 - $modules <<'PY'
import gzip, sys
for path in sys.argv[1:]:
    data = open(path, "rb").read()
    open(path + ".gz", "wb").write(gzip.compress(data, 9, mtime=0))
PY
cp web/static/* web/dist/
# The editor: CodeMirror 6 with the language's mode (web/editor/src), bundled by esbuild into
# codemirror.js, at the versions web/editor/package-lock.json pins (installed by `npm ci` into
# web/editor/node_modules/, git-ignored). Without npm, or with HEAPGAME_EDITOR=0, the page
# keeps its plain textarea editor.
if [ "${HEAPGAME_EDITOR:-1}" = 0 ]; then
  echo "web/build.sh: HEAPGAME_EDITOR=0: the editor is the plain textarea" >&2
elif ! command -v npm >/dev/null; then
  echo "web/build.sh: npm not found: the editor is the plain textarea (no CodeMirror)" >&2
else
  if [ ! -x web/editor/node_modules/.bin/esbuild ] ||
    [ web/editor/package-lock.json -nt web/editor/node_modules/.package-lock.json ]; then
    npm ci --prefix web/editor --no-audit --no-fund --loglevel=error >&2 ||
      echo "web/build.sh: npm ci --prefix web/editor failed" >&2
  fi
  if (cd web/editor && npm run --silent build); then
    echo "web/build.sh: web/dist/codemirror.js: $(wc -c <web/dist/codemirror.js) bytes," \
      "$(gzip -9c web/dist/codemirror.js | wc -c) gzip -9"
  else
    rm -f web/dist/codemirror.js
    echo "web/build.sh: the editor's bundle failed: the editor is the plain textarea" >&2
  fi
fi
# The page's own scripts, its style sheet and the bindings, minified by the same esbuild (each
# file alone, its imports unchanged): the comments are half of their bytes, and they are on the
# first answer's path (on a slow connection every byte before the answer counts). Without
# esbuild they are served as written.
if [ -x web/editor/node_modules/.bin/esbuild ]; then
  shrink=()
  for f in web/dist/*.js web/dist/style.css web/dist/pkg/*.js; do
    case "$f" in web/dist/sw.js | web/dist/codemirror.js) ;; *) shrink+=("$f") ;; esac
  done
  before=$(cat "${shrink[@]}" | wc -c)
  web/editor/node_modules/.bin/esbuild "${shrink[@]}" --minify --target=es2022 --legal-comments=none \
    --log-level=warning --allow-overwrite --outdir=web/dist --outbase=web/dist
  echo "web/build.sh: the page's scripts and style sheet minified: $before -> $(cat "${shrink[@]}" | wc -c) bytes"
else
  echo "web/build.sh: esbuild not found (npm): the page's scripts are not minified" >&2
fi
python3 web/embed.py . > web/dist/data.js
python3 web/embed.py . texts > web/dist/rulesets.js
python3 web/embed.py . reference > web/dist/reference.js
# The offline copy's version: a digest of every file it keeps.
python3 - web/dist <<'PY'
import hashlib, pathlib, sys
dist = pathlib.Path(sys.argv[1])
h = hashlib.sha256()
for p in sorted(dist.rglob("*")):
    if p.is_file() and p.name != "sw.js":
        h.update(p.relative_to(dist).as_posix().encode() + b"\0" + p.read_bytes())
sw = dist / "sw.js"
sw.write_text(sw.read_text().replace("const VERSION = 'dev';", f"const VERSION = '{h.hexdigest()[:16]}';"))
PY
# The precompressed copies (the page's own .wasm.gz is one already).
python3 - web/dist <<'PY'
import gzip, pathlib, sys
for p in sorted(pathlib.Path(sys.argv[1]).rglob("*")):
    gz = pathlib.Path(str(p) + ".gz")
    if p.is_file() and p.suffix not in (".gz", ".br") and p.stat().st_size >= 1024 and not gz.exists():
        gz.write_bytes(gzip.compress(p.read_bytes(), 9, mtime=0))
PY
if command -v node >/dev/null; then
  node - web/dist <<'JS'
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const walk = (dir) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) { walk(p); continue; }
    if (/\.(gz|br)$/.test(p) || fs.statSync(p).size < 1024) continue;
    const data = fs.readFileSync(p);
    fs.writeFileSync(`${p}.br`, zlib.brotliCompressSync(data, { params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
  }
};
walk(process.argv[2]);
JS
else
  echo "web/build.sh: node not found: no .br copies (the .gz ones are there)" >&2
fi
for wasm in $modules; do
  br=$( [ -f "$wasm.br" ] && wc -c <"$wasm.br" || echo none)
  echo "web/build.sh: $wasm: $(wc -c <"$wasm") bytes, $(wc -c <"$wasm.gz") gzip -9, $br brotli 11"
done
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
