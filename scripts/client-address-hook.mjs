// Preloaded (node --import) into the web process by `npm start`. Route handlers in Next.js cannot see
// the TCP peer, and Next only fills X-Forwarded-For when the client did not send one, so a client
// could choose its own address and dodge per-address sign-in throttling. This hook stamps every
// incoming request with the socket's address in `x-keel-client-address`, overwriting anything a client
// sent under that name. lib/http/same-origin.ts reads it (and X-Forwarded-For only behind
// KEEL_TRUSTED_PROXIES). Plain Node, no dependencies.
import http from "node:http";

const originalEmit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitWithClientAddress(event, ...args) {
  if (event === "request") {
    const request = args[0];
    if (request?.headers) request.headers["x-keel-client-address"] = request.socket?.remoteAddress ?? "";
  }
  return originalEmit.call(this, event, ...args);
};
