import fs from "node:fs";
import http from "node:http";
import type {AddressInfo} from "node:net";
import {expect, test, type Page} from "@playwright/test";
import {frameProbe, PROBED} from "../helpers/frameProbe.js";
import {tempDir} from "../helpers/paths.js";
import {shootLightAndDark} from "../helpers/screens.js";
import {seedConversation} from "../helpers/seedConversation.js";
import {startServe, type Served} from "../helpers/serve.js";

// Artifacts (issue 71): an answer's svg, mermaid and html blocks previewed beside it, each in a frame served once
// under its own CSP, sandboxed without same-origin rights. The frames' scripts try every way out; a canary on
// 127.0.0.1 must hear nothing, and Cairn's page must stay Cairn's.

let served: Served;
let canary: http.Server;
let canaryUrl: string;
const heard: string[] = [];

test.beforeEach(async () => {
    heard.length = 0;
    canary = http.createServer((req, res) => {
        heard.push(req.url ?? "");
        res.end("ok");
    });
    await new Promise<void>((resolve) => canary.listen(0, "127.0.0.1", resolve));
    canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}/`;
});
test.afterEach(async () => {
    await served.stop();
    canary.close();
});

const svgAnswer = (canary: string) =>
    [
        "Here is the drawing:",
        "",
        "```svg",
        '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120" viewBox="0 0 320 120">',
        '<rect width="320" height="120" fill="#1d4ed8"/>',
        '<text id="results" x="8" y="20" font-size="9" fill="#fff"></text>',
        `<script>${frameProbe(canary)}</script>`,
        "</svg>",
        "```",
        "",
        "And the flow:",
        "",
        "```mermaid",
        "flowchart LR",
        "    Ask[Question] --> Search[Search the web]",
        "    Search --> Answer[Answer with sources]",
        "```",
    ].join("\n");

async function openConversation(page: Page, title: string) {
    await page.goto(served.url);
    await page.locator(".sidebar .title", {hasText: title}).click();
    return page.locator("article.message.assistant");
}

test(
    "an answer's SVG and Mermaid blocks preview beside it, in frames that reach neither Cairn's page nor the network",
    {tag: "@small-window"},
    async ({page}, testInfo) => {
        const dataDir = tempDir();
        seedConversation(dataDir, "Drawings", [{question: "Draw it", answer: svgAnswer(canaryUrl)}]);
        served = await startServe({dataDir, model: null});
        const answer = await openConversation(page, "Drawings");

        const previewSvg = answer.getByRole("button", {name: "Preview svg"});
        await previewSvg.click();
        const panel = page.getByRole("complementary", {name: "Preview: SVG drawing"});
        await expect(panel).toBeVisible();
        await expect(panel.getByRole("button", {name: "Copy"})).toBeFocused();
        const results = page
            .frameLocator('iframe[title="SVG drawing, shown in a sandbox"]')
            .locator("#results");
        await expect(results).toContainText("done: yes");
        for (const name of PROBED) await expect(results).toContainText(`${name}: blocked`);
        // Esc closes the panel and gives the focus back to the Preview that opened it.
        await page.keyboard.press("Escape");
        await expect(panel).toBeHidden();
        await expect(previewSvg).toBeFocused();

        await answer.getByRole("button", {name: "Preview mermaid"}).click();
        const diagramPanel = page.getByRole("complementary", {name: "Preview: Mermaid diagram"});
        const diagram = page.frameLocator('iframe[title="Mermaid diagram, shown in a sandbox"]');
        // Drawn in the frame by the mermaid package, loaded from the app's own files.
        await expect(diagram.locator("svg .node").filter({hasText: "Search the web"})).toBeVisible();
        await expect(diagram.locator("svg .node")).toHaveCount(3);
        await shootLightAndDark(page, testInfo, "artifact-mermaid");

        // Full size: the same diagram over the whole window, until the person goes back.
        await diagramPanel.getByRole("button", {name: "Full size"}).click();
        const full = page.getByRole("dialog", {name: "Mermaid diagram, full size"});
        await expect(full.locator("iframe")).toBeVisible();
        await expect(
            full.frameLocator("iframe").locator("svg .node").filter({hasText: "Answer with sources"}),
        ).toBeVisible();
        await full.getByRole("button", {name: "Exit full size"}).click();
        await expect(full).toBeHidden();
        await expect(diagramPanel.getByRole("button", {name: "Full size"})).toBeFocused();

        // Download saves the block's own text.
        const saving = page.waitForEvent("download");
        await diagramPanel.getByRole("button", {name: "Download"}).click();
        const saved = await saving;
        expect(saved.suggestedFilename()).toBe("mermaid-preview.mmd");
        expect(fs.readFileSync(await saved.path(), "utf8")).toContain(
            "Search --> Answer[Answer with sources]",
        );

        expect(heard).toEqual([]);
        await expect(page.getByRole("button", {name: "New conversation", exact: true}).first()).toBeVisible();
    },
);

test("an HTML page's scripts run in its frame and reach nothing; a diagram that does not parse says why", async ({
    page,
}) => {
    const dataDir = tempDir();
    const html = [
        "```html",
        `<!doctype html><html><body><h1>Probe</h1><p id="results"></p><button id="leave">Leave</button><script>${frameProbe(canaryUrl)}`,
        `document.getElementById("leave").onclick = () => { window.location.href = ${JSON.stringify(canaryUrl)} + "self"; };`,
        "</script></body></html>",
        "```",
    ].join("\n");
    const broken = ["```mermaid", "flowchart LR", "    A --> ((", "```"].join("\n");
    seedConversation(dataDir, "Pages", [
        {question: "A page", answer: html},
        {question: "A diagram", answer: broken},
    ]);
    served = await startServe({dataDir, model: null});
    const answers = await openConversation(page, "Pages");

    await answers.first().getByRole("button", {name: "Preview html"}).click();
    const results = page.frameLocator('iframe[title="HTML page, shown in a sandbox"]').locator("#results");
    await expect(results).toContainText("done: yes");
    for (const name of PROBED) await expect(results).toContainText(`${name}: blocked`);
    // The page sends its own frame away: the window's CSP (frame-src 'self') refuses the address.
    // The frame loads again either way (the canary's answer, or the refusal's error page): then it is known.
    const frame = page.locator('iframe[title="HTML page, shown in a sandbox"]');
    const reloaded = frame.evaluate(
        (el) => new Promise<void>((resolve) => el.addEventListener("load", () => resolve(), {once: true})),
    );
    await page.frameLocator('iframe[title="HTML page, shown in a sandbox"]').locator("#leave").click();
    await reloaded;
    expect(heard).toEqual([]);

    await answers.nth(1).getByRole("button", {name: "Preview mermaid"}).click();
    const panel = page.getByRole("complementary", {name: "Preview: Mermaid diagram"});
    await expect(panel.getByRole("alert")).toContainText(
        "This diagram could not be drawn: Parse error on line 2",
    );
    expect(heard).toEqual([]);
});
