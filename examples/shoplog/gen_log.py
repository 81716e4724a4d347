#!/usr/bin/env python3
"""Writes access.log: a small shop's access log in the "combined" format, as nginx writes it.

Usage: python3 examples/shoplog/gen_log.py [-n 4000] [--seed 20261423] [-o examples/shoplog/access.log]

The pages and API calls come from the shop table of the inference benchmark
(bench/infer/smallsets/shop.routes) through its traffic generator (bench/infer/gen_traffic.py):
routes with Zipf popularity, products, sellers and categories from fixed sets with Zipf
popularity. Around them, what a live server's log holds:

  * visitors (IPv4 and IPv6 addresses of the documentation ranges) with browsers, the shop's
    app, crawlers and scripts, each with its own user agent, referers from the shop's own
    pages and from search engines;
  * GET for pages, POST for the forms and the cart API, query strings (search terms, sorting,
    paging, campaign tags), HTTP/1.1 and HTTP/2.0;
  * static assets (CSS, scripts, product images), answered 304 to returning visitors;
  * 301 for a trailing slash, 302 after a login, 404 for removed products, 499 and 500 now and
    then;
  * scanners probing for /wp-login.php, /.env, /phpmyadmin/ and the like (404);
  * lines without a request ("-", a connection closed before it sent one, 400) and TLS
    handshakes sent to the plain-text port, written byte by byte as nginx escapes them (400).

Deterministic: the same count and seed write the same file (the seed above is the one of the
committed access.log).
"""
import argparse
import datetime
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "infer"))
import gen_traffic  # noqa: E402
import vocab  # noqa: E402

SEED = 20261423  # its route order puts product pages, deals and categories first, as a shop's is
TABLE = os.path.join(ROOT, "bench", "infer", "smallsets", "shop.routes")
SITE = "https://shop.example"
START = datetime.datetime(2026, 12, 6, 10, 0, 0, tzinfo=datetime.timezone.utc)

