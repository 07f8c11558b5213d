import fs from "node:fs";
import path from "node:path";
import {_electron as electron, expect, test, type ElectronApplication} from "@playwright/test";
import {ROOT, TEST_MODEL, tempDir} from "../helpers/paths.js";
import {choose} from "../helpers/choose.js";

/** The installed Electron binary, found without requiring "electron" (which would try to download it). */
function electronBinary(): string | null {
    const dir = path.join(ROOT, "node_modules", "electron");
    const pathFile = path.join(dir, "path.txt");
    if (!fs.existsSync(pathFile)) return null;
    const binary = path.join(dir, "dist", fs.readFileSync(pathFile, "utf8").trim());
    return fs.existsSync(binary) ? binary : null;
}

const binary = electronBinary();
const skipReason =
    "no Electron binary in node_modules/electron (its download is not possible on this machine); " +
    "the same flows run against `cairn serve` in tests/e2e";
if (!binary) console.log(`[electron specs skipped] ${skipReason}`);
test.skip(!binary, skipReason);

async function launch(dataDir: string): Promise<ElectronApplication> {
    return electron.launch({
        executablePath: binary!,
        args: [ROOT],
        env: {...process.env, CAIRN_DATA_DIR: dataDir, CAIRN_MODEL: TEST_MODEL},
    });
}

test("the window is isolated: only window.cairn (and a dropped file's path), no Node", async () => {
    const app = await launch(tempDir());
    const page = await app.firstWindow();
    await expect(page).toHaveTitle("Cairn");
    const exposed = await page.evaluate(() => ({
        keys: Object.keys((window as unknown as {cairn: object}).cairn).sort(),
        desktop: Object.keys((window as unknown as {cairnDesktop: object}).cairnDesktop).sort(),
        hasRequire: typeof (window as unknown as {require?: unknown}).require !== "undefined",
        hasProcess: typeof (window as unknown as {process?: unknown}).process !== "undefined",
    }));
    expect(exposed).toEqual({
        keys: ["invoke", "onEvent"],
        desktop: ["closeQuickAsk", "openConversation", "pathForFile"],
        hasRequire: false,
        hasProcess: false,
    });
    // A sandboxed, isolated renderer process has no Node: even the preload cannot reach fs.
    const sandboxed = await app.evaluate(({BrowserWindow}) =>
        BrowserWindow.getAllWindows()[0]!.webContents.executeJavaScript("typeof globalThis.require"),
    );
    expect(sandboxed).toBe("undefined");
    await app.close();
});

test("send, stream, stop, and the conversation is still there after a restart", async () => {
    const dataDir = tempDir();
    let app = await launch(dataDir);
    let page = await app.firstWindow();
    await expect(page.locator(".status .state")).toHaveText("ready");
    await page.getByRole("textbox", {name: "Message"}).fill("Once upon a time");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    const answer = page.locator("article.message.assistant").first();
    await expect(answer.locator(".content")).not.toHaveText("");
    await expect(answer).toHaveAttribute("data-status", /complete|streaming/);
    if ((await answer.getAttribute("data-status")) === "streaming") {
        await page.getByRole("button", {name: "Stop"}).click();
        await expect(answer).toHaveAttribute("data-status", "interrupted");
    }
    const kept = await answer.locator(".content").innerText();
    await app.close();

    app = await launch(dataDir);
    page = await app.firstWindow();
    await expect(page.locator("article.message.user")).toHaveText(/Once upon a time/);
    expect((await page.locator("article.message.assistant .content").first().innerText()).trim()).toBe(
        kept.trim(),
    );
    await app.close();
});

test("a provider key typed in Settings is kept by safeStorage: in no file in clear, and still there after a restart", async () => {
    const dataDir = tempDir();
    const key = "sk-electron-typed-key-77aa";
    let app = await launch(dataDir);
    let page = await app.firstWindow();
    const canStore = await app.evaluate(({safeStorage}) => safeStorage.isEncryptionAvailable());
    test.skip(!canStore, "the system keychain is not available to this Electron (Linux without a keyring)");
    await page.getByRole("button", {name: "Settings"}).click();
    const form = page.getByRole("form", {name: "Add a provider"});
    await form.getByRole("textbox", {name: "Name"}).fill("cloud");
    await choose(form.getByRole("combobox", {name: "Type"}), "OpenAI");
    await form.getByLabel("Key", {exact: true}).fill(key);
    await form.getByRole("button", {name: "Add provider"}).click();
    await expect(page.locator(".providers li", {hasText: "cloud"})).toContainText("key: stored encrypted");
    for (const file of fs.readdirSync(dataDir, {recursive: true}) as string[]) {
        const full = path.join(dataDir, file);
        if (fs.statSync(full).isFile()) expect(fs.readFileSync(full).includes(key), file).toBe(false);
    }
    await app.close();
    app = await launch(dataDir);
    page = await app.firstWindow();
    await page.getByRole("button", {name: "Settings"}).click();
    await expect(page.locator(".providers li", {hasText: "cloud"})).toContainText("key: stored encrypted");
    await app.close();
});

test("Export → PDF prints the conversation with Electron's printToPDF and saves it", async () => {
    const dataDir = tempDir();
    const app = await launch(dataDir);
    const page = await app.firstWindow();
    await page.getByRole("textbox", {name: "Message"}).fill("Once upon a time");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    await expect(page.locator("article.message.assistant").last()).toHaveAttribute("data-status", "complete");
    await page.getByRole("button", {name: "Export"}).click();
    const download = page.waitForEvent("download");
    await page.getByRole("dialog", {name: "Export"}).getByRole("button", {name: "PDF"}).click();
    const file = await (await download).path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
    await app.close();
});

test("a desktop citizen: the quick-ask shortcut is the system's and follows Settings; a window closed with Keep in tray on hides", async () => {
    const app = await launch(tempDir());
    const page = await app.firstWindow();
    await expect(page.locator(".status .state")).toHaveText("ready");
    expect(
        await app.evaluate(({globalShortcut}) => globalShortcut.isRegistered("CommandOrControl+Shift+Space")),
    ).toBe(true);
    await page.getByRole("button", {name: "Settings"}).click();
    const desktop = page.getByRole("region", {name: "Desktop"});
    await expect(desktop).not.toContainText("served by cairn serve");
    await desktop.getByRole("switch", {name: /Keep Cairn running in the tray/}).click();
    await desktop.getByRole("textbox", {name: "Shortcut"}).fill("Alt+Shift+K");
    await desktop.getByRole("textbox", {name: "Shortcut"}).press("Enter");
    expect(await app.evaluate(({globalShortcut}) => globalShortcut.isRegistered("Alt+Shift+K"))).toBe(true);
    expect(
        await app.evaluate(({globalShortcut}) => globalShortcut.isRegistered("CommandOrControl+Shift+Space")),
    ).toBe(false);

    // Closed with Keep in tray on: hidden, still there; the app goes on.
    await app.evaluate(({BrowserWindow}) => BrowserWindow.getAllWindows()[0]!.close());
    expect(
        await app.evaluate(({BrowserWindow}) => BrowserWindow.getAllWindows().map((w) => w.isVisible())),
    ).toEqual([false]);
    await app.close();
});
