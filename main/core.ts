import path from "node:path";
import type {EngineBuilder} from "./llm/engineBuild.js";
import type {CairnApi, FlashAttention} from "../shared/contract.js";
import type {Words} from "../shared/result.js";
import type {ApiTools} from "./api/cairnTools.js";
import type {ApiService} from "./api/service.js";
import type {Assistants} from "./assistants/assistants.js";
import type {ChatService, GenerationOptions} from "./chat/chatService.js";
import {contractCheckFromEnv} from "./contract/check.js";
import {createDispatcher, type Dispatcher} from "./contract/dispatcher.js";
import type {DocumentService} from "./docs/service.js";
import {EventBus} from "./events.js";
import {apiFeature} from "./features/api.js";
import type {ApiResponseStore} from "./store/apiResponses.js";
import {backupsFeature} from "./features/backups.js";
import {automationsFeature} from "./features/automations.js";
import type {Automations} from "./automations/automations.js";
import type {Clock} from "./automations/scheduler.js";
import {chatFeature, definedOnly} from "./features/chat.js";
import {startAll, stopAll} from "./features/feature.js";
import {knowledgeFeature} from "./features/knowledge.js";
import {openLibrary} from "./features/library.js";
import {loadConfiguredModel, modelsFeature} from "./features/models.js";
import type {LocalVision} from "./llm/localVision.js";
import {toolsFeature} from "./features/tools.js";
import {desktopHandlers, type DesktopShell} from "./handlers/desktop.js";
import {settingsHandlers} from "./handlers/settings.js";
import type {Embedder} from "./llm/embedder.js";
import type {Engine} from "./llm/engine/engine.js";
import type {KeyVault} from "./llm/keyVault.js";
import type {OneOffProvider, Providers} from "./llm/providers.js";
import type {McpManager} from "./mcp/manager.js";
import type {SkillLibrary} from "./skills/skills.js";
import type {AskAnswerer} from "./mcp/asks.js";
import type {SpeechModels, Transcriber} from "./media/speech.js";
import type {DownloadTimeouts} from "./models/downloads.js";
import type {ModelManager} from "./models/manager.js";
import type {Projects} from "./projects/projects.js";
import type {CitationStore} from "./store/citations.js";
import type {ConversationStore} from "./store/conversations.js";
import {MemoryStore} from "./store/memories.js";
import {DB_FILE_NAME, openDatabase, type Db} from "./store/db.js";
import type {SettingsStore} from "./store/settings.js";
import type {ToolCallStore} from "./store/toolCalls.js";
import type {ApprovalBroker, Approver} from "./tools/approvals.js";
import type {AppFrames} from "./server/appFrames.js";
import {modelFunction, type ToolDefinition} from "./tools/defineTool.js";
import type {ToolRegistry} from "./tools/registry.js";
import type {ToolRunner} from "./tools/runner.js";
import type {ToolChooser} from "./tools/selection.js";

export type CoreOptions = {
    dataDir: string;
    /** An explicit model for this run (flag or CAIRN_MODEL); otherwise the saved setting is used. */
    modelPath?: string | null;
    /** The draft model for this run (--draft-model), over the one chosen for the model in the app. */
    draftModel?: string;
    threads?: number;
    /** The context size for this run, over the one in Settings. */
    contextSize?: number;
    /** The llama-server local vision runs on (default: CAIRN_LLAMA_SERVER, else the one built here). */
    llamaServer?: string;
    /** A whisper.cpp model for dictation named for this run (--speech-model; default CAIRN_SPEECH_MODEL). */
    speechModel?: string;
    /** Who answers what MCP servers ask (forms, sampling): the person in the app, nobody, or a form's defaults (the CLI). */
    mcpAsks?: AskAnswerer;
    gpu?: "auto" | false;
    /**
     * This process keeps running (the app, `cairn serve`): it builds Cairn's engine for this CPU in the
     * background when a model runs on node-llama-cpp's prebuilt binaries (Settings → Engine can turn it off).
     */
    buildEngine?: boolean;
    /** How the engine is built (tests give a quicker build); default main/llm/engineBuild.ts's buildEngine. */
    engineBuilder?: EngineBuilder;
    /** Flash attention for this run (--flash-attention, CAIRN_FLASH_ATTENTION), over the one in Settings. */
    flashAttention?: FlashAttention;
    generation?: GenerationOptions;
    /** Who answers approval prompts; by default the person in the UI (tools.decide). */
    approver?: Approver;
    /** Extra tools (tests register side-effecting test tools this way). */
    extraTools?: ToolDefinition[];
    /** The recommended-models catalog; resources/models.json by default. */
    catalogFile?: string;
    downloadTimeouts?: Partial<DownloadTimeouts>;
    /** Hugging Face's address (search and hf: downloads); default HF_ENDPOINT, else huggingface.co. */
    hubUrl?: string;
    /** How this process is named to other Cairn processes on the same data ("cairn serve"). */
    command?: string;
    /** Offline mode for this run (--offline), whatever Settings say: nothing leaves this computer. */
    offline?: boolean;
    /** false: the MCP servers of mcp.json are not connected (`cairn mcp` serving must not start itself). */
    connectMcp?: boolean;
    /** false: watched folders are not rescanned and followed at start (a one-off command; default true). */
    watchFolders?: boolean;
    /** A remote model for this run only (--base-url): offered as a provider, its key never stored. */
    oneOffProvider?: OneOffProvider;
    /** The desktop app's keychain for provider keys typed in Settings (Electron's safeStorage). */
    keyVault?: KeyVault;
    /** Opens a web page in the system browser (an MCP server's sign-in); the desktop app's shell. */
    openExternal?: (url: URL) => void;
    /** What the person should know from before the core started (a restore done or refused). */
    notices?: Words[];
    /** Prints a self-contained HTML page to PDF (the desktop app: Electron's printToPDF). */
    printToPdf?: (html: string) => Promise<Buffer>;
    /** The desktop app's tray, shortcut, login item and updater (electron/desktop.ts); none in `cairn serve`. */
    desktop?: DesktopShell;
    /** Whether this process runs automations on their schedule (the desktop app, `cairn serve`); default no. */
    scheduleAutomations?: boolean;
    /** The automations' time and timer (tests move them by hand). */
    clock?: Clock;
};

