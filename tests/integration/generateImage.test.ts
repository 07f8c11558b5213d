import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {after, before, test} from "node:test";
import type {AppEvent, Message, ToolCallRecord} from "../../shared/contract.js";
import {NO_IMAGE_BACKEND} from "../../main/tools/builtin/generateImage.js";
import {startImageServer, type ImageServer} from "../helpers/imageServers.js";
import {askIn, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {tempDir} from "../helpers/paths.js";

// generate_image against a loopback server speaking each documented API (OpenAI's images, Automatic1111's
// txt2img, ComfyUI's prompt/history/view with its WebSocket): the image lands with the answer as an
// attachment, with its parameters; slow, failing and oversized replies are said in words.

let server: ImageServer;
before(async () => {
    server = await startImageServer();
});
after(() => server.close());

/** A core whose tools.yaml turns generate_image on with these options (none: no image server set). */
async function coreWith(options: Record<string, unknown> | null): Promise<TestCore> {
    const dataDir = tempDir();
    const entry = options ? {enabled: true, options} : {enabled: true};
    fs.writeFileSync(path.join(dataDir, "tools.yaml"), JSON.stringify({tools: {generate_image: entry}}));
    return openTestCore({dataDir, generation: {maxTokens: 4}});
}

async function generate(t: TestCore, args: Record<string, unknown>, webAccess = true) {
    const {id} = unwrap(await t.api.invoke("conversations.create", {}));
    unwrap(await t.api.invoke("conversations.setWebAccess", {id, webAccess}));
    const answer = await askIn(t.api, id, "Draw it", [{name: "generate_image", args}]);
    const call = answer.toolCalls.find((c) => c.tool === "generate_image")!;
    return {answer, call, conversationId: id};
}

const progressOf = (events: AppEvent[], call: ToolCallRecord) =>
    events.filter(
        (e): e is Extract<AppEvent, {type: "tool.progress"}> =>
            e.type === "tool.progress" && e.correlationId === call.id,
    );

function landed(answer: Message, call: ToolCallRecord, width: number, height: number) {
    assert.equal(call.status, "ok", call.error ?? "");
    assert.equal(answer.attachments?.length, 1);
    const image = answer.attachments[0]!;
    assert.deepEqual([image.width, image.height, image.mime], [width, height, "image/png"]);
    const data = call.resultData as {images: {id: string}[]; parameters: Record<string, unknown>};
    assert.equal(data.images[0]!.id, image.id);
    return data.parameters;
}

test("Automatic1111: txt2img with the asked size, steps and guidance; progress by step; the seed it used", async () => {
    server.mode = "slow";
    const t = await coreWith({backend: "automatic1111", base_url: server.url});
    try {
        const {answer, call} = await generate(t, {prompt: "a red fox", width: 512, height: 384, steps: 8});
        const parameters = landed(answer, call, 512, 384);
        assert.deepEqual(parameters, {
            prompt: "a red fox",
            width: 512,
            height: 384,
            steps: 8,
            guidance_scale: 3.5,
            seed: 4242,
            backend: "automatic1111",
        });
        const sent = server.requests.findLast((r) => r.path === "/sdapi/v1/txt2img")!.body as Record<
            string,
            unknown
        >;
        assert.deepEqual(
            [sent.prompt, sent.width, sent.height, sent.steps, sent.cfg_scale, sent.seed],
            ["a red fox", 512, 384, 8, 3.5, -1],
        );
        const steps = progressOf(t.events, call).map((e) => e.progress);
        assert.ok(steps.length >= 2, `progress by step: ${steps.join(",")}`);
        assert.ok(progressOf(t.events, call).every((e) => e.total === 8));
        assert.match(
            call.resultText ?? "",
            /^Generated an image \(512x384\) with automatic1111 at 127\.0\.0\.1:\d+: 8 steps, guidance 3\.5, seed 4242\./,
        );
        // The image is the answer's, kept in the library: it goes with the answer.
        unwrap(await t.api.invoke("messages.delete", {id: answer.id}));
        const gone = await t.api.invoke("attachments.read", {id: answer.attachments![0]!.id, size: "thumb"});
        assert.equal(!gone.ok && gone.error.code, "NOT_FOUND");
    } finally {
        server.mode = "ok";
        await t.core.dispose();
    }
});

test("ComfyUI: the built-in workflow with the checkpoint, size, steps, guidance and prompt; steps over its WebSocket", async () => {
    const t = await coreWith({
        backend: "comfyui",
        base_url: server.url,
        checkpoint: "sd_xl_base_1.0.safetensors",
        seed: 7,
    });
    try {
        const {answer, call} = await generate(t, {
            prompt: "a lighthouse at dusk",
            width: 640,
            height: 448,
            steps: 5,
            guidance_scale: 6,
        });
        const parameters = landed(answer, call, 640, 448);
        assert.equal(parameters.seed, 7);
        const graph = server.requests.findLast((r) => r.path === "/prompt")!.body as {
            prompt: Record<string, {class_type: string; inputs: Record<string, unknown>}>;
        };
        const node = (type: string) => Object.values(graph.prompt).find((n) => n.class_type === type)!.inputs;
        assert.equal(node("CheckpointLoaderSimple").ckpt_name, "sd_xl_base_1.0.safetensors");
        assert.deepEqual([node("KSampler").steps, node("KSampler").cfg, node("KSampler").seed], [5, 6, 7]);
        assert.deepEqual([node("EmptyLatentImage").width, node("EmptyLatentImage").height], [640, 448]);
        assert.equal(graph.prompt["6"]!.inputs.text, "a lighthouse at dusk");
        assert.deepEqual(
            progressOf(t.events, call)
                .map((e) => e.progress)
                .slice(-1),
            [5],
        );
    } finally {
        await t.core.dispose();
    }
});

test("an OpenAI-compatible server: size as WxH, the image as base64; egress logged as image generation", async () => {
    const t = await coreWith({backend: "openai", base_url: `${server.url}/v1`, model: "sd-turbo"});
    try {
        const {answer, call, conversationId} = await generate(t, {prompt: "a cat", width: 256, height: 256});
        landed(answer, call, 256, 256);
        const sent = server.requests.findLast((r) => r.path === "/v1/images/generations")!.body as Record<
            string,
            unknown
        >;
        assert.deepEqual(sent, {
            model: "sd-turbo",
            prompt: "a cat",
            n: 1,
            size: "256x256",
            response_format: "b64_json",
        });
        const log = unwrap(await t.api.invoke("network.egress", {}));
        assert.ok(
            log.some(
                (e) =>
                    e.purpose === "image generation" &&
                    e.detail === "openai" &&
                    e.conversationId === conversationId,
            ),
        );
    } finally {
        await t.core.dispose();
    }
});

test("a failing server, an oversized reply, no server set, web access off: each said in words, nothing kept", async () => {
    const t = await coreWith({backend: "openai", base_url: `${server.url}/v1`});
    try {
        server.mode = "fail";
        const failed = (await generate(t, {prompt: "x", width: 64, height: 64})).call;
        assert.equal(failed.status, "error");
        assert.match(
            failed.error ?? "",
            /^generate_image: 127\.0\.0\.1:\d+ answered 500: CUDA out of memory$/,
        );
        server.mode = "oversized";
        const big = (await generate(t, {prompt: "x", width: 64, height: 64})).call;
        assert.match(big.error ?? "", /the image server's reply is over 48\.0 MiB: not read/);
        server.mode = "ok";
        const off = await generate(t, {prompt: "x"}, false);
        assert.equal(off.call.status, "denied");
        assert.equal(off.answer.attachments, undefined);
        const bad = (await generate(t, {prompt: "x", width: 100})).call;
        assert.equal(bad.status, "error");
        assert.match(bad.error ?? "", /width.*multiple of 8/, bad.error ?? "");
    } finally {
        server.mode = "ok";
        await t.core.dispose();
    }
    const none = await coreWith(null);
    try {
        const {call} = await generate(none, {prompt: "x"});
        assert.equal(call.error, NO_IMAGE_BACKEND);
    } finally {
        await none.core.dispose();
    }
});
