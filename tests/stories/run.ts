// `npm test`'s stories: every tests/stories/*.yaml on the real stack against the loopback story site.
// Prints one line per story, then "N passed, N failed". Usage: run.ts --model PATH|decider [--instructed]
// [--greedy] [--only S4,S7] ("decider": the deciding test model of tests/fixtures/decider, assembled on first
// use; --greedy: the most likely token each time, not the model family's sampling; --only: those stories).
import fs from "node:fs";
import path from "node:path";
import {fileURLToPath} from "node:url";
import {runStoryFiles} from "../../main/stories/runner.js";
import {deciderModel} from "../helpers/deciderModel.js";
import {startStorySite} from "../helpers/storySite.js";

const given = process.argv[process.argv.indexOf("--model") + 1];
if (!process.argv.includes("--model") || !given) {
    console.error("usage: run.ts --model PATH|decider [--instructed] [--greedy] [--only S4,S7]");
    process.exit(2);
}
const model = given === "decider" ? deciderModel() : given;
const only = process.argv.includes("--only")
    ? process.argv[process.argv.indexOf("--only") + 1]!.split(",")
    : null;
const dir = path.dirname(fileURLToPath(import.meta.url));
const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".yaml") && (!only || only.some((id) => f.startsWith(`${id}-`))))
    .sort()
    .map((f) => path.join(dir, f));
const site = await startStorySite();
try {
    const failed = await runStoryFiles(
        files,
        {
            model,
            instructed: process.argv.includes("--instructed"),
            greedy: process.argv.includes("--greedy"),
            site,
        },
        (line) => console.log(line),
    );
    process.exitCode = failed === 0 ? 0 : 1;
} finally {
    await site.close();
}
