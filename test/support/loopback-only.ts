// Preloaded (node --import) into a published server that listens on every interface
// (server-everything's HTTP transport calls app.listen(PORT)): a listen call given a port
// and no host gets 127.0.0.1, so the test's server is reachable from this machine only.

import { Server } from "node:net";

const listen = Server.prototype.listen;
Server.prototype.listen = function (this: Server, ...args: unknown[]) {
  const port = args[0];
  const isPort = typeof port === "number" || (typeof port === "string" && /^\d+$/.test(port));
  if (isPort && typeof args[1] !== "string") args.splice(1, 0, "127.0.0.1");
  return (listen as (...a: unknown[]) => Server).apply(this, args);
} as typeof Server.prototype.listen;
