import assert from "node:assert/strict";
import {test} from "node:test";
import path from "node:path";
import {
    contentTypeOf,
    isExternalLinkAllowed,
    isTrustedSender,
    linkConfirmation,
    resolveAppFile,
} from "../../../electron/security.js";

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

test("app:// serves files of the renderer folder only", () => {
    const root = "/opt/Cairn/out/renderer";
    const resolve = (url: string) => resolveAppFile(url, root, path.posix.join);
    assert.equal(resolve("app://cairn/"), "/opt/Cairn/out/renderer/index.html");
    assert.equal(resolve("app://cairn/index.html"), "/opt/Cairn/out/renderer/index.html");
    assert.equal(
        resolve("app://cairn/assets/index-abc.js?v=1#x"),
        "/opt/Cairn/out/renderer/assets/index-abc.js",
    );
    // URL parsing already removes literal dot segments: the result stays inside the folder.
    assert.equal(resolve("app://cairn/../main/cli.js"), "/opt/Cairn/out/renderer/main/cli.js");
    assert.equal(resolve("app://cairn/%2e%2e/main/cli.js"), "/opt/Cairn/out/renderer/main/cli.js");
    for (const bad of [
        "app://cairn/assets/%2e%2e%2f%2e%2e%2fsecret",
        "app://cairn/a%5c..%5c..%5csecret",
        "app://cairn/%00",
        "app://cairn/%E0%A4%A",
        "app://evil/index.html",
        "file:///etc/passwd",
        "not a url",
    ]) {
        assert.equal(resolve(bad), null, bad);
    }
    assert.equal(contentTypeOf("/x/index.html"), "text/html; charset=utf-8");
    assert.equal(contentTypeOf("/x/a.JS"), "text/javascript; charset=utf-8");
    assert.equal(contentTypeOf("/x/blob"), "application/octet-stream");
});

test("a link leaves the app only after a question showing its whole address, Cancel by default", () => {
    const url = "https://example.org/a/very/long/path?with=query&and=more#fragment";
    const options = linkConfirmation(url);
    assert.equal(options.detail, url);
    assert.equal(options.buttons[options.defaultId], "Cancel");
    assert.equal(options.cancelId, options.defaultId);
    assert.equal(options.buttons[0], "Open in browser");
});
