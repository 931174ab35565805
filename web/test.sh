#!/usr/bin/env bash
# Builds the playground, serves web/dist/ on 127.0.0.1, and drives it in headless Chromium
# (chromedriver + web/test.py, standard-library Python). Screenshots: web/dist/screenshots/.
# Needs what web/build.sh needs, plus chromium and chromedriver (Debian: apt-get install
# chromium chromium-driver).
set -euo pipefail
cd "$(dirname "$0")/.."
web/build.sh
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
web_port=$(free_port)
driver_port=$(free_port)
python3 -m http.server "$web_port" --bind 127.0.0.1 --directory web/dist >/tmp/heapgame-web-server.log 2>&1 &
server=$!
chromedriver --port="$driver_port" >/tmp/heapgame-chromedriver.log 2>&1 &
driver=$!
trap 'kill "$server" "$driver" 2>/dev/null || true' EXIT
python3 - "$web_port" "$driver_port" <<'PY'
import sys, time, urllib.request
for _ in range(200):
    try:
        for port, path in ((sys.argv[1], "/"), (sys.argv[2], "/status")):
            urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=1).read()
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("web/test.sh: the page's server or chromedriver did not start")
PY
python3 web/test.py "http://127.0.0.1:$web_port/" "http://127.0.0.1:$driver_port" web/dist/screenshots
