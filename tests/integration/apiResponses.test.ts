import assert from "node:assert/strict";
import {test} from "node:test";
import {Ajv} from "ajv";
import OpenAI from "openai";
import {startApi} from "../../main/api/server.js";
import {openTestCore, type TestCore} from "../helpers/core.js";

// The Responses API (Open Responses) on the local model, through OpenAI's own client: what Codex and other
// agents speak. stories260K writes noise; the items, the streamed events and the tool calls are real (a call
// is forced by tool_choice, as the tests force every call).
const KEY = "k-responses-0123456789";

async function withClient(run: (client: OpenAI, t: TestCore) => Promise<void>): Promise<void> {
    const t = await openTestCore({contextSize: 4096, generation: {maxTokens: 8, seed: 1}});
    const api = await startApi({core: t.core, key: () => KEY});
    try {
        await run(new OpenAI({baseURL: api.url, apiKey: KEY, maxRetries: 0}), t);
    } finally {
        await api.close();
        await t.core.dispose();
    }
}

const weather = {
    type: "function" as const,
    name: "get_weather",
    description: "Current weather for a city.",
    parameters: {type: "object", properties: {city: {type: "string", maxLength: 20}}, required: ["city"]},
    strict: true,
};

test("a response: a message item with the text, its status and usage; streamed, the same text in Open Responses' events", async () => {
    await withClient(async (client) => {
        const response = await client.responses.create({
            model: "local",
            instructions: "You tell stories.",
            input: "Once upon a time",
            max_output_tokens: 8,
        });
        assert.equal(response.object, "response");
        assert.ok(["completed", "incomplete"].includes(response.status ?? ""), String(response.status));
        assert.equal(response.output[0]?.type, "message");
        assert.ok(response.output_text.length > 0);
        assert.ok(response.usage && response.usage.input_tokens > 0 && response.usage.output_tokens > 0);
        if (response.status === "incomplete")
            assert.equal(response.incomplete_details?.reason, "max_output_tokens");

        const events: {type: string; sequence_number: number}[] = [];
        let deltas = "";
        const stream = client.responses.stream({
            model: "local",
            input: "Once upon a time",
            max_output_tokens: 8,
        });
        stream.on("event", (event) => events.push(event));
        stream.on("response.output_text.delta", (event) => (deltas += event.delta));
        const final = await stream.finalResponse();
        assert.deepEqual(
            events.slice(0, 4).map((e) => e.type),
            [
                "response.created",
                "response.in_progress",
                "response.output_item.added",
                "response.content_part.added",
            ],
        );
        assert.match(events.at(-1)!.type, /^response\.(completed|incomplete)$/);
        assert.deepEqual(
            events.map((e) => e.sequence_number),
            events.map((_, i) => i),
        );
        assert.ok(deltas.length > 0);
        assert.equal(final.output_text, deltas, "the final response holds what was streamed");
    });
});

test("function tools: a forced call is a function_call item, streamed or not; its output is read in the next request", async () => {
    await withClient(async (client, t) => {
        const ask = {
            model: "local",
            input: "Weather in Oslo?",
            tools: [weather],
            tool_choice: {type: "function" as const, name: "get_weather"},
            max_output_tokens: 64,
        };
        const response = await client.responses.create(ask);
        const call = response.output.find((item) => item.type === "function_call");
        assert.ok(call && call.type === "function_call");
        assert.equal(call.name, "get_weather");
        assert.match(call.call_id, /^call_/);
        assert.equal(typeof (JSON.parse(call.arguments) as {city?: unknown}).city, "string");

        const streamed = await client.responses.stream(ask).finalResponse();
        const streamedCall = streamed.output.find((item) => item.type === "function_call");
        assert.ok(
            streamedCall && streamedCall.type === "function_call" && streamedCall.status === "completed",
        );
        assert.equal(typeof (JSON.parse(streamedCall.arguments) as {city?: unknown}).city, "string");

        const answer = await client.responses.create({
            model: "local",
            tools: [weather],
            max_output_tokens: 8,
            input: [
                {role: "user", content: "Weather in Oslo?"},
                call,
                {type: "function_call_output", call_id: call.call_id, output: "Sunny, 18 °C"},
            ],
        });
        assert.equal(answer.output.at(-1)?.type, "message");
        assert.match(t.core.engine.lastPrompt()?.text ?? "", /Sunny, 18 °C/, "the result reached the model");
    });
});

