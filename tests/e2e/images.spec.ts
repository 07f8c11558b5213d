import fs from "node:fs";
import path from "node:path";
import {axeOn} from "../helpers/axe.js";
import {expect, test, type Page} from "@playwright/test";
import sharp from "sharp";
import {startCloudServer, type CloudServer} from "../helpers/cloudServers.js";
import {startServe, type Served} from "../helpers/serve.js";
import {tempDir} from "../helpers/paths.js";
import {choose} from "../helpers/choose.js";
import {FAMILIES, templateModel} from "../helpers/templateModel.js";
import {visionProjector} from "../helpers/visionProjector.js";
import {openModels} from "../helpers/modelsScreen.js";

// Images in the chat window: pasted, picked or dropped, shown as thumbnails, sent with the question; the
// local model (which cannot see) says so and nothing is lost; a provider's model gets the image.

let served: Served;
test.afterEach(async () => served.stop());

/** Pastes a PNG drawn in the page into the message box, as a screenshot tool's paste does. */
async function pasteImage(page: Page, box = "Message") {
    await page.getByRole("textbox", {name: box}).evaluate(async (box) => {
        const canvas = document.createElement("canvas");
        canvas.width = 640;
        canvas.height = 400;
        const g = canvas.getContext("2d")!;
        g.fillStyle = "#1d4ed8";
        g.fillRect(0, 0, 640, 400);
        g.fillStyle = "#fbbf24";
        g.fillRect(160, 100, 320, 200);
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
        const data = new DataTransfer();
        data.items.add(new File([blob], "screenshot.png", {type: "image/png"}));
        box.dispatchEvent(
            new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}),
        );
    });
}

const violations = async (page: Page) =>
    (await axeOn(page).analyze()).violations.map((v) => `${v.id}: ${v.help}`);

async function shoot(page: Page, name: string) {
    const dir = path.join("test-results", "screens");
    fs.mkdirSync(dir, {recursive: true});
    for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme: scheme});
        await page.screenshot({path: path.join(dir, `${name}-${scheme}.png`)});
    }
    await page.emulateMedia({colorScheme: null});
}

test(
    "a pasted image shows as a thumbnail; the local model cannot see it: said in words, the draft and image kept",
    {tag: "@small-window"},
    async ({page}) => {
        served = await startServe({extra: ["--max-tokens", "8"]});
        await page.goto(served.url);
        await expect(page.locator(".status .state")).toHaveText("ready");
        await pasteImage(page);
        const attached = page.getByRole("list", {name: "Attached images"});
        await expect(attached.getByRole("listitem")).toHaveCount(1);
        await expect(attached.locator("img")).toHaveCount(1);
        await expect(attached).toContainText("screenshot.png");
        await page.getByRole("textbox", {name: "Message"}).fill("What is in this picture?");
        // Said at once, under the image, before anything is sent: Send waits and points to why.
        const why = page.locator(".composer").getByRole("status");
        await expect(why).toHaveText(/^The model answering here cannot see images/);
        const send = page.getByRole("button", {name: "Send"});
        await expect(send).toBeDisabled();
        await expect(send).toHaveAccessibleDescription(/cannot see images/);
        await shoot(page, "images-attached");
        expect(await violations(page)).toEqual([]);
        // The Attach menu offers images off, saying why.
        await page.getByRole("button", {name: "Attach"}).click();
        const menu = page.getByRole("menu");
        await expect(menu.getByRole("menuitem", {name: /^Images…/})).toHaveAttribute("aria-disabled", "true");
        await expect(menu.getByRole("menuitem", {name: /^Images…/})).toHaveAccessibleDescription(
            /cannot see images/,
        );
        // Documents are attached to a conversation: none is open yet, so the menu offers none.
        await expect(menu.getByRole("menuitem", {name: "Documents…"})).toHaveCount(0);
        await shoot(page, "images-refused");
        expect(await violations(page)).toEqual([]);
        await page.keyboard.press("Escape");
        // Nothing lost: the text and the image are still there to send elsewhere; nothing was stored.
        await expect(page.getByRole("textbox", {name: "Message"})).toHaveValue("What is in this picture?");
        await expect(attached.locator("img")).toHaveCount(1);
        await expect(page.locator("article.message")).toHaveCount(0);
        // Removed, the question goes as text.
        await attached.getByRole("button", {name: "Remove screenshot.png"}).click();
        await expect(attached).toHaveCount(0);
        await page.getByRole("button", {name: "Send"}).click();
        await expect(page.locator("article.message.user")).toHaveCount(1);
    },
);

test("what is not an image is refused in its chip, in words", {tag: "@small-window"}, async ({page}) => {
    served = await startServe({extra: ["--max-tokens", "8"]});
    await page.goto(served.url);
    await page.locator('.composer input[type="file"]').setInputFiles({
        name: "scan.png",
        mimeType: "image/png",
        buffer: Buffer.from("this is not a PNG"),
    });
    const chip = page.getByRole("list", {name: "Attached images"}).getByRole("listitem");
    await expect(chip.getByRole("alert")).toContainText("scan.png is not an image Cairn can read");
    await page.getByRole("textbox", {name: "Message"}).fill("Hello");
    // A refused image is not sent: the question goes without it.
    await expect(page.getByRole("button", {name: "Send"})).toBeEnabled();
});

