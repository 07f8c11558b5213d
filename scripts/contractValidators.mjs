// The contract's validators compiled once, at build time, into ajv's standalone code (scripts/build.mjs,
// scripts/buildTests.mjs), instead of in every process that starts the core. At run time ajv took 0.43 s of CPU
// to compile the 11 schemas a short `cairn serve` under the e2e specs checks, and about 50 ms for each schema a
// test process met; loading them built takes a few ms (measured 2026-12-05). main/contract/compiled.ts loads
// them; a schema whose text differs from the one compiled here (a stale build, or code run from source) is
// compiled at run time, as before.
import {createHash} from "node:crypto";
import {mkdirSync, rmSync, writeFileSync} from "node:fs";
import path from "node:path";
import {build} from "esbuild";
import {Ajv} from "ajv";
import standaloneCode from "ajv/dist/standalone/index.js";

/** The folder written beside each build's modules; its index.json names each schema's file and key. */
export const FOLDER = "contract-validators";

/**
 * The two sets and their ajv options: the requests (the app validates every call's); the results and events
 * (checked under the tests, CAIRN_CHECK_CONTRACT=1). The options are part of each file's key: a caller that asks
 * with other options (main/contract/dispatcher.ts, check.ts) compiles the schema itself.
 */
const SETS = {
    requests: {allErrors: true, strict: true, coerceTypes: false},
    checks: {allErrors: true, strict: true},
};

/** ajv's own helper that the generated code would require from ajv's package: written into each file instead. */
const UCS2LENGTH = 'require("ajv/dist/runtime/ucs2length").default';
const UCS2LENGTH_CODE =
    "function ucs2length(str) { let length = 0; for (const _ of str) length++; return length; }";

/** The key of a schema compiled with some options: their JSON's hash (main/contract/compiled.ts computes the same). */
function schemaKey(schema, options) {
    return createHash("sha1").update(JSON.stringify({options, schema})).digest("hex");
}

/** The contract's schemas by set, each as [name, schema]: "req:chat.send", "res:chat.send", "event:turn.state". */
async function contractSchemas() {
    const bundled = await build({
        entryPoints: ["shared/contract.ts"],
        bundle: true,
        platform: "node",
        format: "esm",
        write: false,
        logLevel: "warning",
    });
    const source = Buffer.from(bundled.outputFiles[0].text).toString("base64");
    const {calls, AppEvent} = await import(`data:text/javascript;base64,${source}`);
    const named = (kind, pairs) => pairs.map(([name, schema]) => [`${kind}:${name}`, schema]);
    return {
        requests: named(
            "req",
            Object.entries(calls).map(([name, call]) => [name, call.req]),
        ),
        checks: [
            ...named(
                "res",
                Object.entries(calls).map(([name, call]) => [name, call.res]),
            ),
            ...named(
                "event",
                AppEvent.anyOf.map((schema) => [schema.properties.type.const, schema]),
            ),
        ],
    };
}

/**
 * One schema's CommonJS module, its validator as `module.exports`. One file a schema: a process loads the few it
 * meets (all of the checks in one file, 3.5 MB, took 0.1 s of CPU to load).
 */
function moduleOf(set, name, schema) {
    const ajv = new Ajv({...SETS[set], code: {source: true}});
    // A copy: ajv's standalone code names each function once, and TypeBox shares objects between schemas.
    const code = standaloneCode(ajv, ajv.compile(JSON.parse(JSON.stringify(schema))));
    const written = code.replaceAll(UCS2LENGTH, "ucs2length");
    const required = /require\([^)]*\)/.exec(written);
    if (required) throw new Error(`${name}'s validator requires a module: ${required[0]}`);
    return `${written}\n${code.includes(UCS2LENGTH) ? UCS2LENGTH_CODE : ""}\n`;
}

/**
 * Writes each set into the folders it is given for, e.g. {requests: ["out/main"], checks: ["out/main"]}: one file
 * a schema in each folder's FOLDER, and its index.json ({name: {key, file}}).
 */
export async function writeContractValidators(foldersBySet) {
    const schemas = await contractSchemas();
    const indexes = new Map();
    for (const [set, folders] of Object.entries(foldersBySet)) {
        schemas[set].forEach(([name, schema], i) => {
            const file = `${set}-${i}.cjs`;
            const code = moduleOf(set, name, schema);
            for (const folder of folders) {
                const dir = path.join(folder, FOLDER);
                if (!indexes.has(dir)) {
                    rmSync(dir, {recursive: true, force: true});
                    mkdirSync(dir, {recursive: true});
                    indexes.set(dir, {});
                }
                writeFileSync(path.join(dir, file), code);
                indexes.get(dir)[name] = {key: schemaKey(schema, SETS[set]), file};
            }
        });
    }
    for (const [dir, index] of indexes) writeFileSync(path.join(dir, "index.json"), JSON.stringify(index));
}
