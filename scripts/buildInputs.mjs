// What scripts/build.mjs builds from, as one hash: the sources it bundles, its own scripts and settings, the
// installed packages (by the lockfile and the patches applied to them) and Node's version. The build writes it
// beside its output; `npm test` builds again only where it differs, so CI's install (whose `prepare` builds)
// and the tests' build are one build, not two.
import {createHash} from "node:crypto";
import {existsSync, readFileSync, readdirSync, statSync, writeFileSync} from "node:fs";
import path from "node:path";

/** The folders and files the build reads, relative to the checkout. */
const INPUTS = [
    "main",
    "shared",
    "electron",
    "renderer",
    "patches",
    "scripts/build.mjs",
    "scripts/buildInputs.mjs",
    "scripts/contractValidators.mjs",
    "scripts/packageFileUrls.mjs",
    "vite.config.ts",
    "tsconfig.json",
    "tsconfig.base.json",
    "package.json",
    "package-lock.json",
];

/** Where the build writes the hash of what it was built from. */
export const STAMP = path.join("out", "build-inputs.sha256");

/** Every file under `entry` (a file or a folder, relative to `root`), in a stable order. */
function filesOf(root, entry) {
    const full = path.join(root, entry);
    if (!existsSync(full)) return [];
    if (!statSync(full).isDirectory()) return [entry];
    return readdirSync(full, {recursive: true})
        .map((name) => path.join(entry, String(name)))
        .filter((file) => statSync(path.join(root, file)).isFile())
        .sort();
}

/** The hash of the build's inputs in `root` as they are now: each file's path and content, and Node's version. */
export function buildInputsHash(root = ".") {
    const hash = createHash("sha256").update(`node ${process.version}\n`);
    for (const file of INPUTS.flatMap((entry) => filesOf(root, entry))) {
        hash.update(`${file}\n`);
        hash.update(readFileSync(path.join(root, file)));
    }
    return hash.digest("hex");
}

/** Written by the build when it succeeded. */
export function writeBuildStamp(hash, root = ".") {
    writeFileSync(path.join(root, STAMP), `${hash}\n`);
}

/** Whether `root`'s out/ was built from the inputs as they are now. */
export function builtFromCurrentInputs(root = ".") {
    const stamp = path.join(root, STAMP);
    if (!existsSync(stamp)) return false;
    return readFileSync(stamp, "utf8").trim() === buildInputsHash(root);
}
