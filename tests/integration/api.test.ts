import assert from "node:assert/strict";
import {spawn, spawnSync} from "node:child_process";
import {after, before, test} from "node:test";
import {Ajv} from "ajv";
import OpenAI from "openai";
import type {Plan} from "../../shared/contract.js";
import {startApi, type ApiServer} from "../../main/api/server.js";
import {openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {CLI, TEST_MODEL} from "../helpers/paths.js";
import {readServerTiming} from "../helpers/serverTiming.js";
import {startServe, type Served} from "../helpers/serve.js";

// The official `openai` package against a real `cairn serve --api` with the test model (stories260K): what
// a script, Open WebUI or an editor plugin sees. The model has no intelligence, so tool calls are forced
// (tool_choice named or required) and contents are checked for shape, not meaning.
const KEY = "test-key-0123456789";
let served: Served;
let client: OpenAI;

const weather = {
    type: "function" as const,
    function: {
        name: "get_weather",
        description: "The weather in a city",
        parameters: {
            type: "object",
            properties: {city: {type: "string", maxLength: 40}},
            required: ["city"],
            additionalProperties: false,
        },
    },
};
const time = {
    type: "function" as const,
    function: {name: "get_time", description: "The time", parameters: {type: "object", properties: {}}},
};
const user = (content: string) => ({role: "user" as const, content});

before(async () => {
    served = await startServe({
        extra: ["--api", "--api-port", "0", "--api-key", KEY, "--embedding-model", TEST_MODEL],
    });
    client = new OpenAI({baseURL: served.apiUrl!, apiKey: KEY, maxRetries: 0});
    // The model is still loading as the server starts: the first request waits for it, not a 503.
    const first = await client.chat.completions.create({model: "m", messages: [user("hi")], max_tokens: 1});
    assert.equal(first.object, "chat.completion");
});
after(() => served.stop());

test("models.list names the loaded model first", async () => {
    const page = await client.models.list();
    assert.equal(page.data[0]?.id, "stories260K");
    assert.equal(page.data[0]?.object, "model");
});

test("a completion: text, finish reason, usage, and max_tokens kept", async () => {
    const res = await client.chat.completions.create({
        model: "stories260K",
        messages: [user("Once upon a time")],
        max_tokens: 7,
        temperature: 0,
        seed: 3,
    });
    assert.equal(res.object, "chat.completion");
    const choice = res.choices[0]!;
    assert.equal(choice.message.role, "assistant");
    assert.ok(typeof choice.message.content === "string" && choice.message.content.length > 0);
    assert.ok(choice.finish_reason === "length" || choice.finish_reason === "stop");
    assert.ok(
        res.usage!.completion_tokens >= 1 && res.usage!.completion_tokens <= 7,
        JSON.stringify(res.usage),
    );
    assert.ok(res.usage!.prompt_tokens > 0);
    assert.equal(res.usage!.total_tokens, res.usage!.prompt_tokens + res.usage!.completion_tokens); // stop: the story model ends sentences quickly; the answer stops before the first period.
    const stopped = await client.chat.completions.create({
        model: "stories260K",
        messages: [user("Once upon a time")],
        max_tokens: 64,
        temperature: 0,
        stop: ["."],
    });
    assert.equal(stopped.choices[0]!.finish_reason, "stop");
    assert.ok(!stopped.choices[0]!.message.content!.includes("."), stopped.choices[0]!.message.content!);
});

test("streaming: deltas join to the answer, then a usage chunk (include_usage), then the end", async () => {
    const stream = await client.chat.completions.create({
        model: "stories260K",
        messages: [user("Once upon a time")],
        max_tokens: 12,
        stream: true,
        stream_options: {include_usage: true},
    });
    let text = "";
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined = null;
    for await (const chunk of stream) {
        assert.equal(chunk.object, "chat.completion.chunk");
        for (const choice of chunk.choices) {
            text += choice.delta.content ?? "";
            finish = choice.finish_reason ?? finish;
        }
        if (chunk.usage) usage = chunk.usage;
    }
    assert.ok(text.length > 0);
    assert.equal(finish, "length");
    assert.equal(usage?.completion_tokens, 12);
});

test("a named tool_choice forces that call (grammar); the tool's result goes back and the answer goes on", async () => {
    const messages: OpenAI.ChatCompletionMessageParam[] = [user("What is the weather in Paris?")];
    const first = await client.chat.completions.create({
        model: "stories260K",
        messages,
        tools: [weather, time],
        tool_choice: {type: "function", function: {name: "get_weather"}},
    });
    const choice = first.choices[0]!;
    assert.equal(choice.finish_reason, "tool_calls");
    const call = choice.message.tool_calls![0]!;
    assert.equal(call.type, "function");
    assert.equal(call.type === "function" && call.function.name, "get_weather");
    const args = JSON.parse(call.type === "function" ? call.function.arguments : "") as {city: unknown};
    assert.equal(typeof args.city, "string");
    messages.push(choice.message, {role: "tool", tool_call_id: call.id, content: "Sunny, 21 °C"});
    const second = await client.chat.completions.create({model: "stories260K", messages, max_tokens: 8});
    assert.ok(["stop", "length"].includes(second.choices[0]!.finish_reason));
    // The conversation so far was evaluated by the first call: only the tool result is new.
    assert.ok(second.usage!.prompt_tokens_details!.cached_tokens! > 0, JSON.stringify(second.usage));
});

test("tool_choice required picks one of the tools; a streamed forced call arrives as tool_calls deltas, as it is written", async () => {
    const stream = await client.chat.completions.create({
        model: "stories260K",
        messages: [user("Tell me something")],
        tools: [weather, time],
        tool_choice: "required",
        stream: true,
    });
    const calls = new Map<number, {id?: string; name?: string; args: string}>();
    const ids = new Set<string>();
    let deltas = 0;
    let finish: string | null = null;
    for await (const chunk of stream) {
        const choice = chunk.choices[0];
        if (!choice) continue;
        finish = choice.finish_reason ?? finish;
        for (const delta of choice.delta.tool_calls ?? []) {
            deltas++;
            if (delta.id) ids.add(delta.id);
            const call = calls.get(delta.index) ?? {args: ""};
            call.id ??= delta.id;
            call.name ??= delta.function?.name;
            call.args += delta.function?.arguments ?? "";
            calls.set(delta.index, call);
        }
    }
    assert.equal(finish, "tool_calls");
    // One call, introduced once, its arguments in several pieces as the model wrote them.
    assert.deepEqual([...calls.keys()], [0]);
    assert.equal(ids.size, 1);
    assert.ok(deltas >= 2, `${deltas} deltas`);
    const call = calls.get(0)!;
    assert.match(call.id ?? "", /^call_/);
    assert.ok(["get_weather", "get_time"].includes(call.name ?? ""), call.name);
    assert.equal(typeof JSON.parse(call.args), "object");
});

test("arguments are checked against the client's own schema (ajv); a mismatch comes back with the call", async () => {
    const strict = {
        type: "function" as const,
        function: {
            name: "book",
            parameters: {
                type: "object",
                properties: {code: {type: "string", pattern: "^ZZ-[0-9]{9}$"}},
                required: ["code"],
            },
        },
    };
    const res = await client.chat.completions.create({
        model: "stories260K",
        messages: [user("Book it")],
        tools: [strict],
        tool_choice: {type: "function", function: {name: "book"}},
        seed: 1,
    });
    const message = res.choices[0]!.message as OpenAI.ChatCompletionMessage & {
        metadata?: {tool_call_errors?: {tool_call_id: string; message: string}[]};
    };
    const problem = message.metadata?.tool_call_errors?.[0];
    assert.equal(problem?.tool_call_id, message.tool_calls![0]!.id);
    assert.match(problem?.message ?? "", /do not match the schema of book: \/code must match pattern/);
});

test("parallel calls: an assistant message with two calls and their two results is one step of history", async () => {
    const calls: OpenAI.ChatCompletionMessageToolCall[] = [
        {id: "call_a", type: "function", function: {name: "get_weather", arguments: '{"city":"Oslo"}'}},
        {id: "call_b", type: "function", function: {name: "get_time", arguments: "{}"}},
    ];
    const messages: OpenAI.ChatCompletionMessageParam[] = [
        user("Weather and time?"),
        {role: "assistant", content: null, tool_calls: calls},
        {role: "tool", tool_call_id: "call_a", content: "Rain"},
        {role: "tool", tool_call_id: "call_b", content: "12:00"},
    ];
    const res = await client.chat.completions.create({
        model: "m",
        messages,
        tools: [weather, time],
        max_tokens: 4,
    });
    assert.ok(res.usage!.prompt_tokens > 0);
    // A call left unanswered is refused, as OpenAI refuses it.
    await assert.rejects(
        client.chat.completions.create({model: "m", messages: messages.slice(0, 3), max_tokens: 4}),
        (error: unknown) =>
            error instanceof OpenAI.BadRequestError && /no answer to call_b/.test(error.message),
    );
});

test("response_format: json_object answers are JSON; json_schema answers parse and match the schema", async () => {
    const object = await client.chat.completions.create({
        model: "m",
        messages: [user("Give JSON")],
        response_format: {type: "json_object"},
        max_tokens: 200,
        seed: 2,
    });
    // The grammar allows only JSON; a model without sense may still run out of tokens inside a string.
    const content = object.choices[0]!.message.content!;
    assert.match(content, /^\s*\{/);
    if (object.choices[0]!.finish_reason === "stop") assert.equal(typeof JSON.parse(content), "object");
    const schema = {
        type: "object",
        properties: {name: {type: "string", maxLength: 10}, age: {type: "integer"}},
        required: ["name", "age"],
        additionalProperties: false,
    };
    const typed = await client.chat.completions.create({
        model: "m",
        messages: [user("A person")],
        response_format: {type: "json_schema", json_schema: {name: "person", schema}},
        max_tokens: 200,
        seed: 2,
    });
    const value: unknown = JSON.parse(typed.choices[0]!.message.content!);
    assert.ok(new Ajv().validate(schema, value), JSON.stringify(value));
    // A keyword no grammar enforces would let the answer break the schema: a 400 naming it, nothing run.
    const minimum = {type: "object", properties: {age: {type: "integer", minimum: 0}}};
    await assert.rejects(
        client.chat.completions.create({
            model: "m",
            messages: [user("A person")],
            response_format: {type: "json_schema", json_schema: {name: "person", schema: minimum}},
        }),
        (e: unknown) =>
            e instanceof OpenAI.BadRequestError &&
            /^response_format\.json_schema\.schema\.properties\.age: llama\.cpp's grammar cannot enforce "minimum"/.test(
                e.message.replace(/^400 /, ""),
            ),
    );
});

test("embeddings: one vector per input, as base64 (the openai package's default) or floats", async () => {
    // stories260K doubles as the embedding model in the tests.
    const res = await client.embeddings.create({model: "stories260K", input: ["a fox", "a dog"]});
    assert.equal(res.data.length, 2);
    const [a, b] = res.data.map((d) => d.embedding);
    assert.ok(a!.length > 0 && a!.length === b!.length);
    assert.ok(a!.every(Number.isFinite));
    assert.ok(res.usage.prompt_tokens > 0);
    const floats = await fetch(`${served.apiUrl}/embeddings`, {
        method: "POST",
        headers: {authorization: `Bearer ${KEY}`, "content-type": "application/json"},
        body: JSON.stringify({input: "a fox", encoding_format: "float"}),
    });
    const json = (await floats.json()) as {data: {embedding: number[]}[]};
    assert.deepEqual(
        json.data[0]!.embedding.map((x) => x.toFixed(4)),
        a!.map((x) => x.toFixed(4)),
    );
});

test("embeddings: an input of 1 MB is a 400 (context_length_exceeded) naming it, as chat refuses the same size", async () => {
    const huge = "a fox jumps. ".repeat(80_000);
    const refused = await client.embeddings
        .create({model: "stories260K", input: ["a fox", huge]})
        .catch((e: unknown) => e);
    assert.ok(refused instanceof OpenAI.BadRequestError, String(refused));
    assert.equal(refused.code, "context_length_exceeded");
    assert.equal(refused.param, "input");
    assert.match(
        refused.message,
        /input\[1\] is longer than the embedding model's context of \d+ tokens: split it/,
    );
    // The server goes on answering.
    const res = await client.embeddings.create({model: "stories260K", input: "a fox"});
    assert.equal(res.data.length, 1);
});

test("a legacy completion returns text_completion", async () => {
    const res = await client.completions.create({model: "m", prompt: "Once upon a time", max_tokens: 5});
    assert.equal(res.object, "text_completion");
    assert.ok(res.choices[0]!.text.length > 0);
    assert.ok(res.usage!.completion_tokens <= 5);
});

test("a wrong key is 401; n > 1 and bad bodies are 400 in OpenAI's error shape", async () => {
    const wrong = new OpenAI({baseURL: served.apiUrl!, apiKey: "nope", maxRetries: 0});
    await assert.rejects(wrong.models.list(), (e: unknown) => e instanceof OpenAI.AuthenticationError);
    await assert.rejects(
        client.chat.completions.create({model: "m", messages: [user("x")], n: 2}),
        (e: unknown) => e instanceof OpenAI.BadRequestError && e.param === "n",
    );
    const raw = (body: string) =>
        fetch(`${served.apiUrl}/chat/completions`, {
            method: "POST",
            headers: {authorization: `Bearer ${KEY}`, "content-type": "application/json"},
            body,
        });
    for (const [body, param] of [
        ["{not json", null],
        ['{"messages": "hi"}', "messages"],
        ['{"messages": [{"role": "wizard", "content": "x"}]}', "messages[0].role"],
        ['{"messages": [{"role": "user", "content": "x"}], "temperature": 9}', "temperature"],
    ] as const) {
        const res = await raw(body);
        assert.equal(res.status, 400, body);
        const json = (await res.json()) as {error: {message: string; type: string; param: string | null}};
        assert.equal(json.error.type, "invalid_request_error");
        assert.equal(json.error.param, param, body);
        assert.ok(json.error.message.length > 10);
    }
    const unknown = await fetch(`${served.apiUrl}/nothing`, {headers: {authorization: `Bearer ${KEY}`}});
    assert.equal(unknown.status, 404);
});

test("an image_url part to a model without a projector is refused in words, before anything is generated", async () => {
    await assert.rejects(
        client.chat.completions.create({
            model: "m",
            messages: [
                {
                    role: "user",
                    content: [
                        {type: "text", text: "What is this?"},
                        {type: "image_url", image_url: {url: "data:image/png;base64,iVBORw0KGgo="}},
                    ],
                },
            ],
        }),
        (e: unknown) =>
            e instanceof OpenAI.BadRequestError &&
            e.param === "messages[0].content[1]" &&
            e.code === "model_not_vision" &&
            /stories260K\.gguf cannot see images: it has no vision projector \(mmproj\) beside it\./.test(
                e.message,
            ),
    );
});

test("a prompt longer than the context is a 400 context_length_exceeded, streamed or not, before any answer", async () => {
    // About 1 MB: the whole of it reaches the server (under the 4 MB body limit) and is counted, not cut.
    const long = "Once upon a time there was a cat who sat on a mat. ".repeat(20_000);
    for (const stream of [false, true]) {
        await assert.rejects(
            async () => {
                const answer = await client.chat.completions.create({
                    model: "m",
                    messages: [user(long)],
                    max_tokens: 8,
                    stream,
                });
                if (stream) for await (const _chunk of answer as AsyncIterable<unknown>);
            },
            (e: unknown) =>
                e instanceof OpenAI.BadRequestError &&
                e.code === "context_length_exceeded" &&
                /the message is [\d,]+ tokens, more than this model's context of [\d,]+ tokens/.test(
                    e.message,
                ),
            `stream: ${stream}`,
        );
    }
    // The server goes on answering.
    const after = await client.chat.completions.create({model: "m", messages: [user("Hi")], max_tokens: 2});
    assert.ok(after.usage!.prompt_tokens > 0);
});