test("Cairn's own tools: file_search runs rag_search and metadata.tools names others; each call is an output item", async () => {
    await withClient(async (client) => {
        const response = await client.responses.create({
            model: "local",
            input: "How busy is this computer?",
            max_output_tokens: 4,
            tool_choice: {type: "function", name: "system_stats"},
            metadata: {tools: "system_stats"},
        });
        const step = response.output[0] as unknown as {
            type: string;
            name: string;
            status: string;
            output: string;
        };
        assert.deepEqual(
            [step.type, step.name, step.status],
            ["cairn:tool_call", "system_stats", "completed"],
        );
        assert.match(step.output, /memory/i);
        assert.equal(response.output.at(-1)?.type, "message", "then the model answers");

        const stream = client.responses.stream({
            model: "local",
            input: "What do my notes say about Mars?",
            max_output_tokens: 4,
            tools: [{type: "file_search", vector_store_ids: []}],
            tool_choice: {type: "file_search"},
        });
        const added: string[] = [];
        stream.on("response.output_item.added", (event) => added.push(event.item.type));
        const searched = await stream.finalResponse();
        assert.equal(added[0], "file_search_call");
        const search = searched.output[0];
        assert.ok(search?.type === "file_search_call");
        assert.equal(search.queries.length, 1);
    });
});

test("structured output: text.format's schema holds for every answer; one no grammar enforces is a 400 naming it", async () => {
    await withClient(async (client) => {
        const schema = {
            type: "object",
            properties: {city: {type: "string", maxLength: 12}, sunny: {type: "boolean"}},
            required: ["city", "sunny"],
            additionalProperties: false,
        };
        const response = await client.responses.create({
            model: "local",
            input: "Weather in Oslo as JSON",
            max_output_tokens: 64,
            text: {format: {type: "json_schema", name: "weather", schema, strict: true}},
        });
        assert.ok(new Ajv().validate(schema, JSON.parse(response.output_text)), response.output_text);
        await assert.rejects(
            client.responses.create({
                model: "local",
                input: "hi",
                text: {
                    format: {
                        type: "json_schema",
                        name: "w",
                        schema: {type: "object", properties: {n: {type: "integer", multipleOf: 2}}},
                    },
                },
            }),
            (error: unknown) =>
                error instanceof OpenAI.BadRequestError &&
                error.param === "text.format.schema.properties.n" &&
                /grammar cannot enforce "multipleOf"/.test(error.message),
        );
    });
});

test("a hosted tool that may not run here (web search, web access off) is left out: the model answers without it", async () => {
    await withClient(async (client) => {
        const response = await client.responses.create({
            model: "local",
            input: "News about Mars?",
            max_output_tokens: 4,
            tools: [{type: "web_search"}],
        });
        assert.deepEqual(
            response.output.map((item) => item.type),
            ["message"],
        );
    });
});

