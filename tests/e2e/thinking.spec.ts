import {expect, test} from "@playwright/test";
import {startServe, type Served} from "../helpers/serve.js";
import {FAMILIES, templateModel} from "../helpers/templateModel.js";
import {fromHeaderMenu} from "../helpers/headerMenu.js";
import {choose} from "../helpers/choose.js";

// A tiny random-weight model with Qwen 3.5's real tokenizer and chat format, which opens a thought segment at
// the start of every answer: it thinks until the budget closes the thought, then answers.
let served: Served;
test.beforeEach(async () => {
    served = await startServe({model: templateModel(FAMILIES["qwen3.5"]), extra: ["--max-tokens", "24"]});
});
test.afterEach(async () => served.stop());

async function setGeneration(page: import("@playwright/test").Page, fill: () => Promise<unknown>) {
    await fromHeaderMenu(page, "Generation…");
    const dialog = page.getByRole("dialog", {name: "Generation settings"});
    await fill();
    await dialog.getByRole("button", {name: "Save"}).click();
    await expect(dialog).toHaveCount(0);
}

test("a thought shows folded above the answer as “Thought for n s”; thinking can be switched off per conversation", async ({
    page,
}) => {
    await page.goto(served.url);
    await page.getByRole("textbox", {name: "Message"}).fill("Why is the sky blue?");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    await expect(page.locator("article.message.assistant")).toHaveAttribute("data-status", "complete");
    await setGeneration(page, () => page.getByRole("spinbutton", {name: "Thinking budget"}).fill("8"));

    await page.getByRole("textbox", {name: "Message"}).fill("And at sunset?");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    const answer = page.locator("article.message.assistant").last();
    await expect(answer).toHaveAttribute("data-status", "complete");
    // The finished answer's details and actions are in place (the list stops moving) before anything is clicked.
    // The budget (8) cuts the thought; the token that closes it may be counted with it.
    await expect(answer.locator(".stats summary")).toContainText(/ · [89] thinking · /);
    await expect(answer.getByRole("button", {name: "Regenerate"})).toBeAttached();
    const thought = answer.locator("details.thought");
    await expect(thought.locator("summary")).toHaveText(/^Thought for \d+(\.\d)? s$/);
    await expect(thought.locator("p")).toBeHidden();
    await thought.locator("summary").click();
    await expect(thought.locator("p")).toBeVisible();
    await expect(answer.locator(".content")).not.toBeEmpty();

    await setGeneration(page, () => choose(page.getByRole("combobox", {name: "Thinking"}), "Off"));
    await page.getByRole("textbox", {name: "Message"}).fill("Thanks");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    const last = page.locator("article.message.assistant").last();
    await expect(page.locator("article.message.assistant")).toHaveCount(3);
    await expect(last).toHaveAttribute("data-status", "complete");
    await expect(last.locator("details.thought")).toHaveCount(0);
});
