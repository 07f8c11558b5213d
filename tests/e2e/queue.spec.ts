import {expect, test} from "@playwright/test";
import {shootLightAndDark} from "../helpers/screens.js";
import {startServe, type Served} from "../helpers/serve.js";

let served: Served;
test.beforeEach(async () => {
    // Answers long enough to write beside them (the test model writes until it is stopped).
    served = await startServe({contextSize: 8192, extra: ["--max-tokens", "200000", "--temperature", "0"]});
});
test.afterEach(async () => served.stop());

test("while an answer runs, Enter queues a message and Steer steers; one can be taken out; they are sent when it ends", async ({
    page,
}, testInfo) => {
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    const box = page.getByRole("textbox", {name: "Message"});
    await box.fill("Once upon a time");
    await box.press("Enter");
    const answer = page.locator("article.message.assistant").last();
    await expect(answer).toHaveAttribute("data-status", "streaming");

    await box.fill("Then tell me about the dog");
    await box.press("Enter");
    const waiting = page.getByRole("list", {name: "Messages waiting"});
    await expect(waiting.getByRole("listitem")).toHaveText(["Queued" + "Then tell me about the dog"]);
    await box.fill("Make it about a cat");
    await page.getByRole("button", {name: "Steer"}).click();
    await expect(waiting.getByRole("listitem")).toHaveCount(2);
    await expect(waiting.getByRole("listitem").last()).toContainText("Steering");
    await expect(box).toHaveValue("");
    // With a draft, Queue and Steer stand beside Stop.
    await box.fill("Or a bird?");
    await expect(page.getByRole("button", {name: "Queue"})).toBeVisible();
    await expect(page.getByRole("button", {name: "Steer"})).toBeVisible();
    await shootLightAndDark(page, testInfo, "queue");
    await box.fill("");

    await waiting
        .getByRole("listitem")
        .first()
        .getByRole("button", {name: "Remove this waiting message"})
        .click();
    await expect(waiting.getByRole("listitem")).toHaveCount(1);

    // The answer ends (stopped here): the steering message is sent next, and nothing waits any more.
    await page.getByRole("button", {name: "Stop"}).click();
    await expect(page.locator("article.message.user")).toHaveText([
        /Once upon a time/,
        /Make it about a cat/,
    ]);
    await expect(waiting).toHaveCount(0);
    await expect(page.locator("article.message.user")).toHaveCount(2);
});
