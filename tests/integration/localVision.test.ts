import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {after, before, test} from "node:test";
import OpenAI from "openai";
import sharp from "sharp";
import type {CairnApi} from "../../shared/contract.js";
import {startApi} from "../../main/api/server.js";
import {LocalVision} from "../../main/llm/localVision.js";
import {inEnglish} from "../../main/words.js";
import {findProjector} from "../../main/llm/projector.js";
import type {StepRequest} from "../../main/llm/stepTypes.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {llamaServerBinary} from "../helpers/llamaServer.js";
import {startModelServer} from "../helpers/modelServer.js";
import {waitFor} from "../helpers/waitFor.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";
import {FAMILIES, templateModel} from "../helpers/templateModel.js";
import {IMAGE_TOKENS, visionProjector} from "../helpers/visionProjector.js";

// Local vision: a local model whose projector (mmproj) lies beside it sees images through llama.cpp's own
// server, which Cairn starts with both files (built from the llama.cpp source node-llama-cpp ships). The
// model is a tiny random-weight Mistral Nemo (its real template), the projector a tiny random LLaVA one written
// as llama.cpp's mtmd reads it: the image reaches the model as the projector's 16 image tokens.

const folder = tempDir();
const model = path.join(folder, "tiny-vision-llama.gguf");
const projector = path.join(folder, "mmproj-tiny-vision-llama-f16.gguf");
let binary: string;
let t: TestCore;
let square: Buffer;

/** Sends a file the way the window does (begin, one chunk, finish); returns the kept image's id. */
async function attach(api: CairnApi, bytes: Buffer): Promise<string> {
    const {uploadId} = unwrap(
        await api.invoke("attachments.begin", {name: "square.png", size: bytes.length}),
    );
    unwrap(await api.invoke("attachments.chunk", {uploadId, offset: 0, data: bytes.toString("base64")}));
    return unwrap(await api.invoke("attachments.finish", {uploadId})).id;
}

// `npm test` builds llama-server (tests/helpers/buildLlamaServer.ts) before it runs this file.
before(async () => {
    binary = await llamaServerBinary();
    fs.copyFileSync(templateModel(FAMILIES["mistral-nemo"]), model);
    fs.copyFileSync(visionProjector(64), projector);
    // A projector of another width (another model's) beside it: never paired with this model.
    fs.copyFileSync(visionProjector(48), path.join(folder, "mmproj-tiny-vision-llama-other.gguf"));
    square = await sharp({create: {width: 96, height: 96, channels: 3, background: {r: 200, g: 30, b: 30}}})
        .png()
        .toBuffer();
    // Greedy: a random-weight answer sometimes draws Mistral's [TOOL_CALLS] token at random, which llama-server's
    // own parser refuses (see llamaServer.test.ts).
    t = await openTestCore({
        modelPath: model,
        llamaServer: binary,
        generation: {maxTokens: 12, seed: 7, temperature: 0},
    });
    await t.core.vision.refresh([model]);
});
after(() => t?.core.dispose());

test("a model is paired with the projector of its width beside it, not another model's", async () => {
    assert.equal(await findProjector(model), projector);
    assert.equal(t.core.vision.projectorOf(model), projector);
    assert.equal(await findProjector(TEST_MODEL), null);
});

test("a question with an image is answered by the local model through llama-server; a follow-up too", async () => {
    const image = await attach(t.api, square);
    const {id} = unwrap(await t.api.invoke("conversations.create", {}));
    const done = nextDone(t.api, id);
    unwrap(
        await t.api.invoke("chat.send", {conversationId: id, text: "What is this?", attachments: [image]}),
    );
    const answer = await done;
    assert.equal(answer.status, "complete", answer.error ?? "");
    // Answered by llama-server with the model's file (Cairn's own engine would record its GGUF name).
    assert.equal(answer.model, "tiny-vision-llama");
    assert.ok(answer.content.length > 0);
    assert.ok((answer.stats?.promptTokens ?? 0) > IMAGE_TOKENS, JSON.stringify(answer.stats));
    // A later question without an image still goes there: the model sees the earlier one.
    const next = nextDone(t.api, id);
    unwrap(await t.api.invoke("chat.send", {conversationId: id, text: "And its colour?"}));
    const followUp = await next;
    assert.equal(followUp.status, "complete", followUp.error ?? "");
    assert.equal(followUp.model, "tiny-vision-llama");
    assert.ok(followUp.stats!.promptTokens > answer.stats!.promptTokens);
});

