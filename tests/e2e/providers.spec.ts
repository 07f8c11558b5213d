import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {axeOn} from "../helpers/axe.js";
import {expect, test, type Page} from "@playwright/test";
import {startServe, type Served} from "../helpers/serve.js";
import {tempDir} from "../helpers/paths.js";
import {responsesWebSearch, startCloudServer, type CloudServer} from "../helpers/cloudServers.js";
import {choose} from "../helpers/choose.js";

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

test("a conversation answered by a model served elsewhere: chosen among the server's models in the Model menu, said in the status line, logged in Settings", async ({
    page,
}) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    const picker = page.getByRole("combobox", {name: "Model", exact: true});
    const host = new URL(other.apiUrl!).host;
    await picker.click();
    await expect(page.getByRole("option", {name: "other · m"})).toHaveCount(1);
    await page.keyboard.press("Escape");
    // Opening the picker asks each provider for its models (the other Cairn lists its installed ones, once its
    // model has loaded: it listens before that, and on a busy machine the list was still empty here).
    const listed = async () =>
        (
            (await (
                await fetch(`${other.apiUrl}/models`, {headers: {Authorization: `Bearer ${KEY}`}})
            ).json()) as {data: {id: string}[]}
        ).data;
    await expect.poll(async () => (await listed()).length).toBeGreaterThan(0);
    const model = (await listed())[0]!.id;
    await picker.click();
    await expect(page.getByRole("option", {name: `other · ${model}`})).toHaveCount(1);
    await page.getByRole("option", {name: `other · ${model}`}).click();
    await expect(page.locator(".status .model")).toHaveText(`other · ${model} · ${host}`);
    await expect(page.locator(".status .where")).toContainText("runs elsewhere");
    await page.getByRole("textbox", {name: "Message"}).fill("Hello there");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    const answer = page.locator("article.message.assistant").first();
    await expect(answer).toHaveAttribute("data-status", "complete");
    await expect(answer.locator(".content")).not.toBeEmpty();
    await answer.locator("details.stats summary").click();
    await expect(answer.locator('[data-stat="model"]')).toHaveText(`${model} · ${host}`);
    await page.reload();
    await expect(page.getByRole("combobox", {name: "Model", exact: true})).toHaveText(`other · ${model}`);
    expect(await violations(page)).toEqual([]);

    await page.getByRole("button", {name: "Settings"}).click();
    const log = page.getByRole("table", {name: "Requests sent off this computer"});
    // The models list (for no conversation), then the answer.
    await expect(log.locator("tbody tr")).toHaveCount(2);
    await expect(log.locator("tbody tr").first().locator("td").nth(1)).toHaveText("provider: other");
    await expect(log.locator("tbody tr").first().locator("td").nth(2)).toHaveText(host);
    // Filtered to another purpose, none; back to everything, both.
    await choose(page.getByRole("combobox", {name: "Show"}), "web search");
    await expect(log).toBeHidden();
    await expect(page.getByRole("dialog")).toContainText("None of this kind.");
    await choose(page.getByRole("combobox", {name: "Show"}), "everything");
    await expect(log.locator("tbody tr")).toHaveCount(2);
    const [csv] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", {name: "Export as CSV"}).click(),
    ]);
    expect(csv.suggestedFilename()).toBe("cairn-egress.csv");
    const text = fs.readFileSync(await csv.path(), "utf8");
    expect(text.split("\n")[0]).toBe(
        "time,purpose,detail,host,bytes_sent,bytes_received,status,conversation_id",
    );
    expect(text).toContain(`,provider,other,${host},`);
    await expect(page.getByRole("dialog")).toContainText("key: env E2E_REMOTE_KEY");
    expect(await violations(page)).toEqual([]);
});

