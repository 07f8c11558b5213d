import fs from "node:fs";
import http from "node:http";
import type {AddressInfo} from "node:net";
import path from "node:path";
import {expect, test} from "@playwright/test";
import {tempDir} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";

let served: Served;
let site: http.Server;
let page = "";

test.beforeEach(async () => {
    site = http.createServer((_req, res) => {
        res.writeHead(200, {"Content-Type": "text/html"});
        res.end(
            "<html><head><title>Example Domain</title></head><body><h1>Example Domain</h1><p>This domain is for use in examples.</p></body></html>",
        );
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    page = `http://127.0.0.1:${(site.address() as AddressInfo).port}/example`;
    const dataDir = tempDir();
    fs.writeFileSync(
        path.join(dataDir, "tools.yaml"),
        "tools:\n    web_fetch:\n        options:\n            allow_hosts: [127.0.0.1]\n",
    );
    served = await startServe({dataDir, extra: ["--max-tokens", "16"]});
});
test.afterEach(async () => {
    await served.stop();
    site.closeAllConnections();
    await new Promise<void>((resolve) => site.close(() => resolve()));
});

test("/fetch needs web access, then its source opens from the archive", async ({page: browser}) => {
    await browser.goto(served.url);
    await expect(browser.locator(".status .state")).toHaveText("ready");
    await browser.getByRole("button", {name: "New conversation", exact: true}).first().click();
    const box = browser.getByRole("textbox", {name: "Message"});

    await box.fill(`/fetch ${page}`);
    await box.press("Enter");
    const first = browser.locator("article.message.assistant").first();
    await expect(first.locator(".trace .step")).toHaveAttribute("data-status", "denied");
    await first.locator(".trace summary").click();
    await expect(first.locator(".trace .result pre")).toHaveText(
        "denied: web access is off in this conversation",
    );
    // Enter is ignored while an answer is still being written: wait for this one to finish.
    await expect(first).toHaveAttribute("data-status", "complete");

    await browser.getByRole("switch", {name: "Web access"}).click();
    await expect(browser.getByRole("switch", {name: "Web access"})).toBeChecked();
    await box.fill(`/fetch ${page}`);
    await box.press("Enter");
    const second = browser.locator("article.message.assistant").nth(1);
    await expect(second.locator(".trace .step")).toHaveAttribute("data-status", "ok");
    const source = second.locator(".sources li").first();
    await expect(source).toContainText("Example Domain");
    await source.getByRole("link").click();
    const viewer = browser.getByRole("dialog", {name: "Source"});
    await expect(viewer.locator(".archived")).toContainText("This domain is for use in examples.");
    await expect(viewer.getByRole("link", {name: "Open live page"})).toHaveAttribute("href", page);
});
