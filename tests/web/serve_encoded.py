"""Serves a folder as a host that sends precompressed files with their Content-Encoding would
(nginx's brotli_static, Caddy's precompressed): `.br` and `.gz` files go out with
`Content-Encoding: br` / `gzip` and the type of the file they hold, so the browser decodes them
before the page sees them. Usage: python3 serve_encoded.py PORT DIR"""
import functools
import http.server
import sys

ENCODINGS = {".br": "br", ".gz": "gzip"}


class Encoded(http.server.SimpleHTTPRequestHandler):
    def encoding(self):
        path = self.path.split("?", 1)[0]
        return next((e for suffix, e in ENCODINGS.items() if path.endswith(suffix)), None)

    def guess_type(self, path):
        for suffix in ENCODINGS:
            if str(path).endswith(suffix):
                return super().guess_type(str(path)[: -len(suffix)])
        return super().guess_type(path)

    def end_headers(self):
        encoding = self.encoding()
        if encoding:
            self.send_header("Content-Encoding", encoding)
        super().end_headers()


if __name__ == "__main__":
    port, folder = int(sys.argv[1]), sys.argv[2]
    handler = functools.partial(Encoded, directory=folder)
    http.server.ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()