/** One step of the vision engine on a question, with or without the image; its prompt's tokens. */
async function promptTokens(images: boolean): Promise<number> {
    const engine = t.core.vision.engineFor(model);
    assert.ok("step" in engine, "step" in engine ? "" : inEnglish(engine));
    const data = square.toString("base64");
    const req: StepRequest = {
        history: [
            {
                type: "user",
                text: "What is this?",
                ...(images ? {images: [{mime: "image/png", data, width: 96, height: 96}]} : {}),
            },
        ],
        signal: new AbortController().signal,
        onText: () => {},
        maxTokens: 2,
        // Greedy, as every request of this file: sampled, the random weights drew Mistral's [TOOL_CALLS] in one
        // CI run, and llama-server's parser refused it ("does not match the expected peg-native format").
        sampling: {temperature: 0},
    };
    const res = await engine.step(req);
    assert.ok(res.ok, !res.ok ? res.error.message : "");
    return res.value.stats.promptTokens;
}

test("the image reaches the model: the prompt grows by the projector's image tokens", async () => {
    const without = await promptTokens(false);
    const withImage = await promptTokens(true);
    assert.equal(withImage - without, IMAGE_TOKENS);
});

test("a tool called for the question runs here, traced; the answer comes from llama-server", async () => {
    const image = await attach(t.api, square);
    const {id} = unwrap(await t.api.invoke("conversations.create", {}));
    const done = nextDone(t.api, id);
    unwrap(
        await t.api.invoke("chat.send", {
            conversationId: id,
            text: "Which collections are there?",
            attachments: [image],
            // A tool whose result is the same on every run (system_stats' load figures are not): the greedy
            // answer after it is then the same too, and never draws [TOOL_CALLS] on one run in ten.
            preflight: [{name: "list_collections", args: {}}],
        }),
    );
    const answer = await done;
    assert.equal(answer.status, "complete", answer.error ?? "");
    assert.deepEqual(
        answer.toolCalls.map((c) => [c.tool, c.status]),
        [["list_collections", "ok"]],
    );
});

test("a model without a projector is refused in words that name the installed models that see", async () => {
    const other = tempDir();
    const plain = path.join(other, "plain.gguf");
    fs.copyFileSync(TEST_MODEL, plain);
    const core = await openTestCore({modelPath: plain, llamaServer: binary});
    try {
        unwrap(await core.api.invoke("models.add", {path: model}));
        await core.core.vision.refresh();
        const image = await attach(core.api, square);
        const {id} = unwrap(await core.api.invoke("conversations.create", {}));
        const sent = await core.api.invoke("chat.send", {
            conversationId: id,
            text: "What?",
            attachments: [image],
        });
        assert.equal(!sent.ok && sent.error.code, "UNAVAILABLE");
        assert.match(
            !sent.ok ? sent.error.message : "",
            /^plain\.gguf cannot see images: it has no vision projector \(mmproj\) beside it\. Installed models that see images: tiny-vision-llama\.gguf; choose one in the model menu/,
        );
        assert.deepEqual(unwrap(await core.api.invoke("messages.list", {conversationId: id})), []);
    } finally {
        await core.core.dispose();
    }
});

test("with no llama-server built, the refusal says what to run", async () => {
    const vision = new LocalVision({enginesDir: tempDir(), engine: t.core.engine, installed: () => [model]});
    await vision.refresh();
    const refusal = vision.engineFor(model);
    assert.ok(!("step" in refusal));
    assert.match(
        inEnglish(refusal),
        /tiny-vision-llama\.gguf sees images through its projector mmproj-tiny-vision-llama-f16\.gguf with llama\.cpp's server, which is not built on this computer yet: run cairn doctor --build-vision/,
    );
});

