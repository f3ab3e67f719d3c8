// Calls a native ZAP RPC server with the peer runtime's own client, ZapClient of @zap-proto/zap (see
// EthRpcPeerTest).
//
//   node rpc-peer-client.mjs <peer install prefix> <port> <calls.json>
//
// Connects to 127.0.0.1:<port> (the client sends its NodeID handshake and checks the server's), issues every
// call of calls.json ({method, target, payload (hex)}) at once, so they are pipelined on the one connection,
// and prints the answers in call order as one JSON array: {status, promiseID, body (hex)}.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [peerDir, port, callsFile] = process.argv.slice(2);
const node = await import(pathToFileURL(join(peerDir, "node_modules/@zap-proto/zap/dist/node.js")).href);
const { ZapClient } = node;

const calls = JSON.parse(readFileSync(callsFile, "utf8"));
const client = await ZapClient.connect({ host: "127.0.0.1", port: Number(port), nodeID: "peer-test" }, new Uint8Array(0));
const timer = setTimeout(() => {
  console.error("no answer to every call within 20 s");
  process.exit(2);
}, 20000);
const answers = await Promise.all(calls.map((c) =>
  client.call(c.method, { target: c.target, payload: new Uint8Array(Buffer.from(c.payload, "hex")) })));
clearTimeout(timer);
client.close();
process.stdout.write(JSON.stringify(answers.map((a) => ({
  status: a.status,
  promiseID: a.promiseID,
  body: Buffer.from(a.body).toString("hex"),
}))) + "\n");
