#!/usr/bin/env python3
"""Access-log lines for the apachelogs oracle (issue 56), from a fixed seed, standard library
only. Six layouts, each as urnparse --log names it and as apachelogs' format string:

  common          Apache's common, Apache's escapes (\\" \\\\ \\xhh)
  combined        Apache's combined
  vhost_combined  Apache's vhost_combined (%v:%p first, %O bytes)
  split           nginx, the request as $request_method $request_uri $server_protocol
  forwarded       nginx's combined with "$http_x_forwarded_for" after the agent
  pipe            nginx, values separated by '|'

The nginx layouts use nginx's escapes (\\xHH for '"', '\\' and every byte outside printable
ASCII). Beside ordinary requests the lines hold what servers really log: "-", "", a TLS
handshake's and an SSH banner's bytes, a method alone, HTTP/0.9's line without a protocol, a
lower-case protocol, raw spaces, quotes, backslashes, raw UTF-8 (which the servers would have
escaped), escaped UTF-8, escaped bytes that are no UTF-8, '-' bytes and numbers of 20 digits
and more.

`python3 gen.py` prints the plan, one JSON object a line: id, layout, line.
"""
import json
import random

SEED = 56
LINES_PER_LAYOUT = 80

# name: (urnparse --log argument, apachelogs format, escape style)
LAYOUTS = {
    "common": ("common", '%h %l %u %t "%r" %>s %b', "apache"),
    "combined": ("combined", '%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-Agent}i"', "apache"),
    "vhost_combined": ("vhost_combined", '%v:%p %h %l %u %t "%r" %>s %O "%{Referer}i" "%{User-Agent}i"', "apache"),
    "split": ("nginx:$remote_addr - $remote_user [$time_local] \"$request_method $request_uri $server_protocol\" $status $body_bytes_sent",
              '%h - %u %t "%m %U %H" %>s %b', "nginx"),
    "forwarded": ("nginx:$remote_addr - $remote_user [$time_local] \"$request\" $status $body_bytes_sent \"$http_referer\" \"$http_user_agent\" \"$http_x_forwarded_for\"",
                  '%h - %u %t "%r" %>s %b "%{Referer}i" "%{User-Agent}i" "%{X-Forwarded-For}i"', "nginx"),
    "pipe": ("nginx:$remote_addr|[$time_local]|$request|$status|$body_bytes_sent|$http_user_agent|$host",
             '%h|%t|%r|%>s|%b|%{User-Agent}i|%v', "nginx"),
}

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
METHODS = ["GET", "GET", "GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"]
PATHS = ["/", "/v1/pets", "/v1/pets/42", "/v1/pets?limit=5&tag=cat%20toys", "/static/app.js", "/a/b/c?x=1",
         "//v1/pets", "/search?q=a+b", "/index.html#top", "/api/v2/users/7/photos/1.jpg"]
