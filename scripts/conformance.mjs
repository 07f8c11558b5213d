// The MCP project's conformance suite (@modelcontextprotocol/conformance) and the Node 22 it needs (it uses
// fs.globSync; Cairn runs on Node 20), brought from the npm registry into .cache/conformance once, pinned.
// Node comes as the registry's node-<platform>-<arch> package, so nothing else is installed on the machine.
// `npm run conformance` runs every scenario (tests/integration/mcpConformance.test.ts runs them in `npm test`).
import {execFileSync, spawnSync} from "node:child_process";
import {existsSync, readFileSync} from "node:fs";
import path from "node:path";
import {fileURLToPath} from "node:url";

export const SUITE = "@modelcontextprotocol/conformance@0.1.16";
export const NODE = `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}@22.23.5`;
const root = fileURLToPath(new URL("..", import.meta.url));
export const CACHE = path.join(root, ".cache", "conformance");

/** The suite's command line (Node 22 and the suite's entry), installed first if it is not there yet. */
export function suiteCommand() {
    const modules = path.join(CACHE, "node_modules");
    const node = path.join(modules, NODE.slice(0, NODE.lastIndexOf("@")), "bin", "node");
    const entry = path.join(modules, "@modelcontextprotocol", "conformance", "dist", "index.js");
    if (!installed(modules) || !existsSync(node) || !existsSync(entry)) {
        const started = performance.now();
        execFileSync(
            "npm",
            [
                "install",
                "--prefix",
                CACHE,
                "--no-save",
                "--no-audit",
                "--no-fund",
                "--ignore-scripts",
                "--loglevel=error",
                SUITE,
                NODE,
            ],
            {stdio: ["ignore", "ignore", "inherit"]},
        );
        process.stderr.write(
            `conformance: installed ${SUITE} and ${NODE} in ${Math.round(performance.now() - started)} ms\n`,
        );
    }
    return {node, entry};
}

function installed(modules) {
    try {
        const suite = JSON.parse(
            readFileSync(path.join(modules, "@modelcontextprotocol", "conformance", "package.json"), "utf8"),
        );
        return suite.version === SUITE.slice(SUITE.lastIndexOf("@") + 1);
    } catch {
        return false;
    }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const {node, entry} = suiteCommand();
    const result = spawnSync(node, [entry, ...process.argv.slice(2)], {stdio: "inherit", cwd: root});
    process.exit(result.status ?? 1);
}
