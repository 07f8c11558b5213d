import assert from "node:assert/strict";
import {execFile} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {promisify} from "node:util";
import type {HostedTools, ModelFunction, StepRequest} from "../../main/llm/stepTypes.js";
import {listModels} from "../../main/llm/providers.js";
import {remoteStep} from "../../main/llm/remote.js";
import type {Egress} from "../../main/net/network.js";
import {
    responsesText,
    responsesWebSearch,
    startCloudServer,
    typed,
    type Recorded,
} from "../helpers/cloudServers.js";
import {nextDone, openTestCore, unwrap} from "../helpers/core.js";
import {CLI, tempDir} from "../helpers/paths.js";
import {paced} from "../helpers/pace.js";

const run = promisify(execFile);

// The cloud APIs' documented request and stream formats, spoken by loopback servers (tests/helpers/cloudServers.ts).
const KEY = "sk-cloud-test-key-4b1d";

const stats: ModelFunction = {
    name: "system_stats",
    description: "How busy this computer is.",
    params: {type: "object", properties: {}},
};
const webSearch: ModelFunction = {
    name: "web_search",
    description: "Search the web.",
    params: {type: "object", properties: {query: {type: "string"}}},
};

type Traced = {started: {name: string; args: unknown}[]; finished: {text: string; args: unknown}[]};
/** The step's request, recording its text and what a provider-run tool told the turn. */
function request(extra: Partial<StepRequest> = {}) {
    const texts: string[] = [];
    const traced: Traced = {started: [], finished: []};
    const cited: string[] = [];
    const hosted: HostedTools = {
        started: (name, args) => (traced.started.push({name, args}), `hosted-${traced.started.length}`),
        finished: (_id, text, args) => void traced.finished.push({text, args}),
        cite: (_id, source) => {
            if (!cited.includes(source.url)) cited.push(source.url);
            return cited.indexOf(source.url) + 1;
        },
    };
    const req: StepRequest = {
        history: [
            {type: "system", text: "Be brief."},
            {type: "user", text: "What is new?"},
        ],
        signal: new AbortController().signal,
        maxTokens: 64,
        onText: (t) => texts.push(t),
        hosted,
        ...extra,
    };
    return {req, texts, traced, cited};
}

const bodyOf = (r: Recorded) => r.body as Record<string, unknown>;
const toolHistory: StepRequest["history"] = [
    {type: "user", text: "How busy?"},
    {
        type: "model",
        response: [{type: "functionCall", name: "system_stats", params: {}, result: "CPU: 3% busy"}],
    },
];

test("OpenAI Responses: input items, tools, a streamed call and text, usage, the key in its header only", async () => {
    const server = await startCloudServer((_r, i) => ({
        events:
            i === 0
                ? typed([
                      {
                          type: "response.output_item.added",
                          output_index: 0,
                          item: {
                              type: "function_call",
                              id: "fc_1",
                              call_id: "c1",
                              name: "system_stats",
                              arguments: "",
                          },
                      },
                      {type: "response.function_call_arguments.delta", output_index: 0, delta: "{"},
                      {type: "response.function_call_arguments.delta", output_index: 0, delta: "}"},
                      {type: "response.completed", response: {usage: {input_tokens: 30, output_tokens: 5}}},
                  ])
                : responsesText(["CPU is ", "3% busy."], {input_tokens: 50, output_tokens: 4}),
    }));
    try {
        const server1 = {baseUrl: server.url, model: "gpt-test", apiKey: KEY, format: "responses" as const};
        const egress: Egress[] = [];
        const first = request({force: [stats]});
        const called = await remoteStep(server1, first.req, {
            refusal: () => null,
            record: (e) => egress.push(e),
        });
        assert.ok(called.ok, !called.ok ? called.error.message : "");
        assert.deepEqual(called.value.calls, [{name: "system_stats", params: {}}]);
        assert.equal(called.value.finish, "calls");
        assert.equal(called.value.stats.promptTokens, 30);

        const sent = server.requests[0]!;
        assert.equal(sent.path, "/v1/responses");
        assert.equal(sent.headers.authorization, `Bearer ${KEY}`);
        assert.deepEqual(bodyOf(sent).input, [
            {role: "system", content: "Be brief."},
            {role: "user", content: "What is new?"},
        ]);
        assert.deepEqual(bodyOf(sent).tools, [
            {
                type: "function",
                name: "system_stats",
                description: stats.description,
                parameters: stats.params,
                strict: false,
            },
        ]);
        assert.deepEqual(bodyOf(sent).tool_choice, {type: "function", name: "system_stats"});
        assert.equal(bodyOf(sent).store, false);
        assert.equal(bodyOf(sent).max_output_tokens, 64);

        const second = request({history: toolHistory, functions: [stats]});
        const answered = await remoteStep(server1, second.req, {
            refusal: () => null,
            record: (e) => egress.push(e),
        });
        assert.ok(answered.ok);
        assert.deepEqual(second.texts, ["CPU is ", "3% busy."]);
        assert.equal(answered.value.text, "CPU is 3% busy.");
        assert.deepEqual(bodyOf(server.requests[1]!).input, [
            {role: "user", content: "How busy?"},
            {type: "function_call", call_id: "call00001", name: "system_stats", arguments: "{}"},
            {type: "function_call_output", call_id: "call00001", output: "CPU: 3% busy"},
        ]);
        assert.equal(egress.length, 2);
        assert.doesNotMatch(JSON.stringify(egress), new RegExp(KEY));
    } finally {
        await server.close();
    }
});

