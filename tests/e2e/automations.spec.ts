import fs from "node:fs";
import path from "node:path";
import {expect, test} from "@playwright/test";
import {DB_FILE_NAME, openDatabase} from "../../main/store/db.js";
import {SettingsStore} from "../../main/store/settings.js";
import {axeOn} from "../helpers/axe.js";
import {choose} from "../helpers/choose.js";
import {DECIDER_SYSTEM_PROMPT, deciderModel} from "../helpers/deciderModel.js";
import {tempDir} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";
import {startStorySite} from "../helpers/storySite.js";
import {shootLightAndDark} from "../helpers/screens.js";

// An automation made in the window of the real `cairn serve`, run on its schedule by the deciding test model
// (it chooses its web search itself) against a loopback search site: the sidebar's badge, the run's result, what
// it sent off the computer (the egress log), and its conversation.

let served: Served;
let site: Awaited<ReturnType<typeof startStorySite>>;
test.beforeEach(async () => {
    site = await startStorySite();
    const dataDir = tempDir();
    fs.writeFileSync(
        path.join(dataDir, "tools.yaml"),
        `tools:\n    web_search:\n        options:\n            base_url: ${site.site}\n`,
    );
    // The deciding model is given the system prompt it was trained under, and answers greedily.
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    new SettingsStore(db).set("generation", {
        systemPrompt: DECIDER_SYSTEM_PROMPT,
        temperature: 0,
        maxTokens: 96,
    });
    db.close();
    served = await startServe({dataDir, model: deciderModel()});
});
test.afterEach(async () => {
    await served.stop();
    await site.close();
});

test("an automation made in the window runs at its time, is shown with its badge, what it sent and its conversation", async ({
    page,
}, testInfo) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "Automations"}).click();
    const panel = page.getByRole("dialog", {name: "Automations"});
    const form = panel.getByRole("form", {name: "New automation"});
    await form.getByRole("textbox", {name: "Name"}).fill("Bitcoin watch");
    await form
        .getByRole("textbox", {name: "What to do"})
        .fill("What is the current price of Bitcoin in USD?");
    await choose(form.getByRole("combobox", {name: "When"}), "Once");
    // Ten seconds from now, on the window's clock, as the date-and-time field takes it.
    const soon = await page.evaluate(() => {
        const d = new Date(Date.now() + 10_000);
        const two = (n: number) => String(n).padStart(2, "0");
        return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
    });
    await form.getByRole("textbox", {name: "At", exact: true}).fill(soon);
    await form.getByRole("checkbox", {name: "web_search"}).check();
    await choose(form.getByRole("combobox", {name: "Network"}), "Providers and the web");
    await expect(async () => {
        expect((await axeOn(page).include("dialog").analyze()).violations).toEqual([]);
    }).toPass();
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`automations-form-${colorScheme}.png`)});
    }
    await form.getByRole("button", {name: "Add automation"}).click();
    const item = panel
        .getByRole("listitem")
        .filter({has: page.getByRole("heading", {name: "Bitcoin watch"})});
    await expect(item).toContainText("once,");
    await expect(item).toContainText("Not run yet");
    await panel.getByRole("button", {name: "Close"}).last().click();

    // The run happens while the window is elsewhere: the sidebar's entry says so.
    const badged = page.getByRole("button", {name: "Automations: 1 new run"});
    await expect(badged).toBeVisible({timeout: 90_000});
    await badged.click();
    await expect(item).toContainText("Done");
    await expect(item).toContainText("no next run");
    await item.getByRole("button", {name: "History"}).click();
    const history = item.getByRole("list", {name: "Runs of Bitcoin watch"});
    await expect(history).toContainText("on schedule");
    const sent = history.getByRole("list", {name: "Sent 1 request"});
    await expect(sent).toContainText(`web search to ${new URL(site.site).host} (200)`);
    expect((await axeOn(page).include("dialog").analyze()).violations).toEqual([]);
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`automations-list-${colorScheme}.png`)});
    }

    // Its conversation: the automation's name, and the search the model chose.
    await history.getByRole("button", {name: "Open conversation"}).click();
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole("heading", {level: 1})).toContainText("Bitcoin watch · ");
    await expect(page.getByText("web_search").first()).toBeVisible();
    // In the sidebar it is marked as an automation's run, in the automation's folder (open while it is shown),
    // not among the dates.
    await expect(page.getByRole("img", {name: "Run of an automation"})).toHaveCount(1);
    const folder = page.getByRole("region", {name: "Runs of Bitcoin watch"});
    await expect(folder.getByRole("button", {name: /^Bitcoin watch/})).toHaveAttribute(
        "aria-expanded",
        "true",
    );
    await expect(folder.locator("button.title", {hasText: "Bitcoin watch · "})).toHaveCount(1);
    await expect(
        page.locator(".date-groups").locator("button.title", {hasText: "Bitcoin watch · "}),
    ).toHaveCount(0);
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await expect(folder.getByRole("button", {name: /^Bitcoin watch/})).toHaveAttribute(
        "aria-expanded",
        "false",
    );
    await expect(folder.locator("button.title", {hasText: "Bitcoin watch · "})).toHaveCount(0);
    await folder.getByRole("button", {name: /^Bitcoin watch/}).click();
    await expect(folder.locator("button.title", {hasText: "Bitcoin watch · "})).toHaveCount(1);
    const sidebar = page.getByRole("navigation", {name: "Conversations"});
    await sidebar.screenshot({path: testInfo.outputPath("automation-folder.png")});

    // Changed in the window: renamed, its steps lowered; the rest as it was.
    await page.getByRole("button", {name: "Automations", exact: true}).click();
    await panel.getByRole("button", {name: "Edit Bitcoin watch"}).click();
    const edit = panel.getByRole("form", {name: "Edit Bitcoin watch"});
    await expect(edit.getByRole("checkbox", {name: "web_search"})).toBeChecked();
    await edit.getByRole("textbox", {name: "Name"}).fill("BTC watch");
    await edit.getByRole("spinbutton", {name: "Steps at most"}).fill("3");
    await edit.getByRole("button", {name: "Save changes"}).click();
    await expect(panel.getByRole("heading", {name: "BTC watch"})).toBeVisible();
    await expect(panel.getByRole("heading", {name: "Bitcoin watch"})).toHaveCount(0);
});

