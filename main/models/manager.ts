import fs from "node:fs";
import path from "node:path";
import {UNRECORDED, type Network} from "../net/network.js";
import type {GgufFileInfo} from "node-llama-cpp";
import type {
    DownloadProgress,
    FitEstimate,
    InstalledModel,
    ModelInfo,
    ModelsOverview,
    Recommendation,
} from "../../shared/contract.js";
import {fail, ok, type Result} from "../../shared/result.js";
import {failSaying} from "../words.js";
import type {Engine} from "../llm/engine/engine.js";
import {estimateFit, machineMemory, sizeBasedFit} from "../llm/fit.js";
import {inspectModel} from "../llm/inspect.js";
import {whisperHeader} from "../media/speech.js";
import type {ModelStore} from "../store/models.js";
import {ModelDownloads, type DownloadTimeouts} from "./downloads.js";
import {Hub} from "./hub.js";
import type {HubToken} from "./hubToken.js";
import {messageOf} from "../../shared/format.js";

export type CatalogEntry = Omit<Recommendation, "fit">;

export type ModelManagerDeps = {
    store: ModelStore;
    engine: Engine;
    /** <data>/models: where downloads go; files here are deleted with their model. */
    modelsDir: string;
    catalogFile: string;
    embeddingModelPath: () => string | null;
    onDownload: (progress: DownloadProgress) => void;
    onChange: () => void;
    downloadTimeouts?: Partial<DownloadTimeouts>;
    /** Offline mode and the egress log for downloads and hub searches. */
    network?: Network;
    /** Hugging Face's address (a mirror's, a test's loopback server's) and the user's token. */
    hubUrl: string;
    hubToken: HubToken;
};

/** Reading a recommended model's header over the network is given this long before the size-based estimate. */
const REMOTE_HEADER_TIMEOUT_MS = 5000;

/** Installed models, recommendations with their fit on this computer, and downloads. */
export class ModelManager {
    readonly downloads: ModelDownloads;
    readonly hub: Hub;
    readonly hubToken: HubToken;
    private readonly remoteInfo = new Map<string, Promise<GgufFileInfo | null>>();

    constructor(private readonly deps: ModelManagerDeps) {
        this.downloads = new ModelDownloads({
            dir: deps.modelsDir,
            emit: deps.onDownload,
            register: (file, uri) => this.register(file, uri),
            timeouts: deps.downloadTimeouts,
            ...(deps.network ? {network: deps.network} : {}),
            hub: {url: deps.hubUrl, token: () => deps.hubToken.get()},
        });
        this.hubToken = deps.hubToken;
        this.hub = new Hub({
            url: deps.hubUrl,
            outbound: (detail) => deps.network?.for("model search", detail) ?? UNRECORDED,
            token: () => deps.hubToken.get(),
            memory: async () => machineMemory(await deps.engine.binding()),
        });
    }

    /** The installed models alone (the overview also reads the downloads folder). */
    installed(): ModelsOverview["installed"] {
        return this.deps.store.list();
    }

    overview(): Omit<ModelsOverview, "vision"> {
        return {
            installed: this.installed(),
            downloads: this.downloads.list(),
            partial: this.downloads.partial(),
            embeddingModelPath: this.deps.embeddingModelPath(),
        };
    }

    async inspect(
        file: string,
        options: {embedding?: boolean} = {},
    ): Promise<Result<{info: ModelInfo; fit: FitEstimate}>> {
        const assessed = await this.deps.engine.assess(file, options);
        return assessed.ok ? ok({info: assessed.value.info, fit: assessed.value.fit}) : assessed;
    }

    /** Registers a GGUF file (a local file stays where it is); a vision projector is refused in words. */
    async add(file: string, source: string | null = null): Promise<Result<InstalledModel>> {
        if (whisperHeader(file))
            return failSaying("VALIDATION", "speechModelNotChat", {file: path.basename(file)});
        const added = await this.register(file, source);
        if (!added.ok || added.value) return added as Result<InstalledModel>;
        return failSaying("VALIDATION", "projectorNotModel", {file: path.basename(file)});
    }

