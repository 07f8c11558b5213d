import assert from "node:assert/strict";
import {test} from "node:test";
import {renderToStaticMarkup} from "react-dom/server";
import type {EngineStatus, Message, TurnStats} from "../../../shared/contract.js";
import {ChatView} from "../../../renderer/src/chat/ChatView.js";
import {HintProvider} from "../../../renderer/src/ui/Hint.js";
import {StatusLine} from "../../../renderer/src/chat/StatusLine.js";

const engine: EngineStatus = {
    state: "ready",
    backend: "cpu",
    modelPath: "/m.gguf",
    modelName: "m",
    threads: 1,
    message: null,
};

test("the status line says 'generating' once, and the turn's state only when it says more", () => {
    const text = (html: string) => html.replace(/<[^>]*>/g, " ");
    const generating = text(renderToStaticMarkup(<StatusLine engine={engine} busy turnState="GENERATING" />));
    assert.equal(generating.match(/generating/g)?.length, 1, generating);
    const waiting = text(
        renderToStaticMarkup(<StatusLine engine={engine} busy turnState="AWAITING_APPROVAL" />),
    );
    assert.match(waiting, /generating.*awaiting approval/);
});

const stats = (contextShifted: boolean): TurnStats => ({
    promptTokens: 1,
    completionTokens: 1,
    timeToFirstTokenMs: 1,
    durationMs: 1,
    tokensPerSecond: 1,
    reusedTokens: 0,
    contextShifted,
    thoughtTokens: 0,
});
const message = (id: string, role: Message["role"], shifted = false): Message => ({
    id,
    conversationId: "c",
    role,
    content: id,
    status: "complete",
    model: null,
    stats: role === "assistant" ? stats(shifted) : null,
    error: null,
    createdAt: 0,
    thought: "",
    thoughtMs: null,
    parentId: null,
    versions: [id],
    toolCalls: [],
    citations: [],
});

test("the 'no longer fitted' note shows on the first answer that left turns out, not on every later one", () => {
    const messages = [
        message("q1", "user"),
        message("a1", "assistant", false),
        message("q2", "user"),
        message("a2", "assistant", true),
        message("q3", "user"),
        message("a3", "assistant", true),
        message("q4", "user"),
        message("a4", "assistant", false),
        message("q5", "user"),
        message("a5", "assistant", true),
    ];
    const html = renderToStaticMarkup(
        <HintProvider>
            <ChatView
                messages={messages}
                streaming={{}}
                thinking={{}}
                busy={false}
                engine={engine}
                onSend={() => Promise.resolve(true)}
                onStop={() => {}}
            />
        </HintProvider>,
    );
    // a2 starts the shifting (noted), a3 goes on with it (not noted), a5 starts again after a4 (noted).
    assert.equal(html.match(/no longer fitted/g)?.length, 2, html);
});
