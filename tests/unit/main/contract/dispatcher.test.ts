import assert from "node:assert/strict";
import {test} from "node:test";
import {MAX_FRAME_BYTES, type Conversation} from "../../../../shared/contract.js";
import {ok} from "../../../../shared/result.js";
import {ContractCheck} from "../../../../main/contract/check.js";
import {createDispatcher, type Handlers} from "../../../../main/contract/dispatcher.js";
import {aConversation} from "../../../helpers/conversationFixture.js";

function handlers(overrides: Partial<Handlers> = {}): Handlers {
    const unused = () => {
        throw new Error("not used in this test");
    };
    return {
        "app.getStatus": unused,
        "conversations.list": () => ok([]),
        "conversations.create": (req) => ok(conversation(req.title ?? "t")),
        "conversations.rename": unused,
        "conversations.delete": unused,
        "messages.list": unused,
        "chat.send": () => ok({userMessageId: "u", messageId: "m"}),
        "chat.stop": unused,
        "models.load": unused,
        ...overrides,
    } as Handlers;
}

const quiet = () => {};

function conversation(title: string): Conversation {
    return aConversation({id: "c1", title});
}

test("a valid call reaches its handler", async () => {
    const d = createDispatcher(handlers(), {log: quiet});
    const res = await d.call("conversations.create", {title: "Hello"});
    assert.deepEqual(res, {ok: true, value: conversation("Hello")});
});

test("an unknown call is a VALIDATION error", async () => {
    const d = createDispatcher(handlers(), {log: quiet});
    const res = await d.call("files.deleteEverything", {});
    assert.equal(res.ok, false);
    assert.equal(!res.ok && res.error.code, "VALIDATION");
    assert.match(!res.ok ? res.error.message : "", /unknown call: files.deleteEverything/);
    const notString = await d.call(42, {});
    assert.equal(!notString.ok && notString.error.code, "VALIDATION");
});

test("a request of the wrong shape is refused before the handler runs", async () => {
    let ran = false;
    const d = createDispatcher(
        handlers({
            "chat.send": () => {
                ran = true;
                return ok({userMessageId: "u", messageId: "m"});
            },
        }),
        {log: quiet},
    );
    for (const bad of [
        {conversationId: "c"},
        {conversationId: "c", text: ""},
        {conversationId: "c", text: 5},
        {conversationId: "c", text: "hi", extra: true},
        null,
        "hi",
    ]) {
        const res = await d.call("chat.send", bad);
        assert.equal(!res.ok && res.error.code, "VALIDATION", JSON.stringify(bad));
    }
    assert.equal(ran, false);
});

test("types are not coerced", async () => {
    const d = createDispatcher(handlers(), {log: quiet});
    const res = await d.call("conversations.create", {title: 5});
    assert.equal(!res.ok && res.error.code, "VALIDATION");
});

test("a request over 1 MiB is a VALIDATION error", async () => {
    const d = createDispatcher(handlers(), {log: quiet});
    const res = await d.call("chat.send", {conversationId: "c", text: "x".repeat(MAX_FRAME_BYTES + 1)});
    assert.equal(!res.ok && res.error.code, "VALIDATION");
    assert.match(!res.ok ? res.error.message : "", /too large/);
});

test("a handler that throws gives INTERNAL, and nothing is thrown across the boundary", async () => {
    const logged: string[] = [];
    const d = createDispatcher(
        handlers({
            "conversations.list": () => {
                throw new Error("disk on fire");
            },
        }),
        {log: (message) => logged.push(message)},
    );
    const res = await d.call("conversations.list", {});
    assert.equal(!res.ok && res.error.code, "INTERNAL");
    assert.match(!res.ok ? res.error.message : "", /disk on fire/);
    assert.equal(logged.length, 1);
});

test("with a contract check, a result that breaks its schema becomes INTERNAL and names the field", async () => {
    const d = createDispatcher(
        handlers({"conversations.create": () => ok({...conversation("x"), mode: "chaos"} as never)}),
        {log: quiet, check: new ContractCheck()},
    );
    const res = await d.call("conversations.create", {});
    assert.equal(!res.ok && res.error.code, "INTERNAL");
    assert.match(!res.ok ? res.error.message : "", /result of conversations.create .*\/mode/);
    const good = createDispatcher(handlers(), {log: quiet, check: new ContractCheck()});
    assert.deepEqual(await good.call("conversations.create", {title: "t"}), {
        ok: true,
        value: conversation("t"),
    });
});
