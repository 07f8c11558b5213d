#!/usr/bin/env node
// The `cairn` command: runs the built CLI (npm install builds it through the prepare script).
import {existsSync} from "node:fs";
import {fileURLToPath} from "node:url";

const entry = fileURLToPath(new URL("../out/main/cli.js", import.meta.url));
if (!existsSync(entry)) {
    console.error("cairn: the app is not built yet; run `npm run build` in the Cairn folder, then try again");
    process.exit(1);
}
await import(entry);