test("OpenAI Responses with web access: its own web_search replaces Cairn's; the search is traced and its URLs cited", async () => {
    const server = await startCloudServer(() => ({
        events: typed([
            {
                type: "response.output_item.added",
                output_index: 0,
                item: {type: "web_search_call", id: "ws_1", status: "in_progress"},
            },
            {
                type: "response.output_item.done",
                output_index: 0,
                item: {
                    type: "web_search_call",
                    id: "ws_1",
                    status: "completed",
                    action: {type: "search", query: "cairn news"},
                },
            },
            {type: "response.output_item.added", output_index: 1, item: {type: "message", id: "msg_1"}},
            {type: "response.output_text.delta", output_index: 1, delta: "Cairn 2 is out."},
            {
                type: "response.output_text.annotation.added",
                output_index: 1,
                annotation_index: 0,
                annotation: {
                    type: "url_citation",
                    url: "https://example.org/cairn-2",
                    title: "Cairn 2",
                    start_index: 0,
                    end_index: 15,
                },
            },
            {type: "response.completed", response: {usage: {input_tokens: 20, output_tokens: 6}}},
        ]),
    }));
    try {
        const step = request({functions: [stats, webSearch]});
        const res = await remoteStep(
            {baseUrl: server.url, model: "gpt-test", apiKey: KEY, format: "responses"},
            step.req,
        );
        assert.ok(res.ok, !res.ok ? res.error.message : "");
        const tools = bodyOf(server.requests[0]!).tools as {type: string; name?: string}[];
        assert.deepEqual(
            tools.map((t) => t.name ?? t.type),
            ["system_stats", "web_search"],
        );
        assert.deepEqual(tools[1], {type: "web_search"}, "the provider's tool, not Cairn's function");
        assert.deepEqual(step.traced.started, [{name: "web_search", args: {}}]);
        assert.deepEqual(step.traced.finished, [
            {text: 'searched the web for "cairn news"', args: {query: "cairn news"}},
        ]);
        assert.equal(res.value.text, "Cairn 2 is out. [1]");
        assert.deepEqual(step.cited, ["https://example.org/cairn-2"]);

        // Web access off: no web tool of any kind is sent.
        await remoteStep(
            {baseUrl: server.url, model: "gpt-test", format: "responses"},
            request({functions: [stats]}).req,
        );
        assert.doesNotMatch(JSON.stringify(bodyOf(server.requests[1]!).tools), /web_search/);
    } finally {
        await server.close();
    }
});

