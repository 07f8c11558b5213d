import {randomUUID} from "node:crypto";
import fs from "node:fs";
import WebSocket from "ws";
import {formatBytes, messageOf} from "../../../shared/format.js";
import {hostOf, outboundFetch, UNRECORDED, type Outbound} from "../../net/network.js";
import {abortReason} from "../../jobs.js";
import {parseJson} from "../../../shared/json.js";

// The image servers generate_image speaks, each through its own documented HTTP API: an OpenAI-compatible
// /v1/images/generations (stable-diffusion.cpp's server, LocalAI, OpenAI), ComfyUI's (a workflow queued,
// its history read, its image viewed), and Automatic1111's or Forge's /sdapi/v1/txt2img.

export const IMAGE_BACKENDS = ["openai", "comfyui", "automatic1111"] as const;
export type ImageBackend = (typeof IMAGE_BACKENDS)[number];

export type ImageRequest = {
    prompt: string;
    width: number;
    height: number;
    steps: number;
    guidance: number;
    /** null: the server picks one (and says which, where it can). */
    seed: number | null;
};

export type BackendSettings = {
    backend: ImageBackend;
    baseUrl: string;
    /** The model to ask an OpenAI-compatible server for. */
    model?: string;
    apiKey?: string;
    /** ComfyUI: the checkpoint the built-in workflow loads (a file in its models/checkpoints). */
    checkpoint?: string;
    /** ComfyUI: a workflow of one's own, in its API format (KSampler, EmptyLatentImage, CLIPTextEncode set here). */
    workflow?: string;
    outbound?: Outbound;
    signal: AbortSignal;
    progress?(update: {progress: number; total?: number; message?: string}): void;
};

export type Generated = {bytes: Buffer; seed: number | null};

/** The most bytes an image server's reply may hold (a PNG of 2048x2048 is about 12 MB, base64 16 MB). */
export const MAX_REPLY_BYTES = 48 * 1024 * 1024;

/** A server's reply that says what went wrong, in words (its status and its own message). */
export class ImageServerError extends Error {}

export async function generateImage(req: ImageRequest, settings: BackendSettings): Promise<Generated> {
    switch (settings.backend) {
        case "openai":
            return openaiImages(req, settings);
        case "automatic1111":
            return automatic1111(req, settings);
        case "comfyui":
            return comfyui(req, settings);
    }
}

/** OpenAI's images API: one image, as base64 (or at an address the server gives, read with the same limits). */
async function openaiImages(req: ImageRequest, s: BackendSettings): Promise<Generated> {
    s.progress?.({progress: 0, message: "waiting for the image server"});
    const model = s.model ?? "gpt-image-1";
    const body = {
        model,
        prompt: req.prompt,
        n: 1,
        size: `${req.width}x${req.height}`,
        // gpt-image models always answer in base64 and refuse the field; the others default to a URL.
        ...(model.startsWith("gpt-image") ? {} : {response_format: "b64_json"}),
    };
    const reply = (await postJson(s, "/images/generations", body)) as {
        data?: {b64_json?: string; url?: string}[];
    };
    const first = reply.data?.[0];
    if (first?.b64_json) return {bytes: Buffer.from(first.b64_json, "base64"), seed: req.seed};
    if (first?.url) return {bytes: await readBytes(s, first.url), seed: req.seed};
    throw new ImageServerError(`${hostOf(s.baseUrl)} answered without an image (no data[0].b64_json or url)`);
}

/** Automatic1111 or Forge: txt2img, its progress polled while it runs. */
async function automatic1111(req: ImageRequest, s: BackendSettings): Promise<Generated> {
    const body = {
        prompt: req.prompt,
        width: req.width,
        height: req.height,
        steps: req.steps,
        cfg_scale: req.guidance,
        seed: req.seed ?? -1,
        batch_size: 1,
        n_iter: 1,
    };
    const polling = pollProgress(s, req.steps);
    try {
        const reply = (await postJson(s, "/sdapi/v1/txt2img", body)) as {images?: string[]; info?: string};
        const image = reply.images?.[0];
        if (!image)
            throw new ImageServerError(`${hostOf(s.baseUrl)} answered without an image (no images[0])`);
        return {bytes: Buffer.from(image, "base64"), seed: seedOf(reply.info) ?? req.seed};
    } finally {
        polling.stop();
    }
}

