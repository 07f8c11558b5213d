import assert from "node:assert/strict";
import {test} from "node:test";
import Anthropic from "@anthropic-ai/sdk";
import {Ajv} from "ajv";
import {startApi} from "../../main/api/server.js";
import {openTestCore, type TestCore} from "../helpers/core.js";
import {FAMILIES, templateModel} from "../helpers/templateModel.js";

// Anthropic's Messages API on the local model, through Anthropic's own client: what Claude Code and other
// agents speak. stories260K writes noise; the shapes, the streaming events and the tool calls are real (a call
// is forced by tool_choice, as the tests force every call).
const KEY = "k-messages-0123456789";

async function withClient(run: (client: Anthropic, t: TestCore) => Promise<void>): Promise<void> {
    const t = await openTestCore({contextSize: 4096, generation: {maxTokens: 8, seed: 1}});
    const api = await startApi({core: t.core, key: () => KEY});
    try {
        const client = new Anthropic({baseURL: api.url.replace(/\/v1\/?$/, ""), apiKey: KEY, maxRetries: 0});
        await run(client, t);
    } finally {
        await api.close();
        await t.core.dispose();
    }
}

const weather = {
    name: "get_weather",
    description: "Current weather for a city.",
    input_schema: {type: "object" as const, properties: {city: {type: "string"}}, required: ["city"]},
};

test("a message: text back with its stop reason and usage; streamed, the same text in Anthropic's events", async () => {
    await withClient(async (client) => {
        const message = await client.messages.create({
            model: "local",
            max_tokens: 8,
            system: "You tell stories.",
            messages: [{role: "user", content: "Once upon a time"}],
        });
        assert.equal(message.type, "message");
        assert.equal(message.role, "assistant");
        assert.ok(
            ["end_turn", "max_tokens"].includes(message.stop_reason ?? ""),
            String(message.stop_reason),
        );
        const text = message.content.find((b) => b.type === "text");
        assert.ok(text && text.type === "text" && text.text.length > 0);
        assert.ok(message.usage.input_tokens > 0 && message.usage.output_tokens > 0);

        const events: string[] = [];
        const stream = client.messages.stream({
            model: "local",
            max_tokens: 8,
            messages: [{role: "user", content: "Once upon a time"}],
        });
        stream.on("streamEvent", (event) => events.push(event.type));
        const final = await stream.finalMessage();
        assert.equal(events[0], "message_start");
        assert.deepEqual(events.slice(-2), ["message_delta", "message_stop"]);
        assert.ok(events.includes("content_block_start") && events.includes("content_block_delta"));
        const streamed = final.content.find((b) => b.type === "text");
        assert.ok(streamed && streamed.type === "text" && streamed.text.length > 0);
    });
});

test("tools: a forced call comes back as a tool_use block, streamed or not; its tool_result is read in the next turn", async () => {
    await withClient(async (client, t) => {
        const ask = {
            model: "local",
            max_tokens: 64,
            tools: [weather],
            tool_choice: {type: "tool" as const, name: "get_weather"},
            messages: [{role: "user" as const, content: "Weather in Oslo?"}],
        };
        const message = await client.messages.create(ask);
        assert.equal(message.stop_reason, "tool_use");
        const call = message.content.find((b) => b.type === "tool_use");
        assert.ok(call && call.type === "tool_use");
        assert.equal(call.name, "get_weather");
        assert.equal(typeof (call.input as {city?: unknown}).city, "string", "the input matches the schema");

        const streamed = await client.messages.stream(ask).finalMessage();
        const streamedCall = streamed.content.find((b) => b.type === "tool_use");
        assert.ok(streamedCall && streamedCall.type === "tool_use" && streamedCall.name === "get_weather");
        assert.equal(typeof (streamedCall.input as {city?: unknown}).city, "string");

        const answer = await client.messages.create({
            model: "local",
            max_tokens: 8,
            tools: [weather],
            messages: [
                ...ask.messages,
                {role: "assistant", content: [call]},
                {
                    role: "user",
                    content: [{type: "tool_result", tool_use_id: call.id, content: "Sunny, 18 °C"}],
                },
                // Instructions between turns, as Claude Code sends them.
                {role: "system", content: "Answer in Norwegian."} as never,
            ],
        });
        assert.equal(answer.type, "message");
        assert.match(t.core.engine.lastPrompt()?.text ?? "", /Sunny, 18 °C/, "the result reached the model");
        assert.match(t.core.engine.lastPrompt()?.text ?? "", /Answer in Norwegian\./);
    });
});