async function violations(page: Page): Promise<string[]> {
    const results = await axeOn(page).analyze();
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("cloud providers", () => {
    let cloud: CloudServer;
    test.beforeEach(async () => {
        cloud = await startCloudServer(() => ({
            events: responsesWebSearch({
                query: "cairn 2",
                cited: "Cairn 2 is out.",
                url: "https://example.org/cairn-2",
                title: "Cairn 2 notes",
            }),
        }));
        const file = path.join(served.dataDir, "providers.json");
        fs.writeFileSync(
            file,
            JSON.stringify({
                providers: {
                    cloud: {type: "openai", baseUrl: cloud.url, model: "gpt-test", keyEnv: "E2E_REMOTE_KEY"},
                    claude: {
                        type: "anthropic",
                        baseUrl: cloud.url,
                        model: "claude-test",
                        keyEnv: "E2E_REMOTE_KEY",
                    },
                },
            }),
        );
    });
    test.afterEach(async () => cloud.close());

    test("a cloud model's own web search shows as a step it ran, its pages cited; Anthropic's web switch is off and says why", async ({
        page,
    }) => {
        await page.goto(served.url);
        await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
        const picker = page.getByRole("combobox", {name: "Model", exact: true});
        await choose(picker, "cloud · gpt-test");
        const web = page.getByRole("switch", {name: "Web access"});
        // The switch follows the stored conversation, so it turns on once the change is saved.
        await web.click();
        await expect(web).toBeChecked();
        await page.getByRole("textbox", {name: "Message"}).fill("Is Cairn 2 out?");
        await page.getByRole("textbox", {name: "Message"}).press("Enter");
        const answer = page.locator("article.message.assistant").first();
        await expect(answer).toHaveAttribute("data-status", "complete");
        await expect(answer.locator(".content")).toContainText("Cairn 2 is out.");
        const step = answer.locator('.trace .step[data-tool="web_search"]');
        await expect(step.locator(".ran-by")).toHaveText(/^run by gpt-test · 127\.0\.0\.1:\d+$/);
        await expect(answer.getByRole("link", {name: /1/}).first()).toBeVisible();
        expect(await violations(page)).toEqual([]);

        await choose(picker, "claude · claude-test");
        await expect(web).toBeDisabled();
        await expect(web).not.toBeChecked();
        // (The pointer leaves the switch it clicked before, as a hint shows again only on a new visit.)
        await page.mouse.move(0, 0);
        await page.locator(".header-switch", {has: web}).locator("label").hover();
        await expect(page.getByRole("tooltip")).toHaveText("Not available for this provider yet");
        expect(await violations(page)).toEqual([]);
    });
});

test("Settings adds a provider (its key by variable: cairn serve keeps no typed key) and removes it", async ({
    page,
}) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "Settings"}).click();
    const form = page.getByRole("form", {name: "Add a provider"});
    await expect(form.getByRole("textbox", {name: "Key variable"})).toBeVisible();
    await expect(form.getByLabel("Key", {exact: true})).toHaveCount(0);
    await form.getByRole("textbox", {name: "Name"}).fill("gemini");
    await choose(form.getByRole("combobox", {name: "Type"}), "Gemini");
    await expect(form.getByRole("textbox", {name: "Address"})).toHaveAttribute(
        "placeholder",
        "https://generativelanguage.googleapis.com/v1beta",
    );
    await form.getByRole("textbox", {name: "Model"}).fill("gemini-test");
    await form.getByRole("textbox", {name: "Key variable"}).fill("GEMINI_API_KEY");
    await form.getByRole("button", {name: "Add provider"}).click();
    const item = page.locator(".providers li", {hasText: "gemini"});
    await expect(item).toContainText(
        "Gemini · gemini-test · generativelanguage.googleapis.com · key: env GEMINI_API_KEY",
    );
    expect(await violations(page)).toEqual([]);
    const file = JSON.parse(fs.readFileSync(path.join(served.dataDir, "providers.json"), "utf8")) as {
        providers: Record<string, unknown>;
    };
    assert.deepEqual(file.providers.gemini, {
        type: "gemini",
        model: "gemini-test",
        keyEnv: "GEMINI_API_KEY",
        baseUrl: "https://generativelanguage.googleapis.com/v1beta",
    });
    await item.getByRole("button", {name: "Remove gemini"}).click();
    await expect(page.locator(".providers li", {hasText: "gemini"})).toHaveCount(0);
});