function seedOf(info: string | undefined): number | null {
    try {
        const seed = (JSON.parse(info ?? "{}") as {seed?: unknown}).seed;
        return typeof seed === "number" ? seed : null;
    } catch {
        return null;
    }
}

/** Automatic1111's /sdapi/v1/progress every half second, as steps done of the steps asked. */
function pollProgress(s: BackendSettings, steps: number): {stop(): void} {
    let stopped = false;
    const tick = async () => {
        while (!stopped && !s.signal.aborted) {
            await new Promise((resolve) => setTimeout(resolve, 500));
            if (stopped) return;
            try {
                const res = await outboundFetch(
                    s.outbound ?? UNRECORDED,
                    url(s, "/sdapi/v1/progress?skip_current_image=true"),
                    {
                        signal: s.signal,
                        headers: headers(s),
                    },
                );
                const state = (await res.json()) as {
                    state?: {sampling_step?: number; sampling_steps?: number};
                };
                const done = state.state?.sampling_step;
                if (typeof done === "number")
                    s.progress?.({
                        progress: done,
                        total: state.state?.sampling_steps || steps,
                        message: "steps",
                    });
            } catch {
                // Progress is a courtesy: the answer itself says whether the image came.
            }
        }
    };
    void tick();
    return {stop: () => void (stopped = true)};
}

/** ComfyUI: the workflow queued under a client id; its steps come over its WebSocket, its image from its history. */
async function comfyui(req: ImageRequest, s: BackendSettings): Promise<Generated> {
    const clientId = randomUUID();
    const seed = req.seed ?? Math.floor(Math.random() * 2 ** 32);
    const workflow = comfyWorkflow(req, seed, s);
    const socket = comfyProgress(s, clientId);
    try {
        const queued = (await postJson(s, "/prompt", {prompt: workflow, client_id: clientId})) as {
            prompt_id?: string;
            node_errors?: Record<string, unknown>;
        };
        if (!queued.prompt_id)
            throw new ImageServerError(
                `${hostOf(s.baseUrl)} did not queue the workflow (no prompt_id in its answer)`,
            );
        const image = await comfyOutput(s, queued.prompt_id);
        socket.finished();
        const view = `/view?filename=${encodeURIComponent(image.filename)}&subfolder=${encodeURIComponent(image.subfolder ?? "")}&type=${encodeURIComponent(image.type ?? "output")}`;
        return {bytes: await readBytes(s, url(s, view)), seed};
    } finally {
        socket.close();
    }
}

type ComfyNode = {class_type: string; inputs: Record<string, unknown>};
type ComfyImage = {filename: string; subfolder?: string; type?: string};

/** The built-in text-to-image graph: checkpoint, prompt and an empty negative, sampler, decoder, saver. */
function defaultWorkflow(checkpoint: string): Record<string, ComfyNode> {
    return {
        "3": {
            class_type: "KSampler",
            inputs: {
                seed: 0,
                steps: 20,
                cfg: 7,
                sampler_name: "euler",
                scheduler: "normal",
                denoise: 1,
                model: ["4", 0],
                positive: ["6", 0],
                negative: ["7", 0],
                latent_image: ["5", 0],
            },
        },
        "4": {class_type: "CheckpointLoaderSimple", inputs: {ckpt_name: checkpoint}},
        "5": {class_type: "EmptyLatentImage", inputs: {width: 512, height: 512, batch_size: 1}},
        "6": {class_type: "CLIPTextEncode", inputs: {text: "", clip: ["4", 1]}},
        "7": {class_type: "CLIPTextEncode", inputs: {text: "", clip: ["4", 1]}},
        "8": {class_type: "VAEDecode", inputs: {samples: ["3", 0], vae: ["4", 2]}},
        "9": {class_type: "SaveImage", inputs: {filename_prefix: "cairn", images: ["8", 0]}},
    };
}

