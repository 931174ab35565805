"""What web/test.py drives the playground with, in the standard library only: a WebDriver
client for chromedriver (headless Chromium, a laptop window or a phone's screen) and small
static servers for web/dist/ (one at full speed, one that sends at most 1 Mbit/s in all and
serves the build's precompressed `.br`/`.gz` files as a server set up for them does, one that
can be shut down to test the offline copy)."""
import base64
import functools
import http.server
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.request

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


def call(driver, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(driver + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return json.loads(r.read() or b"{}").get("value")
    except urllib.error.HTTPError as e:
        raise RuntimeError(f"{method} {path}: {e.code} {e.read()[:500]!r}") from None


class Browser:
    def __init__(self, driver, shots, width, height, phone=False):
        self.driver, self.shots = driver, shots
        options = {
            "binary": os.environ.get("CHROMIUM", "/usr/bin/chromium"),
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", f"--window-size={width},{height}"],
        }
        if phone:
            # A phone's screen (a window cannot be narrower than 500 pixels).
            options["mobileEmulation"] = {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2}}
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}}
        self.sid = call(driver, "POST", "/session", caps)["sessionId"]

    def s(self, method, path, body=None):
        return call(self.driver, method, f"/session/{self.sid}{path}", body)

    def go(self, url):
        self.s("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def js_async(self, script, *args):
        """Runs `script`, which calls arguments[arguments.length - 1] with its answer."""
        return self.s("POST", "/execute/async", {"script": script, "args": list(args)})

    def find(self, css):
        v = self.s("POST", "/element", {"using": "css selector", "value": css})
        if not isinstance(v, dict) or ELEMENT not in v:
            raise AssertionError(f"no element {css}: {v}")
        return v[ELEMENT]

    def click(self, css):
        self.s("POST", f"/element/{self.find(css)}/click", {})

    def type(self, css, text, clear=True):
        el = self.find(css)
        if clear:
            self.s("POST", f"/element/{el}/clear", {})
        self.s("POST", f"/element/{el}/value", {"text": text})

    def keys(self, text):
        """Presses the keys of `text` (WebDriver key codes allowed: Tab is \ue004) where the
        focus is, as a keyboard would."""
        steps = [a for ch in text for a in ({"type": "keyDown", "value": ch}, {"type": "keyUp", "value": ch})]
        self.s("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": steps}]})
        self.s("DELETE", "/actions")

    def text(self, css):
        return self.js("const e = document.querySelector(arguments[0]); return e ? e.innerText : null;", css)

    def visible(self, css):
        return self.js("const e = document.querySelector(arguments[0]);"
                       "return !!e && e.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true});", css)

    def wait(self, what, script, *args, timeout=60):
        end = time.time() + timeout
        while time.time() < end:
            v = self.js(script, *args)
            if v:
                return v
            time.sleep(0.1)
        self.shot("failed-" + what.replace(" ", "-")[:60])
        raise AssertionError(f"timed out waiting for {what}")

    def wait_text(self, css, needle, timeout=60):
        return self.wait(f"{needle!r} in {css}",
                         "const e = document.querySelector(arguments[0]);"
                         "return e && e.innerText.includes(arguments[1]) ? e.innerText : null;",
                         css, needle, timeout=timeout)

    def shot(self, name):
        os.makedirs(self.shots, exist_ok=True)
        png = base64.b64decode(self.s("GET", "/screenshot"))
        with open(os.path.join(self.shots, name.replace("/", "-") + ".png"), "wb") as f:
            f.write(png)

    def quit(self):
        self.s("DELETE", "")


class Throttle:
    """At most `rate` bytes a second over every connection together."""

    def __init__(self, rate):
        self.rate = rate
        self.lock = threading.Lock()
        self.next = time.monotonic()

    def wait(self, n):
        with self.lock:
            now = time.monotonic()
            start = max(now, self.next)
            self.next = start + n / self.rate
        time.sleep(max(0.0, start - time.monotonic()))


class Quiet(http.server.SimpleHTTPRequestHandler):
    throttle = None
    precompressed = False
    # (path, Content-Encoding) of each file sent precompressed.
    sent = None

    def log_message(self, *args):
        pass

    def send_head(self):
        """With `precompressed`: a request for FILE that accepts brotli (or gzip) gets FILE.br
        (FILE.gz) with `Content-Encoding`, as nginx's brotli_static/gzip_static or Caddy's
        `file_server { precompressed br gzip }` send them."""
        path = self.translate_path(self.path)
        accept = self.headers.get("Accept-Encoding", "")
        if self.precompressed and os.path.isfile(path) and not path.endswith((".br", ".gz")):
            for enc, ext in (("br", ".br"), ("gzip", ".gz")):
                if enc in accept and os.path.isfile(path + ext):
                    f = open(path + ext, "rb")
                    self.send_response(200)
                    self.send_header("Content-Type", self.guess_type(path))
                    self.send_header("Content-Encoding", enc)
                    self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    self.sent.append((self.path, enc))
                    return f
        return super().send_head()

    def copyfile(self, source, outputfile):
        if self.throttle is None:
            return super().copyfile(source, outputfile)
        while True:
            chunk = source.read(1250)
            if not chunk:
                return
            self.throttle.wait(len(chunk))
            outputfile.write(chunk)


def serve(directory, rate=None, precompressed=False):
    """Serves `directory` on 127.0.0.1 (at most `rate` bytes a second; with `precompressed`,
    FILE.br or FILE.gz for FILE where the browser accepts it); returns the server (`.url`,
    `.sent`: the files sent precompressed, and `.shutdown()` to stop it)."""
    sent = []
    handler = type("Handler", (Quiet,), {"throttle": Throttle(rate) if rate else None,
                                         "precompressed": precompressed, "sent": sent})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(handler, directory=directory))
    server.daemon_threads = True
    # A browser that closes while a file is still being sent (the 1 Mbit/s one, quit with the
    # offline copy still downloading) is no failure of the page.
    default_error = server.handle_error
    server.handle_error = lambda request, address: (
        None if isinstance(sys.exc_info()[1], ConnectionError) else default_error(request, address))
    server.url = f"http://127.0.0.1:{server.server_address[1]}/"
    server.sent = sent
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