test("Server-Timing tells the server's share: read, queue, generate (to the first text of a stream, to a whole answer)", async () => {
    const request = {model: "m", messages: [user("Once upon a time")], max_tokens: 24, temperature: 0};
    const started = performance.now();
    const streamed = await client.chat.completions.create({...request, stream: true}).withResponse();
    const toHeaders = performance.now() - started;
    let firstText = NaN;
    for await (const chunk of streamed.data)
        if (chunk.choices[0]?.delta.content && Number.isNaN(firstText))
            firstText = performance.now() - started;
    const stream = readServerTiming(streamed.response.headers.get("server-timing"));
    assert.deepEqual(Object.keys(stream), ["read", "queue", "generate"]);
    assert.ok(
        Object.values(stream).every((ms) => Number.isFinite(ms) && ms >= 0),
        JSON.stringify(stream),
    );
    // The headers leave with the first text: the server's share cannot exceed what the client waited for it.
    const share = stream.read! + stream.queue! + stream.generate!;
    assert.ok(share <= toHeaders && share <= firstText, `${share} > ${toHeaders} / ${firstText}`);

    // A whole answer takes longer to generate than a stream's first text. 24 tokens did not always (12.0 against
    // 12.6 ms in one CI run: the stream read its prompt, the answer found it in the cache): 240 tokens do.
    const whole = await client.chat.completions.create({...request, max_tokens: 240}).withResponse();
    const answer = readServerTiming(whole.response.headers.get("server-timing"));
    assert.deepEqual(Object.keys(answer), ["read", "queue", "generate"]);
    assert.equal(whole.data.usage?.completion_tokens, 240);
    assert.ok(answer.generate! > 2 * stream.generate!, `${answer.generate} <= 2 × ${stream.generate}`);
});

