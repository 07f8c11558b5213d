// The desktop app as a citizen of the desktop: a tray icon with the app's state and quick actions, a global
// shortcut that opens a small always-on-top quick-ask window, start at login, notifications when something
// finishes while the window is hidden, and updates from a feed the person sets. Settings → Desktop keeps the
// choices in the core (main/handlers/desktop.ts), which calls apply() here.
import path from "node:path";
import {
    app,
    BrowserWindow,
    globalShortcut,
    Menu,
    nativeImage,
    Notification,
    Tray,
    type BrowserWindowConstructorOptions,
} from "electron";
import electronUpdater from "electron-updater";
import {createMemoryClient, type Core} from "../main/core.js";
import type {DesktopShell} from "../main/handlers/desktop.js";
import type {CairnApi, DesktopSettings, EngineStatus} from "../shared/contract.js";
import {DEFAULT_DESKTOP} from "../shared/desktop.js";
import {setAutostart} from "./autostart.js";
import {FinishWatcher, trayMenu, type Notice, type TrayItemId} from "./desktopModel.js";
import {checkFeed, downloadFound} from "./updates.js";
import {shellWords, type Say} from "./words.js";
import {resolveLanguage, type LanguageCode} from "../shared/languages.js";

/** Checked again this often while Cairn runs, when a feed is set. */
const CHECK_EVERY_MS = 24 * 60 * 60 * 1000;

export type DesktopWindows = {
    /** The main window, made if it was closed, shown and focused; at one conversation when given. */
    showMain(conversationId?: string): void;
    /** The main window as it is (null: closed). */
    main(): BrowserWindow | null;
    /** The same guarded web preferences as the main window's. */
    webPreferences: BrowserWindowConstructorOptions["webPreferences"];
    /** The renderer's address; the quick-ask window loads it with ?view=quick. */
    rendererUrl: string;
    here: string;
};

export class Desktop implements DesktopShell {
    private tray: Tray | null = null;
    private quick: BrowserWindow | null = null;
    private settings: DesktopSettings = DEFAULT_DESKTOP;
    private registered: string | null = null;
    private found: string | null = null;
    private engine: Pick<EngineStatus, "state" | "modelName" | "message"> = {
        state: "no-model",
        modelName: null,
        message: null,
    };
    private words: {language: LanguageCode; say: Say} | null = null;
    private readonly watcher = new FinishWatcher(() => this.say);
    private checkTimer: NodeJS.Timeout | null = null;
    /** Set once Quit was chosen: closing the window then quits, even when Cairn keeps to the tray. */
    quitting = false;

    constructor(private readonly windows: DesktopWindows) {}

    /**
     * Follows the core's events (tray state, notifications) once the core is made; the kept settings were
     * applied while it was made (main/handlers/desktop.ts).
     */
    attach(core: Core): void {
        this.engine = core.engine.status();
        core.bus.subscribe((event) => {
            if (event.type === "engine.status") this.engine = event.status;
            const notice = this.watcher.observe(event);
            if (notice) this.notify(notice);
            if (event.type === "engine.status" || event.type === "chat.done" || event.type === "turn.state")
                this.drawTray();
        });
        if (this.settings.updateFeed) this.checkLater(createMemoryClient(core));
    }

    apply(settings: DesktopSettings): {shortcutProblem: string | null} {
        this.settings = settings;
        // Started at login, Cairn waits hidden in the tray (--hidden); the person opens it from there. Linux
        // has no login items in Electron: the desktop's autostart entry does it there.
        if (process.platform === "linux") {
            const command = app.isPackaged ? [process.execPath] : [process.execPath, app.getAppPath()];
            setAutostart(settings.startAtLogin, [...command, "--hidden"]);
        } else app.setLoginItemSettings({openAtLogin: settings.startAtLogin, args: ["--hidden"]});
        this.drawTray();
        return {shortcutProblem: this.registerShortcut(settings.quickAskShortcut)};
    }

    async checkForUpdates(feed: string): Promise<{latest: string | null; available: boolean}> {
        const found = await checkFeed(electronUpdater.autoUpdater, feed);
        this.found = found.available ? found.latest : null;
        this.drawTray();
        return found;
    }

    async installUpdate(): Promise<void> {
        await downloadFound(electronUpdater.autoUpdater);
        this.quitting = true;
        electronUpdater.autoUpdater.quitAndInstall();
    }

    /** Closing the main window keeps Cairn in the tray when Settings says so (and Quit was not chosen). */
    keepsRunningOnClose(): boolean {
        return this.settings.keepInTray && this.tray !== null && !this.quitting;
    }

    /**
     * The shell's words: the system's language (app.getLocale(), read once the app is ready) until the window
     * says which one it shows.
     */
    get say(): Say {
        if (!this.words) {
            const language = resolveLanguage([app.getLocale()]);
            this.words = {language, say: shellWords(language)};
        }
        return this.words.say;
    }

