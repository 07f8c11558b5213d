import {expect, test} from "@playwright/test";
import {startConversation} from "../helpers/ask.js";
import {choose} from "../helpers/choose.js";
import {shootLightAndDark} from "../helpers/screens.js";
import {startServe, type Served} from "../helpers/serve.js";
import {sendWithPreflight} from "../helpers/ws.js";

let served: Served;
test.beforeEach(async () => {
    served = await startServe({contextSize: 8192, extra: ["--max-tokens", "8", "--temperature", "0"]});
});
test.afterEach(async () => served.stop());

test("the agent's task list stands above its answer; the person ticks, rewords, removes and adds tasks", async ({
    page,
}, testInfo) => {
    await page.goto(served.url);
    await startConversation(page);
    await choose(page.getByRole("combobox", {name: "Mode", exact: true}), "Agent");
    const id = new URL(page.url()).searchParams.get("c")!;
    await sendWithPreflight(
        page,
        id,
        [
            {name: "todo", args: {action: "add", tasks: ["Find trains", "Book a hotel", "Pack"]}},
            {name: "todo", args: {action: "update", number: 2, status: "in_progress"}},
        ],
        {toolChoice: "none"},
    );
    await expect(page.locator("article.message.assistant").last()).toHaveAttribute("data-status", "complete");
    const tasks = page.getByRole("region", {name: "Tasks"});
    await expect(tasks.getByRole("heading")).toHaveText("Tasks 3 of 3 left");
    await expect(tasks.getByRole("listitem")).toHaveText([
        /Find trains/,
        /Book a hotel\s*in progress/,
        /Pack/,
    ]);
    // It stands above the answer.
    await expect(page.locator(".todos + article.message.assistant")).toHaveCount(1);

    await tasks.getByRole("checkbox", {name: "Find trains"}).check();
    await expect(tasks.getByRole("heading")).toHaveText("Tasks 2 of 3 left");
    await tasks.getByRole("button", {name: "Edit task: Pack"}).click();
    await tasks.getByRole("textbox", {name: "Task", exact: true}).fill("Pack light");
    await tasks.getByRole("textbox", {name: "Task", exact: true}).press("Enter");
    await tasks.getByRole("button", {name: "Remove task: Book a hotel"}).click();
    await tasks.getByRole("textbox", {name: "New task"}).fill("Buy tickets");
    await tasks.getByRole("button", {name: "Add"}).click();
    await expect(tasks.getByRole("listitem")).toHaveText([/Find trains/, /Pack light/, /Buy tickets/]);
    await shootLightAndDark(page, testInfo, "todo", () => tasks.scrollIntoViewIfNeeded());

    // Kept: a reload shows the list as edited.
    await page.reload();
    await expect(tasks.getByRole("listitem")).toHaveText([/Find trains/, /Pack light/, /Buy tickets/]);
    await expect(tasks.getByRole("checkbox", {name: "Find trains"})).toBeChecked();
});
