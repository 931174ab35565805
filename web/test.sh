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
for _ in $(seq 100); do
  if curl -fs "http://127.0.0.1:$web_port/" >/dev/null && curl -fs "http://127.0.0.1:$driver_port/status" >/dev/null; then
    break
  fi
  sleep 0.1
done
python3 web/test.py "http://127.0.0.1:$web_port/" "http://127.0.0.1:$driver_port" web/dist/screenshots