AGENTS = ["curl/8.5.0", "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
          'PetShopApp/3.2 (Android 15; "Pixel 9")', "Go-http-client/1.1", "python-requests/2.32.3", "say \\hi\\",
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1", "zgrab/0.x", "bot\tname", "–ünïcode–"]
REFERERS = ["https://www.example.com/", "https://petshop.example/app?x=\"1\"", "android-app://com.example/",
            "http://[2001:db8::1]/x"]
HOSTS = ["www.example.com", "api.example.com", "other.example", "localhost"]


def escaped(raw, style):
    """The text a server writes for the value `raw` (bytes)."""
    out = []
    for b in raw:
        if b == 0x22:
            out.append('\\"' if style == "apache" else "\\x22")
        elif b == 0x5C:
            out.append("\\\\" if style == "apache" else "\\x5C")
        elif b < 0x20 or b >= 0x7F:
            if style == "apache" and b in (0x09, 0x0A, 0x0D, 0x08, 0x0B):
                out.append({0x09: "\\t", 0x0A: "\\n", 0x0D: "\\r", 0x08: "\\b", 0x0B: "\\v"}[b])
            else:
                out.append("\\x%02x" % b if style == "apache" else "\\x%02X" % b)
        else:
            out.append(chr(b))
    return "".join(out)


def value(raw, style, rng):
    """`raw` as a log writes it, or now and then with its UTF-8 raw (a server that does not
    escape it, or a log re-encoded on its way)."""
    if rng.random() < 0.15 and any(b >= 0x80 for b in raw):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return escaped(raw, style)
        return "".join(ch if ord(ch) >= 0x80 else escaped(ch.encode(), style) for ch in text)
    return escaped(raw, style)


def number(rng, dash):
    r = rng.random()
    if dash and r < 0.12:
        return "-"
    if r < 0.2:
        return "0"
    if r < 0.3:
        return "".join(rng.choice("0123456789") for _ in range(rng.randint(20, 40))).lstrip("0") or "0"
    return str(rng.randint(1, 99999))


def target(rng):
    r = rng.random()
    if r < 0.45:
        return rng.choice(PATHS).encode()
    odd = [b"/a b", b'/q?x="y"', b"/back\\slash", "/café/€".encode(), b"/caf\xc3\xa9", b"/\xff\xfe", b"/a|b", b"/%zz",
           b"/tab\there", b"/x?<script>", b"http://proxy.example:8080/a?b", b"*", b"/{a}/^b^", b"/ends with space ",
           "/日本語?q=ü".encode()]
    return rng.choice(odd)


def request(rng):
    """The request line's bytes, or None for nginx's "-"."""
    r = rng.random()
    if r < 0.06:
        return None
    if r < 0.09:
        return b""
    if r < 0.13:
        return bytes(rng.choice([[0x16, 0x03, 0x01, 0x02, 0x00, 0x01], [0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00],
                                 [0x80, 0x37, 0x01, 0x03]]))
    if r < 0.15:
        return b"SSH-2.0-Go"
    if r < 0.17:
        return rng.choice(METHODS).encode()
    method = rng.choice(METHODS).encode()
    protocol = rng.choice([b"HTTP/1.1", b"HTTP/1.1", b"HTTP/1.0", b"HTTP/2.0", b"http/1.1", b"Http/2", b""])
    line = method + b" " + target(rng)
    return line + (b" " + protocol if protocol else b"")


def time(rng):
    offset = rng.choice(["+0000", "+0100", "-0700", "+0530", "+1400"])
    return "%02d/%s/%d:%02d:%02d:%02d %s" % (rng.randint(1, 28), rng.choice(MONTHS), rng.randint(1995, 2030),
                                              rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59), offset)


def line(layout, rng):
    _, _, style = LAYOUTS[layout]
    remote = rng.choice(["192.0.2.1", "203.0.113.7", "2001:db8::5", "10.0.0.5", "::1"])
    user = rng.choice(["-", "-", "-", "ann", "bob.smith"])
    req = request(rng)
    status = rng.choice(["200", "200", "304", "404", "400", "408", "500"]) if rng.random() > 0.02 else \
        "".join(rng.choice("123456789") for _ in range(21))
    body = number(rng, dash=layout != "vhost_combined")
    referer = "-" if rng.random() < 0.5 else value(rng.choice(REFERERS).encode(), style, rng)
    agent = "-" if rng.random() < 0.2 else value(rng.choice(AGENTS).encode(), style, rng)
    if layout == "split":
        if req is None or not req or b" " not in req or rng.random() < 0.05:
            parts = "- - -"
        else:
            method, rest = req.split(b" ", 1)
            uri, _, protocol = rest.rpartition(b" ") if b"HTTP" in rest.upper() else (rest, b"", b"HTTP/1.0")
            parts = " ".join(value(p, style, rng) for p in (method, uri.replace(b" ", b"%20"), protocol))
        return f'{remote} - {user} [{time(rng)}] "{parts}" {status} {body}'
    text = "-" if req is None else value(req, style, rng)
    if layout == "common":
        return f'{remote} - {user} [{time(rng)}] "{text}" {status} {body}'
    if layout == "combined":
        return f'{remote} - {user} [{time(rng)}] "{text}" {status} {body} "{referer}" "{agent}"'
    if layout == "vhost_combined":
        return f'{rng.choice(HOSTS)}:{rng.choice([80, 443, 8080])} {remote} - {user} [{time(rng)}] "{text}" {status} {body} "{referer}" "{agent}"'
    if layout == "forwarded":
        xff = rng.choice(["-", "198.51.100.9", "198.51.100.9, 10.0.0.1"])
        return f'{remote} - {user} [{time(rng)}] "{text}" {status} {body} "{referer}" "{agent}" "{xff}"'
    return f"{remote}|[{time(rng)}]|{text}|{status}|{body}|{agent}|{rng.choice(HOSTS)}"


def plan():
    """The lines, each {"id", "layout", "line"}."""
    rng = random.Random(SEED)
    out = []
    for layout in LAYOUTS:
        for i in range(LINES_PER_LAYOUT):
            out.append({"id": f"{layout}-{i:03d}", "layout": layout, "line": line(layout, rng)})
    return out


if __name__ == "__main__":
    for entry in plan():
        print(json.dumps(entry, ensure_ascii=False))