test.describe("a provider's model that sees", () => {
    let server: CloudServer;
    test.beforeEach(async () => {
        server = await startCloudServer(() => ({
            events: [
                {data: {choices: [{delta: {content: "A yellow box on blue."}}]}},
                {data: {choices: [{delta: {}, finish_reason: "stop"}]}},
            ],
        }));
        const dataDir = tempDir();
        fs.writeFileSync(
            path.join(dataDir, "providers.json"),
            JSON.stringify({
                providers: {vision: {type: "openai-compatible", baseUrl: server.url, model: "qwen2.5-vl-7b"}},
            }),
        );
        served = await startServe({dataDir, model: null});
    });
    test.afterEach(async () => server.close());

    test(
        "the picked image goes with the question, shows in the message and opens full size",
        {tag: "@small-window"},
        async ({page}) => {
            await page.goto(served.url);
            await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
            await choose(page.getByRole("combobox", {name: "Model", exact: true}), "vision · qwen2.5-vl-7b");
            const photo = await sharp({
                create: {width: 1600, height: 1200, channels: 3, background: "#2563eb"},
            })
                .jpeg()
                .toBuffer();
            await page.locator('.composer input[type="file"]').setInputFiles({
                name: "holiday.jpg",
                mimeType: "image/jpeg",
                buffer: photo,
            });
            await expect(page.getByRole("list", {name: "Attached images"}).locator("img")).toHaveCount(1);
            await page.getByRole("textbox", {name: "Message"}).fill("What is this?");
            await page.getByRole("textbox", {name: "Message"}).press("Enter");
            const answer = page.locator("article.message.assistant");
            await expect(answer).toHaveAttribute("data-status", "complete");
            await expect(answer.locator(".content")).toContainText("A yellow box on blue.");
            await expect(page.getByRole("list", {name: "Attached images"})).toHaveCount(0);
            const sent = server.requests.find((r) => r.method === "POST")!.body as {
                messages: {role: string; content: unknown}[];
            };
            const parts = sent.messages.at(-1)!.content as {type: string; image_url?: {url: string}}[];
            expect(parts.map((p) => p.type)).toEqual(["text", "image_url"]);
            expect(parts[1]!.image_url!.url).toMatch(/^data:image\/jpeg;base64,/);

            const thumb = page
                .locator("article.message.user")
                .getByRole("button", {name: "Open holiday.jpg, 1600×1200"});
            await expect(thumb.locator("img")).toBeVisible();
            await shoot(page, "images-message");
            expect(await violations(page)).toEqual([]);
            await thumb.click();
            const viewer = page.getByRole("dialog", {name: "holiday.jpg"});
            await expect(viewer.getByRole("img", {name: "holiday.jpg"})).toBeVisible();
            await expect(viewer).toContainText("1600×1200");
            await shoot(page, "images-viewer");
            expect(await violations(page)).toEqual([]);
            await page.keyboard.press("Escape");
            await expect(viewer).toHaveCount(0);
            await expect(thumb).toBeFocused();
            await page.reload();
            await expect(
                page
                    .locator("article.message.user")
                    .getByRole("button", {name: "Open holiday.jpg, 1600×1200"})
                    .locator("img"),
            ).toBeVisible();
        },
    );
});

test("a local model with its projector beside it shows Vision in Models", async ({page}) => {
    const folder = tempDir();
    const model = path.join(folder, "tiny-vision.gguf");
    fs.copyFileSync(templateModel(FAMILIES["mistral-nemo"]), model);
    fs.copyFileSync(visionProjector(64), path.join(folder, "mmproj-tiny-vision-f16.gguf"));
    served = await startServe({model});
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    const dialog = await openModels(page);
    const row = dialog.locator("table.installed tr").filter({hasText: "tiny-vision.gguf"});
    const badge = row.locator(".badge", {hasText: "Vision"});
    await expect(badge).toBeVisible();
    await expect(badge).toHaveAttribute(
        "title",
        "Sees images with its projector mmproj-tiny-vision-f16.gguf",
    );
    await shoot(page, "models-vision");
    expect(await violations(page)).toEqual([]);
});

test("in a German window, why the image cannot go is said in German before sending", async ({browser}) => {
    served = await startServe({extra: ["--max-tokens", "8"]});
    const context = await browser.newContext({locale: "de-DE"});
    const page = await context.newPage();
    try {
        await page.goto(served.url);
        await expect(page.locator(".status .state")).toHaveText(/.+/);
        await pasteImage(page, "Nachricht");
        await page.getByRole("textbox", {name: "Nachricht"}).fill("Was ist das?");
        await expect(page.getByRole("button", {name: "Senden"})).toBeDisabled();
        await expect(page.locator(".composer").getByRole("status")).toHaveText(
            /^Das Modell, das hier antwortet, kann keine Bilder sehen/,
        );
        await shoot(page, "images-refused-de");
    } finally {
        await context.close();
    }
});