/**
 * The workflow with this request's values: the sampler's seed, steps and guidance, the latent's size, and
 * the prompt in the text encoder the sampler takes as positive.
 */
export function comfyWorkflow(
    req: ImageRequest,
    seed: number,
    s: Pick<BackendSettings, "workflow" | "checkpoint">,
) {
    let graph: Record<string, ComfyNode>;
    if (s.workflow) {
        try {
            graph = JSON.parse(fs.readFileSync(s.workflow, "utf8")) as Record<string, ComfyNode>;
        } catch (error) {
            throw new ImageServerError(
                `the ComfyUI workflow ${s.workflow} could not be read: ${messageOf(error)}`,
            );
        }
    } else if (s.checkpoint) graph = defaultWorkflow(s.checkpoint);
    else
        throw new ImageServerError(
            "ComfyUI needs a checkpoint: set generate_image's options.checkpoint (a file in ComfyUI's models/checkpoints) or options.workflow in tools.yaml",
        );
    const nodes = Object.values(graph);
    const sampler = nodes.find((n) => n.class_type === "KSampler");
    const latent = nodes.find((n) => n.class_type === "EmptyLatentImage");
    if (!sampler || !latent)
        throw new ImageServerError(
            "the ComfyUI workflow needs a KSampler and an EmptyLatentImage node (API format)",
        );
    Object.assign(sampler.inputs, {seed, steps: req.steps, cfg: req.guidance});
    Object.assign(latent.inputs, {width: req.width, height: req.height});
    const positive = sampler.inputs.positive;
    const encoder = Array.isArray(positive) ? graph[String(positive[0])] : undefined;
    if (encoder?.class_type !== "CLIPTextEncode")
        throw new ImageServerError(
            "the ComfyUI workflow's KSampler must take its positive prompt from a CLIPTextEncode node",
        );
    encoder.inputs.text = req.prompt;
    return graph;
}

/**
 * ComfyUI's steps as they run (progress messages for this client); the history says when it is done. The last
 * step's message can come after the history says so, on its own connection: `finished` reports it then.
 */
function comfyProgress(s: BackendSettings, clientId: string): {finished(): void; close(): void} {
    const address = url(s, `/ws?clientId=${clientId}`).replace(/^http/, "ws");
    let socket: WebSocket | null = null;
    let last = {value: 0, max: 0};
    try {
        socket = new WebSocket(address, {headers: headers(s)});
        socket.on("message", (data) => {
            try {
                const message = JSON.parse(rawText(data)) as {
                    type?: string;
                    data?: {value?: number; max?: number};
                };
                if (message.type === "progress" && typeof message.data?.value === "number") {
                    last = {value: message.data.value, max: message.data.max ?? 0};
                    s.progress?.({progress: message.data.value, total: message.data.max, message: "steps"});
                }
            } catch {
                // Binary previews and other messages are not progress.
            }
        });
        socket.on("error", () => {});
    } catch {
        socket = null;
    }
    return {
        finished: () => {
            if (last.value < last.max) s.progress?.({progress: last.max, total: last.max, message: "steps"});
        },
        close: () => socket?.close(),
    };
}

