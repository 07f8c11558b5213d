import assert from "node:assert/strict";
import {test} from "node:test";
import path from "node:path";
import {
    allowsPermission,
    appRequestPath,
    isExternalLinkAllowed,
    isTrustedSender,
    linkConfirmation,
} from "../../../electron/security.js";
import {shellWords} from "../../../electron/words.js";
import {readStatic} from "../../../main/server/static.js";
import {ROOT} from "../../helpers/paths.js";

test("only http(s) links leave the app", () => {
    assert.equal(isExternalLinkAllowed("https://example.org/page"), true);
    assert.equal(isExternalLinkAllowed("http://example.org"), true);
    for (const bad of [
        "file:///etc/passwd",
        "javascript:alert(1)",
        "smb://host/share",
        "data:text/html,x",
        "nonsense",
    ]) {
        assert.equal(isExternalLinkAllowed(bad), false, bad);
    }
});

test("IPC is trusted only from the app's own top frame", () => {
    const app = "app://cairn/index.html";
    assert.equal(
        isTrustedSender("file:///opt/Cairn/resources/app.asar/out/renderer/index.html", app, true),
        false,
    );
    assert.equal(isTrustedSender("app://other/index.html", app, true), false);
    assert.equal(isTrustedSender(app, app, true), true);
    assert.equal(isTrustedSender(app + "?c=1", app, true), true);
    assert.equal(isTrustedSender(app, app, false), false);
    assert.equal(isTrustedSender("https://evil.example/", app, true), false);
    assert.equal(isTrustedSender("file:///tmp/other.html", app, true), false);
});

test("app:// requests name a path only for the app's own host", async () => {
    assert.equal(appRequestPath("app://cairn/"), "/");
    assert.equal(appRequestPath("app://cairn/assets/index-abc.js?v=1#x"), "/assets/index-abc.js");
    for (const bad of ["app://evil/index.html", "file:///etc/passwd", "https://cairn/", "not a url"])
        assert.equal(appRequestPath(bad), null, bad);
    // The file is read by the headless host's reader, which never leaves the folder.
    const root = path.join(ROOT, "out", "renderer");
    for (const url of [
        "app://cairn/%2e%2e/main/cli.js",
        "app://cairn/assets/%2e%2e%2f%2e%2e%2fmain%2fcli.js",
    ]) {
        const file = await readStatic(root, appRequestPath(url)!);
        assert.equal(file?.isHtml, true, `${url} falls back to index.html, nothing outside`);
    }
    assert.equal(
        (await readStatic(root, appRequestPath("app://cairn/index.html")!))?.type,
        "text/html; charset=utf-8",
    );
});

test("a link leaves the app only after a question showing its whole address, Cancel by default", () => {
    const url = "https://example.org/a/very/long/path?with=query&and=more#fragment";
    const options = linkConfirmation(url, shellWords("en"));
    assert.equal(options.detail, url);
    assert.equal(options.buttons[options.defaultId], "Cancel");
    assert.equal(options.cancelId, options.defaultId);
    assert.equal(options.buttons[0], "Open in browser");
    // In the window's language.
    const german = linkConfirmation(url, shellWords("de"));
    assert.deepEqual(german.buttons, ["Im Browser öffnen", "Abbrechen"]);
    assert.equal(german.message, "Diese Adresse in deinem Webbrowser öffnen?");
});

test("the window gets the microphone for dictation and no other permission", () => {
    const app = "app://cairn/index.html";
    assert.equal(allowsPermission("media", app, app, ["audio"]), true);
    assert.equal(allowsPermission("media", `${app}?c=1`, app, []), true);
    // The camera, the camera with the microphone, and any other permission are refused.
    assert.equal(allowsPermission("media", app, app, ["video"]), false);
    assert.equal(allowsPermission("media", app, app, ["audio", "video"]), false);
    for (const other of ["geolocation", "notifications", "clipboard-read", "display-capture", "openExternal"])
        assert.equal(allowsPermission(other, app, app, []), false, other);
    // Asked by a page that is not Cairn's own window: refused.
    assert.equal(allowsPermission("media", "https://evil.example/", app, ["audio"]), false);
    assert.equal(allowsPermission("media", "app://other/index.html", app, ["audio"]), false);
});
