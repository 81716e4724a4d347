#!/usr/bin/env node
// Oracle harness for urn's express dialect.
//
// Loads Express 4.22's own router (lib/router/index.js from a checkout of expressjs/express,
// unmodified) with path-to-regexp 0.1.12, mounts it on node's http server listening on
// 127.0.0.1 only, and writes each case's request as raw bytes to a socket, so that Node's own
// HTTP parser decides which request targets reach the router.
//
// Usage: node harness.js EXPRESS_CHECKOUT < plan.jsonl > cases.jsonl
//   plan.jsonl: the generator's output (tables and links, without answers).
//   Module resolution: EXPRESS_CHECKOUT/lib/router requires methods, utils-merge, debug, depd,
//   array-flatten, parseurl, setprototypeof and path-to-regexp; put them on NODE_PATH
//   (see README.md).
'use strict';

var http = require('http');
var net = require('net');
var path = require('path');
var readline = require('readline');

var checkout = process.argv[2];
if (!checkout) {
  process.stderr.write('usage: node harness.js EXPRESS_CHECKOUT < plan.jsonl\n');
  process.exit(2);
}
var Router = require(path.resolve(checkout, 'lib', 'router'));

// The router of the table being recorded; the server hands every request to it.
var current = null;

// Express's application creates its router as new Router({caseSensitive: enabled('case
// sensitive routing'), strict: enabled('strict routing')}) - both off by default.
function buildRouter(routes) {
  var router = Router({ caseSensitive: false, strict: false });
  routes.forEach(function (r, index) {
    var handler = function (req, res) {
      var answer = JSON.stringify({ target: r.target, index: index, params: req.params });
      res.statusCode = 200;
      res.setHeader('X-Answer', Buffer.from(answer, 'utf8').toString('base64'));
      res.end(answer);
    };
    var route = router.route(r.pattern);
    if (r.methods && r.methods.length) {
      r.methods.forEach(function (m) { route[m.toLowerCase()](handler); });
    } else {
      route.all(handler); // a route without methods takes any request
    }
  });
  return router;
}

var server = http.createServer(function (req, res) {
  // The router's automatic OPTIONS answer (index.js sendOptionsResponse) calls res.set and
  // res.send, which express()'s response prototype provides; give the plain response the two.
  res.set = function (field, val) { this.setHeader(field, val); return this; };
  res.send = function (body) { this.statusCode = 200; this.end(body); return this; };
  current(req, res, function done(err) {
    // what finalhandler would answer: the error's status, else 404
    if (err) {
      res.statusCode = (err.status >= 400 && err.status < 600) ? err.status : 500;
      res.setHeader('X-Error', Buffer.from(String(err.message), 'utf8').toString('base64'));
    } else {
      res.statusCode = 404;
    }
    res.end();
  });
});
server.on('clientError', function (err, socket) {
  // Node's HTTP parser refused the request: the router never sees it
  if (socket.writable) {
    socket.end('HTTP/1.1 400 Bad Request\r\nX-Parser-Error: ' + String(err.code) +
      '\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  }
});

function request(port, method, target) {
  return new Promise(function (resolve, reject) {
    var chunks = [];
    var socket = net.connect(port, '127.0.0.1');
    var timer = setTimeout(function () { socket.destroy(); reject(new Error('timeout ' + target)); }, 5000);
    socket.on('connect', function () {
      socket.write(Buffer.concat([
        Buffer.from(method + ' ', 'latin1'),
        Buffer.from(target, 'utf8'),
        Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', 'latin1')]));
    });
    socket.on('data', function (d) { chunks.push(d); });
    socket.on('error', function (e) { clearTimeout(timer); reject(e); });
    socket.on('close', function () { clearTimeout(timer); resolve(Buffer.concat(chunks).toString('latin1')); });
  });
}

function parseResponse(text) {
  var head = text.split('\r\n\r\n')[0].split('\r\n');
  var status = parseInt((head[0] || '').split(' ')[1], 10);
  var headers = {};
  head.slice(1).forEach(function (line) {
    var i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  });
  return { status: status, headers: headers };
}

function answerOf(resp) {
  var h = resp.headers;
  if (resp.status === 200 && h['x-answer']) {
    var a = JSON.parse(Buffer.from(h['x-answer'], 'base64').toString('utf8'));
    return { answers: [{ target: a.target, args: a.params }] };
  }
  if (h['x-parser-error']) return { answers: [], note: 'http-parser-400 ' + h['x-parser-error'] };
  if (resp.status === 200 && h['allow']) return { answers: [], note: 'auto-options Allow: ' + h['allow'] };
  if (resp.status === 404) return { answers: [] };
  if (resp.status === 400) return { answers: [], note: '400' };
  return { answers: [], note: 'status ' + resp.status };
}

async function main() {
  await new Promise(function (r) { server.listen(0, '127.0.0.1', r); });
  var port = server.address().port;
  var rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (var line of rl) {
    if (!line.trim()) continue;
    var group = JSON.parse(line);
    var refused = null;
    try {
      current = buildRouter(group.routes);
    } catch (e) {
      // Express throws while registering the table (path-to-regexp made an invalid RegExp)
      refused = e;
    }
    for (var link of group.links) {
      if (refused) {
        link.answers = [];
        link.note = 'refused: ' + refused.name + ': ' + refused.message + (link.note ? '; ' + link.note : '');
        continue;
      }
      var resp = parseResponse(await request(port, link.method || 'GET', link.link));
      var got = answerOf(resp);
      link.answers = got.answers;
      if (got.note) link.note = link.note ? got.note + '; ' + link.note : got.note;
    }
    // key order of the record: id, category, options, routes, links
    var out = { id: group.id, category: group.category, options: group.options, routes: group.routes };
    if (refused) out.refused = true;
    out.links = group.links.map(function (l) {
        var o = { link: l.link, method: l.method || 'GET', answers: l.answers };
        ['category', 'cite', 'note'].forEach(function (k) { if (l[k] !== undefined) o[k] = l[k]; });
        return o;
      });
    process.stdout.write(JSON.stringify(out) + '\n');
  }
  server.close();
}

main().catch(function (e) { process.stderr.write(String(e.stack || e) + '\n'); server.close(); process.exit(1); });
