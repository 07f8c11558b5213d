import path from "node:path";
import type {FlashAttention} from "../../shared/contract.js";
import {appRoot} from "../appRoot.js";
import type {EventBus} from "../events.js";
import {modelHandlers} from "../handlers/models.js";
import {providerHandlers} from "../handlers/providers.js";
import {Embedder} from "../llm/embedder.js";
import {Engine} from "../llm/engine/engine.js";
import {BackgroundBuild} from "../llm/backgroundBuild.js";
import type {EngineBuilder} from "../llm/engineBuild.js";
import type {KeyVault} from "../llm/keyVault.js";
import {LocalVision} from "../llm/localVision.js";
import {SpeechModels, Transcriber} from "../media/speech.js";
import {speechHandlers} from "../handlers/speech.js";
import {Uploads} from "../uploads.js";
import {Providers, providersFile, type OneOffProvider} from "../llm/providers.js";
import type {DownloadTimeouts} from "../models/downloads.js";
import {DEFAULT_HUB_URL} from "../models/hub.js";
import {DraftModels} from "../models/drafts.js";
import {HubToken} from "../models/hubToken.js";
import {ModelManager} from "../models/manager.js";
import {ModelStore} from "../store/models.js";
import {ToolUseStore} from "../store/toolUse.js";
import {ToolProbes} from "../probe/service.js";
import type {ModelFunction} from "../llm/stepTypes.js";
import {APP_VERSION} from "../version.js";
import type {Feature} from "./feature.js";
import type {Library} from "./library.js";

export type ModelsOptions = {
    dataDir: string;
    threads?: number;
    contextSize?: number;
    /** The draft model for this run, over each model's own choice (settings' draftModels). */
    draftModel?: string;
    gpu?: "auto" | false;
    flashAttention?: FlashAttention;
    catalogFile?: string;
    downloadTimeouts?: Partial<DownloadTimeouts>;
    oneOffProvider?: OneOffProvider;
    keyVault?: KeyVault;
    /** Hugging Face's address; default HF_ENDPOINT (Hugging Face's own variable), else huggingface.co. */
    hubUrl?: string;
    /** The llama-server local vision runs on; default CAIRN_LLAMA_SERVER, else the one built under <data>/engines. */
    llamaServer?: string;
    /** A whisper.cpp model for dictation named for this run (--speech-model); default CAIRN_SPEECH_MODEL. */
    speechModel?: string;
    /** This process keeps running (the app, `cairn serve`): it may build Cairn's engine in the background. */
    buildEngine?: boolean;
    /** How the engine is built (tests give a quicker one); default buildEngine (main/llm/engineBuild.ts). */
    engineBuilder?: EngineBuilder;
};

export type Models = Feature<
    ReturnType<typeof modelHandlers> & ReturnType<typeof providerHandlers> & ReturnType<typeof speechHandlers>
> & {
    engine: Engine;
    /** Cairn's engine for this CPU, built in the background (main/llm/backgroundBuild.ts). */
    engineBuild: BackgroundBuild;
    embedder: Embedder;
    models: ModelManager;
    /** Models served elsewhere that a conversation may use (providers.json). */
    providers: Providers;
    /** Local models with a projector, seeing images through llama.cpp's server. */
    vision: LocalVision;
    /** Dictation's whisper.cpp models and the transcriber that runs the one in use. */
    speech: SpeechModels;
    transcriber: Transcriber;
};

