// Loaded with `--import` by `npm test`'s node stage (scripts/test.mjs). In a test file's process, node:test sends
// its results to the runner as V8-serialized frames on stdout; anything else written there (a console.log by the
// code under test, above all with multi-byte characters such as "•") can fall between a frame's bytes, and the
// runner fails the whole file with "Unable to deserialize cloned data" (nodejs/node#48103, #66164; stop 94's CI
// failed so on electronBuilder.test.ts). In those processes the console writes to stderr instead, which the
// runner passes through as text. The runner's own process keeps its console.
import {Console} from "node:console";

if (process.env.NODE_TEST_CONTEXT?.startsWith("child")) {
    const toStderr = new Console({stdout: process.stderr, stderr: process.stderr});
    for (const name of [
        "log",
        "info",
        "debug",
        "dir",
        "table",
        "group",
        "groupCollapsed",
        "groupEnd",
    ] as const)
        Object.assign(console, {[name]: toStderr[name].bind(toStderr)});
}