export type Core = {
    dataDir: string;
    db: Db;
    bus: EventBus;
    engine: Engine;
    embedder: Embedder;
    models: ModelManager;
    /** Local models with a projector, seeing images through llama.cpp's server. */
    vision: LocalVision;
    /** Dictation's whisper.cpp models, and the transcriber that runs the one in use. */
    speech: SpeechModels;
    transcriber: Transcriber;
    /** Models served elsewhere (providers.json): conversations and assistants may answer with them. */
    providers: Providers;
    docs: DocumentService;
    chat: ChatService;
    conversations: ConversationStore;
    /** Saved instructions and settings that conversations start with (Settings → Assistants). */
    assistants: Assistants;
    /** Conversations grouped, with instructions, files and memories of their own. */
    projects: Projects;
    settings: SettingsStore;
    toolCalls: ToolCallStore;
    tools: ToolRegistry;
    /** Chooses each step's tools when there are too many to offer all (tool search). */
    chooser: ToolChooser;
    /** Runs every tool call (chat, the local API, composite tools): the one runner. */
    runner: ToolRunner;
    /** Cairn's tools as the local API offers them, through the same runner. */
    apiTools: ApiTools;
    /** The Responses API's stored responses. */
    responses: ApiResponseStore;
    citations: CitationStore;
    /** The MCP servers of <data>/mcp.json, whose tools join the registry. */
    mcp: McpManager;
    /** Agent Skills from the workspace, the data folder and ~/.agents/skills. */
    skills: SkillLibrary;
    approvals: ApprovalBroker;
    /** MCP Apps' and artifacts' pages waiting for their frame, served once each by the window's host. */
    appFrames: AppFrames;
    /** The local OpenAI-compatible API server (off unless Settings or --api turns it on). */
    api: ApiService;
    /** Prompts run on a schedule, each run a conversation (runs only where scheduleAutomations is on). */
    automations: Automations;
    /** Problems found in the tools config files (file, line, message), shown to the user. */
    warnings: (string | Words)[];
    dispatcher: Dispatcher;
    /** How many answers a previous run left mid-stream (marked interrupted at open). */
    recoveredInterrupted: number;
    /** Loads the configured model, if any; resolves once it is loaded or has failed. */
    loadConfiguredModel(): Promise<void>;
    dispose(): Promise<void>;
};

/**
 * The composition root: lists the features (main/features/), each built once with what it needs of those
 * before it, and wires the few services every feature shares (the library, the event bus, the dispatcher).
 */