BROWSERS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
]
APPS = ["ShopApp/2.4.1 (iPhone; iOS 18.1; Scale/3.00)", "ShopApp/2.4.0 (Android 14; Pixel 8)"]
CRAWLERS = [
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
]
SCANNER_AGENTS = ["Mozilla/5.0 zgrab/0.x", "python-requests/2.31.0", "curl/8.5.0", "Go-http-client/1.1",
                  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.129 Safari/537.36", "-"]
SCANS = ["/wp-login.php", "/.env", "/phpmyadmin/", "/.git/config", "/wp-admin/setup-config.php",
         "/xmlrpc.php", "/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php", "/actuator/env",
         "/config.json", "/backup.zip", "/.aws/credentials", "/admin/.env", "/pma/index.php",
         "/cgi-bin/luci/;stok=/locale", "/.DS_Store", "/server-status", "/wp-content/plugins/",
         "/index.php?s=/Index/\\x5Cthink\\x5Capp/invokefunction"]
ASSETS = ["/static/css/app.3f9a2c1e.css", "/static/js/app.8b1d4e07.js", "/static/js/vendor.5c77a0d2.js",
          "/static/fonts/inter-var.woff2", "/favicon.ico", "/apple-touch-icon.png"]
SEARCH_ENGINES = ["https://www.google.com/", "https://www.bing.com/", "https://duckduckgo.com/"]
CAMPAIGNS = ["utm_source=instagram&utm_medium=social", "utm_source=newsletter&utm_medium=email&utm_campaign=december",
             "utm_source=google&utm_medium=cpc", "ref=pinterest"]
SORTS = ["price_asc", "price_desc", "newest", "popular"]


class Visitor:
    """One client: an address, a user agent and the page it is on."""

    def __init__(self, rng, kind):
        self.kind = kind
        if rng.random() < 0.15:
            self.address = f"2001:db8:{rng.randint(1, 0xffff):x}::{rng.randint(1, 0xffff):x}"
        else:
            self.address = f"{rng.choice(['192.0.2', '198.51.100', '203.0.113'])}.{rng.randint(1, 254)}"
        self.agent = rng.choice({"browser": BROWSERS, "app": APPS, "crawler": CRAWLERS}[kind])
        self.http = "HTTP/2.0" if kind != "crawler" and rng.random() < 0.5 else "HTTP/1.1"
        self.page = None


def query(rng, path):
    """A query string some links of this path carry ("" for none)."""
    r = rng.random()
    if path == "/search":
        words = rng.choice(vocab.COLORS + vocab.MATERIALS).replace("-", "+") + "+" + rng.choice(vocab.ITEMS).replace("-", "+")
        return f"?q={words}" + (f"&page={rng.randint(2, 5)}" if r < 0.2 else "")
    if path.startswith("/c/") and r < 0.35:
        return f"?sort={rng.choice(SORTS)}" + (f"&page={rng.randint(2, 9)}" if rng.random() < 0.5 else "")
    if path.startswith("/products/") and r < 0.08:
        return "?" + rng.choice(CAMPAIGNS)
    if path.startswith("/api/") and "products" in path and r < 0.3:
        return f"?limit={rng.choice([12, 24, 48])}&offset={rng.choice([0, 0, 24, 48])}"
    return ""


def method_and_status(rng, path, visitor):
    """The method, status and response size of a request for a route's path."""
    if path in ("/api/cart/items",) and rng.random() < 0.6:
        return ("POST", 201, rng.randint(300, 900)) if rng.random() < 0.85 else ("DELETE", 204, 0)
    if path == "/login" and rng.random() < 0.4:
        return ("POST", 302, 0) if rng.random() < 0.9 else ("POST", 200, rng.randint(5000, 7000))
    if path == "/checkout" and rng.random() < 0.3:
        return ("POST", 303, 0) if rng.random() < 0.95 else ("POST", 500, rng.randint(500, 700))
    r = rng.random()
    if r < 0.004:
        return "GET", 500, rng.randint(500, 700)
    if r < 0.008 and path.startswith(("/search", "/api/")):
        return "GET", 499, 0
    if path.startswith("/api/"):
        return "GET", 200, rng.randint(180, 6000)
    if visitor.page and rng.random() < 0.03:
        return "GET", 304, 0
    return "GET", 200, rng.randint(9000, 64000)


def request_line(rng, when, visitor, method, target, status, size, referer):
    stamp = when.strftime("%d/%b/%Y:%H:%M:%S %z")
    return (f'{visitor.address} - - [{stamp}] "{method} {target} {visitor.http}" {status} {size} '
            f'"{referer}" "{visitor.agent}"')


def bare_line(rng, when, address, request, status, size, agent="-"):
    stamp = when.strftime("%d/%b/%Y:%H:%M:%S %z")
    return f'{address} - - [{stamp}] "{request}" {status} {size} "-" "{agent}"'


def tls_probe(rng):
    """A TLS ClientHello's first bytes as nginx writes an unreadable request: \\xHH a byte."""
    head = [0x16, 0x03, rng.choice([0x01, 0x03]), 0x00, rng.choice([0xA5, 0xB7, 0xDC, 0xF1]), 0x01, 0x00, 0x00]
    head += [rng.randint(0, 255) for _ in range(rng.choice([0, 8, 16]))]
    return "".join(f"\\x{b:02X}" for b in head)


def lines(count, seed):
    rng = random.Random(seed)
    gen = gen_traffic.Generator(TABLE, seed, noise=0.0, host="", variants=False)
    removed = vocab.value_set("product", 40, random.Random(f"removed:{seed}"))
    visitors = ([Visitor(rng, "browser") for _ in range(160)] + [Visitor(rng, "app") for _ in range(40)]
                + [Visitor(rng, "crawler") for _ in range(4)])
    popular = gen_traffic.Zipf(visitors, 0.9)
    when = START
    for _ in range(count):
        when += datetime.timedelta(seconds=round(rng.expovariate(1 / 1.6)))
        r = rng.random()
        if r < 0.006:
            yield bare_line(rng, when, Visitor(rng, "browser").address, "-", 400, 0)
            continue
        if r < 0.010:
            yield bare_line(rng, when, Visitor(rng, "browser").address, tls_probe(rng), 400, 157)
            continue
        if r < 0.040:
            scanner = Visitor(rng, "browser")
            method = "POST" if rng.random() < 0.1 else "GET"
            yield bare_line(rng, when, scanner.address, f"{method} {rng.choice(SCANS)} HTTP/1.1", 404,
                            rng.choice([146, 153, 162]), rng.choice(SCANNER_AGENTS))
            continue
        visitor = popular.draw(rng)
        if r < 0.12 and visitor.kind == "browser" and visitor.page:
            if rng.random() < 0.3:
                asset = f"/images/products/{gen.values.sets['product'].zipf.draw(rng)}-640.jpg"
            else:
                asset = rng.choice(ASSETS)
            status, size = (304, 0) if rng.random() < 0.4 else (200, rng.randint(1200, 180000))
            yield request_line(rng, when, visitor, "GET", asset, status, size, SITE + visitor.page)
            continue
        path = gen.path_of(gen.popularity.draw(rng))
        # the app calls the API; its pages are its own screens, not the web's
        for _ in range(8):
            if visitor.kind != "app" or path.startswith("/api/"):
                break
            path = gen.path_of(gen.popularity.draw(rng))
        else:
            path = "/api/cart"
        method, status, size = method_and_status(rng, path, visitor)
        target = path + query(rng, path)
        if method == "GET" and status == 200 and path.startswith("/products/") and rng.random() < 0.01:
            target, status, size = f"/products/{rng.choice(removed)}", 404, rng.randint(3000, 4000)
        elif method == "GET" and status == 200 and path != "/" and not path.startswith("/api/") and rng.random() < 0.015:
            target, status, size = path + "/", 301, 169
        if visitor.kind == "app" or path.startswith("/api/"):
            referer = "-" if visitor.kind == "app" or not visitor.page else SITE + visitor.page
        elif visitor.page and rng.random() < 0.8:
            referer = SITE + visitor.page
        else:
            referer = rng.choice(SEARCH_ENGINES) if rng.random() < 0.5 else "-"
        yield request_line(rng, when, visitor, method, target, status, size, referer)
        if not path.startswith("/api/") and status == 200:
            visitor.page = path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=4000, help="lines to write")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("-o", "--output", default=os.path.join(HERE, "access.log"))
    a = ap.parse_args()
    out = sys.stdout if a.output == "-" else open(a.output, "w", encoding="utf-8")
    for line in lines(a.n, a.seed):
        out.write(line + "\n")
    if out is not sys.stdout:
        out.close()


if __name__ == "__main__":
    main()
