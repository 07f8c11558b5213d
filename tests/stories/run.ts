// `npm test`'s stories: every tests/stories/*.yaml on the real stack against the loopback story site.
// Prints one line per story, then "N passed, N failed". Usage: run.ts --model PATH|decider [--instructed]
// [--greedy] [--only S4,S7] ("decider": the deciding test model of tests/fixtures/decider, assembled on first
// use; --greedy: the most likely token each time, not the model family's sampling; --only: those stories).
import fs from "node:fs";
import path from "node:path";
import {fileURLToPath} from "node:url";
import {parseArgs} from "node:util";
import {runStoryFiles} from "../../main/stories/runner.js";
import {DECIDER_SYSTEM_PROMPT, deciderModel} from "../helpers/deciderModel.js";
import {TEST_FLASH_ATTENTION} from "../helpers/paths.js";
import {STORY_PORT, startStorySite} from "../helpers/storySite.js";

const {values: args} = parseArgs({
    options: {
        model: {type: "string"},
        instructed: {type: "boolean", default: false},
        greedy: {type: "boolean", default: false},
        only: {type: "string"},
    },
});
if (!args.model) {
    console.error("usage: run.ts --model PATH|decider [--instructed] [--greedy] [--only S4,S7]");
    process.exit(2);
}
const model = args.model === "decider" ? deciderModel() : args.model;
const only = args.only?.split(",");
const dir = path.dirname(fileURLToPath(import.meta.url));
const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".yaml") && (!only || only.some((id) => f.startsWith(`${id}-`))))
    .sort()
    .map((f) => path.join(dir, f));
const site = await startStorySite(STORY_PORT);
try {
    const failed = await runStoryFiles(
        files,
        {
            model,
            instructed: args.instructed,
            greedy: args.greedy,
            flashAttention: TEST_FLASH_ATTENTION,
            // The deciding test model sees the system prompt it was trained under.
            ...(args.model === "decider" ? {systemPrompt: DECIDER_SYSTEM_PROMPT} : {}),
            site,
        },
        (line) => console.log(line),
    );
    process.exitCode = failed === 0 ? 0 : 1;
} finally {
    await site.close();
}