export function createCore(options: CoreOptions): Core {
    const library = openLibrary(options.dataDir, options.command, options.offline);
    const check = contractCheckFromEnv();
    const bus = new EventBus(check);
    // The tool-use test offers Cairn's own tools as the registry defines them; the tools are made after models.
    const models = modelsFeature(options, library, bus, (name) => {
        const tool = tools.tools.resolve(name);
        return tool ? modelFunction(tool) : undefined;
    });
    // Assistants ask whether a tool exists; the tools are made after them, over their memory and documents.
    const knowledge = knowledgeFeature(library, models, bus, (name) => tools.toolKnown(name), {
        watchFolders: options.watchFolders ?? true,
        dataDir: options.dataDir,
    });
    const run = () => definedOnly(options.generation ?? {});
    const tools = toolsFeature({...options, generation: run}, library, models, knowledge, bus);
    const made = {library, models, knowledge, tools};
    const chat = chatFeature(options, made, bus);
    const api = apiFeature({...made, chat: chat.chat});
    const backups = backupsFeature(options.dataDir, library, bus);
    const automations = automationsFeature(
        {
            dataDir: options.dataDir,
            schedule: options.scheduleAutomations ?? false,
            ...(options.clock ? {clock: options.clock} : {}),
        },
        {library, knowledge, tools, chat: chat.chat},
        bus,
    );
    const features = [library, models, knowledge, tools, chat, api, backups, automations];
    const warnings = [
        ...(library.readOnly ? [library.readOnly] : []),
        ...(options.notices ?? []),
        ...tools.warnings,
    ];
    const {settings} = library;
    const {engine} = models;
    const {docs} = knowledge;
    const dispatcher = dispatcherOf(
        {library, models, knowledge, tools, chat, api, backups, automations},
        options,
        warnings,
        check,
        bus,
    );
    startAll(features);
    const {db, conversations, toolCalls, citations, recoveredInterrupted} = library;
    return {
        db,
        bus,
        engine,
        embedder: models.embedder,
        models: models.models,
        vision: models.vision,
        speech: models.speech,
        transcriber: models.transcriber,
        providers: models.providers,
        docs,
        chat: chat.chat,
        conversations,
        settings,
        toolCalls,
        citations,
        recoveredInterrupted,
        assistants: knowledge.assistants,
        projects: knowledge.projects,
        tools: tools.tools,
        chooser: tools.chooser,
        runner: tools.runner,
        mcp: tools.mcp,
        skills: tools.skills,
        approvals: tools.approvals,
        appFrames: tools.appFrames,
        api: api.api,
        apiTools: api.apiTools,
        responses: library.apiResponses,
        automations: automations.automations,
        dataDir: options.dataDir,
        warnings,
        dispatcher,
        loadConfiguredModel: () =>
            loadConfiguredModel(options.modelPath || settings.get("modelPath"), models, settings),
        dispose: once(() => stopAll(features)),
    };
}

function once(fn: () => Promise<void>): () => Promise<void> {
    let running: Promise<void> | null = null;
    return () => (running ??= fn());
}

/** The one dispatcher: every feature's contract handlers, with Settings' and the desktop's, checked as they answer. */
function dispatcherOf(
    made: {
        library: ReturnType<typeof openLibrary>;
        models: ReturnType<typeof modelsFeature>;
        knowledge: ReturnType<typeof knowledgeFeature>;
        tools: ReturnType<typeof toolsFeature>;
        chat: ReturnType<typeof chatFeature>;
        api: ReturnType<typeof apiFeature>;
        backups: ReturnType<typeof backupsFeature>;
        automations: ReturnType<typeof automationsFeature>;
    },
    options: CoreOptions,
    warnings: Parameters<typeof settingsHandlers>[0]["warnings"],
    check: ReturnType<typeof contractCheckFromEnv>,
    bus: EventBus,
): Dispatcher {
    const {library, models, knowledge, tools, chat, api, backups, automations} = made;
    const {settings} = library;
    return createDispatcher(
        {
            ...settingsHandlers({
                settings,
                engine: models.engine,
                docs: knowledge.docs,
                dataDir: options.dataDir,
                warnings,
                offlineRun: options.offline,
                bus,
            }),
            ...desktopHandlers({settings, network: library.network, shell: options.desktop}),
            ...library.handlers,
            ...models.handlers,
            ...knowledge.handlers,
            ...tools.handlers,
            ...chat.handlers,
            ...api.handlers,
            ...backups.handlers,
            ...automations.handlers,
        },
        {check},
    );
}

/** What the command line's library commands use (export, memory): the library's stores, with no model or tool. */
export type LibraryStores = {
    conversations: ConversationStore;
    memories: MemoryStore;
    close: () => Promise<void>;
};

/**
 * Opens a data folder's library as createCore does (its own process row, read-only when a newer Cairn made it)
 * for commands that only read and write its stores: nothing else opens the database or builds a store.
 */
export function openLibraryStores(dataDir: string, command: string): LibraryStores {
    const library = openLibrary(dataDir, command);
    return {
        conversations: library.conversations,
        memories: new MemoryStore(library.db),
        close: async () => {
            await stopAll([library]);
        },
    };
}

/**
 * The data folder's database, created or brought up to date, for the commands that work on the library's file
 * as a whole (backup, restore, import): nothing outside the composition root opens it.
 */
export function openLibraryDatabase(dataDir: string): Db {
    return openDatabase(path.join(dataDir, DB_FILE_NAME));
}

/** An in-process client over the same dispatcher and bus; values are cloned as a real transport would. */
export function createMemoryClient(core: Pick<Core, "dispatcher" | "bus">): CairnApi {
    return {
        invoke: async (name, req) =>
            structuredClone(await core.dispatcher.call(name, structuredClone(req))) as never,
        onEvent: (listener) => core.bus.subscribe((event) => listener(structuredClone(event))),
    };
}
