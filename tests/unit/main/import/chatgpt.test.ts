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

/**
 * A chain of hidden tool nodes (a call, then its answer, many times over) under many versions of one answer:
 * each node's message counts how often it is read, which grows with versions × chain length in a walk per
 * version and stays flat in one pass.
 */
function hiddenChain(pairs: number, versions: number): {raw: Record<string, unknown>; reads: () => number} {
    let reads = 0;
    const counted = (message: Record<string, unknown>) => {
        const {author, ...rest} = message;
        return Object.defineProperty(rest, "author", {
            enumerable: true,
            get: () => {
                reads++;
                return author;
            },
        });
    };
    const mapping: Record<string, unknown> = {
        root: {id: "root", parent: null, message: null},
        q: {
            id: "q",
            parent: "root",
            message: {
                author: {role: "user"},
                recipient: "all",
                content: {content_type: "text", parts: ["go"]},
            },
        },
    };
    let last = "q";
    for (let i = 0; i < pairs; i++) {
        const call = `call${i}`;
        const answer = `answer${i}`;
        mapping[call] = {
            id: call,
            parent: last,
            message: counted({
                author: {role: "assistant"},
                recipient: "browser",
                content: {content_type: "code", language: "unknown", text: `search(${i})`},
            }),
        };
        mapping[answer] = {
            id: answer,
            parent: call,
            message: counted({
                author: {role: "tool", name: "browser"},
                recipient: "all",
                content: {content_type: "text", parts: [`result ${i}`]},
            }),
        };
        last = answer;
    }
    for (let v = 0; v < versions; v++)
        mapping[`v${v}`] = {
            id: `v${v}`,
            parent: last,
            message: {
                author: {role: "assistant"},
                recipient: "all",
                content: {content_type: "text", parts: [`version ${v}`]},
            },
        };
    return {raw: {conversation_id: "chain", title: "Chain", current_node: "v0", mapping}, reads: () => reads};
}

test("a chain of 20,000 hidden tool nodes under 40 versions is walked once: each node read a fixed number of times", () => {
    const pairs = 10_000;
    const {raw, reads} = hiddenChain(pairs, 40);
    const conversation = fromChatGpt(raw);
    const versions = conversation.messages.filter((m) => m.role === "assistant");
    assert.equal(versions.length, 40);
    for (const version of versions) {
        assert.equal(version.parentId, "q");
        assert.equal(version.steps.length, pairs);
        assert.deepEqual(version.steps[pairs - 1], {
            tool: "browser",
            args: `\`\`\`\nsearch(${pairs - 1})\n\`\`\``,
            result: `result ${pairs - 1}`,
            failed: false,
        });
    }
    // Whether each node is shown, and its step (each reads the author twice): 4 reads of each of the 20,000
    // nodes, whatever the versions (a walk per version read each 160 times).
    assert.ok(reads() <= 4 * 2 * pairs, `${reads()} reads of 20,000 hidden nodes`);
});

test("a loop in the parents ends the walk: no message is its own ancestor", () => {
    const conversation = fromChatGpt({
        conversation_id: "loop",
        title: "Loop",
        mapping: {
            a: {
                id: "a",
                parent: "h",
                message: {author: {role: "user"}, content: {content_type: "text", parts: ["a"]}},
            },
            h: {
                id: "h",
                parent: "a",
                message: {author: {role: "tool"}, content: {content_type: "text", parts: ["r"]}},
            },
            b: {
                id: "b",
                parent: "h",
                message: {author: {role: "assistant"}, content: {content_type: "text", parts: ["b"]}},
            },
        },
    });
    const byId = new Map(conversation.messages.map((m) => [m.id, m]));
    assert.equal(byId.get("a")?.parentId, null);
    assert.equal(byId.get("b")?.parentId, "a");
});
