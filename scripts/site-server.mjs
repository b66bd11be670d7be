// Serves the built site (site/dist/, `npm run docs`) over HTTP on a loopback port, as a static
// host would: a path names a file, a folder its index.html, a clean URL its .html. For the
// site's browser test (test/code-docs/site.test.ts) and its screenshots (scripts/site-screenshots.mjs).

import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const DIST = fileURLToPath(new URL("../site/dist/", import.meta.url));
const TYPES = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".png": "image/png",
};

/** The file a request's path names under the site, or null. */
function fileOf(path) {
  const file = normalize(join(DIST, decodeURIComponent(path.split("?")[0] ?? "/")));
  if (!file.startsWith(DIST)) return null;
  for (const candidate of [file, join(file, "index.html"), `${file}.html`]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** Starts the server; resolves to its address and a function that stops it. */
export function serveSite() {
  const server = createServer((request, response) => {
    const file = fileOf(request.url ?? "/");
    if (file === null) {
      response.writeHead(404).end("not found");
      return;
    }
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, stop: () => new Promise((done) => server.close(done)) });
    });
  });
}
