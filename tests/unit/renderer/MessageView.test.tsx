import assert from "node:assert/strict";
import {test} from "node:test";
import {renderToStaticMarkup} from "react-dom/server";
import type {Message} from "../../../shared/contract.js";
import {MessageView} from "../../../renderer/src/chat/MessageView.js";
import {HintProvider} from "../../../renderer/src/ui/Hint.js";

const base: Message = {
    id: "m1",
    conversationId: "c1",
    role: "assistant",
    content: "",
    status: "complete",
    model: "test",
    stats: null,
    error: null,
    createdAt: 0,
    toolCalls: [],
    citations: [],
    thought: "",
    thoughtMs: null,
    parentId: null,
    versions: ["m1"],
};

const render = (m: Partial<Message>, streamed?: string) =>
    renderToStaticMarkup(
        <HintProvider>
            <MessageView message={{...base, ...m}} streamed={streamed} />
        </HintProvider>,
    );

test("assistant answers render markdown: code blocks, lists, links that leave the app", () => {
    const html = render({
        content: "Steps:\n\n- one\n- two\n\n```js\nlet x = 1;\n```\n\nSee [docs](https://example.org).",
    });
    assert.match(html, /<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    assert.match(
        html,
        /<pre tabindex="0" aria-label="js code"><code class="language-js">let x = 1;\n<\/code><\/pre>/,
    );
    assert.match(html, /<a href="https:\/\/example.org" target="_blank" rel="noopener noreferrer">docs<\/a>/);
});

test("raw HTML and javascript: links in an answer are not rendered", () => {
    const html = render({content: "<img src=x onerror=alert(1)> [x](javascript:alert(1))"});
    assert.doesNotMatch(html, /<img/);
    assert.doesNotMatch(html, /href="javascript:/);
});

test("user text is shown as typed, not as markdown", () => {
    const html = render({role: "user", content: "**not bold**"});
    assert.match(html, /\*\*not bold\*\*/);
});

test("a streaming answer shows the streamed text and a cursor; a stopped one says so", () => {
    const streaming = render({status: "streaming", content: "Once"}, "Once upon");
    assert.match(streaming, /Once upon/);
    assert.match(streaming, /class="cursor"/);
    assert.match(render({status: "interrupted", content: "Once"}), /stopped before the end/);
    assert.match(
        render({status: "error", error: "generation failed: boom"}),
        /failed: generation failed: boom/,
    );
    // A failure kept with its words is said from them, in the window's language (English here).
    assert.match(
        render({status: "error", error: "(stored English)", errorWords: {key: "unloadedMidAnswer"}}),
        /failed: the model was unloaded while it was answering; load a model and send again/,
    );
});

test("a tool call's error is said from its words: a policy's denial with its reason, a person's No as it is", () => {
    const call = {
        messageId: "m1",
        conversationId: "c1",
        step: 0,
        rawArgs: {},
        args: {},
        resultText: null,
        resultData: null,
        origin: "model",
        startedAt: 0,
        finishedAt: 1,
    } as const;
    const html = render({
        toolCalls: [
            {
                ...call,
                id: "t1",
                tool: "web_fetch",
                status: "denied",
                decision: "policy_deny",
                decidedBy: "policy",
                error: "(stored English 1)",
                errorWords: {key: "callWebOff"},
            },
            {
                ...call,
                id: "t2",
                tool: "write_file",
                status: "denied",
                decision: "deny",
                decidedBy: "user",
                error: "(stored English 2)",
                errorWords: {key: "deniedByUser"},
            },
            {
                ...call,
                id: "t3",
                tool: "slow",
                status: "timeout",
                decision: "policy_allow",
                decidedBy: "policy",
                error: "(stored English 3)",
                errorWords: {key: "toolTimedOut", values: {seconds: "0.2"}},
            },
        ],
    });
    assert.match(html, /<pre>denied: web access is off in this conversation<\/pre>/);
    assert.match(html, /<pre>denied by the user<\/pre>/);
    assert.match(html, /<pre>timed out after 0\.2s<\/pre>/);
    assert.doesNotMatch(html, /stored English/);
});

test("[n] markers link to their sources; a marker with no source is shown as unsupported", () => {
    const html = render({
        content: "Fast [1], busy [2], and [3] has no source.",
        citations: [
            {number: 1, kind: "url", title: "Cairn docs", url: "https://example.org/docs", toolCallId: "t1"},
            {number: 2, kind: "tool", title: "System stats", snippet: "CPU: 2 cores", toolCallId: "t2"},
        ],
    });
    assert.match(
        html,
        /<a class="cite" href="https:\/\/example.org\/docs" target="_blank" rel="noopener noreferrer" title="Cairn docs">\[1\]<\/a>/,
    );
    assert.match(html, /<a class="cite" href="#call-t2" title="System stats: CPU: 2 cores">\[2\]<\/a>/);
    assert.match(html, /<span class="cite unsupported" title="No source behind this marker">\[3\]<\/span>/);
});

test("a source with an unsafe URL is not linked out", () => {
    const html = render({
        content: "See [1].",
        citations: [{number: 1, kind: "url", title: "Bad", url: "javascript:alert(1)", toolCallId: null}],
    });
    assert.doesNotMatch(html, /href="javascript:/);
    assert.match(html, /<a class="cite" title="Bad">\[1\]<\/a>/);
});

test("when the answer cites nothing, the Sources list still shows what the tools returned", () => {
    const html = render({
        content: "An answer without markers.",
        citations: [{number: 1, kind: "tool", title: "System stats", toolCallId: "t9"}],
    });
    assert.match(
        html,
        /<ol class="sources" aria-label="Sources"><li value="1"><a class="cite" href="#call-t9" title="System stats">System stats<\/a><\/li><\/ol>/,
    );
});
