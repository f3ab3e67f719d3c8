// Builds RPC call envelopes with the peer runtime @zap-proto/zap (see RpcEnvelopePeerTest).
//
//   node rpc-envelope-peer.mjs <peer install prefix> <cases.json>
//
// For each case {method, promise, target, cap (hex), payload (hex), status, body (hex)} prints one line:
// the hex of buildRequest(...) for the request fields, a space, the hex of buildResponse(...) for the response
// fields; then parses both back with parseRequest / parseResponse and fails if a field does not round-trip.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [peerDir, casesFile] = process.argv.slice(2);
const zap = await import(pathToFileURL(join(peerDir, "node_modules/@zap-proto/zap/dist/index.js")).href);
const { buildRequest, buildResponse, parseRequest, parseResponse } = zap;

const hex = (b) => Buffer.from(b).toString("hex");
const bytes = (h) => new Uint8Array(Buffer.from(h, "hex"));

const out = [];
for (const c of JSON.parse(readFileSync(casesFile, "utf8"))) {
  const call = { method: c.method, promiseID: c.promise, target: c.target, cap: bytes(c.cap), payload: bytes(c.payload) };
  const req = buildRequest(call);
  const resp = buildResponse(c.status, c.promise, bytes(c.body));
  const back = parseRequest(req);
  const backResp = parseResponse(resp);
  if (back.method !== c.method || back.promiseID !== c.promise || back.target !== c.target
      || hex(back.cap) !== c.cap || hex(back.payload) !== c.payload
      || backResp.status !== c.status || backResp.promiseID !== c.promise || hex(backResp.body) !== c.body) {
    throw new Error("peer round trip failed for " + JSON.stringify(c));
  }
  out.push(hex(req) + " " + hex(resp));
}
process.stdout.write(out.join("\n") + "\n");
