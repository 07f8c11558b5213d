import assert from "node:assert/strict";
import {test} from "node:test";
import type {AppEvent, Message} from "../../shared/contract.js";
import {openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {tempDir} from "../helpers/paths.js";

// Messages written while an answer runs, on the real core and test model. The answer is held at a tool's
// approval (a forced create_file call in agent mode), so that what is written meanwhile arrives while it runs;
// the approval is then denied (nothing is written), and the answer goes on.

async function agentConversation(t: TestCore): Promise<string> {
    const {id} = unwrap(await t.api.invoke("conversations.create", {}));
    unwrap(await t.api.invoke("conversations.setMode", {id, mode: "agent"}));
    unwrap(await t.api.invoke("conversations.setWorkspace", {id, path: tempDir()}));
    return id;
}

/** Resolves with the next `count` finished answers of a conversation, each with what its model read last. */
function answers(
    t: TestCore,
    conversationId: string,
    count: number,
): Promise<(Message & {prompt: string})[]> {
    const done: (Message & {prompt: string})[] = [];
    return new Promise((resolve) => {
        const off = t.api.onEvent((e) => {
            if (e.type !== "chat.done" || e.conversationId !== conversationId) return;
            done.push({...e.message, prompt: t.core.engine.lastPrompt()?.text ?? ""});
            if (done.length === count) {
                off();
                resolve(done);
            }
        });
    });
}

/** At the answer's approval: `meanwhile` runs (what the person writes), then the call is denied. */
function atApproval(t: TestCore, meanwhile: () => Promise<void>) {
    const off = t.api.onEvent((e: AppEvent) => {
        if (e.type !== "tool.approvalRequested") return;
        off();
        void meanwhile().then(() =>
            t.api.invoke("tools.decide", {approvalId: e.request.approvalId, decision: "deny"}),
        );
    });
}

/** How many steps of generation an answer had (GENERATING once each). */
const steps = (t: TestCore, messageId: string) =>
    t.events.filter((e) => e.type === "turn.state" && e.messageId === messageId && e.state === "GENERATING")
        .length;

const write = (t: TestCore, conversationId: string) =>
    t.api.invoke("chat.send", {conversationId, text: "Write the file", toolChoice: "create_file"});

test("messages written while an answer runs are sent after it, in order; one taken out is not", async () => {
    const t = await openTestCore({contextSize: 8192, generation: {maxTokens: 8, seed: 1, temperature: 0}});
    try {
        const id = await agentConversation(t);
        const queues: string[][] = [];
        t.api.onEvent((e) => {
            if (e.type === "chat.queue") queues.push(e.queue.map((q) => q.text));
        });
        atApproval(t, async () => {
            unwrap(await t.api.invoke("chat.queue", {conversationId: id, text: "First queued"}));
            const {queuedId} = unwrap(
                await t.api.invoke("chat.queue", {conversationId: id, text: "Not this one"}),
            );
            unwrap(await t.api.invoke("chat.queue", {conversationId: id, text: "Second queued"}));
            const waiting = unwrap(await t.api.invoke("chat.queued", {conversationId: id}));
            assert.deepEqual(
                waiting.map((q) => [q.text, q.steer]),
                [
                    ["First queued", false],
                    ["Not this one", false],
                    ["Second queued", false],
                ],
            );
            assert.deepEqual(
                unwrap(await t.api.invoke("chat.unqueue", {conversationId: id, queuedId: queuedId!})),
                {
                    removed: true,
                },
            );
        });
        const three = answers(t, id, 3);
        unwrap(await write(t, id));
        const [first] = await three;
        assert.deepEqual(
            first!.toolCalls.map((c) => [c.tool, c.status]),
            [["create_file", "denied"]],
        );
        assert.equal(steps(t, first!.id), 2, "the answer went on after its call: queued messages wait");
        const messages = unwrap(await t.api.invoke("messages.list", {conversationId: id}));
        assert.deepEqual(
            messages.filter((m) => m.role === "user").map((m) => m.content),
            ["Write the file", "First queued", "Second queued"],
        );
        assert.ok(messages.every((m) => m.status === "complete"));
        assert.deepEqual(queues.at(-1), [], "the queue ends empty");
        assert.deepEqual(unwrap(await t.api.invoke("chat.queued", {conversationId: id})), []);

        // With no answer running, a message is sent at once.
        const one = answers(t, id, 1);
        assert.deepEqual(unwrap(await t.api.invoke("chat.queue", {conversationId: id, text: "Now"})), {
            queuedId: null,
        });
        assert.equal((await one)[0]!.status, "complete");
    } finally {
        await t.core.dispose();
    }
});

test("a steering message written during an approval ends the answer after that call; the next answers it with the call's result", async () => {
    const t = await openTestCore({contextSize: 8192, generation: {maxTokens: 8, seed: 1, temperature: 0}});
    try {
        const id = await agentConversation(t);
        atApproval(t, async () => {
            unwrap(
                await t.api.invoke("chat.queue", {conversationId: id, text: "Queued after", steer: false}),
            );
            unwrap(
                await t.api.invoke("chat.queue", {
                    conversationId: id,
                    text: "Use the notes instead",
                    steer: true,
                }),
            );
        });
        const three = answers(t, id, 3);
        unwrap(await write(t, id));
        const [first, steered] = await three;
        assert.deepEqual(
            first!.toolCalls.map((c) => [c.tool, c.status]),
            [["create_file", "denied"]],
        );
        assert.equal(first!.status, "complete");
        assert.equal(
            steps(t, first!.id),
            1,
            "no step after the call: the steering message is taken in there",
        );
        assert.equal(first!.content, "");
        assert.equal(steered!.status, "complete", steered!.error ?? "");
        const messages = unwrap(await t.api.invoke("messages.list", {conversationId: id}));
        assert.deepEqual(
            messages.filter((m) => m.role === "user").map((m) => m.content),
            ["Write the file", "Use the notes instead", "Queued after"],
            "the steering message first, then the queue",
        );
        // The steered answer's model read the call and its result, then the steering message.
        const {prompt} = steered!;
        const call = prompt.indexOf("create_file");
        assert.ok(call >= 0 && prompt.indexOf("denied", call) > call, "the call and its result");
        assert.ok(
            prompt.indexOf("Use the notes instead") > prompt.indexOf("denied", call),
            "then the message",
        );
    } finally {
        await t.core.dispose();
    }
});
