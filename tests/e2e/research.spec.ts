import {randomBytes} from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import {expect, test} from "@playwright/test";
import {startConversation} from "../helpers/ask.js";
import {paced} from "../helpers/pace.js";
import {tempDir} from "../helpers/paths.js";
import {shootLightAndDark} from "../helpers/screens.js";
import {startServe, type Served} from "../helpers/serve.js";
import {freePort} from "../helpers/ports.js";

// Research mode in the window, on the real `cairn serve` and a loopback search engine (SearXNG's JSON) with its
// pages: the plan edited and started, the progress and the task list live, `cairn serve` killed while a page is
// read, the run resumed from the window, and the report with its citations.

const PAGES: Record<string, string> = {
    "/keepers": "Lighthouse keepers lit the lamp at dusk and wound the clockwork every four hours.",
    "/lens": "The Fresnel lens let a lighthouse beam reach forty kilometres out to sea.",
    "/storms": "In storms the lighthouse keepers kept the lamp burning through the night.",
};

/** The site: /search lists the pages; /storms is held unanswered until `release()` (the run is killed
 *  meanwhile, however long the screenshots before the kill take), then answered at once. */
async function startSite(): Promise<{url: string; close: () => void; release: () => void}> {
    let held: (() => void)[] | null = [];
    const server = http.createServer((req, res) => {
        const url = new URL(req.url!, "http://x");
        const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
        if (url.pathname === "/search") {
            const results = Object.keys(PAGES).map((p) => ({
                title: p.slice(1),
                url: `${base}${p}`,
                content: "x",
            }));
            res.writeHead(200, {"Content-Type": "application/json"});
            return res.end(JSON.stringify({query: url.searchParams.get("q"), results}));
        }
        const text = PAGES[url.pathname];
        if (!text) return res.writeHead(404).end();
        const send = () => {
            res.writeHead(200, {"Content-Type": "text/html"});
            res.end(
                `<html><head><title>${url.pathname.slice(1)}</title></head><body><p>${text}</p></body></html>`,
            );
        };
        if (url.pathname === "/storms" && held) held.push(send);
        else send();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const {port} = server.address() as net.AddressInfo;
    const release = () => {
        for (const send of held ?? []) send();
        held = null;
    };
    return {url: `http://127.0.0.1:${port}`, close: () => server.close(), release};
}

let served: Served | null = null;
let site: Awaited<ReturnType<typeof startSite>> | null = null;
test.afterEach(async () => {
    await served?.stop();
    site?.close();
    delete process.env.CAIRN_SERVE_TOKEN;
});

test("a research question: the plan edited, progress and tasks live, serve killed and the run resumed, the report cited", async ({
    page,
}, testInfo) => {
    test.setTimeout(paced(120_000));
    site = await startSite();
    const dataDir = tempDir();
    fs.writeFileSync(
        path.join(dataDir, "tools.yaml"),
        `tools:\n    web_search:\n        options: {provider: searxng, base_url: "${site.url}"}\n` +
            // The held page must outlast the kill: no tool timeout ends its read first.
            `    web_fetch:\n        timeoutMs: 600000\n        options: {allow_hosts: [127.0.0.1], fetch_timeout_ms: 600000}\n`,
    );
    // The same address after the restart (port and token), so that the open window reconnects.
    process.env.CAIRN_SERVE_TOKEN = randomBytes(24).toString("base64url");
    const port = await freePort();
    const options = {
        dataDir,
        contextSize: 4096,
        extra: ["--port", String(port), "--max-tokens", "16", "--temperature", "0"],
    };
    served = await startServe(options);
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    await startConversation(page);
    await page.getByRole("switch", {name: "Web access"}).click();
    await expect(page.getByRole("switch", {name: "Web access"})).toBeChecked();

    await page.getByRole("button", {name: "Research", exact: true}).click();
    await expect(page.getByRole("button", {name: "Research", exact: true}).first()).toHaveAttribute(
        "aria-pressed",
        "true",
    );
    const box = page.getByRole("textbox", {name: "Message"});
    await box.fill("How did lighthouse keepers work?");
    await box.press("Enter");

    const card = page.getByRole("region", {name: "Research"});
    await expect(card.getByRole("heading")).toHaveText("Research plan: edit the questions, then start");
    await expect(card).toContainText("Searches the web and reads the pages it finds");
    // The model's plan (the test model's words) is replaced by the person's.
    const first = card.getByRole("textbox", {name: "Question 1"});
    await first.fill("What did lighthouse keepers do?");
    while ((await card.getByRole("textbox").count()) > 1)
        await card.getByRole("button", {name: "Remove question 2"}).click();
    await card.getByRole("button", {name: "Add a question"}).click();
    await card.getByRole("textbox", {name: "Question 2"}).fill("How far did a lighthouse beam reach?");
    await card.getByRole("spinbutton", {name: "Steps"}).fill("16");
    await shootLightAndDark(page, testInfo, "research-plan", () => card.scrollIntoViewIfNeeded());
    await card.getByRole("button", {name: "Start research"}).click();

    await expect(card.getByRole("heading")).toHaveText("Researching");
    await expect(card.getByRole("button", {name: "Pause"})).toBeVisible();
    const tasks = page.getByRole("region", {name: "Tasks"});
    await expect(tasks.getByRole("listitem")).toHaveText([
        /What did lighthouse keepers do\?/,
        /How far did a lighthouse beam reach\?/,
    ]);
    // The slow page is being read: the core is killed there.
    await expect(card.locator(".research-phase")).toHaveText(/Reading: storms/, {timeout: paced(30_000)});
    await expect(card.getByRole("progressbar")).toBeVisible();
    await shootLightAndDark(page, testInfo, "research-progress", () => card.scrollIntoViewIfNeeded());
    served.child.kill("SIGKILL");
    await served.stop();
    site.release();
    await expect(page.getByRole("alert").filter({hasText: "Cairn is not reachable"})).toBeVisible({
        timeout: paced(5_000),
    });

    served = await startServe(options);
    await expect(page.locator(".status .state")).toHaveText("ready", {timeout: paced(20_000)});
    await expect(card.getByRole("heading")).toHaveText("Research interrupted: Cairn stopped during it");
    const stepsBefore = Number(/Steps: (\d+)/.exec(await card.locator(".research-meter").innerText())![1]);
    expect(stepsBefore).toBeGreaterThan(0);
    await card.getByRole("button", {name: "Resume"}).click();
    await expect(card.getByRole("heading")).toHaveText("Research done", {timeout: paced(60_000)});
    const answer = page.locator("article.message.assistant").last();
    await expect(answer).toHaveAttribute("data-status", "complete");
    // The report's "# Research: …" sits under the page's own <h1> (the conversation's title).
    await expect(answer.locator(".content").getByRole("heading", {level: 2})).toHaveText(
        "Research: How did lighthouse keepers work?",
    );
    await expect(answer.getByRole("heading", {level: 1})).toHaveCount(0);
    await expect(answer.locator(".content")).toContainText("Lighthouse keepers lit the lamp at dusk");
    await expect(answer.locator(".content")).toContainText(
        "The Fresnel lens let a lighthouse beam reach forty kilometres",
    );
    await expect(answer.locator(".content a.cite").first()).toBeVisible();
    await expect(tasks.getByRole("heading")).toHaveText("Tasks 0 of 2 left");
    await shootLightAndDark(page, testInfo, "research-report", () => answer.scrollIntoViewIfNeeded());
});
