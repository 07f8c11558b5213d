import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {after, before, test} from "node:test";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {
    HOSTILE_PAGES,
    servePages,
    watchResponsiveness,
    type Responsiveness,
} from "../helpers/hostilePages.js";
import {tempDir} from "../helpers/paths.js";

const ALLOW_LOOPBACK = "tools:\n    web_fetch:\n        options:\n            allow_hosts: [127.0.0.1]\n";
let site: Awaited<ReturnType<typeof servePages>>;
let t: TestCore;

before(async () => {
    site = await servePages(
        Object.fromEntries(Object.entries(HOSTILE_PAGES).map(([name, make]) => [name, make()])),
    );
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "tools.yaml"), ALLOW_LOOPBACK);
    // Room in the context for Cairn's tools and some of the page's text (the tiny model's 2,048 holds not
    // both); not more: the tiny model's prompt processing slows with length, and the page is what is tested.
    t = await openTestCore({dataDir, contextSize: 4096, generation: {maxTokens: 4}});
});
after(async () => {
    await t.core.dispose();
    await site.close();
});

for (const name of Object.keys(HOSTILE_PAGES)) {
    test(`the ${name} page is read while the core keeps answering, within the tool's limit and 300 MB`, async () => {
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        unwrap(await t.api.invoke("conversations.setWebAccess", {id: c.id, webAccess: true}));
        const watch = watchResponsiveness(() => t.api.invoke("app.getStatus", {}));
        const done = nextDone(t.api, c.id);
        let message;
        let figures: Responsiveness;
        try {
            unwrap(
                await t.api.invoke("chat.send", {
                    conversationId: c.id,
                    text: "What does the page say?",
                    preflight: [{name: "web_fetch", args: {url: `${site.base}/${name}`}}],
                }),
            );
            message = await done;
        } finally {
            figures = await watch.stop();
        }
        console.log(`# ${name}: ${JSON.stringify(figures)}`);
        const call = message.toolCalls[0]!;
        assert.equal(call.status, "ok", call.error ?? "");
        assert.match(call.resultText ?? "", /its plain text is shown/);
        assert.ok(call.finishedAt! - call.startedAt < 15_000, "within the tool's 15 s limit");
        // Not timing precision: before the worker, a ping waited 18-30 s (jsdom) or 1-2 s (linkedom) for the parse.
        assert.ok(figures.maxMs < 1_000, `the core answered within 1 s throughout (max ${figures.maxMs} ms)`);
        assert.ok(figures.rssGrowthMb <= 300, `RSS grew ${figures.rssGrowthMb.toFixed(0)} MB`);
        // The whole text is archived (a long page by the archive's worker, off the core's thread).
        const citation = message.citations[0]!;
        const archiveId = (citation.location as {archiveId: string}).archiveId;
        const page = unwrap(await t.api.invoke("archive.get", {id: archiveId}));
        assert.equal(page.text.length, (call.resultData as {chars: number}).chars);
    });
}