test("a research question made an automation in the window: run now, its report is the run's conversation", async ({
    page,
}, testInfo) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "Automations"}).click();
    const panel = page.getByRole("dialog", {name: "Automations"});
    const form = panel.getByRole("form", {name: "New automation"});
    await form.getByRole("textbox", {name: "Name"}).fill("Bitcoin research");
    await form.getByRole("checkbox", {name: /^Research it/}).check();
    // A research run reads with research's own tools: the tools are not asked for.
    await expect(form.getByRole("group", {name: "Tools it may use"})).toHaveCount(0);
    await form
        .getByRole("textbox", {name: "The question to research"})
        .fill("What is the current price of Bitcoin in USD?");
    await choose(form.getByRole("combobox", {name: "Network"}), "Providers and the web");
    await form.getByRole("spinbutton", {name: "Steps at most"}).fill("4");
    await shootLightAndDark(page, testInfo, "automations-research", () => form.scrollIntoViewIfNeeded());
    await form.getByRole("button", {name: "Add automation"}).click();
    const item = panel
        .getByRole("listitem")
        .filter({has: page.getByRole("heading", {name: "Bitcoin research"})});
    await expect(item.locator(".automation-when")).toContainText(/^research · every day/);
    await item.getByRole("button", {name: "Run now"}).click();
    await expect(item.locator(".automation-last")).toContainText("Done", {timeout: 90_000});
    await item.locator(".automation-last").getByRole("button", {name: "Open conversation"}).click();
    await expect(page.getByRole("heading", {level: 1, name: /^Bitcoin research · /})).toBeAttached();
    // The answer is the research run's report, with what it searched on the loopback site.
    await expect(
        page.getByRole("heading", {name: "Research: What is the current price of Bitcoin in USD?"}),
    ).toBeVisible();
    await expect(page.getByText("web_search").first()).toBeVisible();
});
