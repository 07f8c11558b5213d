import {
    app,
    BrowserWindow,
    dialog,
    ipcMain,
    protocol,
    safeStorage,
    session,
    shell,
    type WebContents,
} from "electron";
import path from "node:path";
import {fileURLToPath} from "node:url";
import {createCore, type Core} from "../main/core.js";
import {prepareDataDir, resolveDataDir} from "../main/paths.js";
import {finishPendingRestore} from "../main/store/backup.js";
import {ProcessRegistry} from "../main/store/processes.js";
import {CSP} from "../main/server/host.js";
import {APP_CSP, FRAME_PATH} from "../main/server/appFrames.js";
import {readStatic} from "../main/server/static.js";
import {fail} from "../shared/result.js";
import {CALL_CHANNEL, DESKTOP_CHANNEL, EVENT_CHANNEL} from "./channels.js";
import {Desktop} from "./desktop.js";
import {
    APP_ORIGIN,
    appRequestPath,
    isExternalLinkAllowed,
    desktopRequest,
    allowsPermission,
    isTrustedSender,
    linkConfirmation,
} from "./security.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.join(here, "..", "renderer");
const rendererUrl = `${APP_ORIGIN}/index.html`;

// The renderer comes from app://cairn/, a standard secure origin of its own: file:// would give the page
// every local file's origin. Registered before the app is ready, as Electron requires.
protocol.registerSchemesAsPrivileged([
    {scheme: "app", privileges: {standard: true, secure: true, supportFetchAPI: true, codeCache: true}},
]);
// Every web contents, whatever creates it, gets the same guards.
app.on("web-contents-created", (_event, contents) => lockDown(contents));

let core: Core | null = null;
let window: BrowserWindow | null = null;
const webPreferences = {
    preload: path.join(here, "preload.cjs"),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    webSecurity: true,
    // Chromium would download dictionaries.
    spellcheck: false,
};
const desktop = new Desktop({showMain, main: () => window, webPreferences, rendererUrl, here});

if (!app.requestSingleInstanceLock()) {
    app.quit();
} else {
    app.on("second-instance", () => showMain());
    app.whenReady().then(start, (error) => {
        console.error("[cairn] failed to start", error);
        app.exit(1);
    });
}

async function start() {
    const dataDir = resolveDataDir(process.env.CAIRN_DATA_DIR ? null : app.getPath("userData"));
    prepareDataDir(dataDir);
    // A restore asked for in Settings → Backups happens now, before the library opens.
    const restored = await finishPendingRestore(dataDir, (db) =>
        new ProcessRegistry(db, "Cairn desktop").liveOthers().map((p) => `${p.command} (pid ${p.pid})`),
    );
    core = createCore({
        notices: restored ? [restored] : [],
        dataDir,
        modelPath: modelFlag() ?? process.env.CAIRN_MODEL ?? null,
        // `Cairn --offline`: Offline mode for this run, whatever Settings say.
        offline: process.argv.includes("--offline"),
        command: "Cairn desktop",
        // Provider keys typed in Settings are kept encrypted by the system's keychain.
        keyVault: {
            // Linux without a keyring falls back to a fixed password ("basic_text"): not a place for keys.
            available: () =>
                safeStorage.isEncryptionAvailable() &&
                (process.platform !== "linux" || safeStorage.getSelectedStorageBackend() !== "basic_text"),
            encrypt: (text) => safeStorage.encryptString(text),
            decrypt: (data) => safeStorage.decryptString(data),
        },
        // An MCP server's sign-in page (http or https only, checked before) opens in the system browser.
        openExternal: (url) => void shell.openExternal(url.href),
        printToPdf,
        desktop,
        // The desktop app (its window, or its tray) runs automations on their schedule.
        scheduleAutomations: true,
        // Run from source, the app builds Cairn's engine for this CPU in the background; a packaged app
        // carries the engine its release built (docs/models.md, Cairn's engine).
        buildEngine: !app.isPackaged,
    });
    protocol.handle("app", serveRenderer);
    // The microphone for dictation (audio only, Cairn's own window); nothing else.
    session.defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) =>
        callback(
            allowsPermission(
                permission,
                details.requestingUrl,
                rendererUrl,
                "mediaTypes" in details ? details.mediaTypes : [],
            ),
        ),
    );
    session.defaultSession.setPermissionCheckHandler((_wc, permission, origin, details) =>
        allowsPermission(
            permission,
            details.requestingUrl ?? origin,
            rendererUrl,
            details.mediaType ? [details.mediaType] : [],
        ),
    );
    session.defaultSession.setDevicePermissionHandler(() => false);
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
        // An MCP App's page keeps its own CSP (no network, sandboxed); everything else gets the window's.
        const csp = isAppFrame(details.url) ? APP_CSP : CSP;
        callback({responseHeaders: {...details.responseHeaders, "Content-Security-Policy": [csp]}});
    });
    ipcMain.handle(CALL_CHANNEL, async (event, name: unknown, req: unknown) => {
        const frame = event.senderFrame;
        if (!frame || !isTrustedSender(frame.url, rendererUrl, frame.parent === null)) {
            return fail("DENIED", "calls are accepted only from Cairn's own window");
        }
        return core!.dispatcher.call(name, req);
    });
    ipcMain.on(DESKTOP_CHANNEL, (event, raw: unknown) => {
        const frame = event.senderFrame;
        const request = desktopRequest(raw);
        if (!frame || !request || !isTrustedSender(frame.url, rendererUrl, frame.parent === null)) return;
        if (request.action === "setLanguage") return desktop.setLanguage(request.language);
        if (request.action === "openConversation") showMain(request.conversationId);
        desktop.hideQuickAsk();
    });
    // Every window of the app (the main one, quick ask) hears the core's events.
    core.bus.subscribe((event) => {
        for (const win of BrowserWindow.getAllWindows()) win.webContents.send(EVENT_CHANNEL, event);
    });
    // Started at login (--hidden): Cairn waits in the tray until it is opened.
    window = createWindow(!process.argv.includes("--hidden"));
    desktop.attach(core);
    void core.loadConfiguredModel();
    // The local API runs in the desktop app when Settings has it on.
    void core.api.startIfEnabled();
}

