import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {Message} from "../../shared/contract.js";
import {scratchFolder} from "../../main/sandbox/scratch.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {tempDir} from "../helpers/paths.js";

// Artifacts on the real core (issue 71): the pages made for the preview's frame, and the files a program wrote
// read back by the names its run gave, never through a link. The program is a forced run_code call (the test
// model writes no code).

const PROGRAM = [
    'files.write("chart.svg", \'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\');',
    'files.write("flow.mmd", "flowchart LR\\n  A --> B");',
    'files.write("notes.txt", "not a drawing");',
    'files.write("out/page.html", "<!doctype html><p>made</p>");',
    '"written"',
].join("\n");

async function runProgram(t: TestCore): Promise<{conversationId: string; callId: string}> {
    const {id} = unwrap(await t.api.invoke("conversations.create", {}));
    unwrap(await t.api.invoke("conversations.setMode", {id, mode: "agent"}));
    const done: Promise<Message> = nextDone(t.api, id);
    unwrap(
        await t.api.invoke("chat.send", {
            conversationId: id,
            text: "Draw it",
            preflight: [{name: "run_code", args: {language: "javascript", code: PROGRAM}}],
            toolChoice: "none",
        }),
    );
    const answer = await done;
    const call = t.core.toolCalls.forMessage(answer.id).find((c) => c.tool === "run_code");
    assert.ok(call, "the run is in the answer's trace");
    assert.equal(call.status, "ok", call.error ?? "");
    return {conversationId: id, callId: call.id};
}

test("a program's pages, drawings and diagrams are read back by the names its run gave, and nothing else", async () => {
    const t = await openTestCore({contextSize: 8192, generation: {maxTokens: 4, seed: 1}});
    try {
        const {conversationId, callId} = await runProgram(t);
        const file = (name: string) => t.api.invoke("artifacts.file", {toolCallId: callId, name});

        assert.deepEqual(unwrap(await file("chart.svg")), {
            kind: "svg",
            name: "chart.svg",
            source: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        });
        assert.equal(unwrap(await file("flow.mmd")).kind, "mermaid");
        assert.equal(unwrap(await file("out/page.html")).source, "<!doctype html><p>made</p>");

        // Any file the run wrote is there to save, as it is.
        const saved = unwrap(
            await t.api.invoke("artifacts.download", {toolCallId: callId, name: "notes.txt"}),
        );
        assert.equal(Buffer.from(saved.data, "base64").toString("utf8"), "not a drawing");

        const refused = async (name: string) => {
            const res = await file(name);
            assert.ok(!res.ok, `${name} is refused`);
            return res.error;
        };
        assert.match((await refused("notes.txt")).message, /not a page, a drawing or a diagram/);
        assert.equal((await refused("other.svg")).code, "NOT_FOUND");
        assert.equal((await refused("../chart.svg")).code, "NOT_FOUND");

        // The file swapped for a link to one outside the folder after the run: not read through it.
        const outside = path.join(tempDir(), "secret.svg");
        fs.writeFileSync(outside, "<svg>secret</svg>");
        const chart = path.join(scratchFolder(t.dataDir, conversationId), "chart.svg");
        fs.rmSync(chart);
        fs.symlinkSync(outside, chart);
        const linked = await refused("chart.svg");
        assert.equal(linked.code, "NOT_FOUND");
        assert.match(linked.message, /chart\.svg is no longer in this conversation's folder/);
        const linkedDownload = await t.api.invoke("artifacts.download", {
            toolCallId: callId,
            name: "chart.svg",
        });
        assert.ok(!linkedDownload.ok && linkedDownload.error.code === "NOT_FOUND");
    } finally {
        await t.core.dispose();
    }
});

test("a preview's page is served once: a page as written, a drawing on white, a diagram on the theme's ground", async () => {
    const t = await openTestCore();
    try {
        const served = (frame: string) => {
            const page = t.core.appFrames.take(frame);
            assert.equal(t.core.appFrames.take(frame), null, "an address serves its page once");
            assert.ok(page !== null);
            return page;
        };
        const preview = async (kind: "html" | "svg" | "diagram", source: string, theme: "light" | "dark") =>
            served(unwrap(await t.api.invoke("artifacts.preview", {kind, source, theme})).frame);
        assert.equal(await preview("html", "<p>as written</p>", "dark"), "<p>as written</p>");
        const circle = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';
        const drawing = await preview("svg", circle, "dark");
        assert.ok(drawing.includes(`<body>${circle}</body>`));
        assert.match(drawing, /background:#fff/);
        assert.match(await preview("diagram", circle, "dark"), /background:#1e1e1e/);
        assert.match(await preview("diagram", circle, "light"), /background:#fff/);

        // The drawing frame's page: Mermaid's library and the script that draws what its parent posts; no text
        // of a diagram is ever in it.
        const drawer = served(unwrap(await t.api.invoke("artifacts.drawer", {})).frame);
        assert.equal(drawer.match(/<script\b/g)?.length, 2);
        assert.ok(drawer.length > 1_000_000, "Mermaid's library is in the page");
        assert.match(drawer, /securityLevel: "strict"/);
        assert.match(drawer, /event\.source !== parent/);

        const tooLong = await t.api.invoke("artifacts.preview", {
            kind: "svg",
            source: "x".repeat(400_001),
            theme: "light",
        });
        assert.ok(!tooLong.ok);
        assert.equal(tooLong.error.code, "VALIDATION");
    } finally {
        await t.core.dispose();
    }
});
