import path from "node:path";
import type {LlamaEmbeddingContext, LlamaModel} from "node-llama-cpp";
import {fail, ok, type Result} from "../../shared/result.js";
import {failSaying, failWith} from "../words.js";
import type {Engine} from "./engine/engine.js";
import {flashAttentionOf, loadModel, nativeLog} from "./llama.js";
import {tooLargeWords} from "./fit.js";
import {messageOf} from "../../shared/format.js";

type Loaded = {file: string; model: LlamaModel; context: LlamaEmbeddingContext; contextSize: number};

/**
 * The embedding slot: a second model, used only for document vectors, loaded on first use with the same fit
 * check as the chat model. It shares the engine's llama.cpp binding and thread setting.
 */
export class Embedder {
    private loaded: Loaded | null = null;
    private loading: Promise<Result<Loaded>> | null = null;

    constructor(
        private readonly engine: Engine,
        private readonly modelPath: () => string | null,
    ) {}

    /** The configured model file, or null. */
    configured(): string | null {
        const file = this.modelPath();
        return file ? path.resolve(file) : null;
    }

    /** Vector length of the configured model (loads it). */
    async dimensions(): Promise<Result<number>> {
        const loaded = await this.ensure();
        return loaded.ok ? ok(loaded.value.model.embeddingVectorSize) : loaded;
    }

    /** Counts tokens in the embedding model's own tokenizer (used to size chunks); loads the model. */
    async tokenCounter(): Promise<
        Result<{
            count: (text: string) => number;
            /** Whether a text fits the model's context, tokenizing at most what could fit. */
            fits: (text: string) => boolean;
            contextSize: number;
            model: string;
            dimension: number;
        }>
    > {
        const loaded = await this.ensure();
        if (!loaded.ok) return loaded;
        const {model, file, contextSize} = loaded.value;
        return ok({
            count: (text) => model.tokenize(text).length,
            // A token covers at least one character: a text that short always fits, and a prefix of 16
            // characters a token is tokenized before a text of megabytes would be whole.
            fits: (text) =>
                text.length <= contextSize ||
                (model.tokenize(text.slice(0, contextSize * 16)).length <= contextSize &&
                    (text.length <= contextSize * 16 || model.tokenize(text).length <= contextSize)),
            contextSize,
            model: file,
            dimension: model.embeddingVectorSize,
        });
    }

    /** One vector per text, in order. */
    async embed(texts: string[], signal?: AbortSignal): Promise<Result<Float32Array[]>> {
        const loaded = await this.ensure();
        if (!loaded.ok) return loaded;
        const vectors: Float32Array[] = [];
        try {
            for (const text of texts) {
                if (signal?.aborted) return fail("CANCELLED", "cancelled");
                const embedding = await loaded.value.context.getEmbeddingFor(text);
                vectors.push(Float32Array.from(embedding.vector));
            }
        } catch (error) {
            return fail("INTERNAL", `embedding failed: ${messageOf(error)}`);
        }
        return ok(vectors);
    }

    async unload(): Promise<void> {
        const loaded = this.loaded;
        this.loaded = null;
        await loaded?.context.dispose();
        await loaded?.model.dispose();
    }

    private async ensure(): Promise<Result<Loaded>> {
        const file = this.configured();
        if (!file) return failSaying("MODEL_NOT_LOADED", "noEmbeddingModel");
        if (this.loaded?.file === file) return ok(this.loaded);
        this.loading ??= this.load(file).finally(() => {
            this.loading = null;
        });
        return this.loading;
    }

    private async load(file: string): Promise<Result<Loaded>> {
        await this.unload();
        const settings = this.engine.settings();
        try {
            const assessed = await this.engine.assess(file, {embedding: true});
            if (!assessed.ok) return fail(assessed.error.code, `embedding model: ${assessed.error.message}`);
            const {fit} = assessed.value;
            const llama = await this.engine.binding();
            if (fit.verdict === "too-large") {
                return failWith("OUT_OF_MEMORY", tooLargeWords(path.basename(file), fit));
            }
            nativeLog.lastError = null;
            const model = await loadModel(llama, {
                modelPath: file,
                fileInfo: assessed.value.fileInfo,
                gpuLayers: settings.forceCpu ? 0 : "auto",
                defaultContextFlashAttention: flashAttentionOf(settings),
            });
            const contextSize = Math.min(model.trainContextSize, 2048);
            const context = await model.createEmbeddingContext({
                contextSize,
                threads: settings.threads ?? this.engine.status().threads,
            });
            this.loaded = {file, model, context, contextSize};
            return ok(this.loaded);
        } catch (error) {
            const reason = nativeLog.lastError ?? messageOf(error);
            return failSaying("INTERNAL", "embeddingLoadFailed", {file, reason});
        }
    }
}
