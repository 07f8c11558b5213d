import assert from "node:assert/strict";
import {test} from "node:test";
import {Ajv} from "ajv";
import {AppEvent, calls, type Message} from "../../../../shared/contract.js";
import {ContractCheck} from "../../../../main/contract/check.js";
import {EventBus} from "../../../../main/events.js";

const message: Message = {
    id: "m",
    conversationId: "c",
    role: "assistant",
    content: "hi",
    status: "complete",
    model: null,
    stats: null,
    error: null,
    createdAt: 1,
    toolCalls: [],
    citations: [{kind: "url", title: "Example", url: "https://example.com/", number: 1, toolCallId: "t"}],
    thought: "",
    thoughtMs: null,
    parentId: null,
    versions: ["m"],
};

test("every call's request and result schema, and every event's, compiles under ajv's strict mode", () => {
    const ajv = new Ajv({strict: true});
    for (const [name, {req, res}] of Object.entries(calls)) {
        assert.doesNotThrow(() => ajv.compile(req), `${name} request`);
        assert.doesNotThrow(() => ajv.compile(res), `${name} result`);
    }
    assert.doesNotThrow(() => ajv.compile(AppEvent));
});

test("an event is checked against the schema of its own type", () => {
    const check = new ContractCheck();
    assert.equal(check.event({type: "chat.done", conversationId: "c", message}), null);
    const bad = {type: "chat.done", conversationId: "c", message: {...message, citations: [{number: 0}]}};
    assert.match(check.event(bad as never) ?? "", /event chat.done .*citations\/0/);
    assert.match(check.event({type: "chat.nonsense"} as never) ?? "", /unknown type chat.nonsense/);
});

test("a bus with a check throws at the emitter for an event that breaks the contract", () => {
    const bus = new EventBus(new ContractCheck());
    const seen: string[] = [];
    bus.subscribe((e) => seen.push(e.type));
    bus.emit({type: "models.changed"});
    assert.throws(() => bus.emit({type: "models.changed", extra: 1} as never), /must NOT have additional/);
    assert.deepEqual(seen, ["models.changed"]);
});

test("a failed result is not checked against the value's schema", () => {
    const check = new ContractCheck();
    assert.equal(
        check.result("conversations.list", {ok: false, error: {code: "INTERNAL", message: "x"}}),
        null,
    );
    assert.equal(check.result("conversations.list", {ok: true, value: []}), null);
    assert.match(
        check.result("conversations.list", {ok: true, value: [{}]}) ?? "",
        /result of conversations.list/,
    );
});