/** Waits for the queued prompt in ComfyUI's history (each second), then names its first saved image. */
async function comfyOutput(s: BackendSettings, promptId: string): Promise<ComfyImage> {
    for (;;) {
        const history = (await getJson(s, `/history/${encodeURIComponent(promptId)}`)) as Record<
            string,
            {
                outputs?: Record<string, {images?: ComfyImage[]}>;
                status?: {status_str?: string; messages?: unknown[]};
            }
        >;
        const entry = history[promptId];
        if (entry?.status?.status_str === "error")
            throw new ImageServerError(
                `ComfyUI could not run the workflow: ${JSON.stringify(entry.status.messages ?? []).slice(0, 300)}`,
            );
        const image = Object.values(entry?.outputs ?? {}).flatMap((o) => o.images ?? [])[0];
        if (image) return image;
        await new Promise((resolve, reject) => {
            const timer = setTimeout(resolve, 1000);
            s.signal.addEventListener("abort", () => (clearTimeout(timer), reject(abortReason(s.signal))), {
                once: true,
            });
        });
    }
}

function url(s: Pick<BackendSettings, "baseUrl">, path: string): string {
    return `${s.baseUrl.replace(/\/+$/, "")}${path}`;
}

function headers(s: BackendSettings): Record<string, string> {
    return s.apiKey ? {Authorization: `Bearer ${s.apiKey}`} : {};
}

async function postJson(s: BackendSettings, path: string, body: unknown): Promise<unknown> {
    const res = await outboundFetch(s.outbound ?? UNRECORDED, url(s, path), {
        method: "POST",
        signal: s.signal,
        headers: {"Content-Type": "application/json", ...headers(s)},
        body: JSON.stringify(body),
    });
    return replyJson(s, res);
}

async function getJson(s: BackendSettings, path: string): Promise<unknown> {
    const res = await outboundFetch(s.outbound ?? UNRECORDED, url(s, path), {
        signal: s.signal,
        headers: headers(s),
    });
    return replyJson(s, res);
}

async function replyJson(s: BackendSettings, res: Response): Promise<unknown> {
    const text = (await limited(res)).toString("utf8");
    if (!res.ok)
        throw new ImageServerError(`${hostOf(s.baseUrl)} answered ${res.status}: ${serverMessage(text)}`);
    try {
        return parseJson(text);
    } catch {
        throw new ImageServerError(
            `${hostOf(s.baseUrl)} answered with something other than JSON: ${text.slice(0, 120)}`,
        );
    }
}

async function readBytes(s: BackendSettings, address: string): Promise<Buffer> {
    const res = await outboundFetch(s.outbound ?? UNRECORDED, address, {
        signal: s.signal,
        headers: headers(s),
    });
    const bytes = await limited(res);
    if (!res.ok)
        throw new ImageServerError(
            `${hostOf(address)} answered ${res.status} for the image: ${serverMessage(bytes.toString("utf8"))}`,
        );
    return bytes;
}

/** The reply's body, refused past MAX_REPLY_BYTES (read no further). */
async function limited(res: Response): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body ?? []) {
        size += (chunk as Uint8Array).byteLength;
        if (size > MAX_REPLY_BYTES) {
            await res.body?.cancel().catch(() => {});
            throw new ImageServerError(
                `the image server's reply is over ${formatBytes(MAX_REPLY_BYTES)}: not read (a generated image is a few MB)`,
            );
        }
        chunks.push(Buffer.from(chunk as Uint8Array));
    }
    return Buffer.concat(chunks);
}

/** The server's own words from an error body (OpenAI's error.message, FastAPI's detail, ComfyUI's error). */
function serverMessage(text: string): string {
    try {
        const body = JSON.parse(text) as {
            error?: {message?: string} | string;
            detail?: unknown;
            message?: string;
        };
        const said =
            (typeof body.error === "object" ? body.error?.message : body.error) ??
            (typeof body.detail === "string" ? body.detail : undefined) ??
            body.message;
        if (said) return said;
    } catch {
        // Not JSON: the text itself.
    }
    return text.slice(0, 200) || "no message";
}

/** A WebSocket message's text, however ws delivered it (one buffer, an ArrayBuffer, or fragments). */
function rawText(data: WebSocket.RawData): string {
    if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
    return Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.from(new Uint8Array(data)).toString("utf8");
}