test("bad requests: unknown items and tools, item references, 2,001 items: each a 400 that names what to change", async () => {
    await withClient(async (client) => {
        const refused = async (body: Record<string, unknown>, param: string, words: RegExp) => {
            await assert.rejects(
                client.responses.create({model: "local", input: "hi", ...body}),
                (error: unknown) =>
                    error instanceof OpenAI.BadRequestError &&
                    error.param === param &&
                    words.test(error.message),
                JSON.stringify(body).slice(0, 200),
            );
        };
        await refused(
            {
                input: [
                    {role: "user", content: "hi"},
                    {type: "computer_call_output", call_id: "c", output: {}},
                ],
            },
            "input[1].type",
            /Cairn does not take "computer_call_output" items \(it takes message, function_call/,
        );
        await refused(
            {input: [{type: "item_reference", id: "msg_1"}]},
            "input[0]",
            /does not read item_reference items; send the item itself, or continue a stored response/,
        );
        await refused(
            {tools: [{type: "code_interpreter", container: {type: "auto"}}]},
            "tools[0].type",
            /"code_interpreter"/,
        );
        const many = Array.from({length: 2001}, () => ({role: "user", content: "x"}));
        await refused({input: many}, "input", /2000/);
        // Streamed, the response has begun before the prompt is read: a prompt too long fails it in words.
        const res = await fetch(`${client.baseURL}/responses`, {
            method: "POST",
            headers: {authorization: `Bearer ${KEY}`, "content-type": "application/json"},
            body: JSON.stringify({input: "tale ".repeat(20_000), stream: true}),
        });
        const stream = await res.text();
        const events = [...stream.matchAll(/^event: (.+)$/gm)].map((m) => m[1]);
        assert.deepEqual(events, ["response.created", "response.in_progress", "response.failed"]);
        assert.match(
            stream,
            /"code":"context_length_exceeded","message":"the message is [\d,]+ tokens, more than this model.s context/,
        );
    });
});

test("stored responses: kept unless store is false, read back and deleted by id, continued by previous_response_id (the earlier turns reach the model)", async () => {
    await withClient(async (client, t) => {
        const first = await client.responses.create({
            model: "local",
            instructions: "You tell stories.",
            input: "Remember the word pelican.",
            max_output_tokens: 8,
        });
        assert.equal(Reflect.get(first, "store"), true);
        const kept = await client.responses.retrieve(first.id);
        assert.equal(kept.id, first.id);
        assert.equal(kept.output_text, first.output_text);

        // The follow-up sends only its new question: the first turn, question and answer, comes from the store.
        const second = await client.responses.create({
            model: "local",
            previous_response_id: first.id,
            input: "Which word?",
            max_output_tokens: 8,
        });
        assert.equal(second.previous_response_id, first.id);
        const prompt = t.core.engine.lastPrompt()?.text ?? "";
        assert.match(prompt, /Remember the word pelican\.[\s\S]*Which word\?/, "both turns, in order");
        assert.ok(prompt.includes(first.output_text.trim().slice(0, 12)), "the first answer too");
        assert.doesNotMatch(
            prompt,
            /You tell stories/,
            "instructions are not carried over, as OpenAI's are not",
        );

        // A chain: the third continues the second, which holds the first.
        const streamed = await client.responses
            .stream({
                model: "local",
                previous_response_id: second.id,
                input: "And again?",
                max_output_tokens: 8,
            })
            .finalResponse();
        assert.match(t.core.engine.lastPrompt()?.text ?? "", /pelican[\s\S]*Which word\?[\s\S]*And again\?/);
        assert.equal(
            (await client.responses.retrieve(streamed.id)).id,
            streamed.id,
            "a streamed one is kept too",
        );

        // What the model was given, in OpenAI's cursor pages: the first turn's question and answer, the new question.
        const listed: {id: string; type: string; role: string | undefined}[] = [];
        for await (const item of client.responses.inputItems.list(second.id, {order: "asc", limit: 2}))
            listed.push({id: item.id, type: item.type, role: "role" in item ? item.role : undefined});
        assert.deepEqual(
            listed.map((i) => `${i.type}:${i.role}`),
            ["message:user", "message:assistant", "message:user"],
        );
        assert.equal(listed[1]!.id, first.output[0]!.id, "the first answer, by its own id");
        assert.ok(listed.every((i) => /^msg_/.test(i.id)));
        const newest = await client.responses.inputItems.list(second.id, {limit: 1});
        assert.equal(newest.data[0]!.id, listed[2]!.id, "newest first unless asked otherwise");
        assert.equal(newest.has_more, true);

        // store: false keeps nothing.
        const unkept = await client.responses.create({
            model: "local",
            input: "hi",
            store: false,
            max_output_tokens: 4,
        });
        assert.equal(Reflect.get(unkept, "store"), false);
        await assert.rejects(client.responses.retrieve(unkept.id), (error: unknown) => {
            return (
                error instanceof OpenAI.NotFoundError &&
                /store: false, deleted, or is over 30 days old/.test(error.message)
            );
        });

        // Deleted, it can be neither read nor continued; a second delete says so too.
        const deleted: unknown = await client.responses.delete(first.id);
        assert.deepEqual(deleted, {id: first.id, object: "response", deleted: true});
        await assert.rejects(client.responses.retrieve(first.id), OpenAI.NotFoundError);
        await assert.rejects(client.responses.delete(first.id), OpenAI.NotFoundError);
        await assert.rejects(
            client.responses.create({model: "local", previous_response_id: first.id, input: "?"}),
            (error: unknown) =>
                error instanceof OpenAI.NotFoundError &&
                error.param === "previous_response_id" &&
                error.code === "previous_response_not_found",
        );
        // What was continued from it stays whole: the second holds its own copy of the context.
        await client.responses.create({
            model: "local",
            previous_response_id: second.id,
            input: "Still?",
            max_output_tokens: 4,
        });
        assert.match(t.core.engine.lastPrompt()?.text ?? "", /pelican[\s\S]*Still\?/);
    });
});
