import {connectionFailure} from "../../llm/connectionFailure.js";
import {hostOf, OfflineError} from "../../net/network.js";
import {defineTool} from "../defineTool.js";
import {generateImage, IMAGE_BACKENDS, ImageServerError, type ImageBackend} from "./imageBackends.js";
import {messageOf} from "../../../shared/format.js";

/** Said when the tool runs with no image server set. */
export const NO_IMAGE_BACKEND =
    "no image server is set for generate_image: in tools.yaml set its options backend (openai, comfyui or automatic1111) and base_url (and model, checkpoint or api_key as the server needs); see docs/images.md, Generating images";

/**
 * generate_image, the design documents' tool: an image from a prompt, made by the image server the person
 * set in tools.yaml (options: backend, base_url, model, api_key, checkpoint, workflow). The image is kept
 * like an attachment and shown with the answer; the model reads its parameters.
 */
export const generateImageTool = defineTool({
    name: "generate_image",
    description:
        "Generate an image from a text description with the configured image server; the image is shown in the conversation.",
    sideEffect: "network",
    // Generating takes minutes on a CPU; the answer's Stop ends it at any time.
    timeoutMs: 10 * 60_000,
    params: {
        type: "object",
        additionalProperties: false,
        properties: {
            prompt: {type: "string", minLength: 1, maxLength: 4000},
            width: {type: "integer"},
            height: {type: "integer"},
            steps: {type: "integer"},
            guidance_scale: {type: "number"},
        },
        required: ["prompt"],
    },
    validate: {
        properties: {
            width: {default: 1024, minimum: 64, maximum: 2048, multipleOf: 8},
            height: {default: 1024, minimum: 64, maximum: 2048, multipleOf: 8},
            steps: {default: 20, minimum: 1, maximum: 150},
            guidance_scale: {default: 3.5, minimum: 0, maximum: 30},
        },
    },
    async run({prompt, width = 1024, height = 1024, steps = 20, guidance_scale = 3.5}, ctx) {
        const backend = ctx.options.backend as ImageBackend | undefined;
        const baseUrl = typeof ctx.options.base_url === "string" ? ctx.options.base_url : null;
        if (!backend || !baseUrl) return {text: "", error: NO_IMAGE_BACKEND};
        if (!IMAGE_BACKENDS.includes(backend))
            return {
                text: "",
                error: `generate_image: unknown backend ${backend} (openai, comfyui or automatic1111)`,
            };
        if (!ctx.attach)
            return {
                text: "",
                error: "generate_image: this call keeps no images (it belongs to no conversation)",
            };
        const request = {
            prompt,
            width,
            height,
            steps,
            guidance: guidance_scale,
            seed: seedOption(ctx.options.seed),
        };
        const where = `${backend} at ${hostOf(baseUrl)}`;
        try {
            const generated = await generateImage(request, {
                backend,
                baseUrl,
                model: stringOption(ctx.options.model),
                apiKey: stringOption(ctx.options.api_key) ?? keyFromEnv(ctx.options.api_key_env),
                checkpoint: stringOption(ctx.options.checkpoint),
                workflow: stringOption(ctx.options.workflow),
                outbound: ctx.network?.for("image generation", backend, ctx.conversationId),
                signal: ctx.signal,
                progress: ctx.progress,
            });
            const image = await ctx.attach(generated.bytes, `generated ${width}x${height}.png`);
            const parameters = {prompt, width, height, steps, guidance_scale, seed: generated.seed, backend};
            return {
                text:
                    `Generated an image (${image.width}x${image.height}) with ${where}: ${steps} steps, guidance ${guidance_scale}` +
                    `${generated.seed !== null ? `, seed ${generated.seed}` : ""}. It is shown to the person in the conversation.`,
                data: {images: [image], parameters},
            };
        } catch (error) {
            if (ctx.signal.aborted) throw error;
            if (error instanceof ImageServerError || error instanceof OfflineError)
                return {text: "", error: `generate_image: ${error.message}`};
            const why = connectionFailure(error);
            return {
                text: "",
                error: `generate_image: ${why ? `cannot reach ${where} (${why}); start it, or change generate_image's base_url in tools.yaml` : messageOf(error)}`,
            };
        }
    },
});

function stringOption(value: unknown): string | undefined {
    return typeof value === "string" && value ? value : undefined;
}

function keyFromEnv(name: unknown): string | undefined {
    return typeof name === "string" && name ? process.env[name] : undefined;
}

/** A fixed seed from tools.yaml (reproducible images); none: the server picks one. */
function seedOption(value: unknown): number | null {
    return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
}