function createWindow(show = true, conversationId?: string): BrowserWindow {
    const win = new BrowserWindow({width: 1100, height: 760, title: "Cairn", show: false, webPreferences});
    void win.loadURL(conversationUrl(conversationId));
    if (show) win.once("ready-to-show", () => win.show());
    // Closed with "keep running in the tray" on: hidden, not closed (Quit in the tray quits).
    win.on("close", (event) => {
        if (!desktop.keepsRunningOnClose()) return;
        event.preventDefault();
        win.hide();
    });
    win.on("closed", () => {
        window = null;
        // The hidden quick-ask window must not keep a closed app running.
        if (!desktop.keepsRunningOnClose()) app.quit();
    });
    return win;
}

function conversationUrl(conversationId?: string): string {
    return conversationId ? `${rendererUrl}?c=${encodeURIComponent(conversationId)}` : rendererUrl;
}

/** The main window in front (made again if it was closed), at one conversation when given. */
function showMain(conversationId?: string) {
    if (!window) {
        window = createWindow(true, conversationId);
        return;
    }
    if (conversationId) void window.loadURL(conversationUrl(conversationId));
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
}

/**
 * An exported conversation (self-contained HTML, no script) printed to PDF in a hidden window with
 * JavaScript off, then closed.
 */
async function printToPdf(html: string): Promise<Buffer> {
    const win = new BrowserWindow({
        show: false,
        webPreferences: {sandbox: true, contextIsolation: true, javascript: false, spellcheck: false},
    });
    try {
        await win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
        return await win.webContents.printToPDF({printBackground: true, generateDocumentOutline: true});
    } finally {
        win.destroy();
    }
}

function lockDown(contents: WebContents) {
    contents.setWindowOpenHandler(({url}) => {
        if (isExternalLinkAllowed(url)) void confirmAndOpen(url, BrowserWindow.fromWebContents(contents));
        return {action: "deny"};
    });
    contents.on("will-navigate", (event, url) => {
        if (url !== contents.getURL()) event.preventDefault();
    });
    contents.on("will-attach-webview", (event) => event.preventDefault());
}

/** A link from an answer opens in the system browser only after the person has seen its whole address. */
async function confirmAndOpen(url: string, parent: BrowserWindow | null) {
    const options = linkConfirmation(url, desktop.say);
    const {response} = parent
        ? await dialog.showMessageBox(parent, options)
        : await dialog.showMessageBox(options);
    if (response === 0) await shell.openExternal(url);
}

async function serveRenderer(request: Request): Promise<Response> {
    const requested = appRequestPath(request.url);
    if (requested?.startsWith(FRAME_PATH)) return serveAppFrame(requested);
    const file = requested === null ? null : await readStatic(rendererDir, requested);
    if (!file) return new Response("not found", {status: 404});
    return new Response(new Uint8Array(file.body), {
        headers: {"Content-Type": file.type, "Content-Security-Policy": CSP},
    });
}

/** An MCP App's page, once, at the address its frame was given (main/server/appFrames.ts). */
function serveAppFrame(requested: string): Response {
    const html = core?.appFrames.take(requested) ?? null;
    if (html === null)
        return new Response("This app's page was already shown or has expired.", {status: 404});
    return new Response(html, {
        headers: {"Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": APP_CSP},
    });
}

function isAppFrame(url: string): boolean {
    return appRequestPath(url)?.startsWith(FRAME_PATH) ?? false;
}

let quitting = false;
app.on("before-quit", (event) => {
    desktop.quitting = true;
    if (quitting || !core) return;
    event.preventDefault();
    quitting = true;
    desktop.dispose();
    void core.dispose().finally(() => app.quit());
});
app.on("window-all-closed", () => {
    if (!desktop.keepsRunningOnClose()) app.quit();
});

function modelFlag(): string | null {
    const index = process.argv.indexOf("--model");
    return index >= 0 ? (process.argv[index + 1] ?? null) : null;
}
