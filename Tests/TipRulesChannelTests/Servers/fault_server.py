#!/usr/bin/env python3
"""A fault-injecting static HTTP server for the channel tests.

Serves the folder given as its first argument on 127.0.0.1 (a free port, printed on standard
output), with the fault named by the first path segment:

  /ok/PATH              the file, with an ETag and If-None-Match (304) like a static host
  /stall/PATH           headers, then nothing (a stalled response)
  /truncate/PATH        the full Content-Length, half the body, then the connection closes
  /status/CODE/PATH     that status and no body (404, 500 ...)
  /redirect-file/PATH   302 to file:///etc/passwd (another scheme)
  /slow/PATH            the file, a few bytes at a time over about a second
  /flood/PATH           the manifest and its signatures as they are, 2 GB for an artifact
                        (announced in Content-Length)
  /flood-unannounced/PATH  the same without a Content-Length (the body ends with the connection)
"""
import hashlib
import http.server
import os
import socketserver
import sys
import time

ROOT = os.path.abspath(sys.argv[1])


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def file(self, path):
        full = os.path.abspath(os.path.join(ROOT, path.lstrip("/")))
        if not full.startswith(ROOT + os.sep) or not os.path.isfile(full):
            return None
        with open(full, "rb") as handle:
            return handle.read()

    def head(self, status, length, extra=()):
        self.send_response(status)
        self.send_header("Content-Length", str(length))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()

    def do_GET(self):
        parts = self.path.split("/", 2)
        fault, rest = (parts[1], "/" + parts[2]) if len(parts) == 3 else ("", self.path)
        if fault == "status":
            code, _, rest = rest.lstrip("/").partition("/")
            self.head(int(code), 0)
            return
        if fault == "redirect-file":
            self.head(302, 0, [("Location", "file:///etc/passwd")])
            return
        if fault in ("flood", "flood-unannounced") and "/artifacts/" in rest:
            self.flood(announced=fault == "flood")
            return
        body = self.file(rest)
        if body is None:
            self.head(404, 0)
            return
        etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        if fault in ("ok", "flood", "flood-unannounced") and self.headers.get("If-None-Match") == etag:
            self.head(304, 0, [("ETag", etag)])
            return
        if fault == "stall":
            self.head(200, len(body))
            self.wfile.flush()
            time.sleep(30)
            return
        if fault == "truncate":
            self.head(200, len(body))
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        self.head(200, len(body), [("ETag", etag)])
        if fault == "slow":
            step = max(1, len(body) // 20)
            for start in range(0, len(body), step):
                self.wfile.write(body[start:start + step])
                self.wfile.flush()
                time.sleep(0.05)
        else:
            self.wfile.write(body)

    FLOOD = 2 * 1024 ** 3

    def flood(self, announced):
        """2 GB of zeros as fast as the client reads them, or until it hangs up."""
        self.send_response(200)
        if announced:
            self.send_header("Content-Length", str(self.FLOOD))
        else:
            self.send_header("Connection", "close")
        self.end_headers()
        chunk = bytes(1 << 20)
        try:
            for _ in range(self.FLOOD // len(chunk)):
                self.wfile.write(chunk)
        except OSError:
            pass
        self.close_connection = True


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
