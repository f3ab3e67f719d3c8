// Calls zapline's generated Echo binding (gen-rpc/echo.zap, EchoRpc.service) with the peer's own client, ZapClient
// of @zap-proto/zap, building every request with the TypeScript the package's zapgen emitted for the same schema
// and reading every answer with its views; the checks are made here (see GenRpcPeerTest).
//
//   node echo-peer-client.mjs <prefix with @zap-proto/zap and typescript> <echo_zap.ts> <port>
//
// Prints one JSON object: {checks: number of checks made, failures: [what did not hold]}.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [prefix, generated, port] = process.argv.slice(2);
const require = createRequire(join(prefix, "package.json"));
const ts = require("typescript");
const js = ts.transpileModule(readFileSync(generated, "utf8"), {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
}).outputText;
const moduleFile = join(prefix, "echo_zap.mjs");
writeFileSync(moduleFile, js);
const { newNote, newCount, Note, Count, EchoMethod } = await import(pathToFileURL(moduleFile).href);
const { ZapClient } = await import(pathToFileURL(join(prefix, "node_modules/@zap-proto/zap/dist/node.js")).href);

const failures = [];
let checks = 0;
const hex = (b) => Buffer.from(b).toString("hex");
const text = (b) => new TextDecoder().decode(b);
function check(what, actual, expected) {
  checks++;
  if (actual !== expected) {
    failures.push(`${what}: ${String(actual)} instead of ${String(expected)}`);
  }
}

const timer = setTimeout(() => {
  console.error("no answer to every call within 20 s");
  process.exit(2);
}, 20000);
const client = await ZapClient.connect({ host: "127.0.0.1", port: Number(port), nodeID: "gen-peer" }, new Uint8Array(0));
const call = (method, payload) => client.call(method, { target: 0, payload });

const sent = { seq: 41n, flag: false, level: -7, ratio: 0.75, tag: new Uint8Array([9, 8, 7, 6]), label: "zap ✓",
  blob: new Uint8Array([1, 2, 3, 4, 5]) };
let r = await call(EchoMethod.echo, newNote(sent));
check("echo status", r.status, 200);
let n = Note.wrap(r.body);
check("echo seq", n.seq, 42n);
check("echo flag", n.flag, true);
check("echo level", n.level, 7);
check("echo ratio", n.ratio, 1.5);
check("echo tag", hex(n.tag), "06070809");
check("echo label", n.label, "heard 7");
check("echo blob", hex(n.blob), "0504030201");

const empty = { seq: 0n, flag: true, level: 0, ratio: 0, tag: new Uint8Array(4), label: "", blob: new Uint8Array(0) };
r = await call(EchoMethod.echo, newNote(empty));
n = Note.wrap(r.body);
check("empty echo", [r.status, n.seq, n.flag, n.label, n.blob.length].join(), "200,1,false,heard 0,0");

r = await call(EchoMethod.tell, newNote(sent));
check("tell", [r.status, r.body.length].join(), "200,0");
r = await call(EchoMethod.count, new Uint8Array(0));
check("count status", r.status, 200);
check("count after echo, echo, tell", Count.wrap(r.body).heard, 3n);
r = await call(EchoMethod.forget, new Uint8Array(0));
check("forget", [r.status, r.body.length].join(), "200,0");
r = await call(EchoMethod.count, new Uint8Array(0));
check("count after forget", Count.wrap(r.body).heard, 0n);

r = await call(EchoMethod.echo, new TextEncoder().encode("not zap"));
check("echo of no message", r.status, 400);
check("its reason", text(r.body).startsWith('{"error":"echo: the request is not a ZAP message: '), true);
r = await call(EchoMethod.echo, newCount({ heard: 1n }));
check("echo of a Count", r.status, 400);
check("its reason", text(r.body), '{"error":"echo: bad request: offset 8: root object spans [16, 60) outside [16, 24)"}');
const lying = newNote(sent).slice();
new DataView(lying.buffer, lying.byteOffset).setUint32(16 + 28 + 4, 0x40000000, true); // Label's length
r = await call(EchoMethod.echo, lying);
check("echo whose Label lies", r.status, 400);
check("its reason", text(r.body).startsWith('{"error":"echo: bad request: ') && text(r.body).includes("'Label'"), true);
r = await call(EchoMethod.echo, newNote({ ...sent, label: "boom" }));
check("echo that throws", r.status, 500);
check("its reason", text(r.body), '{"error":"method echo failed: boom asked for"}');

clearTimeout(timer);
client.close();
process.stdout.write(JSON.stringify({ checks, failures }) + "\n");