test("Gemini generateContent: contents, declarations, a call, Google Search grounding cited, MAX_TOKENS as length", async () => {
    const models = {models: [{name: "models/gemini-test", supportedGenerationMethods: ["generateContent"]}]};
    const server = await startCloudServer(
        (_r, i) => ({
            events:
                i === 0
                    ? [
                          {
                              data: {
                                  candidates: [
                                      {
                                          content: {
                                              role: "model",
                                              parts: [{functionCall: {name: "system_stats", args: {}}}],
                                          },
                                          finishReason: "STOP",
                                      },
                                  ],
                              },
                          },
                      ]
                    : [
                          {data: {candidates: [{content: {role: "model", parts: [{text: "Cairn 2 "}]}}]}},
                          {
                              data: {
                                  candidates: [
                                      {
                                          content: {role: "model", parts: [{text: "is out."}]},
                                          finishReason: "MAX_TOKENS",
                                          groundingMetadata: {
                                              webSearchQueries: ["cairn release"],
                                              groundingChunks: [
                                                  {web: {uri: "https://example.org/a", title: "example.org"}},
                                                  {web: {uri: "https://example.net/b", title: "example.net"}},
                                              ],
                                              groundingSupports: [
                                                  {
                                                      segment: {startIndex: 0, endIndex: 15},
                                                      groundingChunkIndices: [1, 0],
                                                  },
                                              ],
                                          },
                                      },
                                  ],
                                  usageMetadata: {promptTokenCount: 42, candidatesTokenCount: 5},
                              },
                          },
                      ],
        }),
        models,
    );
    try {
        const gemini = {baseUrl: server.url, model: "gemini-test", apiKey: KEY, format: "gemini" as const};
        const listed = await listModels(gemini);
        assert.deepEqual(listed.ok && listed.value, ["gemini-test"]);
        assert.equal(server.requests[0]!.headers["x-goog-api-key"], KEY);

        const called = await remoteStep(gemini, request({history: toolHistory, force: [stats]}).req);
        assert.ok(called.ok, !called.ok ? called.error.message : "");
        assert.deepEqual(called.value.calls, [{name: "system_stats", params: {}}]);
        const sent = server.requests[1]!;
        assert.equal(sent.path, "/v1/models/gemini-test:streamGenerateContent?alt=sse");
        assert.equal(sent.headers.authorization, undefined);
        assert.deepEqual(bodyOf(sent).contents, [
            {role: "user", parts: [{text: "How busy?"}]},
            {role: "model", parts: [{functionCall: {name: "system_stats", args: {}}}]},
            {
                role: "user",
                parts: [{functionResponse: {name: "system_stats", response: {result: "CPU: 3% busy"}}}],
            },
        ]);
        assert.deepEqual(bodyOf(sent).tools, [
            {
                functionDeclarations: [
                    {
                        name: "system_stats",
                        description: stats.description,
                        parametersJsonSchema: stats.params,
                    },
                ],
            },
        ]);
        assert.deepEqual(bodyOf(sent).toolConfig, {
            functionCallingConfig: {mode: "ANY", allowedFunctionNames: ["system_stats"]},
        });

        const step = request({functions: [webSearch]});
        const grounded = await remoteStep(gemini, step.req);
        assert.ok(grounded.ok);
        const body = bodyOf(server.requests[2]!);
        assert.deepEqual(body.tools, [{googleSearch: {}}]);
        assert.deepEqual(body.systemInstruction, {parts: [{text: "Be brief."}]});
        assert.deepEqual(body.generationConfig, {maxOutputTokens: 64});
        assert.equal(grounded.value.text, "Cairn 2 is out. [1][2]");
        assert.deepEqual(step.cited, ["https://example.net/b", "https://example.org/a"]);
        assert.deepEqual(step.traced.finished, [
            {text: 'searched the web for "cairn release"', args: {query: "cairn release"}},
        ]);
        assert.equal(grounded.value.finish, "length");
        assert.equal(grounded.value.stats.promptTokens, 42);
    } finally {
        await server.close();
    }
});

