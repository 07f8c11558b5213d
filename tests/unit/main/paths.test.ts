import assert from "node:assert/strict";
import os from "node:os";
import path from "node:path";
import {test} from "node:test";
import {defaultDataDir, resolveDataDir} from "../../../main/paths.js";

test("an explicit --data wins over CAIRN_DATA_DIR, which wins over the OS default", () => {
    assert.equal(resolveDataDir("/x/flag", {CAIRN_DATA_DIR: "/x/env"}), "/x/flag");
    assert.equal(resolveDataDir(null, {CAIRN_DATA_DIR: "/x/env"}), "/x/env");
    assert.equal(resolveDataDir(undefined, {}), defaultDataDir(process.platform, {}));
    assert.equal(resolveDataDir("relative", {}), path.resolve("relative"));
});

test("the per-user data folder follows each OS's convention", () => {
    const home = os.homedir();
    assert.equal(defaultDataDir("linux", {}), path.join(home, ".local", "share", "cairn"));
    assert.equal(defaultDataDir("linux", {XDG_DATA_HOME: "/xdg"}), path.join("/xdg", "cairn"));
    assert.equal(defaultDataDir("darwin", {}), path.join(home, "Library", "Application Support", "Cairn"));
    assert.equal(
        defaultDataDir("win32", {APPDATA: "C:\\\\Users\\\\a\\\\AppData\\\\Roaming"}),
        path.join("C:\\\\Users\\\\a\\\\AppData\\\\Roaming", "Cairn"),
    );
});
