#!/usr/bin/env bash
# Builds the playground and drives it in headless Chromium (chromedriver + web/test.py, which
# serves web/dist/ itself: at full speed, at 1 Mbit/s, and from a server it then stops to test
# the offline copy). Screenshots go to target/web-screenshots/ (outside web/dist/, which is
# what gets published). Needs what web/build.sh needs, plus chromium and chromedriver
# (Debian: apt-get install chromium chromium-driver).
set -euo pipefail
cd "$(dirname "$0")/.."
web/build.sh
driver_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log=$(mktemp)
chromedriver --port="$driver_port" >"$log" 2>&1 &
driver=$!
trap 'kill "$driver" 2>/dev/null || true; rm -f "$log"' EXIT
python3 - "$driver_port" <<'PY'
import sys, time, urllib.request
for _ in range(200):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/status", timeout=1).read()
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("web/test.sh: chromedriver did not start")
PY
rm -rf target/web-screenshots
python3 web/test.py web/dist "http://127.0.0.1:$driver_port" target/web-screenshots
