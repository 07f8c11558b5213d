import assert from "node:assert/strict";
import {test} from "node:test";
import {contentText, fromChatGpt} from "../../../../main/import/chatgpt.js";

// ChatGPT's content types as its export writes them, and its tool calls folded into the answer's steps.

test("each content type becomes readable text: text, multimodal_text with an image, code, tether_quote", () => {
    assert.equal(contentText({content_type: "text", parts: ["one", "two"]}), "one\n\ntwo");
    assert.equal(
        contentText({
            content_type: "multimodal_text",
            parts: [
                {content_type: "image_asset_pointer", asset_pointer: "file-service://file-1"},
                "What is this?",
            ],
        }),
        "*[image from the export: not brought in]*\n\nWhat is this?",
    );
    assert.equal(
        contentText({content_type: "code", language: "python", text: "print(1)"}),
        "```python\nprint(1)\n```",
    );
    assert.equal(
        contentText({
            content_type: "tether_quote",
            title: "Moons",
            url: "https://example.org/moons",
            text: "Two moons.\nSmall ones.",
        }),
        "> Two moons.\n> Small ones.\n\n— Moons, https://example.org/moons",
    );
});

test("a call to a tool and its answer become a step of the answer after them; thoughts its thought", () => {
    const node = (id: string, parent: string | null, message: object | null) => ({
        id,
        parent,
        children: [],
        message,
    });
    const conversation = fromChatGpt({
        conversation_id: "c1",
        title: "Sums",
        create_time: 1700000000,
        current_node: "a",
        mapping: {
            root: node("root", null, null),
            q: node("q", "root", {
                author: {role: "user"},
                content: {content_type: "text", parts: ["2+2?"]},
                recipient: "all",
            }),
            t: node("t", "q", {
                author: {role: "assistant"},
                content: {content_type: "thoughts", thoughts: [{summary: "add", content: "Two and two."}]},
            }),
            c: node("c", "t", {
                author: {role: "assistant"},
                recipient: "python",
                content: {content_type: "code", language: "python", text: "2+2"},
            }),
            r: node("r", "c", {
                author: {role: "tool", name: "python"},
                content: {content_type: "execution_output", text: "4"},
            }),
            a: node("a", "r", {
                author: {role: "assistant"},
                recipient: "all",
                content: {content_type: "text", parts: ["4"]},
                metadata: {model_slug: "o3"},
            }),
        },
    });
    assert.deepEqual(
        conversation.messages.map((m) => [m.id, m.parentId, m.role, m.content]),
        [
            ["q", null, "user", "2+2?"],
            ["a", "q", "assistant", "4"],
        ],
    );
    const answer = conversation.messages[1]!;
    assert.equal(answer.thought, "Two and two.");
    assert.deepEqual(answer.steps, [
        {tool: "python", args: "```python\n2+2\n```", result: "4", failed: false},
    ]);
    assert.equal(answer.model, "o3");
    assert.equal(conversation.headId, "a");
});