test("Anthropic Messages: system apart, tool_use streamed as input_json_delta, tool_result back, JSON answers by a forced tool, errors in words", async () => {
    const server = await startCloudServer((r, i) => {
        if (i === 2)
            return {
                status: 529,
                events: [{data: {type: "error", error: {type: "overloaded_error", message: "Overloaded"}}}],
            };
        const format = bodyOf(r).tool_choice as {name?: string} | undefined;
        const name = format?.name ?? "system_stats";
        const json = name === "answer" ? ['{"city": ', '"Oslo"}'] : ["{", "}"];
        return {
            events: typed([
                {type: "message_start", message: {usage: {input_tokens: 25, output_tokens: 1}}},
                {type: "content_block_start", index: 0, content_block: {type: "text", text: ""}},
                {
                    type: "content_block_delta",
                    index: 0,
                    delta: {type: "text_delta", text: i === 0 ? "Checking." : ""},
                },
                {type: "content_block_stop", index: 0},
                {
                    type: "content_block_start",
                    index: 1,
                    content_block: {type: "tool_use", id: "toolu_1", name, input: {}},
                },
                ...json.map((partial_json) => ({
                    type: "content_block_delta",
                    index: 1,
                    delta: {type: "input_json_delta", partial_json},
                })),
                {type: "content_block_stop", index: 1},
                {type: "message_delta", delta: {stop_reason: "tool_use"}, usage: {output_tokens: 12}},
                {type: "message_stop"},
            ]),
        };
    });
    try {
        const claude = {baseUrl: server.url, model: "claude-test", apiKey: KEY, format: "anthropic" as const};
        const chunks: string[] = [];
        const step = request({
            history: [{type: "system", text: "Be brief."}, ...toolHistory],
            functions: [stats],
            onCallChunk: (c) => chunks.push(c.text),
        });
        const res = await remoteStep(claude, step.req);
        assert.ok(res.ok, !res.ok ? res.error.message : "");
        assert.equal(res.value.text, "Checking.");
        assert.deepEqual(res.value.calls, [{name: "system_stats", params: {}}]);
        assert.deepEqual(chunks, ["", "{", "}"]);
        assert.equal(res.value.stats.completionTokens, 12);
        const sent = server.requests[0]!;
        assert.equal(sent.path, "/v1/messages");
        assert.equal(sent.headers["x-api-key"], KEY);
        assert.equal(sent.headers["anthropic-version"], "2023-06-01");
        const body = bodyOf(sent);
        assert.equal(body.system, "Be brief.");
        assert.deepEqual(body.tools, [
            {name: "system_stats", description: stats.description, input_schema: stats.params},
        ]);
        assert.deepEqual(body.messages, [
            {role: "user", content: [{type: "text", text: "How busy?"}]},
            {
                role: "assistant",
                content: [{type: "tool_use", id: "call00001", name: "system_stats", input: {}}],
            },
            {
                role: "user",
                content: [{type: "tool_result", tool_use_id: "call00001", content: "CPU: 3% busy"}],
            },
        ]);

        const schema = {type: "object", properties: {city: {type: "string"}}} as const;
        const json = await remoteStep(claude, request({format: {type: "schema", schema}}).req);
        assert.ok(json.ok);
        assert.equal(json.value.text, '{"city": "Oslo"}');
        assert.deepEqual(json.value.calls, []);
        assert.deepEqual(bodyOf(server.requests[1]!).tool_choice, {type: "tool", name: "answer"});

        const overloaded = await remoteStep(claude, request().req);
        assert.match(!overloaded.ok ? overloaded.error.message : "", /answered 529: Overloaded$/);
        assert.equal(!overloaded.ok && overloaded.error.words?.key, "remoteAnswered");
    } finally {
        await server.close();
    }
});

