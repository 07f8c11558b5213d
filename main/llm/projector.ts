import fs from "node:fs/promises";
import path from "node:path";
import {ggufScalars, type GgufScalar} from "./ggufScalars.js";

/**
 * A vision model is two files: the model and its projector (llama.cpp's `mmproj`), which turns an image into
 * the model's input. Projectors are found beside the model by name (mmproj…, …projector…) and paired by what
 * their headers say: the projector's output width must be the model's input width.
 */
const PROJECTOR_NAME = /mmproj|projector/i;

/**
 * A GGUF's header values that are not arrays (never its vocabulary nor its weights); null when it cannot be
 * read. Pairing runs for every installed model on each refresh: node-llama-cpp's whole-header parse took about
 * 1.5 s of the event loop per model with a large vocabulary.
 */
async function metadataOf(file: string): Promise<Map<string, GgufScalar> | null> {
    try {
        return await ggufScalars(file);
    } catch {
        return null;
    }
}

function field(metadata: Map<string, GgufScalar>, ...keys: string[]): GgufScalar | undefined {
    return metadata.get(keys.join("."));
}

/** The width a vision projector feeds a model (clip.vision.projection_dim); null if the file is not one. */
export async function projectorWidth(file: string): Promise<number | null> {
    const metadata = await metadataOf(file);
    if (!metadata || field(metadata, "general", "architecture") !== "clip") return null;
    if (field(metadata, "clip", "has_vision_encoder") !== true) return null;
    const width = field(metadata, "clip", "vision", "projection_dim");
    return typeof width === "number" ? width : null;
}

/** A model's input width (its architecture's embedding_length); null for a file that is not a model. */
export async function modelWidth(file: string): Promise<number | null> {
    const metadata = await metadataOf(file);
    const architecture = metadata ? field(metadata, "general", "architecture") : null;
    if (typeof architecture !== "string" || architecture === "clip") return null;
    const width = field(metadata!, architecture, "embedding_length");
    return typeof width === "number" ? width : null;
}

/**
 * The projector for a model: among the projectors in its folder, those of its width; of several, the one
 * whose name shares the longest start with the model's (after "mmproj-"), then by name. Null: none fits.
 */
export async function findProjector(modelPath: string): Promise<string | null> {
    const folder = path.dirname(modelPath);
    let names: string[];
    try {
        names = await fs.readdir(folder);
    } catch {
        return null;
    }
    const candidates = names
        .filter((n) => n.toLowerCase().endsWith(".gguf") && PROJECTOR_NAME.test(n))
        .map((n) => path.join(folder, n))
        .filter((file) => path.resolve(file) !== path.resolve(modelPath));
    if (candidates.length === 0) return null;
    const width = await modelWidth(modelPath);
    if (width === null) return null;
    const fitting: string[] = [];
    for (const file of candidates) if ((await projectorWidth(file)) === width) fitting.push(file);
    const model = stem(path.basename(modelPath));
    fitting.sort((a, b) => shared(stem(b), model) - shared(stem(a), model) || a.localeCompare(b));
    return fitting[0] ?? null;
}

/** A file's name without ".gguf" and projector words, lower case: what is compared with a model's. */
function stem(name: string): string {
    return name
        .toLowerCase()
        .replace(/\.gguf$/, "")
        .replace(/(^|[-_.])(mmproj|projector)(?=$|[-_.])/g, "")
        .replace(/^[-_.]+/, "");
}

function shared(a: string, b: string): number {
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return i;
}
