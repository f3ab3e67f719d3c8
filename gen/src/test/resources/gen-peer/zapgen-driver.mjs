// Differential driver for zapline gen against the npm zapgen (@zap-proto/zap, pinned by the Java test).
//
// node zapgen-driver.mjs PREFIX GENERATED_TS CASES_JSON
//
// PREFIX holds node_modules with @zap-proto/zap and typescript. GENERATED_TS is what the package's zapgen emitted
// for a schema; it is transpiled (types stripped) next to PREFIX's node_modules and imported. For each case of
// CASES_JSON ({cases: [{struct, java, fields: [{name, kind, value, size}]}]}) this prints one line:
//   HEX_BUILT_BY_TS <TAB> NAME=VALUE <TAB> ...
// where the NAME=VALUE pairs are what the TS view reads from the case's Java-built bytes (`java`, hex). Values are
// canonical: integers in decimal, floats as the hex of their IEEE bits, text as the hex of its UTF-8, bytes as hex,
// a list as its elements' hex joined by commas, a nested struct as the hex of its fixed section ("" when null).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

const [prefix, generated, casesFile] = process.argv.slice(2);
const require = createRequire(join(prefix, "package.json"));
const ts = require("typescript");

const source = readFileSync(generated, "utf8");
const js = ts.transpileModule(source, {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
}).outputText;
const moduleFile = join(prefix, basename(generated).replace(/\.ts$/, ".mjs"));
writeFileSync(moduleFile, js);
const mod = await import(pathToFileURL(moduleFile).href);

const hex = (b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("hex");
const unhex = (s) => new Uint8Array(Buffer.from(s, "hex"));
const lowerFirst = (s) => (s[0] >= "A" && s[0] <= "Z" ? s[0].toLowerCase() + s.slice(1) : s);
const scratch = new DataView(new ArrayBuffer(8));
const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder("utf-8", { fatal: true });

function input(f) {
  switch (f.kind) {
    case "bool":
      return f.value === "true";
    case "u64":
    case "i64":
      return BigInt(f.value);
    case "text":
      return utf8Decoder.decode(unhex(f.value));
    case "bytes":
    case "bytes_fixed":
    case "struct":
      return unhex(f.value);
    case "list":
      return f.value.map(unhex);
    default:
      return Number(f.value);
  }
}

function read(view, f) {
  const v = view[lowerFirst(f.name)];
  switch (f.kind) {
    case "bool":
    case "u64":
    case "i64":
      return String(v);
    case "f32":
      scratch.setFloat32(0, v, true);
      return scratch.getUint32(0, true).toString(16).padStart(8, "0");
    case "f64":
      scratch.setFloat64(0, v, true);
      return scratch.getBigUint64(0, true).toString(16).padStart(16, "0");
    case "text":
      return hex(utf8.encode(v));
    case "bytes":
    case "bytes_fixed":
      return hex(v);
    case "list": {
      const out = [];
      for (let i = 0; i < v.length; i++) out.push(hex(v.bytesAt(i)));
      return out.join(",");
    }
    case "struct":
      return v.isNull() ? "" : hex(v.data.subarray(v.offset, v.offset + f.size));
    default:
      return String(v);
  }
}

const { cases } = JSON.parse(readFileSync(casesFile, "utf8"));
const lines = [];
for (const c of cases) {
  const values = {};
  for (const f of c.fields) values[lowerFirst(f.name)] = input(f);
  const built = mod["new" + c.struct](values);
  const view = mod[c.struct].wrap(unhex(c.java));
  const readBack = c.fields.map((f) => f.name + "=" + read(view, f));
  lines.push([hex(built), ...readBack].join("\t"));
}
process.stdout.write(lines.join("\n") + "\n");
