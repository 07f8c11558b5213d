import fs from "node:fs/promises";
import path from "node:path";
import type {GgufFileInfo} from "node-llama-cpp";
import type {FunctionCalling, ModelInfo} from "../../shared/contract.js";
import {ok, type Result} from "../../shared/result.js";
import {failSaying, failWith} from "../words.js";
import {checkGgufFile, incompleteProblem} from "./gguf.js";
import {chooseChatFormat, functionCallingOf} from "./chatFormat.js";
import {anyLlama, llamaModule, loadModel} from "./llama.js";
import {messageOf} from "../../shared/format.js";

export type Inspection = {info: ModelInfo; fileInfo: GgufFileInfo};

/** Reads a GGUF file's header (never its weights) and describes the model for the models table and the CLI. */
export async function inspectModel(
    file: string,
    options: {chatFormat?: boolean} = {},
): Promise<Result<Inspection>> {
    const modelPath = path.resolve(file);
    const problem = await checkGgufFile(modelPath);
    if (problem) return failWith("NOT_FOUND", problem);
    // Choosing the chat format reads the vocabulary (about a second for 150k tokens) and the header takes
    // as long again for a large vocabulary: each once per file version.
    const withFormat = options.chatFormat ?? true;
    const {size, mtimeMs} = await fs.stat(modelPath);
    const version = `${modelPath}\u0000${size}\u0000${mtimeMs}`;
    const withoutIt = inspected.get(`${version}\u0000false`);
    // One with the chat format serves one without it (it only adds the format's name).
    const known = inspected.get(`${version}\u0000true`) ?? (withFormat ? undefined : withoutIt);
    if (known) return ok(known);
    // The header read for one without the chat format serves one with it.
    const result = withoutIt
        ? ok({info: await describe(modelPath, size, withoutIt.fileInfo, true), fileInfo: withoutIt.fileInfo})
        : await inspectNow(modelPath, size, withFormat);
    if (result.ok) remember(`${version}\u0000${withFormat}`, result.value);
    return result;
}

/** Inspections by file version; a few dozen at most. */
const inspected = new Map<string, Inspection>();
function remember(key: string, value: Inspection): void {
    inspected.set(key, value);
    for (const old of [...inspected.keys()].slice(0, -32)) inspected.delete(old);
}

async function inspectNow(modelPath: string, size: number, chatFormat: boolean): Promise<Result<Inspection>> {
    const {readGgufFileInfo} = await llamaModule();
    let fileInfo: GgufFileInfo;
    try {
        fileInfo = await readGgufFileInfo(modelPath, {readTensorInfo: true, logWarnings: false});
    } catch (error) {
        const reason = messageOf(error);
        return failSaying("VALIDATION", "modelCorrupt", {path: modelPath, reason});
    }
    // Split models (-00001-of-0000N) have their tensors in other files: only a single file is measured.
    const incomplete =
        fileInfo.splicedParts === 1 ? incompleteProblem(modelPath, size, fileInfo.tensorInfo) : null;
    if (incomplete) return failWith("VALIDATION", incomplete);
    return ok({info: await describe(modelPath, size, fileInfo, chatFormat), fileInfo});
}

async function describe(
    file: string,
    sizeBytes: number,
    fileInfo: GgufFileInfo,
    withTokenizer: boolean,
): Promise<ModelInfo> {
    const general = fileInfo.metadata.general ?? {};
    const tokenizer = (fileInfo.metadata as {tokenizer?: {chat_template?: string}}).tokenizer;
    const wrapper = await chatWrapperOf(file, fileInfo, withTokenizer);
    return {
        name: general.name || path.basename(file, ".gguf"),
        file,
        sizeBytes,
        architecture: general.architecture ?? null,
        parameterCount: parameterCount(fileInfo),
        quantization: await quantizationOf(fileInfo),
        contextLength:
            (fileInfo.architectureMetadata as {context_length?: number} | undefined)?.context_length ?? null,
        hasChatTemplate: typeof tokenizer?.chat_template === "string" && tokenizer.chat_template.length > 0,
        chatWrapper: wrapper.name,
        functionCalling: wrapper.functionCalling,
    };
}

function parameterCount(fileInfo: GgufFileInfo): number | null {
    const tensors = fileInfo.fullTensorInfo;
    if (!tensors?.length) return null;
    return tensors.reduce((sum, t) => sum + t.dimensions.reduce<number>((n, d) => n * Number(d), 1), 0);
}

async function quantizationOf(fileInfo: GgufFileInfo): Promise<string | null> {
    const {GgufFileType, GgmlType} = await import("node-llama-cpp");
    const fileType = fileInfo.metadata.general?.file_type;
    if (fileType !== undefined && GgufFileType[fileType]) {
        return GgufFileType[fileType].replace(/^(MOSTLY|ALL)_/, "");
    }
    // No file_type key: the type that holds most of the weights.
    const bytesByType = new Map<number, number>();
    for (const t of fileInfo.fullTensorInfo ?? []) {
        const count = t.dimensions.reduce<number>((n, d) => n * Number(d), 1);
        bytesByType.set(t.ggmlType, (bytesByType.get(t.ggmlType) ?? 0) + count);
    }
    const top = [...bytesByType].sort((a, b) => b[1] - a[1])[0];
    return top ? (GgmlType[top[0]] ?? null) : null;
}

/**
 * The chat format the engine would choose (chooseChatFormat) and how function calling works through it, with
 * the model's tokenizer from a vocab-only load (no weights): without it a Llama 3.1 file is labelled "Llama 3.1"
 * while generation runs its Jinja template. Not read when the engine chooses it on the loaded model itself.
 */
async function chatWrapperOf(
    file: string,
    fileInfo: GgufFileInfo,
    withTokenizer: boolean,
): Promise<{name: string | null; functionCalling: FunctionCalling}> {
    if (!withTokenizer) return {name: null, functionCalling: "none"};
    try {
        const {resolveChatWrapper} = await llamaModule();
        const wrapper =
            (await resolvedWithTokenizer(file, fileInfo)) ??
            resolveChatWrapper({fileInfo, filename: path.basename(file), warningLogs: false});
        if (!wrapper) return {name: null, functionCalling: "none"};
        return {name: wrapper.wrapperName, functionCalling: await functionCallingOf(wrapper)};
    } catch {
        return {name: null, functionCalling: "none"};
    }
}

async function resolvedWithTokenizer(file: string, fileInfo: GgufFileInfo) {
    try {
        const {llama} = await anyLlama();
        const model = await loadModel(llama, {modelPath: file, fileInfo, vocabOnly: true});
        try {
            return (await chooseChatFormat(model, file)).wrapper;
        } finally {
            await model.dispose();
        }
    } catch {
        return null;
    }
}
