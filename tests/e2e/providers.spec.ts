import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {expect, test, type Page} from "@playwright/test";
import {startServe, type Served} from "../helpers/serve.js";
import {tempDir} from "../helpers/paths.js";

const KEY = "e2e-remote-key";
let other: Served;
let served: Served;

test.beforeEach(async () => {
    // "Another Cairn" with its local API on serves the model; this one has no model of its own.
    other = await startServe({extra: ["--api", "--api-port", "0", "--api-key", KEY, "--max-tokens", "8"]});
    const dataDir = tempDir();
    fs.writeFileSync(
        path.join(dataDir, "providers.json"),
        JSON.stringify({
            providers: {
                other: {
                    type: "openai-compatible",
                    baseUrl: other.apiUrl,
                    model: "m",
                    keyEnv: "E2E_REMOTE_KEY",
                },
            },
        }),
    );
    process.env.E2E_REMOTE_KEY = KEY;
    served = await startServe({dataDir, model: null});
});
test.afterEach(async () => {
    delete process.env.E2E_REMOTE_KEY;
    await served.stop();
    await other.stop();
});

test("a conversation answered by a model served elsewhere: chosen in the Model menu, said in the status line, logged in Settings", async ({
    page,
}) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    const picker = page.getByRole("combobox", {name: "Model", exact: true});
    const host = new URL(other.apiUrl!).host;
    await picker.selectOption({label: `other · m · ${host}`});
    await expect(page.locator(".status .model")).toHaveText(`other · m · ${host}`);
    await expect(page.locator(".status .where")).toContainText("runs elsewhere");
    await page.getByRole("textbox", {name: "Message"}).fill("Hello there");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    const answer = page.locator("article.message.assistant").first();
    await expect(answer).toHaveAttribute("data-status", "complete");
    await expect(answer.locator(".content")).not.toBeEmpty();
    await answer.locator("details.stats summary").click();
    await expect(answer.locator('[data-stat="model"]')).toHaveText(`m · ${host}`);
    await page.reload();
    await expect(page.getByRole("combobox", {name: "Model", exact: true})).toHaveValue("provider:other");
    expect(await violations(page)).toEqual([]);

    await page.getByRole("button", {name: "Settings"}).click();
    const log = page.getByRole("table", {name: "Requests sent to other servers"});
    await expect(log.locator("tbody tr")).toHaveCount(1);
    await expect(log.locator("tbody tr td").nth(2)).toHaveText(host);
    await expect(page.getByRole("dialog")).toContainText("key: env E2E_REMOTE_KEY");
    expect(await violations(page)).toEqual([]);
});

async function violations(page: Page): Promise<string[]> {
    const results = await new AxeBuilder({page}).analyze();
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
