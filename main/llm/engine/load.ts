import fs from "node:fs";
import path from "node:path";
import type {GgufFileInfo, Llama, LlamaContext, LlamaContextSequence, LlamaModel} from "node-llama-cpp";
import type {EngineSettings, EngineStatus} from "../../../shared/contract.js";
import {wordsOf} from "../../../shared/coreWords.js";
import type {Words} from "../../../shared/result.js";
import {chooseChatFormat, type ChatFormat} from "../chatFormat.js";
import {estimateFit, readIntoMemory, tooLargeWords} from "../fit.js";
import {backendOf, flashAttentionOf, loadModel} from "../llama.js";
import {prepareSpeculation, type Speculation} from "../speculation.js";

/** What a load made: the model, its context and the one sequence kept across turns, its chat format and draft. */
export type LoadedParts = {
    model: LlamaModel;
    context: LlamaContext;
    sequence: LlamaContextSequence;
    speculation: Speculation | null;
    format: ChatFormat;
    weights: NonNullable<EngineStatus["weights"]>;
    /** What a saved prompt prefix must have been made with: this model file, this llama.cpp build. */
    modelKey: string;
};

export type LoadRequest = {
    llama: Llama;
    modelPath: string;
    fileInfo: GgufFileInfo;
    settings: EngineSettings;
    threads: number;
    /** The draft model chosen for this model (speculative decoding); null: none. */
    draftModel: string | null;
    onProgress: (progress: number) => void;
};

/**
 * Loads a model with its context, sequence, chat format and draft: what does not fit is refused with its
 * numbers (no load is tried), and a load that fails part way frees what it made before it throws.
 */
export async function loadParts(request: LoadRequest): Promise<LoadedParts | {tooLarge: Words}> {
    const {llama, modelPath, fileInfo, settings, threads} = request;
    const fit = await estimateFit(fileInfo, llama, settings);
    if (fit.verdict === "too-large") return {tooLarge: tooLargeWords(path.basename(modelPath), fit)};
    const weights = readIntoMemory(fit) ? "memory" : "mapped";
    const made: {model?: LlamaModel; context?: LlamaContext; speculation?: Speculation | null} = {};
    try {
        const model = (made.model = await loadModel(llama, {
            modelPath,
            // The header the engine read before the fit (inspectModel): node-llama-cpp does not read it again.
            fileInfo,
            useMmap: weights === "mapped",
            gpuLayers: settings.forceCpu ? 0 : (settings.gpuLayers ?? fit.gpuLayers),
            defaultContextFlashAttention: flashAttentionOf(settings),
            onLoadProgress: request.onProgress,
        }));
        const context = (made.context = await model.createContext({
            contextSize: settings.contextSize ?? fit.contextSize,
            threads,
            batchSize: settings.batchSize ?? undefined,
        }));
        const speculation = (made.speculation = settings.speculativeDecoding
            ? await prepareSpeculation(llama, {file: modelPath, fileInfo}, request.draftModel, {
                  contextSize: context.contextSize,
                  threads,
                  gpuLayers: settings.forceCpu ? 0 : "auto",
                  flashAttention: flashAttentionOf(settings),
              })
            : null);
        const sequence = context.getSequence(
            speculation ? {tokenPredictor: speculation.predictor} : undefined,
        );
        const format = await chooseChatFormat(model, modelPath);
        return {
            model,
            context,
            sequence,
            speculation,
            format,
            weights,
            modelKey: modelKeyOf(modelPath, llama),
        };
    } catch (error) {
        await made.context?.dispose();
        await made.model?.dispose();
        await made.speculation?.dispose();
        throw error;
    }
}

/** Why a load failed, in words: an architecture this llama.cpp does not know, or the reason it gave. */
export function loadFailure(modelPath: string, reason: string): Words {
    const arch = /unknown model architecture: '([^']+)'/.exec(reason);
    if (arch) return wordsOf("archUnsupported", {path: modelPath, arch: arch[1]!});
    return wordsOf("loadFailed", {path: modelPath, reason});
}

/** The chat template the model file carries, if any. */
export function chatTemplateOf(model: LlamaModel): string | null {
    const template = (model.fileInfo.metadata as {tokenizer?: {chat_template?: unknown}}).tokenizer
        ?.chat_template;
    return typeof template === "string" ? template : null;
}

/** A model file as it is now (path, size, time) and the llama.cpp build and backend that evaluate it. */
function modelKeyOf(modelPath: string, llama: Llama): string {
    const stat = fs.statSync(modelPath);
    return JSON.stringify([
        modelPath,
        stat.size,
        stat.mtimeMs,
        llama.llamaCppRelease.release,
        backendOf(llama),
    ]);
}
