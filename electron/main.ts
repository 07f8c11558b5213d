import {app, BrowserWindow, ipcMain, session, shell, type WebContents} from "electron";
import path from "node:path";
import {fileURLToPath, pathToFileURL} from "node:url";
import {createCore, type Core} from "../main/core.js";
import {resolveDataDir} from "../main/paths.js";
import {CSP} from "../main/server/host.js";
import {fail} from "../shared/result.js";
import {CALL_CHANNEL, EVENT_CHANNEL} from "./channels.js";
import {isExternalLinkAllowed, isTrustedSender} from "./security.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererFile = path.join(here, "..", "renderer", "index.html");
const rendererUrl = pathToFileURL(rendererFile).href;

let core: Core | null = null;
let window: BrowserWindow | null = null;

if (!app.requestSingleInstanceLock()) {
    app.quit();
} else {
    app.on("second-instance", () => {
        if (window?.isMinimized()) window.restore();
        window?.focus();
    });
    app.whenReady().then(start, (error) => {
        console.error("[cairn] failed to start", error);
        app.exit(1);
    });
}

async function start() {
    core = createCore({
        dataDir: resolveDataDir(process.env.CAIRN_DATA_DIR ? null : app.getPath("userData")),
        modelPath: modelFlag() ?? process.env.CAIRN_MODEL ?? null,
        command: "Cairn desktop",
    });
    session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
        callback({responseHeaders: {...details.responseHeaders, "Content-Security-Policy": [CSP]}});
    });
    ipcMain.handle(CALL_CHANNEL, async (event, name: unknown, req: unknown) => {
        const frame = event.senderFrame;
        if (!frame || !isTrustedSender(frame.url, rendererUrl, frame.parent === null)) {
            return fail("DENIED", "calls are accepted only from Cairn's own window");
        }
        return core!.dispatcher.call(name, req);
    });
    core.bus.subscribe((event) => window?.webContents.send(EVENT_CHANNEL, event));
    window = createWindow();
    void core.loadConfiguredModel();
}

function createWindow(): BrowserWindow {
    const win = new BrowserWindow({
        width: 1100,
        height: 760,
        title: "Cairn",
        webPreferences: {
            preload: path.join(here, "preload.cjs"),
            contextIsolation: true,
            sandbox: true,
            nodeIntegration: false,
            webSecurity: true,
            spellcheck: true,
        },
    });
    lockDown(win.webContents);
    void win.loadFile(rendererFile);
    win.on("closed", () => (window = null));
    return win;
}

function lockDown(contents: WebContents) {
    contents.setWindowOpenHandler(({url}) => {
        if (isExternalLinkAllowed(url)) void shell.openExternal(url);
        return {action: "deny"};
    });
    contents.on("will-navigate", (event, url) => {
        if (url !== contents.getURL()) event.preventDefault();
    });
    contents.on("will-attach-webview", (event) => event.preventDefault());
}

let quitting = false;
app.on("before-quit", (event) => {
    if (quitting || !core) return;
    event.preventDefault();
    quitting = true;
    void core.dispose().finally(() => app.quit());
});
app.on("window-all-closed", () => app.quit());

function modelFlag(): string | null {
    const index = process.argv.indexOf("--model");
    return index >= 0 ? (process.argv[index + 1] ?? null) : null;
}
