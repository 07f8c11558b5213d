import fs from "node:fs";
import path from "node:path";
import {expect, test, type Page} from "@playwright/test";
import {pcm16Wav} from "../../shared/wav.js";
import {axeOn} from "../helpers/axe.js";
import {chromiumPath} from "../helpers/chromium.js";
import {tempDir} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";
import {HEARD, voiceLike, whisperModel} from "../helpers/whisperModel.js";
import {modelsTab, openModels} from "../helpers/modelsScreen.js";

// Dictation in the chat window: Chromium's fake microphone plays a voice-like recording; the window records it
// (MediaRecorder), turns it into 16 kHz WAV, and the core's whisper.cpp (the tiny test model) writes its text
// into the message box, to edit before sending.

const voice = path.join(tempDir("cairn-voice-"), "voice.wav");
fs.writeFileSync(voice, pcm16Wav(voiceLike(4, 48_000), 48_000));

test.use({
    permissions: ["microphone"],
    launchOptions: {
        executablePath: chromiumPath(),
        args: [
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream",
            `--use-file-for-fake-audio-capture=${voice}`,
        ],
    },
});

let served: Served;
test.afterEach(async () => served.stop());

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
    "the microphone records, whisper.cpp transcribes on this computer, and the text lands in the message box",
    {tag: "@small-window"},
    async ({page}) => {
        served = await startServe({env: {CAIRN_SPEECH_MODEL: whisperModel()}});
        await page.goto(served.url);
        const box = page.getByRole("textbox", {name: "Message"});
        await box.fill("Please note:");
        await page.getByRole("button", {name: "Dictate", exact: true}).click();
        const stop = page.getByRole("button", {name: "Stop dictating"});
        await expect(stop).toBeVisible();
        const status = page.locator(".dictation-status");
        await expect(status).toContainText(/Listening… 0:0\d/);
        expect((await axeOn(page).analyze()).violations.map((v) => v.id)).toEqual([]);
        // A second of sound recorded: the status counts it.
        await expect(status).toContainText(/Listening… 0:0[1-9]/);
        await shoot(page, `dictation-recording-${page.viewportSize()!.width}`);
        await stop.click();
        // The heard text joins what was typed, with a space, and the box keeps the focus to edit it.
        await expect(box).toHaveValue(`Please note: ${HEARD.trim()}`);
        await expect(box).toBeFocused();
        await expect(page.getByRole("button", {name: "Dictate", exact: true})).toBeEnabled();
        // Held Ctrl+Shift+Space in the message box: push to talk (released: transcribed).
        await box.fill("");
        await page.keyboard.down("Control");
        await page.keyboard.down("Shift");
        await page.keyboard.down(" ");
        await expect(page.getByRole("button", {name: "Stop dictating"})).toBeVisible();
        await expect(status).toContainText(/Listening… 0:0[1-9]/);
        await page.keyboard.up(" ");
        await page.keyboard.up("Shift");
        await page.keyboard.up("Control");
        await expect(box).toHaveValue(HEARD.trim());
        // Escape while recording throws the recording away: nothing is added.
        await page.getByRole("button", {name: "Dictate", exact: true}).click();
        await expect(page.getByRole("button", {name: "Stop dictating"})).toBeVisible();
        await box.focus();
        await page.keyboard.press("Escape");
        // Idle again with nothing being transcribed: the recording was thrown away.
        await expect(page.getByRole("button", {name: "Dictate", exact: true})).toBeEnabled();
        await expect(status).toHaveText("");
        await expect(box).toHaveValue(HEARD.trim());
    },
);

test("without a speech model the microphone says where to get one; Models lists and chooses speech models", async ({
    page,
}) => {
    const dataDir = tempDir();
    // The bundled catalog's speech entry, its address on this machine (nothing is downloaded here).
    const bundled = JSON.parse(fs.readFileSync("resources/models.json", "utf8")) as {
        models: {kind: string}[];
    };
    const catalog = path.join(dataDir, "catalog.json");
    const speech = bundled.models.filter((m) => m.kind === "speech").slice(0, 1);
    fs.writeFileSync(
        catalog,
        JSON.stringify({models: speech.map((m) => ({...m, uri: "http://127.0.0.1:9/ggml-base.en.bin"}))}),
    );
    served = await startServe({dataDir, catalog});
    await page.goto(served.url);
    // Before it is pressed, the microphone is marked unavailable, and its hint says why.
    const mic = page.getByRole("button", {name: "Dictate", exact: true});
    await expect(mic).toHaveAttribute("aria-disabled", "true");
    await mic.focus();
    await expect(page.getByRole("tooltip")).toHaveText(
        "Dictation needs a speech model: download one (Whisper) in Models.",
    );
    await mic.press("Enter");
    await expect(page.getByRole("alert")).toContainText(
        "Dictation needs a speech model: download one (Whisper) in Models.",
    );
    await page.getByRole("button", {name: "Dismiss"}).click();
    await expect(page.getByRole("alert")).toHaveCount(0);
    // A whisper.cpp model put in the models folder is found there and used for dictation.
    fs.mkdirSync(path.join(dataDir, "models"), {recursive: true});
    fs.copyFileSync(whisperModel(), path.join(dataDir, "models", "ggml-tiny.en.bin"));
    let dialog = await openModels(page);
    await expect(dialog.getByRole("heading", {name: "Dictation (speech to text)"})).toBeVisible();
    const row = dialog.getByRole("row").filter({hasText: "Whisper tiny.en"});
    await expect(row.getByRole("button", {name: "Used for dictation"})).toHaveAttribute(
        "aria-pressed",
        "true",
    );
    await row.scrollIntoViewIfNeeded();
    await shoot(page, "dictation-models");
    await dialog.getByRole("button", {name: "Close"}).click();
    // Neared again, the microphone finds the model and is no longer marked unavailable.
    await mic.hover();
    await expect(mic).not.toHaveAttribute("aria-disabled");
    dialog = await openModels(page);
    await modelsTab(dialog, "Find on Hugging Face");
    await expect(dialog.getByRole("heading", {name: "Recommended speech models"})).toBeVisible();
    await expect(dialog.locator('[data-model="whisper-base-en"]')).toContainText("Whisper base.en");
    expect((await axeOn(page).analyze()).violations.map((v) => v.id)).toEqual([]);
});