test("the raw wire format, read with curl: data events, a finish chunk, then [DONE]", async () => {
    const body = JSON.stringify({model: "m", messages: [user("Once")], max_tokens: 3, stream: true});
    const out = await new Promise<string>((resolve, reject) => {
        const curl = spawn("curl", [
            "-sN",
            `${served.apiUrl}/chat/completions`,
            "-H",
            `Authorization: Bearer ${KEY}`,
            "-H",
            "Content-Type: application/json",
            "-d",
            body,
        ]);
        let text = "";
        curl.stdout.on("data", (d: Buffer) => (text += d.toString()));
        curl.on("error", reject);
        curl.on("exit", () => resolve(text));
    });
    const events = out.split("\n\n");
    assert.equal(events.pop(), "", "every event ends with a blank line");
    assert.equal(events.at(-1), "data: [DONE]");
    const chunks = events.slice(0, -1).map((e) => {
        assert.match(e, /^data: \{/);
        return JSON.parse(e.slice(6)) as {
            choices: {delta: Record<string, unknown>; finish_reason: string | null}[];
        };
    });
    assert.deepEqual(chunks[0]!.choices[0]!.delta, {role: "assistant", content: ""});
    assert.equal(chunks.at(-1)!.choices[0]!.finish_reason, "length");
    assert.ok(chunks.slice(1, -1).every((c) => typeof c.choices[0]!.delta.content === "string"));
});

type CairnMetadata = {
    tool_results?: {
        id: string;
        tool: string;
        status: string;
        duration_ms: number;
        result: string | null;
        error: string | null;
    }[];
    citations?: unknown[];
    plan?: Plan;
};
type CairnCompletion = OpenAI.ChatCompletion & {
    steps?: CairnMetadata["tool_results"];
    metadata?: CairnMetadata;
};

test("metadata.tool_calls runs Cairn's own tools first; their steps come back at the top and in the message", async () => {
    const res = (await client.chat.completions.create({
        model: "m",
        messages: [user("How busy is this computer?")],
        max_tokens: 4,
        metadata: {tool_calls: ["system_stats"]} as never,
    })) as CairnCompletion;
    const step = res.steps?.[0];
    assert.equal(step?.tool, "system_stats");
    assert.equal(step?.status, "ok");
    assert.ok(step.duration_ms >= 0);
    assert.match(step?.result ?? "", /memory/i);
    assert.deepEqual(res.metadata?.tool_results, res.steps);
    const inMessage = (res.choices[0]!.message as {metadata?: CairnMetadata}).metadata;
    assert.deepEqual(inMessage?.tool_results, res.steps);
    assert.ok(["stop", "length"].includes(res.choices[0]!.finish_reason));
});

test("metadata.tools lets the model call a Cairn tool server-side (forced here), then answer", async () => {
    const res = (await client.chat.completions.create({
        model: "m",
        messages: [user("Check the machine")],
        max_tokens: 4,
        tool_choice: {type: "function", function: {name: "system_stats"}},
        metadata: {tools: ["system_stats"]} as never,
    })) as CairnCompletion;
    assert.equal(res.steps?.length, 1);
    assert.equal(res.steps?.[0]?.tool, "system_stats");
    assert.equal(res.choices[0]!.message.tool_calls, undefined, "a Cairn tool is not the client's to run");
    assert.notEqual(res.choices[0]!.finish_reason, "tool_calls");
});

test("metadata.plan: a plan over the allowed tools, made in a grammar and run, comes back with its statuses", async () => {
    const res = (await client.chat.completions.create({
        model: "m",
        messages: [user("How busy is this computer?")],
        max_tokens: 4,
        metadata: {tools: ["system_stats", "list_collections"], plan: true} as never,
    })) as CairnCompletion;
    const plan = res.metadata?.plan;
    assert.equal(plan?.state, "done");
    assert.equal(plan.steps.at(-1)?.action, "completion");
    assert.equal(plan.steps.at(-1)?.status, "ok");
    const work = plan.steps.filter((s) => s.action === "tool");
    for (const step of work) assert.ok(["system_stats", "list_collections"].includes(step.tool!), step.tool);
    // Each tool step that ran is a step of the response, in order.
    const ran = work.filter((s) => s.toolCallId);
    assert.deepEqual(
        ran.map((s) => s.toolCallId),
        (res.steps ?? []).map((s) => s.id),
    );

    // A plan returned earlier, edited, runs as given (its old statuses are ignored).
    const edited = (await client.chat.completions.create({
        model: "m",
        messages: [user("How busy is this computer?")],
        max_tokens: 4,
        metadata: {
            tools: ["system_stats"],
            plan: {
                steps: [
                    {
                        id: "1",
                        label: "Stats",
                        action: "tool",
                        tool: "system_stats",
                        args: {},
                        status: "error",
                    },
                    {id: "2", label: "Answer", action: "completion", status: "pending"},
                ],
            },
        } as never,
    })) as CairnCompletion;
    assert.deepEqual(
        edited.metadata?.plan?.steps.map((s) => [s.id, s.status]),
        [
            ["1", "ok"],
            ["2", "ok"],
        ],
    );
    assert.equal(edited.steps?.[0]?.tool, "system_stats");
    await assert.rejects(
        client.chat.completions.create({
            model: "m",
            messages: [user("x")],
            metadata: {
                tools: ["system_stats"],
                plan: {steps: [{id: "1", label: "List", action: "tool", tool: "list_collections", args: {}}]},
            } as never,
        }),
        (e: unknown) =>
            e instanceof OpenAI.BadRequestError &&
            /metadata\.plan: step 1 \(List\): list_collections is not available/.test(e.message),
    );
});

test("Cairn tools under policy: web tools need web access; an 'ask' tool is refused with how to allow it", async () => {
    await assert.rejects(
        client.chat.completions.create({
            model: "m",
            messages: [user("x")],
            metadata: {tools: ["web_search"]} as never,
        }),
        (e: unknown) =>
            e instanceof OpenAI.BadRequestError && /web_search may not run: .*web access/i.test(e.message),
    );
    const res = (await client.chat.completions.create({
        model: "m",
        messages: [user("x")],
        max_tokens: 2,
        metadata: {tool_calls: [{name: "write_file", args: {path: "api.txt", content: "hi"}}]} as never,
    })) as CairnCompletion;
    assert.equal(res.steps?.[0]?.status, "denied");
    assert.match(res.steps?.[0]?.error ?? "", /Settings/);
});

test("streamed, a Cairn step arrives as an extra chunk with no choices, which the openai package passes through", async () => {
    const stream = await client.chat.completions.create({
        model: "m",
        messages: [user("x")],
        max_tokens: 3,
        stream: true,
        metadata: {tool_calls: ["system_stats"]} as never,
    });
    const steps: unknown[] = [];
    let text = "";
    for await (const chunk of stream) {
        const step = (chunk as {metadata?: {step?: {tool: string}}}).metadata?.step;
        if (step) {
            assert.deepEqual(chunk.choices, []);
            steps.push(step);
        }
        text += chunk.choices[0]?.delta.content ?? "";
    }
    assert.equal((steps[0] as {tool: string} | undefined)?.tool, "system_stats");
    assert.ok(text.length > 0);
});

// In-process: the engine's state shows whether generation really stopped, and a queue limit is set.
test("a client that aborts mid-stream stops the generation; beyond the queue limit a request gets 429", async () => {
    const t: TestCore = await openTestCore();
    const api: ApiServer = await startApi({core: t.core, key: () => KEY, maxWaiting: 0});
    try {
        const local = new OpenAI({baseURL: api.url, apiKey: KEY, maxRetries: 0});
        const stream = await local.chat.completions.create({
            model: "m",
            messages: [user("Once upon a time")],
            max_tokens: 4000,
            stream: true,
        });
        let chunks = 0;
        const busy = fetch(`${api.url}/chat/completions`, {
            method: "POST",
            headers: {authorization: `Bearer ${KEY}`},
            body: JSON.stringify({messages: [user("x")], max_tokens: 1}),
        });
        for await (const _ of stream) {
            if (++chunks === 3) break; // leaving the loop aborts the request
        }
        const refused = await busy;
        assert.equal(refused.status, 429);
        assert.match(refused.headers.get("retry-after") ?? "", /^\d+$/);
        assert.equal(((await refused.json()) as {error: {code: string}}).error.code, "rate_limit_exceeded");
        const deadline = Date.now() + 2000;
        while (t.core.engine.status().state !== "ready" && Date.now() < deadline)
            await new Promise((r) => setTimeout(r, 20));
        assert.equal(t.core.engine.status().state, "ready", "generation stopped when the client left");
        const next = await local.chat.completions.create({model: "m", messages: [user("x")], max_tokens: 2});
        assert.ok(next.usage!.completion_tokens <= 2);
        const noEmbedding = await local.embeddings.create({model: "m", input: "x"}).catch((e: unknown) => e);
        assert.ok(noEmbedding instanceof OpenAI.BadRequestError, "no embedding model chosen: a clear 400");
        assert.match(noEmbedding.message, /no embedding model is chosen/);
    } finally {
        await api.close();
        await t.core.dispose();
    }
});

test("CORS is off unless an origin is allowed; a port in use is reported in words", async () => {
    const t: TestCore = await openTestCore();
    const origins: string[] = [];
    const api: ApiServer = await startApi({core: t.core, key: () => KEY, corsOrigins: () => origins});
    const preflight = (origin: string) =>
        fetch(`${api.url}/chat/completions`, {
            method: "OPTIONS",
            headers: {
                origin,
                "access-control-request-method": "POST",
                "access-control-request-headers": "authorization",
            },
        });
    try {
        const refused = await preflight("http://localhost:3000");
        assert.equal(refused.status, 403);
        assert.equal(refused.headers.get("access-control-allow-origin"), null);
        origins.push("http://localhost:3000");
        const allowed = await preflight("http://localhost:3000");
        assert.equal(allowed.status, 204);
        assert.equal(allowed.headers.get("access-control-allow-origin"), "http://localhost:3000");
        assert.equal((await preflight("http://evil.example")).status, 403);

        t.core.api.usePort(api.port);
        const status = await t.core.api.setEnabled(true);
        assert.equal(status.url, null);
        assert.match(status.error ?? "", /could not start: .*EADDRINUSE.*another program uses that port/);
    } finally {
        await api.close();
        await t.core.dispose();
    }
});

test("metadata.conversation_id records the exchange as a conversation, with its tool steps, shown live", async () => {
    const t: TestCore = await openTestCore();
    const api: ApiServer = await startApi({core: t.core, key: () => KEY});
    try {
        const local = new OpenAI({baseURL: api.url, apiKey: KEY, maxRetries: 0});
        const ask = (conversationId: string, content: string) =>
            local.chat.completions.create({
                model: "m",
                messages: [user(content)],
                max_tokens: 6,
                metadata: {conversation_id: conversationId, tool_calls: ["system_stats"]} as never,
            }) as Promise<CairnCompletion & {metadata?: {conversation_id?: string}}>;
        const first = await ask("new", "How busy is this computer?");
        const conversationId = first.metadata?.conversation_id;
        assert.ok(conversationId);
        const tokens = t.events.filter((e) => e.type === "chat.token" && e.conversationId === conversationId);
        assert.ok(tokens.length > 0, "the app saw the answer as it was written");
        await ask(conversationId, "And now?");
        const messages = unwrap(await t.api.invoke("messages.list", {conversationId}));
        assert.deepEqual(
            messages.map((m) => [m.role, m.status]),
            [
                ["user", "complete"],
                ["assistant", "complete"],
                ["user", "complete"],
                ["assistant", "complete"],
            ],
        );
        assert.equal(messages[0]!.content, "How busy is this computer?");
        assert.equal(messages[1]!.content, first.choices[0]!.message.content);
        assert.equal(messages[1]!.toolCalls[0]?.tool, "system_stats");
        assert.equal(messages[1]!.toolCalls[0]?.status, "ok");
        assert.equal(messages[1]!.citations[0]?.title, "System stats");
        assert.ok(messages[1]!.stats!.completionTokens > 0);
        const conversation = unwrap(await t.api.invoke("conversations.list", {})).find(
            (c) => c.id === conversationId,
        );
        assert.equal(conversation?.title, "How busy is this computer?");

        // A plan run over the API in a kept conversation is kept with its answer, as the app shows it.
        const planned = (await local.chat.completions.create({
            model: "m",
            messages: [user("How busy is this computer?")],
            max_tokens: 4,
            metadata: {conversation_id: conversationId, tools: ["system_stats"], plan: true} as never,
        })) as CairnCompletion;
        const kept = unwrap(await t.api.invoke("messages.list", {conversationId})).at(-1)!;
        assert.equal(kept.plan?.state, "done");
        assert.deepEqual(kept.plan, planned.metadata?.plan);

        const missing = await ask("no-such-id", "x").catch((e: unknown) => e);
        assert.ok(missing instanceof OpenAI.NotFoundError, String(missing));
        assert.match(missing.message, /no conversation no-such-id; pass "new"/);
    } finally {
        await api.close();
        await t.core.dispose();
    }
});

test("two writers on one conversation: an API answer and a window answer never interleave, and another process leaves a live API answer alone", async () => {
    const t: TestCore = await openTestCore();
    const api: ApiServer = await startApi({core: t.core, key: () => KEY});
    try {
        const local = new OpenAI({baseURL: api.url, apiKey: KEY, maxRetries: 0});
        const conversationId = unwrap(await t.api.invoke("conversations.create", {})).id;
        const ask = () =>
            local.chat.completions.create({
                model: "m",
                messages: [user("Tell me a story.")],
                max_tokens: 24,
                metadata: {conversation_id: conversationId},
            });
        // While the API's answer streams (at its first token, the core held here): the window's send is
        // refused in words, and `cairn models list` on the same folder (which recovers answers whose process
        // is gone) leaves it streaming.
        const seen: {send?: string; status?: string} = {};
        const off = t.core.bus.subscribe((e) => {
            if (e.type !== "chat.token" || e.conversationId !== conversationId || seen.send !== undefined)
                return;
            const send = t.core.chat.send(conversationId, "Me too.");
            seen.send = send.ok ? "sent" : send.error.message;
            const other = spawnSync(process.execPath, [CLI, "models", "list", "--data", t.dataDir], {
                encoding: "utf8",
            });
            assert.equal(other.status, 0, other.stderr);
            seen.status = t.core.conversations.message(e.messageId)?.status;
        });
        const answered = await ask();
        off();
        assert.equal(seen.send, "an answer is still being written in this conversation; stop it or wait");
        assert.equal(seen.status, "streaming", "the other process did not mark the live answer interrupted");
        const messages = unwrap(await t.api.invoke("messages.list", {conversationId}));
        assert.deepEqual(
            messages.map((m) => [m.role, m.status]),
            [
                ["user", "complete"],
                ["assistant", "complete"],
            ],
        );
        assert.equal(messages[1]!.content, answered.choices[0]!.message.content);

        // A window's answer waiting for an approval: the API's request on that conversation is refused (409).
        unwrap(await t.api.invoke("conversations.setMode", {id: conversationId, mode: "agent"}));
        const asked = new Promise<string>((resolve) => {
            const stop = t.api.onEvent((e) => {
                if (e.type !== "tool.approvalRequested") return;
                stop();
                resolve(e.request.approvalId);
            });
        });
        unwrap(
            await t.api.invoke("chat.send", {
                conversationId,
                text: "Write it down.",
                preflight: [{name: "create_file", args: {path: "story.txt", content: "Once."}}],
            }),
        );
        const approvalId = await asked;
        const refused = await ask().catch((e: unknown) => e);
        assert.ok(refused instanceof OpenAI.ConflictError, String(refused));
        assert.equal(refused.code, "conversation_busy");
        assert.match(
            refused.message,
            /an answer is still being written in this conversation; stop it or wait/,
        );
        unwrap(await t.api.invoke("tools.decide", {approvalId, decision: "deny"}));
        await t.core.chat.settled(conversationId);
        // Once it is done, the API writes there again.
        await ask();
        const after = unwrap(await t.api.invoke("messages.list", {conversationId}));
        assert.deepEqual(
            after.map((m) => m.role),
            ["user", "assistant", "user", "assistant", "user", "assistant"],
        );
    } finally {
        await api.close();
        await t.core.dispose();
    }
});
