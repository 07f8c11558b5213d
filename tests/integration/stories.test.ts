import assert from "node:assert/strict";
import {spawn} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {runStory, type Story} from "../../main/stories/runner.js";
import {after, before, beforeEach} from "node:test";
import {DECIDER_SYSTEM_PROMPT, deciderModel} from "../helpers/deciderModel.js";
import {CLI, ROOT, TEST_MODEL} from "../helpers/paths.js";
import {ranked, startStorySite} from "../helpers/storySite.js";

let site: Awaited<ReturnType<typeof startStorySite>>;
before(async () => (site = await startStorySite()));
beforeEach(() => site.reset());
after(() => site.close());

/** The CLI as a child process, without blocking this one: it serves the story site the child fetches from. */
function cairn(args: string[]): Promise<{code: number | null; stdout: string; stderr: string}> {
    const child = spawn(process.execPath, [CLI, ...args], {env: {...process.env, CAIRN_MODEL: ""}});
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    return new Promise((resolve) => child.once("exit", (code) => resolve({code, stdout, stderr})));
}

test("cairn stories runs story files against the site given on the command line", async () => {
    const story = path.join(ROOT, "tests", "stories", "S4-fetch-summarize.yaml");
    const result = await cairn(["stories", "--site", site.site, "--model", TEST_MODEL, story]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^PASS S4 /m);
    assert.match(result.stdout, /^1 passed, 0 failed$/m);
    const missing = await cairn(["stories", "--model", TEST_MODEL, "x.yaml"]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^cairn: stories need a site to test against: pass --site URL/);
});

test("the story site's search ranks as a search engine does: more of the query's words first, stop words ignored", async () => {
    const titles = (query: string) => ranked(query).map((d) => d.title);
    // "the" is in the rover article too: it must not bring it first, nor at all.
    assert.deepEqual(titles("the current price of Bitcoin in USD"), ["Bitcoin price today"]);
    assert.deepEqual(titles("latest news about the Mars rover"), ["Rover mission update"]);
    assert.deepEqual(titles("BTC price"), ["Bitcoin price today", "Crypto market update"]);
    assert.deepEqual(titles("the weather in Oslo"), []);
    const res = await fetch(`${site.site}/search?q=${encodeURIComponent("Bitcoin USD")}`);
    const body = (await res.json()) as {results: {title: string}[]};
    assert.deepEqual(
        body.results.map((r) => r.title),
        ["Bitcoin price today"],
    );
});

test("the shipped bundles carry no test code: no story site, corpus or stories folder", () => {
    // out/main is split into chunks the CLI loads on demand: every one of them.
    const chunks = fs.readdirSync(path.join(ROOT, "out/main")).filter((f) => f.endsWith(".js"));
    assert.ok(chunks.length > 1, "out/main holds the CLI and its chunks");
    for (const bundle of [...chunks.map((f) => `out/main/${f}`), "out/electron/main.js"]) {
        const code = fs.readFileSync(path.join(ROOT, bundle), "utf8");
        for (const testOnly of ["Bitcoin trades at", "tests/stories", "startStorySite"])
            assert.ok(!code.includes(testOnly), `${bundle} contains "${testOnly}"`);
    }
});

test("the story runner reports what a story expected and did not see", async () => {
    const story: Story = {
        story_id: "X1",
        title: "expectations that cannot hold",
        settings: {web: true},
        turns: [
            {query: "Read {site}/example", preflight: [{name: "web_fetch", args: {url: "{site}/example"}}]},
        ],
        expected_bus_events: {present: ["tool.request.web_search"], absent: ["tool.request.web_fetch"]},
        expected_requests: 0,
        tool_errors: ["fetch failed: 500"],
    };
    const result = await runStory(story, TEST_MODEL, false, site);
    assert.deepEqual(result.failures, [
        "missing bus event tool.request.web_search",
        "unexpected bus event tool.request.web_fetch",
        "expected 0 network requests, saw 1",
        'expected the tool error "fetch failed: 500", saw []',
    ]);
});

test("content checks are skipped, with the reason, for a model that cannot follow instructions", async () => {
    const story: Story = {
        story_id: "X2",
        title: "content",
        turns: [{query: "Hello", expected_content: ["never in a children's story: ZQX"]}],
    };
    const skipped = await runStory(story, TEST_MODEL, false, site);
    assert.deepEqual(skipped.failures, []);
    assert.deepEqual(skipped.skipped, [
        "content checks need a model that follows instructions (cairn stories --instructed --model PATH; npm test: CAIRN_TEST_MODEL)",
    ]);
    const checked = await runStory(story, TEST_MODEL, true, site);
    assert.equal(checked.failures.length, 2);
    assert.equal(checked.failures[0], `the answer lacks "never in a children's story: ZQX"`);
    // The answer it got, so that a failed content check can be read.
    assert.match(checked.failures[1]!, /^the answer was ".+"$/s);
});

test("a failed content check shows the calls the model made, with their arguments", async () => {
    const story: Story = {
        story_id: "X3",
        title: "calls",
        turns: [{query: "How many CPU cores does this computer have?", expected_content: ["ZQX"]}],
    };
    // The deciding test model calls system_stats for this question on its own (realModel.test.ts).
    const result = await runStory(story, deciderModel(), true, site, {
        greedy: true,
        systemPrompt: DECIDER_SYSTEM_PROMPT,
    });
    assert.equal(result.failures[0], 'the answer lacks "ZQX"');
    assert.match(result.failures[1]!, /^the answer was ".+"$/s);
    // Each call with its arguments. How often it calls depends on what system_stats read of the machine's live
    // load (it called again, 4 times in all, once CI ran its test streams side by side).
    assert.match(result.failures[2]!, /^the calls were system_stats \{\}(, system_stats \{\})*$/);
});
