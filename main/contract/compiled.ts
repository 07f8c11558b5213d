import {createHash} from "node:crypto";
import fs from "node:fs";
import {createRequire} from "node:module";
import {fileURLToPath} from "node:url";
import type {Options, ValidateFunction} from "ajv";
import {codeOf} from "../../shared/format.js";

/**
 * The contract's validators compiled at build time (scripts/contractValidators.mjs), one file a schema in the
 * folder beside this module's output, named in its index.json: the requests' for the dispatcher, the results'
 * and events' for the tests' contract check. A schema is taken from there only when it and the caller's ajv options
 * are the ones compiled; otherwise (code run from source, a stale build) the caller compiles it, as before.
 */
const FOLDER = new URL("./contract-validators/", import.meta.url);

type Entry = {key: string; file: string};

/** The build's index: undefined until read, null where there is none (code run from source). */
let index: Record<string, Entry> | null | undefined;
const requireHere = createRequire(import.meta.url);

/**
 * The build's validator for `name` ("req:chat.send", "res:chat.send", "event:turn.state") compiled with `options`,
 * or null.
 */
export function compiledValidator(name: string, schema: object, options: Options): ValidateFunction | null {
    if (index === undefined) index = readIndex();
    const entry = index?.[name];
    if (!entry || entry.key !== schemaKey(schema, options)) return null;
    return load(entry.file);
}

function readIndex(): Record<string, Entry> | null {
    try {
        const parsed: unknown = JSON.parse(fs.readFileSync(new URL("index.json", FOLDER), "utf8"));
        return isIndex(parsed) ? parsed : null;
    } catch (error) {
        if (codeOf(error) === "ENOENT") return null;
        throw error;
    }
}

function load(file: string): ValidateFunction | null {
    let validate: unknown;
    try {
        validate = requireHere(fileURLToPath(new URL(file, FOLDER)));
    } catch (error) {
        // A set the build left out here (the desktop app has no checks): compiled by the caller.
        if (codeOf(error) === "MODULE_NOT_FOUND") return null;
        throw error;
    }
    return isValidator(validate) ? validate : null;
}

function isIndex(value: unknown): value is Record<string, Entry> {
    return typeof value === "object" && value !== null;
}

function isValidator(value: unknown): value is ValidateFunction {
    return typeof value === "function";
}

/** The same key as the build's (schemaKey in scripts/contractValidators.mjs): the hash of the options and schema. */
function schemaKey(schema: object, options: Options): string {
    return createHash("sha1").update(JSON.stringify({options, schema})).digest("hex");
}
