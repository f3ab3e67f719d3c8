// Differential driver for the peer runtime @zap-proto/zap (see PeerDifferentialTest).
//
//   node zap-peer-driver.mjs <peer install prefix> <cases.json>
//
// For each case it replays the builder calls with the peer's Builder and prints the message as hex, then a tab,
// then the values the peer's readers find in the zapline-built bytes ("hex" of the case), in the canonical text
// of Describe.java. One line per case, in order; a failure prints "ERR <message>" in its column.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [peerDir, casesFile] = process.argv.slice(2);
const zap = await import(pathToFileURL(join(peerDir, "node_modules/@zap-proto/zap/dist/index.js")).href);
const { Builder, Message, StructView, encodeUtf8 } = zap;

// The field accessors of StructView are protected (TypeScript only); a subclass is how generated views reach them.
class View extends StructView {}

const scratch = new DataView(new ArrayBuffer(8));

function fromHex(h) {
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.substr(2 * i, 2), 16);
  return out;
}

function toHex(b) {
  let s = "";
  for (const x of b) s += x.toString(16).padStart(2, "0");
  return s;
}

function f32FromBits(h) {
  scratch.setUint32(0, parseInt(h, 16), true);
  return scratch.getFloat32(0, true);
}

function f64FromBits(h) {
  scratch.setBigUint64(0, BigInt("0x" + h), true);
  return scratch.getFloat64(0, true);
}

function setScalar(s, kind, field, v) {
  switch (kind) {
    case "bool": return s.setBool(field, v !== 0);
    case "u8": return s.setU8(field, v);
    case "i8": return s.setI8(field, v);
    case "u16": return s.setU16(field, v);
    case "i16": return s.setI16(field, v);
    case "u32": return s.setU32(field, v);
    case "i32": return s.setI32(field, v);
    case "f32": return s.setF32(field, f32FromBits(v));
    case "u64": return s.setU64(field, BigInt(v));
    case "i64": return s.setI64(field, BigInt(v));
    case "f64": return s.setF64(field, f64FromBits(v));
    default: throw new Error("unknown scalar kind " + kind);
  }
}

function build(m) {
  const b = new Builder(m.c, m.v);
  const objects = new Map();
  const positions = new Map();
  const lists = new Map();
  const finished = new Map();
  for (const op of m.ops) {
    switch (op[0]) {
      case "o": objects.set(op[1], b.startObject(op[2])); break;
      case "s": setScalar(objects.get(op[1]), op[2], op[3], op[4]); break;
      case "t": objects.get(op[1]).setText(op[2], op[3]); break;
      case "b": objects.get(op[1]).setBytes(op[2], fromHex(op[3])); break;
      case "x": objects.get(op[1]).setBytesFixed(op[2], fromHex(op[3])); break;
      case "p": objects.get(op[1]).setObject(op[2], op[3] < 0 ? 0 : positions.get(op[3])); break;
      case "f": {
        const s = objects.get(op[1]);
        positions.set(op[1], op[2] ? s.finishAsRoot() : s.finish());
        break;
      }
      case "l": lists.set(op[1], b.startList()); break;
      case "e": lists.get(op[1]).addObjectBytes(fromHex(op[2])); break;
      case "m": lists.get(op[1]).addObjectBytes(build(op[2]).slice()); break;
      case "L": {
        const l = lists.get(op[1]);
        finished.set(op[1], [l.finishOffset(), l.finishCount()]);
        break;
      }
      case "q": {
        const [offset, count] = finished.get(op[3]);
        objects.get(op[1]).setList(op[2], offset, count);
        break;
      }
      default: throw new Error("unknown op " + op[0]);
    }
  }
  return m.f === 0 ? b.finish() : b.finishWithFlags(m.f);
}

function describeMessage(msg) {
  return (shape) => {
    const version = msg.data[4] | (msg.data[5] << 8);
    const root = msg.root();
    return "m" + version + "/" + msg.flags() + describe(new View(root.data, root.offset), shape);
  };
}

function describe(v, shape) {
  let s = "{";
  for (const [kind, off, n, sub] of shape) {
    s += kind + "@" + off + "=" + value(v, kind, off, n, sub) + ";";
  }
  return s + "}";
}

function value(v, kind, off, n, sub) {
  switch (kind) {
    case "bool": return v.bool(off) ? "1" : "0";
    case "u8": case "i8": case "u16": case "i16": case "u32": case "i32":
      return String(v[kind](off));
    case "u64": return v.u64(off).toString();
    case "i64": return v.i64(off).toString();
    case "f32": scratch.setFloat32(0, v.f32(off), true); return scratch.getUint32(0, true).toString(16).padStart(8, "0");
    case "f64": scratch.setFloat64(0, v.f64(off), true); return scratch.getBigUint64(0, true).toString(16).padStart(16, "0");
    case "text": return toHex(encodeUtf8(v.text(off)));
    case "bytes": return toHex(v.bytes(off));
    case "fixed": return toHex(v.bytesFixed(off, n));
    case "struct": {
      const child = v.object(off);
      return child.isNull() ? "null" : describe(new View(child.data, child.offset), sub);
    }
    case "list": {
      const l = v.list(off);
      const items = [];
      for (let i = 0; i < l.len(); i++) {
        if (n === "text") items.push(toHex(encodeUtf8(l.textAt(i))));
        else if (n === "bytes") items.push(toHex(l.bytesAt(i)));
        else items.push(i < sub.length ? describeMessage(Message.parse(l.bytesAt(i)))(sub[i]) : "extra element");
      }
      return "[" + items.join(",") + "]";
    }
    default: throw new Error("unknown kind " + kind);
  }
}

const input = JSON.parse(readFileSync(casesFile, "utf8"));
const lines = [];
for (const c of input.cases) {
  let built;
  let decoded;
  try {
    built = toHex(build(c.msg));
  } catch (e) {
    built = "ERR " + String(e && e.stack || e).replace(/\s+/g, " ");
  }
  try {
    decoded = c.hex === "" ? "ERR no zapline bytes" : describeMessage(Message.parse(fromHex(c.hex)))(c.shape);
  } catch (e) {
    decoded = "ERR " + String(e && e.stack || e).replace(/\s+/g, " ");
  }
  lines.push(built + "\t" + decoded);
}
process.stdout.write(lines.join("\n") + "\n");
