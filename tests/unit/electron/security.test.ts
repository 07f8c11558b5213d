import assert from "node:assert/strict";
import {test} from "node:test";
import {isExternalLinkAllowed, isTrustedSender} from "../../../electron/security.js";

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
    const app = "file:///opt/Cairn/resources/app.asar/out/renderer/index.html";
    assert.equal(isTrustedSender(app, app, true), true);
    assert.equal(isTrustedSender(app + "?c=1", app, true), true);
    assert.equal(isTrustedSender(app, app, false), false);
    assert.equal(isTrustedSender("https://evil.example/", app, true), false);
    assert.equal(isTrustedSender("file:///tmp/other.html", app, true), false);
});
