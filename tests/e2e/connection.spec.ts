import {randomBytes} from "node:crypto";
import {expect, test} from "@playwright/test";
import {tempDir} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";
import {freePort} from "../helpers/ports.js";
import {paced} from "../helpers/pace.js";

let served: Served | null = null;
test.afterEach(async () => {
    await served?.stop();
    delete process.env.CAIRN_SERVE_TOKEN;
});

test("the core killed mid-answer: a banner at once, Send and Stop wait; back, the kept answer says Cairn stopped", async ({
    page,
}) => {
    // The same address after a restart (port and CAIRN_SERVE_TOKEN), so that the open window reconnects.
    const dataDir = tempDir();
    const port = await freePort();
    process.env.CAIRN_SERVE_TOKEN = randomBytes(24).toString("base64url");
    const options = {
        dataDir,
        extra: ["--port", String(port), "--max-tokens", "200000", "--temperature", "0"],
    };
    served = await startServe(options);
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    const box = page.getByRole("textbox", {name: "Message"});
    await box.fill("Once upon a time");
    await box.press("Enter");
    const answer = page.locator("article.message.assistant").first();
    await expect(answer).toHaveAttribute("data-status", "streaming");
    await expect(answer.locator(".content")).not.toHaveText("");

    served.child.kill("SIGKILL");
    await served.stop();
    // The closed connection is seen at once: the banner within 2 s, and nothing can be sent or stopped.
    const banner = page.getByRole("alert").filter({hasText: "Cairn is not reachable"});
    await expect(banner).toBeVisible({timeout: paced(2_000)});
    await expect(page.getByRole("button", {name: "Stop"})).toBeDisabled();
    await expect(page.locator(".status .state")).toHaveText("not reachable");
    const onScreen = await answer.locator(".content").innerText();
    await expect(page.locator(".alert")).toHaveCount(1); // said once: no second error for the lost calls
    // A message sent now waits, said so, and goes once Cairn is back.
    await box.fill("And then?");
    await box.press("Enter");
    await expect(box).toHaveValue("");
    await expect(page.locator(".composer").getByRole("status")).toHaveText(
        "Waiting for Cairn to be back to send: “And then?” Edit",
    );

    served = await startServe(options);
    await expect(banner).toBeHidden({timeout: paced(15_000)});
    await expect(page.locator(".status .state")).toHaveText("ready");
    await expect(answer).toHaveAttribute("data-status", "interrupted");
    await expect(answer.locator(".note")).toHaveText("interrupted (Cairn stopped)");
    // What was on screen was saved, to its last token (each is saved before it is shown).
    const kept = (await answer.locator(".content").innerText()).trim();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.startsWith(onScreen.trim()), `kept ${kept.slice(-60)}; shown ${onScreen.slice(-60)}`).toBe(
        true,
    );
    // The message that waited was sent: it is the conversation's second question, and the box is free.
    await expect(page.locator("article.message.user")).toHaveText([/Once upon a time/, /And then\?/]);
    await expect(page.locator(".composer").getByRole("status")).toHaveCount(0);
    await expect(page.locator("article.message.assistant")).toHaveCount(2);
});

test("a message held while Cairn is away comes back to the box with Edit", async ({page}) => {
    const port = await freePort();
    process.env.CAIRN_SERVE_TOKEN = randomBytes(24).toString("base64url");
    const options = {dataDir: tempDir(), extra: ["--port", String(port)]};
    served = await startServe(options);
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    await served.stop();
    await expect(page.locator(".status .state")).toHaveText("not reachable", {timeout: paced(2_000)});
    const box = page.getByRole("textbox", {name: "Message"});
    await box.fill("Held, then edited");
    await box.press("Enter");
    const held = page.locator(".composer").getByRole("status");
    await held.getByRole("button", {name: "Edit"}).click();
    await expect(box).toHaveValue("Held, then edited");
    await expect(held).toHaveCount(0);
});

test("a user's Stop stays labelled as such, apart from Cairn stopping", async ({page}) => {
    served = await startServe({extra: ["--max-tokens", "200000", "--temperature", "0"]});
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    const box = page.getByRole("textbox", {name: "Message"});
    await box.fill("Once upon a time");
    await box.press("Enter");
    const answer = page.locator("article.message.assistant").first();
    await expect(answer.locator(".content")).not.toHaveText("");
    await page.getByRole("button", {name: "Stop"}).click();
    await expect(answer.locator(".note")).toHaveText("stopped before the end");
});