    /**
     * A downloaded or chosen file: a model is added to the list; a vision projector (a CLIP encoder, mmproj)
     * is not a model of its own, so it is kept beside the models without a row (null), and the models are
     * paired again (the list changes). A speech model (whisper.cpp's format) is kept the same way.
     */
    private async register(file: string, source: string | null): Promise<Result<InstalledModel | null>> {
        // A whisper.cpp speech model (dictation) is found in the models folder by its header: no row either.
        if (whisperHeader(file)) {
            this.deps.onChange();
            return ok(null);
        }
        const inspected = await inspectModel(file);
        if (!inspected.ok) return inspected;
        const projector = inspected.value.info.architecture === "clip";
        const model = projector ? null : this.deps.store.add(inspected.value.info, source);
        this.deps.onChange();
        return ok(model);
    }

    /** Lists the model the engine has just loaded, from the facts it read at load (no second read). */
    addLoaded(source: string | null = null): void {
        const info = this.deps.engine.modelInfo();
        if (!info) return;
        this.deps.store.add(info, source);
        this.deps.onChange();
    }

    /**
     * Removes a model: its row, and its file when Cairn downloaded it into <data>/models (a file chosen
     * elsewhere on disk belongs to the user and stays). Unloads it first if it is loaded.
     */
    async remove(id: string): Promise<Result<{deletedFile: boolean}>> {
        const model = this.deps.store.get(id);
        if (!model) return failSaying("NOT_FOUND", "modelNotInstalled", {id});
        if (this.deps.engine.status().modelPath === model.file) await this.deps.engine.unload();
        if (model.ownsFile) fs.rmSync(model.file, {force: true});
        this.deps.store.remove(id);
        this.deps.onChange();
        return ok({deletedFile: model.ownsFile});
    }

    /** The catalog with a fit estimate for this computer: from the file's header when it can be read. */
    async recommended(): Promise<Result<Recommendation[]>> {
        const catalog = readCatalog(this.deps.catalogFile);
        if (!catalog.ok) return catalog;
        const llama = await this.deps.engine.binding();
        const memory = await machineMemory(llama);
        const settings = this.deps.engine.settings();
        const entries = await Promise.all(
            catalog.value.map(async (entry): Promise<Recommendation> => {
                // A speech model is whisper.cpp's own format, not GGUF: its size says its fit.
                const info = entry.kind === "speech" ? null : await this.remoteHeader(entry.uri);
                const fit = info
                    ? await estimateFit(info, llama, {...settings, embedding: entry.kind === "embedding"})
                    : sizeBasedFit(entry.sizeBytes, memory, entry.kind === "chat" ? 4096 : 512);
                return {...entry, fit};
            }),
        );
        return ok(entries);
    }

    private remoteHeader(uri: string): Promise<GgufFileInfo | null> {
        let entry = this.remoteInfo.get(uri);
        if (!entry) {
            entry = readRemoteHeader(uri);
            this.remoteInfo.set(uri, entry);
            // Offline now is not offline forever: a failed read is tried again next time.
            void entry.then((info) => info ?? this.remoteInfo.delete(uri));
        }
        return entry;
    }
}

async function readRemoteHeader(uri: string): Promise<GgufFileInfo | null> {
    const {readGgufFileInfo} = await import("node-llama-cpp");
    try {
        return await readGgufFileInfo(uri, {
            sourceType: "network",
            logWarnings: false,
            fetchRetryOptions: {retries: 0},
            signal: AbortSignal.timeout(REMOTE_HEADER_TIMEOUT_MS),
        });
    } catch {
        return null;
    }
}

export function readCatalog(file: string): Result<CatalogEntry[]> {
    try {
        const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as {models?: CatalogEntry[]};
        if (!Array.isArray(parsed.models)) return fail("INTERNAL", `${file}: "models" must be a list`);
        return ok(parsed.models);
    } catch (error) {
        return fail("INTERNAL", `cannot read the model catalog ${file}: ${messageOf(error)}`);
    }
}