    /** The window's language, for the tray, notifications and the shell's questions (the window tells it). */
    setLanguage(language: LanguageCode): void {
        if (this.words?.language === language) return;
        this.words = {language, say: shellWords(language)};
        this.quick?.setTitle(this.say("quickAskTitle"));
        if (this.tray) this.drawTray();
    }

    dispose(): void {
        globalShortcut.unregisterAll();
        if (this.checkTimer) clearInterval(this.checkTimer);
        this.tray?.destroy();
        this.tray = null;
    }

    private registerShortcut(accelerator: string | null): string | null {
        if (this.registered) globalShortcut.unregister(this.registered);
        this.registered = null;
        if (!accelerator) return null;
        // false: another app (or the system) holds these keys.
        if (!globalShortcut.register(accelerator, () => this.toggleQuickAsk()))
            return this.say("shortcutTaken", {keys: accelerator});
        this.registered = accelerator;
        return null;
    }

    /** The quick-ask window: made once, then shown and hidden; always on top, not in the taskbar. */
    toggleQuickAsk(): void {
        if (this.quick && this.quick.isVisible() && this.quick.isFocused()) return this.quick.hide();
        if (!this.quick || this.quick.isDestroyed()) {
            this.quick = new BrowserWindow({
                width: 560,
                height: 420,
                title: this.say("quickAskTitle"),
                alwaysOnTop: true,
                skipTaskbar: true,
                show: false,
                webPreferences: this.windows.webPreferences,
            });
            this.quick.on("close", (event) => {
                if (this.quitting) return;
                event.preventDefault();
                this.quick?.hide();
            });
            void this.quick.loadURL(`${this.windows.rendererUrl}?view=quick`);
            this.quick.once("ready-to-show", () => this.quick?.show());
            return;
        }
        this.quick.show();
        this.quick.focus();
    }

    hideQuickAsk(): void {
        this.quick?.hide();
    }

    private drawTray(): void {
        if (!this.tray) {
            const icon = nativeImage.createFromPath(path.join(this.windows.here, "assets", "tray.png"));
            this.tray = new Tray(icon);
            this.tray.on("click", () => this.windows.showMain());
        }
        const {tooltip, items} = trayMenu(
            {
                engine: this.engine,
                answering: this.watcher.answering,
                update: this.found,
                quickAskShortcut: this.registered,
            },
            this.say,
        );
        this.tray.setToolTip(tooltip);
        this.tray.setContextMenu(
            Menu.buildFromTemplate(
                items.map((item) => ({
                    label: item.label,
                    enabled: item.enabled,
                    ...(item.accelerator ? {accelerator: item.accelerator, registerAccelerator: false} : {}),
                    click: () => this.choose(item.id),
                })),
            ),
        );
    }

    private choose(id: TrayItemId): void {
        switch (id) {
            case "show":
                return this.windows.showMain();
            case "quickAsk":
                return this.toggleQuickAsk();
            case "newConversation":
                this.windows.showMain();
                // The window's own shortcut for a new conversation (renderer/src/shortcuts.tsx).
                this.windows
                    .main()
                    ?.webContents.sendInputEvent({type: "keyDown", keyCode: "N", modifiers: ["control"]});
                return;
            case "update":
                void this.installUpdate().catch((error: Error) =>
                    this.notify(
                        {title: this.say("updateFailed"), body: error.message, conversationId: null},
                        true,
                    ),
                );
                return;
            case "quit":
                this.quitting = true;
                app.quit();
                return;
            case "status":
                return;
        }
    }

    /** A notification when the window is hidden or not in front (or always, for what failed at once). */
    private notify(notice: Notice, always = false): void {
        if (!this.settings.notify || !Notification.isSupported()) return;
        const main = this.windows.main();
        if (!always && main && main.isVisible() && !main.isMinimized() && main.isFocused()) return;
        const shown = new Notification({title: notice.title, body: notice.body});
        shown.on("click", () => this.windows.showMain(notice.conversationId ?? undefined));
        shown.show();
    }

    /** With a feed set: a check a minute after start, then daily; a newer version shows in the tray. */
    private checkLater(client: CairnApi): void {
        const check = () =>
            void client.invoke("updates.check", {}).then((res) => {
                if (res.ok && res.value.available && res.value.latest)
                    this.notify({
                        title: this.say("updateFoundTitle", {version: res.value.latest}),
                        body: this.say("updateFoundBody"),
                        conversationId: null,
                    });
            });
        setTimeout(check, 60_000).unref();
        this.checkTimer = setInterval(check, CHECK_EVERY_MS);
        this.checkTimer.unref();
    }
}
