import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {after, before, test} from "node:test";
import type {ModelFunction, StepRequest} from "../../main/llm/stepTypes.js";
import {remoteStep} from "../../main/llm/remote.js";
import type {Egress} from "../../main/net/network.js";
import {nextDone, openTestCore, unwrap} from "../helpers/core.js";
import {llamaServerBinary, startLlamaServer, type LlamaServer} from "../helpers/llamaServer.js";
import {tempDir} from "../helpers/paths.js";
import {FAMILIES, templateModel} from "../helpers/templateModel.js";

// A real llama.cpp server: llama-server built from the llama.cpp source node-llama-cpp ships, serving tiny
// random-weight models that carry real chat templates. Mistral Nemo's template takes free text and tool
// results; under Functionary v3.2's, llama-server's grammar takes a "required" tool choice to a call (for
// most seeds: the format lets a model talk first).
let mistral: LlamaServer;
let functionary: LlamaServer;

// `npm test` builds llama-server (tests/helpers/buildLlamaServer.ts) before it runs this file: a file has 300 s.
before(async () => {
    const binary = await llamaServerBinary();
    mistral = await startLlamaServer(binary, templateModel(FAMILIES["mistral-nemo"]));
    functionary = await startLlamaServer(binary, templateModel(FAMILIES["functionary-3.2"]));
});
after(async () => {
    await mistral?.stop();
    await functionary?.stop();
});

const stats: ModelFunction = {
    name: "system_stats",
    description: "How busy this computer is.",
    params: {type: "object", properties: {}},
};

function request(extra: Partial<StepRequest> = {}) {
    const texts: string[] = [];
    const req: StepRequest = {
        history: [
            {type: "system", text: "Be brief."},
            {type: "user", text: "How busy is this computer?"},
        ],
        signal: new AbortController().signal,
        maxTokens: 12,
        sampling: {seed: 7, temperature: 0.7},
        onText: (t) => texts.push(t),
        ...extra,
    };
    return {req, texts};
}

test("llama-server streams an answer with its usage; the egress log has its sizes", async () => {
    const egress: Egress[] = [];
    const {req, texts} = request();
    const res = await remoteStep({baseUrl: mistral.url, model: "any"}, req, {
        refusal: () => null,
        record: (e) => egress.push(e),
    });
    assert.ok(res.ok, !res.ok ? res.error.message : "");
    assert.ok(texts.length > 1, "streamed in pieces");
    assert.equal(texts.join(""), res.value.text);
    assert.equal(res.value.stats.completionTokens, 12);
    assert.ok(res.value.stats.promptTokens > 10);
    assert.equal(res.value.finish, "length");
    assert.deepEqual(
        egress.map((e) => e.status),
        [200],
    );
});

test("llama-server makes the forced call (tool_choice required), streamed as it is written", async () => {
    // Functionary's format lets a model say something before its calls, and noise sometimes does (about
    // one seed in four): the first of a few seeds that goes to the call is checked.
    let made = null;
    for (let seed = 1; seed <= 6 && !made; seed++) {
        const chunks: string[] = [];
        const {req} = request({
            force: [stats],
            maxTokens: 64,
            sampling: {seed, temperature: 0.7},
            onCallChunk: (c) => chunks.push(c.name),
        });
        const res = await remoteStep({baseUrl: functionary.url, model: "any"}, req);
        assert.ok(res.ok, !res.ok ? res.error.message : "");
        if (res.value.calls.length > 0) made = {res: res.value, chunks};
    }
    assert.ok(made, "no seed of six made the forced call");
    assert.ok(made.res.calls.every((c) => c.name === "system_stats" && typeof c.params === "object"));
    assert.equal(made.res.finish, "calls");
    assert.ok(made.chunks.includes("system_stats"));
});

test("a tool's result goes back through the model's own template (Mistral's call ids included)", async () => {
    const history: StepRequest["history"] = [
        {type: "system", text: "Be brief."},
        {type: "user", text: "How busy is this computer?"},
        {
            type: "model",
            response: [{type: "functionCall", name: "system_stats", params: {}, result: "CPU: 3% busy"}],
        },
    ];
    const res = await remoteStep(
        {baseUrl: mistral.url, model: "any"},
        request({history, functions: [stats]}).req,
    );
    assert.ok(res.ok, !res.ok ? res.error.message : "");
    assert.ok(res.value.stats.promptTokens > 20);
});

test("llama-server's own errors come back in its words; a stopped server is unreachable at once", async () => {
    // Functionary's format wants a function name first: free text makes the server send an error in its
    // stream, after its 200 (it used to pass for an empty answer).
    const refused = await remoteStep({baseUrl: functionary.url, model: "any"}, request().req);
    assert.match(
        !refused.ok ? refused.error.message : "",
        /^127\.0\.0\.1:\d+ reported an error: The model produced output that does not match/,
    );
    const tooLong = await remoteStep(
        {baseUrl: mistral.url, model: "any"},
        request({history: [{type: "user", text: "word ".repeat(6000)}]}).req,
    );
    assert.match(!tooLong.ok ? tooLong.error.message : "", /answered 400: .*context/);

    const gone = await startLlamaServer(await llamaServerBinary(), templateModel(FAMILIES["mistral-nemo"]));
    await gone.stop();
    const t0 = performance.now();
    const down = await remoteStep({baseUrl: gone.url, model: "any"}, request().req);
    assert.ok(performance.now() - t0 < 5000);
    assert.match(
        !down.ok ? down.error.message : "",
        /^cannot reach 127\.0\.0\.1:\d+ \(nothing is listening there\)/,
    );
});

test("a conversation answered by llama-server: its model found at /v1/models, the tool loop here, the answer there", async () => {
    const dataDir = tempDir();
    fs.writeFileSync(
        path.join(dataDir, "providers.json"),
        JSON.stringify({providers: {box: {type: "openai-compatible", baseUrl: mistral.url}}}),
    );
    // Greedy: the tool's result (live system figures, a fresh call id) changes the prompt on every run, and at
    // temperature 0.7 about 1 run in 30 drew Mistral's [TOOL_CALLS] token into a random-weight answer, which
    // llama-server's own parser then refused (HTTP 500, "does not match the expected peg-native format").
    const t = await openTestCore({
        dataDir,
        modelPath: null,
        generation: {maxTokens: 12, seed: 7, temperature: 0},
    });
    try {
        const {id} = unwrap(await t.api.invoke("conversations.create", {}));
        unwrap(await t.api.invoke("conversations.setProvider", {id, provider: "box"}));
        const models = unwrap(await t.api.invoke("providers.models", {name: "box"}));
        assert.match(models[0] ?? "", /\.gguf$/, "llama-server lists the file it serves");
        const done = nextDone(t.api, id);
        unwrap(
            await t.api.invoke("chat.send", {
                conversationId: id,
                text: "How busy is this computer?",
                preflight: [{name: "system_stats", args: {}}],
            }),
        );
        const answer = await done;
        assert.equal(answer.status, "complete", answer.error ?? "");
        assert.deepEqual(
            answer.toolCalls.map((c) => [c.tool, c.status]),
            [["system_stats", "ok"]],
        );
        assert.ok(answer.content.length > 0);
        // No model named in providers.json: the first one the server lists, recorded once it is known.
        assert.match(answer.model ?? "", /\.gguf · 127\.0\.0\.1:\d+$/);
    } finally {
        await t.core.dispose();
    }
});
