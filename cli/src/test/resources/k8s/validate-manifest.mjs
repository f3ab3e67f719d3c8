// Parses a multi-document manifest with the yaml package and validates each document with its kubernetes-models
// class: node validate-manifest.mjs PREFIX MANIFEST, where PREFIX holds node_modules with both installed.
// Prints one JSON array, an entry per document: {kind, name, error (null when valid), object}.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [prefix, manifest] = process.argv.slice(2);
const { parseAllDocuments } = createRequire(join(prefix, "package.json"))("yaml");
const models = {
  "v1/PersistentVolumeClaim": ["v1/PersistentVolumeClaim.js", "PersistentVolumeClaim"],
  "batch/v1/Job": ["batch/v1/Job.js", "Job"],
};

const out = [];
for (const doc of parseAllDocuments(readFileSync(manifest, "utf8"))) {
  const object = doc.toJS();
  const entry = { kind: object?.kind ?? null, name: object?.metadata?.name ?? null, error: null, object };
  const problems = [...doc.errors, ...doc.warnings].map((e) => e.message);
  const model = models[`${object?.apiVersion}/${object?.kind}`];
  if (problems.length > 0) {
    entry.error = "YAML: " + problems.join("; ");
  } else if (!model) {
    entry.error = `no model for apiVersion ${object?.apiVersion} kind ${object?.kind}`;
  } else {
    const cls = (await import(pathToFileURL(join(prefix, "node_modules/kubernetes-models", model[0])).href))[model[1]];
    try {
      new cls(object).validate();
    } catch (e) {
      entry.error = e.message;
    }
  }
  out.push(entry);
}
process.stdout.write(JSON.stringify(out) + "\n");