test("bad requests are refused in Anthropic's shape, with words that say what to fix", async () => {
    await withClient(async (client) => {
        const wrongKey = new Anthropic({baseURL: client.baseURL, apiKey: "nope-0123456789", maxRetries: 0});
        await assert.rejects(
            wrongKey.messages.create({
                model: "local",
                max_tokens: 8,
                messages: [{role: "user", content: "hi"}],
            }),
            (error: unknown) => error instanceof Anthropic.AuthenticationError,
        );
        const blocks = Array.from({length: 10_000}, () => ({type: "text" as const, text: "x"}));
        await assert.rejects(
            client.messages.create({
                model: "local",
                max_tokens: 8,
                messages: [{role: "user", content: blocks}],
            }),
            (error: unknown) =>
                error instanceof Anthropic.BadRequestError &&
                /10000 content blocks; Cairn takes at most 2000 in one request/.test(error.message) &&
                JSON.stringify(error.error).includes('"type":"invalid_request_error"'),
        );
    });
});

test("structured output: output_config.format's schema holds for every answer; one no grammar enforces is a 400 naming it", async () => {
    await withClient(async (client) => {
        const schema = {
            type: "object",
            properties: {city: {type: "string", maxLength: 12}, sunny: {type: "boolean"}},
            required: ["city", "sunny"],
            additionalProperties: false,
        };
        const message = await client.messages.create({
            model: "local",
            max_tokens: 64,
            messages: [{role: "user", content: "Weather in Oslo as JSON"}],
            output_config: {format: {type: "json_schema", schema}},
        });
        const text = message.content.find((b) => b.type === "text");
        assert.ok(text && text.type === "text");
        assert.ok(new Ajv().validate(schema, JSON.parse(text.text)), text.text);
        await assert.rejects(
            client.messages.create({
                model: "local",
                max_tokens: 8,
                messages: [{role: "user", content: "hi"}],
                output_config: {
                    format: {
                        type: "json_schema",
                        schema: {type: "object", properties: {code: {pattern: "^Z"}}},
                    },
                },
            }),
            (error: unknown) =>
                error instanceof Anthropic.BadRequestError &&
                /output_config\.format\.schema\.properties\.code: llama\.cpp's grammar cannot enforce "pattern"/.test(
                    (error.error as {error?: {message?: string}}).error?.message ?? "",
                ),
        );
    });
});

test("extended thinking: thinking blocks before the text when asked for, streamed as thinking_delta; none when not; a budget that leaves no room for the answer is a 400", async () => {
    // Qwen 3.5's template opens a thought segment at the start of every answer (random weights, real segments).
    const t = await openTestCore({modelPath: templateModel(FAMILIES["qwen3.5"]), generation: {seed: 1}});
    const api = await startApi({core: t.core, key: () => KEY});
    try {
        const client = new Anthropic({baseURL: api.url.replace(/\/v1\/?$/, ""), apiKey: KEY, maxRetries: 0});
        const ask = {
            model: "local",
            max_tokens: 24,
            messages: [{role: "user" as const, content: "Why is the sky blue?"}],
        };
        const thought = await client.messages.create({...ask, thinking: {type: "enabled", budget_tokens: 8}});
        const [first, ...rest] = thought.content;
        assert.equal(first?.type, "thinking", JSON.stringify(thought.content));
        assert.ok(first.type === "thinking" && first.thinking.length > 0, "it thought, within the budget");
        assert.ok(
            rest.some((b) => b.type === "text"),
            "then it answered",
        );
        assert.ok(
            thought.usage.output_tokens > 8,
            "thinking counts in output_tokens, as Anthropic counts it",
        );

        const deltas: string[] = [];
        const stream = client.messages.stream({...ask, thinking: {type: "enabled", budget_tokens: 8}});
        stream.on("streamEvent", (event) => {
            if (event.type === "content_block_delta") deltas.push(event.delta.type);
        });
        const final = await stream.finalMessage();
        assert.equal(final.content[0]?.type, "thinking");
        assert.equal(deltas[0], "thinking_delta");
        assert.ok(deltas.includes("text_delta"));

        // Not asked for (Anthropic's default), or disabled: the model does not think, and no block is sent.
        for (const quiet of [
            await client.messages.create(ask),
            await client.messages.create({...ask, thinking: {type: "disabled"}}),
        ])
            assert.ok(
                quiet.content.every((b) => b.type !== "thinking"),
                JSON.stringify(quiet.content),
            );

        await assert.rejects(
            client.messages.create({...ask, thinking: {type: "enabled", budget_tokens: 24}}),
            (error: unknown) =>
                error instanceof Anthropic.BadRequestError &&
                /thinking\.budget_tokens \(24\) must be less than max_tokens \(24\)/.test(error.message),
        );
    } finally {
        await api.close();
        await t.core.dispose();
    }
});
