// `npm test`'s stories: every tests/stories/*.yaml on the real stack against the loopback story site.
// Prints one line per story, then "N passed, N failed". Usage: run.ts --model PATH [--instructed]
import fs from "node:fs";
import path from "node:path";
import {fileURLToPath} from "node:url";
import {loadStories, runStory} from "../../main/stories/runner.js";
import {startStorySite} from "../helpers/storySite.js";

const model = process.argv[process.argv.indexOf("--model") + 1];
if (!process.argv.includes("--model") || !model) {
    console.error("usage: run.ts --model PATH [--instructed]");
    process.exit(2);
}
const dir = path.dirname(fileURLToPath(import.meta.url));
const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .map((f) => path.join(dir, f));
const site = await startStorySite();
let passed = 0;
let failed = 0;
try {
    for (const story of loadStories(files)) {
        site.reset();
        const result = await runStory(story, model, process.argv.includes("--instructed"), site);
        const ok = result.failures.length === 0;
        if (ok) passed++;
        else failed++;
        console.log(
            `${ok ? "PASS" : "FAIL"} ${result.id} ${result.title}${ok ? "" : `: ${result.failures.join("; ")}`}`,
        );
        for (const reason of new Set(result.skipped)) console.log(`     skipped: ${reason}`);
    }
} finally {
    await site.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