/** The local engine and embedder, the installed and downloadable models, and models served elsewhere. */
export function modelsFeature(
    options: ModelsOptions,
    library: Library,
    bus: EventBus,
    cairnTool: (name: string) => ModelFunction | undefined,
): Models {
    const {db, settings} = library;
    const toolUse = new ToolUseStore(db);
    // Reads the installed models only when asked, after `models` below is made.
    const drafts: DraftModels = new DraftModels({settings, installed: () => models.overview().installed});
    const engineBuild = new BackgroundBuild({
        longRunning: options.buildEngine ?? false,
        enabled: () => settings.engine().buildEngine,
        onChange: (build) => bus.emit({type: "engine.build", build}),
        build: options.engineBuilder,
    });
    const engine = new Engine({
        threads: options.threads,
        contextSize: options.contextSize,
        gpu: options.gpu,
        flashAttention: options.flashAttention,
        settings: () => settings.engine(),
        draftModel: (modelPath) =>
            options.draftModel ? path.resolve(options.draftModel) : drafts.chosenFor(modelPath),
        callStrategy: (modelPath) => {
            const chosen = settings.engine().toolCalls;
            return chosen === "auto" ? (toolUse.forFile(modelPath)?.best ?? "native") : chosen;
        },
        onStatus: (status) => {
            // Held before the answer's first token: the build keeps no core from it.
            engineBuild.hold(status.state === "generating");
            bus.emit({type: "engine.status", status});
        },
        onLoaded: (llama) => engineBuild.consider(llama),
        promptCacheDir: path.join(options.dataDir, "prompt-cache"),
        onWarning: (message) => console.error(`[cairn] ${message}`),
    });
    settings.useGenerationDefaults(() => engine.samplingFamily()?.sampling ?? {});
    const embedder = new Embedder(engine, () => settings.get("embeddingModelPath") ?? null);
    const models = new ModelManager({
        store: new ModelStore(db, path.join(options.dataDir, "models")),
        engine,
        modelsDir: path.join(options.dataDir, "models"),
        catalogFile: options.catalogFile ?? path.join(appRoot(), "resources", "models.json"),
        embeddingModelPath: () => embedder.configured(),
        onDownload: (progress) => bus.emit({type: "models.download", progress}),
        onChange: () => bus.emit({type: "models.changed"}),
        downloadTimeouts: options.downloadTimeouts,
        network: library.network,
        // Without a trailing slash, once: every address is built as `${hubUrl}/…`.
        hubUrl: (options.hubUrl ?? (process.env.HF_ENDPOINT || DEFAULT_HUB_URL)).replace(/\/+$/, ""),
        hubToken: new HubToken(options.keyVault ?? null, options.dataDir),
    });
    const providers = new Providers(
        providersFile(options.dataDir),
        library.network,
        options.oneOffProvider ?? null,
        {vault: options.keyVault ?? null, dataDir: options.dataDir},
    );
    /** While LocalVision tells of a pairing it found (a models.changed of its own). */
    let paired = false;
    const vision = new LocalVision({
        enginesDir: path.join(options.dataDir, "engines"),
        engine,
        installed: () => models.installed().map((m) => m.file),
        binary: options.llamaServer ?? (process.env.CAIRN_LLAMA_SERVER || undefined),
        onChange: () => {
            // Told to the window; the pairing that found it is not run again for its own news.
            paired = true;
            bus.emit({type: "models.changed"});
            paired = false;
        },
    });
    const speech = new SpeechModels({
        modelsDir: path.join(options.dataDir, "models"),
        extra: options.speechModel ?? (process.env.CAIRN_SPEECH_MODEL || null),
        chosen: () => settings.get("speechModelPath") ?? null,
    });
    const transcriber = new Transcriber({models: speech, gpu: options.gpu !== false});
    const probes = new ToolProbes({
        engine,
        store: toolUse,
        cairnTool,
        listLoaded: () => models.addLoaded("file"),
        savedModel: () => settings.get("modelPath") ?? null,
        emit: (progress) => bus.emit({type: "probe.progress", progress}),
        version: APP_VERSION,
    });
    // Models are paired with their projectors at start, when the list changes and when one is loaded.
    const pair = () => void vision.refresh([engine.status().modelPath]);
    return {
        engine,
        engineBuild,
        embedder,
        models,
        providers,
        vision,
        speech,
        transcriber,
        start: () => {
            pair();
            bus.subscribe((event) => {
                if (event.type === "models.changed" && !paired) pair();
                // A model loaded that was not paired yet (a file opened outside the models list).
                const loaded = event.type === "engine.status" ? event.status.modelPath : null;
                if (loaded && vision.projectorOf(loaded) === undefined) pair();
            });
        },
        handlers: {
            ...modelHandlers({
                engine,
                models,
                drafts,
                settings,
                bus,
                vision,
                probes,
                engineBuild,
            }),
            ...providerHandlers(providers),
            ...speechHandlers({
                speech,
                transcriber,
                uploads: new Uploads(path.join(options.dataDir, "speech-incoming"), 2),
                settings,
                bus,
            }),
        },
        stop: async () => {
            await engineBuild.stop();
            await probes.stopAll();
            await vision.stop();
            await transcriber.unload();
            await models.downloads.cancelAll();
            await embedder.unload();
            await engine.dispose();
        },
    };
}

/** Loads the model for this run (flag, variable, else the one used last); it is then remembered. */
export async function loadConfiguredModel(
    modelPath: string | null | undefined,
    {engine, models}: Pick<Models, "engine" | "models">,
    settings: Library["settings"],
): Promise<void> {
    if (!modelPath) return;
    const loaded = await engine.load(modelPath);
    // A library open read-only (from a newer Cairn) does not remember it.
    if (!loaded.ok || settings.readOnly) return;
    // The model in use is listed with the installed ones (a file chosen on disk stays where it is).
    models.addLoaded();
    settings.set("modelPath", loaded.value.modelPath);
}
