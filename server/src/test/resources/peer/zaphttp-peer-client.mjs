// zaphttp client built on the peer runtime @zap-proto/zap (see ZapPeerInteropTest).
//
//   node zaphttp-peer-client.mjs <peer install prefix> <port> <requests.json>
//
// Builds one zaphttp request frame per entry of requests.json ({v: version, m: method, t: target, p: proto,
// h: [[name, value], ...], b: body hex}) with the peer's Builder, writes them all to 127.0.0.1:<port> in one
// pipelined write, each behind its big-endian u32 length, then reads response frames until every request is
// answered (a response frame, or a streamed head/data.../end), decodes each with the peer's Message and a
// StructView, and prints them as one JSON array: {type, status, reason, proto, headers, body (hex)}.

import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [peerDir, port, requestsFile] = process.argv.slice(2);
const zap = await import(pathToFileURL(join(peerDir, "node_modules/@zap-proto/zap/dist/index.js")).href);
const { Builder, Message, StructView, encodeUtf8 } = zap;

const REQUEST = 1;
const RESPONSE = 2;
const END = 5;

// The field accessors of StructView are protected (TypeScript only); a subclass is how generated views reach them.
class ResponseView extends StructView {
  status() { return this.u16(0); }
  reason() { return this.text(8); }
  proto() { return this.text(16); }
  headers() { return this.bytes(24); }
  body() { return this.bytes(32); }
}

class ChunkView extends StructView {
  chunk() { return this.bytes(0); } // not data(): StructView.data is the message buffer
}

function fromHex(h) {
  return Uint8Array.from(Buffer.from(h, "hex"));
}

function toHex(b) {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("hex");
}

// zaphttp header block: u32 count, then per pair u32 nameLen, name, u32 valueLen, value (little-endian).
function headerBlock(pairs) {
  const parts = [u32le(pairs.length)];
  for (const [name, value] of pairs) {
    for (const s of [name, value]) {
      const b = encodeUtf8(s);
      parts.push(u32le(b.byteLength), b);
    }
  }
  return Uint8Array.from(Buffer.concat(parts));
}

function u32le(n) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

function parseHeaderBlock(block) {
  if (block.byteLength === 0) return [];
  const b = Buffer.from(block.buffer, block.byteOffset, block.byteLength);
  const out = [];
  let at = 4;
  for (let i = 0, n = b.readUInt32LE(0); i < n; i++) {
    const pair = [];
    for (let k = 0; k < 2; k++) {
      const len = b.readUInt32LE(at);
      pair.push(b.toString("utf8", at + 4, at + 4 + len));
      at += 4 + len;
    }
    out.push(pair);
  }
  if (at !== b.length) throw new Error(`header block of ${b.length} bytes has ${b.length - at} stray bytes`);
  return out;
}

function requestFrame(r) {
  const b = new Builder(256, r.v);
  const s = b.startObject(48);
  s.setText(0, r.m);
  s.setText(8, r.t);
  s.setText(16, r.p);
  if (r.h.length > 0) s.setBytes(24, headerBlock(r.h));
  s.setBytes(32, fromHex(r.b));
  s.finishAsRoot();
  const msg = b.finishWithFlags(REQUEST << 8);
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32BE(msg.byteLength);
  return Buffer.concat([prefix, msg]);
}

function decode(bytes) {
  const msg = Message.parse(bytes);
  const type = msg.flags() >> 8;
  const root = msg.root();
  if (type === RESPONSE || type === 3) {
    const v = new ResponseView(root.data, root.offset);
    return { type, status: v.status(), reason: v.reason(), proto: v.proto(),
             headers: parseHeaderBlock(v.headers()), body: toHex(v.body()) };
  }
  const c = new ChunkView(root.data, root.offset);
  return { type, status: 0, reason: "", proto: "", headers: [], body: type === END ? "" : toHex(c.chunk()) };
}

const requests = JSON.parse(readFileSync(requestsFile, "utf8"));
const frames = [];
let answered = 0;
let pending = Buffer.alloc(0);

const timer = setTimeout(() => {
  console.error(`timed out with ${answered} of ${requests.length} requests answered`);
  process.exit(2);
}, 20_000);

const socket = connect({ host: "127.0.0.1", port: Number(port) }, () => {
  socket.setNoDelay(true);
  socket.write(Buffer.concat(requests.map(requestFrame)));
});
socket.on("data", (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  while (pending.length >= 4 && pending.length >= 4 + pending.readUInt32BE(0)) {
    const len = pending.readUInt32BE(0);
    const frame = decode(Uint8Array.from(pending.subarray(4, 4 + len)));
    frames.push(frame);
    pending = pending.subarray(4 + len);
    if (frame.type === RESPONSE || frame.type === END) answered++;
  }
  if (answered === requests.length) {
    clearTimeout(timer);
    socket.end();
    console.log(JSON.stringify(frames));
  }
});
socket.on("error", (e) => {
  console.error("socket error: " + e.message);
  process.exit(3);
});
socket.on("close", () => {
  if (answered !== requests.length) {
    console.error(`server closed with ${answered} of ${requests.length} requests answered`);
    process.exit(4);
  }
});