test("an idle vision server is stopped, and started again when asked", async () => {
    const vision = new LocalVision({
        enginesDir: tempDir(),
        engine: t.core.engine,
        installed: () => [model],
        binary,
        idleMs: 300,
    });
    await vision.refresh();
    const files = {binary, modelPath: model, projector};
    const first = await vision.serverFor(files, new AbortController().signal);
    assert.ok(first.ok, !first.ok ? first.error.message : "");
    await first.value.exited;
    await assert.rejects(fetch(`${first.value.url.replace(/\/v1$/, "")}/health`));
    const again = await vision.serverFor(files, new AbortController().signal);
    assert.ok(again.ok);
    assert.notEqual(again.value.url, first.value.url);
    await vision.stop();
    await again.value.exited;
});

test("a projector downloaded lands beside the models without a row of its own and pairs with its model", async () => {
    const dataDir = tempDir();
    const models = path.join(dataDir, "models");
    fs.mkdirSync(models, {recursive: true});
    const local = path.join(models, "tiny-vision-llama.gguf");
    fs.copyFileSync(model, local);
    const server = await startModelServer({
        "mmproj-tiny-vision-llama-f16.gguf": {body: fs.readFileSync(projector)},
    });
    const core = await openTestCore({dataDir, modelPath: local, llamaServer: binary});
    try {
        const {downloadId} = unwrap(
            await core.api.invoke("models.download", {uri: server.url("mmproj-tiny-vision-llama-f16.gguf")}),
        );
        const final = await core.core.models.downloads.settled(downloadId);
        assert.deepEqual([final?.state, final?.modelId], ["done", null], final?.error ?? "");
        const kept = path.join(models, "mmproj-tiny-vision-llama-f16.gguf");
        assert.ok(fs.existsSync(kept));
        const paired = await waitFor("the model paired with the downloaded projector", async () => {
            const overview = unwrap(await core.api.invoke("models.list", {}));
            return overview.vision.length > 0 ? overview : undefined;
        });
        assert.deepEqual(
            paired.installed.map((m) => path.basename(m.file)),
            ["tiny-vision-llama.gguf"],
        );
        assert.deepEqual(paired.vision, [{file: local, projector: kept}]);
        // Added by hand, a projector is refused in words: it is not a model of its own.
        const added = await core.api.invoke("models.add", {path: kept});
        assert.equal(!added.ok && added.error.code, "VALIDATION");
        assert.match(
            !added.ok ? added.error.message : "",
            /^mmproj-tiny-vision-llama-f16\.gguf is a vision projector \(mmproj\), not a model: keep it in the same folder as its model/,
        );
    } finally {
        await core.core.dispose();
        await server.close();
    }
});

test("the local API: an image_url data: URL is seen by the local model; a web address or a broken image is a 400", async () => {
    const key = "vision-test-key";
    const api = await startApi({core: t.core, key: () => key});
    const client = new OpenAI({baseURL: api.url, apiKey: key, maxRetries: 0});
    // Greedy here too: at the API's default temperature a clean-clone run drew [TOOL_CALLS] (see above).
    const ask = (url: string) =>
        client.chat.completions.create({
            model: "m",
            max_tokens: 4,
            temperature: 0,
            seed: 7,
            messages: [
                {
                    role: "user",
                    content: [
                        {type: "text", text: "What is this?"},
                        {type: "image_url", image_url: {url}},
                    ],
                },
            ],
        });
    try {
        const answer = await ask(`data:image/png;base64,${square.toString("base64")}`);
        assert.equal(typeof answer.choices[0]!.message.content, "string");
        assert.ok(answer.usage!.prompt_tokens > IMAGE_TOKENS, JSON.stringify(answer.usage));
        await assert.rejects(
            ask("https://example.org/cat.png"),
            (e: unknown) =>
                e instanceof OpenAI.BadRequestError &&
                e.param === "messages[0].content[1]" &&
                /does not fetch images from the web; send the image's bytes as a data: URL/.test(e.message),
        );
        await assert.rejects(
            ask("data:image/png;base64,iVBORw0KGgo="),
            (e: unknown) => e instanceof OpenAI.BadRequestError && e.code === "invalid_image",
        );
    } finally {
        await api.close();
    }
});