test("a conversation with a cloud provider: its web search is a traced step, its sources are the answer's citations; the key is in no file", async () => {
    const server = await startCloudServer(() => ({
        events: responsesWebSearch({
            query: "cairn",
            cited: "It is out.",
            url: "https://example.org/c",
            title: "Cairn",
        }),
    }));
    const dataDir = tempDir();
    process.env.CAIRN_TEST_CLOUD_KEY = KEY;
    fs.writeFileSync(
        path.join(dataDir, "providers.json"),
        JSON.stringify({
            providers: {
                cloud: {
                    type: "openai",
                    baseUrl: server.url,
                    model: "gpt-test",
                    keyEnv: "CAIRN_TEST_CLOUD_KEY",
                },
                claude: {
                    type: "anthropic",
                    baseUrl: server.url,
                    model: "claude-test",
                    keyEnv: "CAIRN_TEST_CLOUD_KEY",
                },
            },
        }),
    );
    const t = await openTestCore({dataDir, modelPath: null});
    try {
        const listed = unwrap(await t.api.invoke("providers.list", {}));
        assert.deepEqual(
            listed.map((p) => [p.name, p.type, p.webSearch]),
            [
                ["cloud", "openai", "provider"],
                ["claude", "anthropic", "none"],
            ],
        );
        const {id} = unwrap(await t.api.invoke("conversations.create", {}));
        unwrap(await t.api.invoke("conversations.setProvider", {id, provider: "cloud"}));
        unwrap(await t.api.invoke("conversations.setWebAccess", {id, webAccess: true}));
        const done = nextDone(t.api, id);
        unwrap(await t.api.invoke("chat.send", {conversationId: id, text: "Is Cairn 2 out?"}));
        const answer = await done;
        assert.equal(answer.status, "complete", answer.error ?? "");
        assert.equal(answer.content, "It is out. [1]");
        assert.deepEqual(
            answer.toolCalls.map((c) => [c.tool, c.status, c.args, c.resultData]),
            [["web_search", "ok", {query: "cairn"}, {ranBy: answer.model}]],
        );
        assert.match(answer.model ?? "", /^gpt-test · 127\.0\.0\.1:\d+$/);
        assert.deepEqual(
            answer.citations.map((c) => [c.number, c.url, c.toolCallId]),
            [[1, "https://example.org/c", answer.toolCalls[0]!.id]],
        );
        const sent = bodyOf(server.requests[0]!);
        const tools = sent.tools as {type: string; name?: string}[];
        assert.ok(
            tools.some((x) => x.type === "web_search" && !x.name),
            "the provider's web search",
        );
        assert.ok(!tools.some((x) => x.name === "web_search"), "not Cairn's web_search function");
        assert.ok(
            tools.some((x) => x.name === "web_fetch"),
            "Cairn's web_fetch stays",
        );
        assert.match(
            JSON.stringify(sent.input),
            /never put secrets/,
            "the safety sentence is in the system prompt",
        );

        // The provider's models, asked for the picker (logged for no conversation); one chosen for this conversation.
        assert.deepEqual(unwrap(await t.api.invoke("providers.models", {name: "cloud"})), ["cloud-model"]);
        const egress = unwrap(await t.api.invoke("network.egress", {}));
        assert.deepEqual(
            egress.map((e) => [e.detail, e.conversationId]),
            [
                ["cloud", null],
                ["cloud", id],
            ],
        );
        const chosen = unwrap(
            await t.api.invoke("conversations.setProvider", {id, provider: "cloud", model: "cloud-model"}),
        );
        assert.equal(chosen.providerModel, "cloud-model");
        const third = nextDone(t.api, id);
        unwrap(await t.api.invoke("chat.send", {conversationId: id, text: "Sure?"}));
        assert.match((await third).model ?? "", /^cloud-model · /);
        assert.equal(bodyOf(server.requests.at(-1)!).model, "cloud-model");

        // Anthropic has no web search here: its conversation answers with web access off, whatever the switch.
        unwrap(await t.api.invoke("conversations.setProvider", {id, provider: "claude"}));
        const second = nextDone(t.api, id);
        unwrap(await t.api.invoke("chat.send", {conversationId: id, text: "And now?"}));
        await second;
        const claudeBody = JSON.stringify(bodyOf(server.requests.at(-1)!));
        assert.doesNotMatch(claudeBody, /web_search|web_fetch|never put secrets/);

        for (const file of fs.readdirSync(dataDir, {recursive: true}) as string[]) {
            const full = path.join(dataDir, file);
            if (fs.statSync(full).isFile())
                assert.ok(!fs.readFileSync(full).includes(KEY), `${file} holds the key`);
        }
    } finally {
        delete process.env.CAIRN_TEST_CLOUD_KEY;
        await t.core.dispose();
        await server.close();
    }
});

test("cairn providers add --type gemini keeps its API's address; chat --provider openai --api-key answers from the cloud for one command", async () => {
    const server = await startCloudServer(() => ({events: responsesText(["Hello ", "from the cloud."])}));
    const data = tempDir();
    const cli = async (args: string[]) => {
        try {
            const {stdout, stderr} = await run(process.execPath, [CLI, ...args, "--data", data], {
                env: {...process.env, CAIRN_MODEL: "", CAIRN_DATA_DIR: "", CAIRN_API_KEY: ""},
                timeout: paced(60_000),
            });
            return {status: 0, stdout, stderr};
        } catch (error) {
            const failed = error as {code: number; stdout: string; stderr: string};
            return {status: failed.code, stdout: failed.stdout, stderr: failed.stderr};
        }
    };
    try {
        const added = await cli(["providers", "add", "g", "--type", "gemini", "--key-env", "GEMINI_API_KEY"]);
        assert.equal(added.status, 0, added.stderr);
        const listed = await cli(["providers", "list"]);
        assert.equal(
            listed.stdout,
            "g\tgemini\thttps://generativelanguage.googleapis.com/v1beta\t(first listed)\tkey from $GEMINI_API_KEY\n",
        );
        const badType = await cli(["providers", "add", "m", "--type", "mistral"]);
        assert.match(badType.stderr, /--type must be one of openai-compatible, openai, gemini, anthropic/);

        const once = await cli([
            "chat",
            "--provider",
            "openai",
            "--base-url",
            server.url,
            "--api-key",
            KEY,
            "--remote-model",
            "gpt-test",
            "Hi",
        ]);
        assert.equal(once.status, 0, once.stderr);
        assert.match(once.stdout, /Hello from the cloud\./);
        assert.equal(server.requests.at(-1)!.path, "/v1/responses");
        assert.equal(server.requests.at(-1)!.headers.authorization, `Bearer ${KEY}`);
        assert.doesNotMatch(fs.readFileSync(path.join(data, "providers.json"), "utf8"), /command-line|sk-/);
    } finally {
        await server.close();
    }
});
