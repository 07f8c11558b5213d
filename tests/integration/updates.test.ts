import assert from "node:assert/strict";
import fs from "node:fs";
import {test} from "node:test";
import {checkFeed, downloadFound} from "../../electron/updates.js";
import type {DesktopShell} from "../../main/handlers/desktop.js";
import {DEFAULT_DESKTOP} from "../../shared/desktop.js";
import {openTestCore, unwrap} from "../helpers/core.js";
import {nodeUpdater, startFeed} from "../helpers/updater.js";

test("electron-updater reads a generic feed: a newer version is found, the same one is not", async () => {
    const feed = await startFeed("9.9.9");
    try {
        assert.deepEqual(await checkFeed(nodeUpdater("0.1.0").updater, feed.url), {
            latest: "9.9.9",
            available: true,
        });
        assert.deepEqual(await checkFeed(nodeUpdater("9.9.9").updater, feed.url), {
            latest: "9.9.9",
            available: false,
        });
        // A newer Cairn does not go back to an older feed's version.
        assert.deepEqual(await checkFeed(nodeUpdater("10.0.0").updater, feed.url), {
            latest: "9.9.9",
            available: false,
        });
        assert.deepEqual(
            feed.requests,
            Array(3).fill("/cairn/latest-linux.yml"),
            "only the feed was read: nothing downloaded",
        );
    } finally {
        await feed.close();
    }
});

test("a download whose checksum matches the feed is kept; one that does not is refused and not kept", async () => {
    const good = await startFeed("9.9.9");
    const bad = await startFeed("9.9.9", "another file");
    try {
        const fine = nodeUpdater("0.1.0");
        await checkFeed(fine.updater, good.url);
        const [file] = await downloadFound(fine.updater);
        assert.equal(fs.readFileSync(file!, "utf8"), "Cairn 9.9.9, packaged");

        const changed = nodeUpdater("0.1.0");
        await checkFeed(changed.updater, bad.url);
        await assert.rejects(downloadFound(changed.updater), /sha512 checksum mismatch/);
        assert.ok(bad.requests.includes("/cairn/Cairn-9.9.9.deb"), "the file was downloaded, then refused");
        const kept = fs.existsSync(changed.cacheDir)
            ? fs.readdirSync(changed.cacheDir, {recursive: true}).filter((f) => String(f).endsWith(".deb"))
            : [];
        assert.deepEqual(kept, [], "no refused file is left to install");
    } finally {
        await Promise.all([good.close(), bad.close()]);
    }
});

/** The desktop app's shell as far as updates go (electron/desktop.ts, without Electron's tray and shortcut). */
function updatesShell(): DesktopShell & {applied: unknown[]} {
    const {updater} = nodeUpdater("0.1.0");
    const applied: unknown[] = [];
    return {
        applied,
        apply: (settings) => {
            applied.push(settings);
            return {
                shortcutProblem:
                    settings.quickAskShortcut === "Alt+T" ? "Alt+T is taken by another app" : null,
            };
        },
        checkForUpdates: (feed) => checkFeed(updater, feed),
        installUpdate: async () => {
            await downloadFound(updater);
        },
    };
}

test("Settings → Desktop: checked settings kept and applied; updates checked through Offline mode and the egress log", async () => {
    const feed = await startFeed("9.9.9");
    const shell = updatesShell();
    const t = await openTestCore({modelPath: null, desktop: shell});
    try {
        const status = unwrap(await t.api.invoke("desktop.status", {}));
        assert.deepEqual(status, {
            settings: DEFAULT_DESKTOP,
            desktop: true,
            shortcutProblem: null,
            lastCheck: null,
        });

        // Refused before anything is kept or applied.
        const badKeys = await t.api.invoke("desktop.set", {
            settings: {...DEFAULT_DESKTOP, quickAskShortcut: "Shift+A"},
        });
        assert.match(!badKeys.ok ? badKeys.error.message : "", /needs Ctrl, Alt, Super/);
        const clear = await t.api.invoke("desktop.set", {
            settings: {...DEFAULT_DESKTOP, updateFeed: "http://updates.example.com/"},
        });
        assert.match(!clear.ok ? clear.error.message : "", /must use https/);
        assert.deepEqual(
            shell.applied,
            [DEFAULT_DESKTOP],
            "applied as the core was made; nothing refused applied",
        );
        assert.equal((await t.api.invoke("updates.check", {})).ok, false, "no feed: updates are off");

        const taken = unwrap(
            await t.api.invoke("desktop.set", {settings: {...DEFAULT_DESKTOP, quickAskShortcut: "Alt+T"}}),
        );
        assert.equal(taken.shortcutProblem, "Alt+T is taken by another app");
        const settings = {...DEFAULT_DESKTOP, startAtLogin: true, updateFeed: feed.url};
        assert.deepEqual(unwrap(await t.api.invoke("desktop.set", {settings})).settings, settings);
        assert.deepEqual(shell.applied.at(-1), settings);

        const early = await t.api.invoke("updates.install", {});
        assert.match(!early.ok ? early.error.message : "", /check for updates first/);
        const found = unwrap(await t.api.invoke("updates.check", {}));
        assert.equal(found.latest, "9.9.9");
        assert.equal(found.available, true);
        assert.deepEqual(unwrap(await t.api.invoke("desktop.status", {})).lastCheck, found);
        const log = unwrap(await t.api.invoke("network.egress", {}));
        assert.deepEqual(
            log.map((e) => [e.purpose, e.host]),
            [["update check", new URL(feed.url).host]],
        );
        unwrap(await t.api.invoke("updates.install", {}));
        assert.ok(feed.requests.includes("/cairn/Cairn-9.9.9.deb"));

        unwrap(await t.api.invoke("settings.set", {offline: true}));
        const asked = feed.requests.length;
        const offline = await t.api.invoke("updates.check", {});
        // The feed is on this computer, so Offline mode lets it through, as it does every loopback address.
        assert.equal(offline.ok, true);
        assert.equal(feed.requests.length, asked + 1);
        const remote = {...settings, updateFeed: "https://203.0.113.40/cairn/"};
        const moved = unwrap(await t.api.invoke("desktop.set", {settings: remote}));
        assert.equal(moved.lastCheck, null, "another feed: the last check's answer is gone");
        const refused = await t.api.invoke("updates.check", {});
        assert.match(
            !refused.ok ? refused.error.message : "",
            /^Offline mode is on: the check for updates was not sent to 203\.0\.113\.40/,
        );
    } finally {
        await t.core.dispose();
        await feed.close();
    }
});

test("cairn serve keeps the desktop settings and says that only the desktop app updates", async () => {
    const t = await openTestCore({modelPath: null});
    try {
        const settings = {...DEFAULT_DESKTOP, keepInTray: true, quickAskShortcut: null};
        const status = unwrap(await t.api.invoke("desktop.set", {settings}));
        assert.deepEqual([status.desktop, status.settings], [false, settings]);
        const check = await t.api.invoke("updates.check", {});
        assert.deepEqual(!check.ok && check.error.code, "UNAVAILABLE");
        assert.match(!check.ok ? check.error.message : "", /installed by the desktop app/);
    } finally {
        await t.core.dispose();
    }
});
