import path from "node:path";
import type {CairnApi, Conversation, GenerationSettings, PreflightCall} from "../shared/contract.js";
import {appRoot} from "./appRoot.js";
import {prepareDataDir} from "./paths.js";
import {ChatService, type GenerationOptions} from "./chat/chatService.js";
import {ApiService} from "./api/service.js";
import {contractCheckFromEnv} from "./contract/check.js";
import {apiHandlers} from "./handlers/api.js";
import {createDispatcher, type Dispatcher} from "./contract/dispatcher.js";
import {conversationHandlers} from "./handlers/conversations.js";
import {documentHandlers} from "./handlers/documents.js";
import {modelHandlers} from "./handlers/models.js";
import {settingsHandlers} from "./handlers/settings.js";
import {toolHandlers} from "./handlers/tools.js";
import {mcpHandlers} from "./handlers/mcp.js";
import {MemoryRecall} from "./docs/memory.js";
import {Assistants} from "./assistants/assistants.js";
import {assistantHandlers} from "./assistants/handlers.js";
import {AssistantStore} from "./assistants/store.js";
import {projectHandlers} from "./projects/handlers.js";
import {Projects, projectScope} from "./projects/projects.js";
import {ProjectStore} from "./projects/store.js";
import {memoryHandlers} from "./handlers/memories.js";
import {MemoryStore} from "./store/memories.js";
import {createRecall, createRemember, REMEMBER_CHARS, type MemoryAccess} from "./tools/builtin/memory.js";
import {importHandlers} from "./handlers/imports.js";
import {importFiles} from "./import/importer.js";
import type {ImportProgress} from "./import/run.js";
import {ImportUploads} from "./import/uploads.js";
import {backupHandlers} from "./handlers/backups.js";
import {BackupScheduler, DEFAULT_BACKUP_SCHEDULE} from "./store/backupSchedule.js";
import {mcpFile} from "./mcp/config.js";
import {McpManager} from "./mcp/manager.js";
import {EventBus} from "./events.js";
import {DocumentService} from "./docs/service.js";
import {Embedder} from "./llm/embedder.js";
import {createListCollections, createRagSearch, type SearchReach} from "./tools/builtin/rag.js";
import {Engine} from "./llm/engine.js";
import type {DownloadTimeouts} from "./models/downloads.js";
import {ModelManager} from "./models/manager.js";
import {ModelStore} from "./store/models.js";
import {ConversationStore} from "./store/conversations.js";
import {DB_FILE_NAME, openDatabase, readOnlyReason, type Db} from "./store/db.js";
import {ProcessRegistry} from "./store/processes.js";
import {SettingsStore} from "./store/settings.js";
import {CitationStore} from "./store/citations.js";
import {ApiTools} from "./api/cairnTools.js";
import {ToolCallStore} from "./store/toolCalls.js";
import {WebPageStore} from "./store/webPages.js";
import {ApprovalBroker, type Approver} from "./tools/approvals.js";
import {createFile, listDirectory, readFile, replaceInFile} from "./tools/builtin/files.js";
import {FileVersions} from "./tools/workspace.js";
import {ToolTelemetry} from "./store/toolTelemetry.js";
import {ToolChooser} from "./tools/selection.js";
import {McpAsks} from "./mcp/asks.js";
import {clientSide} from "./mcp/clientSide.js";
import {findTools} from "./tools/builtin/findTools.js";
import {ToolVectorCache, ToolVectors} from "./tools/toolVectors.js";
import {createSystemStats} from "./tools/builtin/systemStats.js";
import {createWebFetch} from "./tools/builtin/webFetch.js";
import {webSearch} from "./tools/builtin/webSearch.js";
import {loadToolsConfig} from "./tools/config.js";
import {compositeTools} from "./tools/composite.js";
import type {KeyVault} from "./llm/keyVault.js";
import {Providers, providersFile, type OneOffProvider} from "./llm/providers.js";
import {EgressLog} from "./store/egress.js";
import {providerHandlers} from "./handlers/providers.js";
import type {ToolDefinition} from "./tools/defineTool.js";
import {ToolRegistry} from "./tools/registry.js";
import {ToolRunner, workspaceOf, type FileSupport} from "./tools/runner.js";

export type CoreOptions = {
    dataDir: string;
    /** An explicit model for this run (flag or CAIRN_MODEL); otherwise the saved setting is used. */
    modelPath?: string | null;
    threads?: number;
    /** The context size for this run, over the one in Settings. */
    contextSize?: number;
    /** Who answers what MCP servers ask (forms, sampling): the person in the app, or nobody (the CLI). */
    mcpAsks?: "person" | "decline";
    gpu?: "auto" | false;
    generation?: GenerationOptions;
    /** Who answers approval prompts; by default the person in the UI (tools.decide). */
    approver?: Approver;
    /** Extra tools (tests register side-effecting test tools this way). */
    extraTools?: ToolDefinition[];
    /** The recommended-models catalog; resources/models.json by default. */
    catalogFile?: string;
    downloadTimeouts?: Partial<DownloadTimeouts>;
    /** How this process is named to other Cairn processes on the same data ("cairn serve"). */
    command?: string;
    /** false: the MCP servers of mcp.json are not connected (`cairn mcp` serving must not start itself). */
    connectMcp?: boolean;
    /** A remote model for this run only (--base-url): offered as a provider, its key never stored. */
    oneOffProvider?: OneOffProvider;
    /** The desktop app's keychain for provider keys typed in Settings (Electron's safeStorage). */
    keyVault?: KeyVault;
    /** Opens a web page in the system browser (an MCP server's sign-in); the desktop app's shell. */
    openExternal?: (url: URL) => void;
    /** What the person should know from before the core started (a restore done or refused). */
    notices?: string[];
    /** Prints a self-contained HTML page to PDF (the desktop app: Electron's printToPDF). */
    printToPdf?: (html: string) => Promise<Buffer>;
};

export type Core = {
    dataDir: string;
    db: Db;
    bus: EventBus;
    engine: Engine;
    embedder: Embedder;
    models: ModelManager;
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
    citations: CitationStore;
    /** The MCP servers of <data>/mcp.json, whose tools join the registry. */
    mcp: McpManager;
    approvals: ApprovalBroker;
    /** The local OpenAI-compatible API server (off unless Settings or --api turns it on). */
    api: ApiService;
    /** Problems found in the tools config files (file, line, message), shown to the user. */
    warnings: string[];
    dispatcher: Dispatcher;
    /** How many answers a previous run left mid-stream (marked interrupted at open). */
    recoveredInterrupted: number;
    /** Loads the configured model, if any; resolves once it is loaded or has failed. */
    loadConfiguredModel(): Promise<void>;
    dispose(): Promise<void>;
};

/** The composition root: every service is built here, once, with plain constructor arguments. */
export function createCore(options: CoreOptions): Core {
    prepareDataDir(options.dataDir);
    // A library from a newer Cairn opens read-only: readable, searchable, exportable, never changed.
    const db = openDatabase(path.join(options.dataDir, DB_FILE_NAME), undefined, {readOnlyIfNewer: true});
    const newer = readOnlyReason(db);
    const readOnly = newer
        ? `${newer.replace(/^this library/, "This library")}. It is open read-only: conversations can be read, searched and exported, not changed.`
        : null;
    const settings = new SettingsStore(db);
    const webAccessDefault = () => settings.get("webAccessDefault") ?? false;
    const toolCalls = new ToolCallStore(db);
    const citations = new CitationStore(db);
    const conversations = new ConversationStore(db, toolCalls, citations, webAccessDefault);
    const webPages = new WebPageStore(db);
    // Other processes may share the data directory: only answers whose process is gone are recovered.
    const processes = new ProcessRegistry(db, options.command ?? "cairn");
    if (!readOnly) processes.register();
    const recoveredInterrupted = readOnly ? 0 : processes.recover();
    const check = contractCheckFromEnv();
    const bus = new EventBus(check);
    const engine = new Engine({
        threads: options.threads,
        contextSize: options.contextSize,
        gpu: options.gpu,
        settings: () => settings.engine(),
        onStatus: (status) => bus.emit({type: "engine.status", status}),
        promptCacheDir: path.join(options.dataDir, "prompt-cache"),
        onWarning: (message) => console.error(`[cairn] ${message}`),
    });
    settings.useGenerationDefaults(() => engine.samplingFamily()?.sampling ?? {});
    const embedder = new Embedder(engine, () => settings.get("embeddingModelPath") ?? null);
    const models = createModels(options, db, engine, embedder, bus);
    const docs = new DocumentService(db, embedder, bus, (id) => conversations.get(id) !== null);
    const assistants = new Assistants(new AssistantStore(db), {
        toolKnown: (name) => toolKnown(name),
        collectionNames: () => docs.collections().map((c) => c.name),
        providerKnown: (name) => providers.has(name),
        conversation: (id) => conversations.get(id),
    });
    const projects = new Projects(new ProjectStore(db), (id) => conversations.get(id));
    const memories = new MemoryStore(db);
    const recall = new MemoryRecall(memories, embedder, new ToolVectorCache(db));
    const scopes = memoryScopesFor(assistants, projects);
    const memoryAccess = memoryAccessFor({memories, recall, settings, conversations, scopes});
    const {tools, warnings: toolWarnings} = createTools(options, {
        engine,
        docs,
        webPages,
        memory: memoryAccess,
        reach: searchReachFor(assistants, projects),
    });
    const warnings = [...(readOnly ? [readOnly] : []), ...(options.notices ?? []), ...toolWarnings];
    tools.setPolicyOverrides(settings.get("toolPolicies") ?? {});
    tools.setPinned(settings.get("pinnedTools") ?? []);
    tools.useVectors(new ToolVectors(embedder, new ToolVectorCache(db)));
    // What MCP servers ask (forms, replies to write): the person in the app; declined in the CLI.
    const mcpAsks = new McpAsks(bus, options.mcpAsks !== "decline");
    const mcp = new McpManager({
        file: mcpFile(options.dataDir),
        registry: tools,
        onChange: () => bus.emit({type: "mcp.changed"}),
        side: clientSide({
            asks: mcpAsks,
            engine,
            // The chat's limits: Settings, then this run's own (CLI flags).
            generation: () => ({...settings.values().generation, ...definedOnly(options.generation ?? {})}),
            workspace: () => workspaceOf({}, options.dataDir, settings.get("workspaceRoot") ?? null),
        }),
        accounts: {vault: options.keyVault ?? null, dataDir: options.dataDir},
        ...(options.openExternal ? {openPage: options.openExternal} : {}),
    });
    // A tool an assistant names is known when it is here, or may be (an MCP server not started yet).
    const toolKnown = (name: string) =>
        tools.resolve(name) !== null ||
        mcp.status().servers.some((s) => name === `mcp:${s.name}` || s.state !== "ready");
    // Reading the file and making the connections is immediate; servers set to start at launch start now.
    if (options.connectMcp !== false) {
        void mcp.load();
        mcp.watch();
    }
    const egress = new EgressLog(db);
    const providers = new Providers(
        providersFile(options.dataDir),
        (entry) => egress.add(entry),
        options.oneOffProvider ?? null,
        {vault: options.keyVault ?? null, dataDir: options.dataDir},
    );
    const approvals = new ApprovalBroker(bus);
    const versions = new FileVersions(db);
    const telemetry = new ToolTelemetry(db);
    const toolFiles: FileSupport = {
        workspaceFor: (id) => conversations.get(id)?.workspace ?? settings.get("workspaceRoot") ?? null,
        versions,
        telemetry,
    };
    const runner = new ToolRunner(tools, toolCalls, bus, options.dataDir, toolFiles);
    const chooser = new ToolChooser(tools, () => settings.values().toolShare);
    const chat = new ChatService(
        conversations,
        engine,
        bus,
        {
            registry: tools,
            runner,
            approver: options.approver ?? approvals.ask,
            telemetry,
            chooser,
            autoCalls: memoryAccess.autoCalls,
            pinnedFor: (id) => assistants.pinnedFor(id),
        },
        citations,
        generationFor(settings, {assistants, projects}, options.generation),
        processes,
        () => settings.values().planMaxSteps,
        providers,
    );
    const apiTools = new ApiTools(
        tools,
        runner,
        webAccessDefault,
        {maxSteps: () => tools.config.defaults.maxSteps, planMaxSteps: () => settings.values().planMaxSteps},
        {chooser, room: engine},
    );
    const apiCore = {engine, embedder, models, settings, tools, chooser, apiTools, citations, conversations};
    const api = new ApiService({...apiCore, assistants, bus}, settings);
    const backups = new BackupScheduler(
        db,
        options.dataDir,
        () => settings.get("backups") ?? DEFAULT_BACKUP_SCHEDULE,
        (share) => bus.emit({type: "backups.progress", share}),
    );
    backups.start();
    const onImport = (progress: ImportProgress | {file: string; share: null; imported: number}) =>
        bus.emit({type: "imports.progress", ...progress});
    const uploads = new ImportUploads(options.dataDir, db.name, onImport);
    const dispatcher = createDispatcher(
        {
            ...apiHandlers(api),
            ...settingsHandlers({settings, engine, docs, dataDir: options.dataDir, warnings}),
            ...assistantHandlers(assistants, bus),
            ...projectHandlers(projects.store, bus),
            ...conversationHandlers({
                conversations,
                assistants,
                projectExists: (id) => projects.store.get(id) !== null,
                chat,
                bus,
                toolCalls,
                citations,
                providers,
                printToPdf: options.printToPdf,
            }),
            ...providerHandlers(providers, egress),
            ...modelHandlers({engine, models, settings, bus}),
            ...toolHandlers({
                tools,
                engine,
                conversations,
                approvals,
                toolCalls,
                settings,
                webPages,
                versions,
                bus,
                runner,
                telemetry,
                chooser,
            }),
            ...mcpHandlers(mcp, {docs, conversations, dataDir: options.dataDir, asks: mcpAsks}),
            ...documentHandlers(docs, (id) => projects.store.ofCollection(id)),
            ...memoryHandlers({memories, settings, conversations}),
            ...backupHandlers(backups, settings, {
                dataDir: options.dataDir,
                merge: (file) =>
                    importFiles(db.name, [file], onImport).finally(() =>
                        onImport({file: path.basename(file), share: null, imported: 0}),
                    ),
            }),
            ...importHandlers(uploads),
        },
        {check},
    );
    // An ingest job cut off by a crash or quit goes on where it stopped.
    if (!readOnly) docs.ingest.resumePending();
    const services = {db, bus, engine, embedder, models, docs, chat, conversations, settings, toolCalls};
    return {
        ...services,
        assistants,
        projects,
        tools,
        chooser,
        runner,
        apiTools,
        citations,
        mcp,
        approvals,
        api,
        dataDir: options.dataDir,
        warnings,
        dispatcher,
        recoveredInterrupted,
        loadConfiguredModel: () =>
            loadConfiguredModel(options.modelPath || settings.get("modelPath"), services),
        dispose: once(async () => {
            backups.stop();
            await api.stop();
            await chat.stopAll();
            await mcp.dispose();
            await models.downloads.cancelAll();
            await docs.ingest.cancelAll();
            await embedder.unload();
            await engine.dispose();
            if (!readOnly) processes.unregister();
            db.close();
        }),
    };
}

/** The generation settings in force for a conversation: the defaults, its own, then this run's flags. */
function generationFor(
    settings: SettingsStore,
    {assistants, projects}: {assistants: Assistants; projects: Projects},
    run: GenerationOptions = {},
) {
    return (conversation: Conversation): GenerationSettings => {
        const generation = {
            ...settings.values().generation,
            ...assistants.generationOf(conversation),
            ...conversation.generation,
            ...definedOnly(run),
        };
        return {
            ...generation,
            systemPrompt: projects.withInstructions(generation.systemPrompt, conversation),
        };
    };
}

/** Where a conversation's memories are kept (its project's, its assistant's own, or everywhere) and read. */
function memoryScopesFor(assistants: Assistants, projects: Projects) {
    return (conversationId: string): {keep: string; recall: string[]} => {
        const byAssistant = assistants.memoryScopes(conversationId);
        const project = projects.ofConversation(conversationId);
        if (!project) return byAssistant;
        return {keep: projectScope(project.id), recall: [...byAssistant.recall, projectScope(project.id)]};
    };
}

/** The collections a conversation's searches read: its assistant's (or all), its project's, never another project's. */
function searchReachFor(assistants: Assistants, projects: Projects): SearchReach {
    return (conversationId) => {
        const {own, hidden} = projects.collectionsFor(conversationId);
        const chosen = assistants.collectionsFor(conversationId);
        return {only: chosen && own ? [...chosen, own] : chosen, hidden};
    };
}

function createModels(options: CoreOptions, db: Db, engine: Engine, embedder: Embedder, bus: EventBus) {
    return new ModelManager({
        store: new ModelStore(db, path.join(options.dataDir, "models")),
        engine,
        modelsDir: path.join(options.dataDir, "models"),
        catalogFile: options.catalogFile ?? path.join(appRoot(), "resources", "models.json"),
        embeddingModelPath: () => embedder.configured(),
        onDownload: (progress) => bus.emit({type: "models.download", progress}),
        onChange: () => bus.emit({type: "models.changed"}),
        downloadTimeouts: options.downloadTimeouts,
    });
}

/**
 * Memory for the tools and the turn: on unless turned off in Settings, never in an incognito conversation.
 * Before each turn: "remember that …" becomes a remember call (approved as any write), else a recall when
 * some memory shares a word with the question (recall does not wait for the model to decide to look).
 */
function memoryAccessFor(deps: {
    memories: MemoryStore;
    recall: MemoryRecall;
    settings: SettingsStore;
    conversations: ConversationStore;
    scopes: (conversationId: string) => {keep: string; recall: string[]};
}): MemoryAccess & {autoCalls: (conversation: Conversation, text: string) => PreflightCall[]} {
    const {memories, recall, settings, conversations, scopes} = deps;
    const allowed = (conversationId: string) => {
        if (settings.get("memoryEnabled") === false) return "memory is off (Settings → Memory)";
        if (conversations.get(conversationId)?.incognito)
            return "this conversation is incognito: nothing is recalled or remembered";
        return null;
    };
    return {
        search: (query, limit, conversationId) => recall.search(query, limit, scopes(conversationId).recall),
        keep: (text, conversationId) =>
            memories.add({
                text,
                origin: "model",
                scope: scopes(conversationId).keep,
                sourceConversationId: conversationId,
                sourceMessageId: conversations.head(conversationId),
            }),
        allowed,
        any: () => memories.count() > 0,
        autoCalls: (conversation, text) => {
            if (allowed(conversation.id)) return [];
            const asked = /^\s*remember(?:\s+that)?[\s,:]+(\S[\s\S]{2,})$/i.exec(text);
            // Longer than a statement: the model reads it as a message (Remember on it keeps more).
            if (asked && asked[1]!.trim().length <= REMEMBER_CHARS) {
                return [{name: "remember", args: {text: asked[1]!.trim()}}];
            }
            if (conversation.toolsOff.includes("recall") || memories.count() === 0) return [];
            return recall.byWords(text, 1, scopes(conversation.id).recall).length
                ? [{name: "recall", args: {query: text.slice(0, 200)}}]
                : [];
        },
    };
}

/** The built-in tools with the tools.yaml files in force; mistakes in those files become warnings. */
function createTools(
    options: CoreOptions,
    deps: {
        engine: Engine;
        docs: DocumentService;
        webPages: WebPageStore;
        memory: MemoryAccess;
        reach: SearchReach;
    },
): {tools: ToolRegistry; warnings: string[]} {
    const {config, problems} = loadToolsConfig([
        path.join(appRoot(), "resources", "tools.yaml"),
        path.join(options.dataDir, "tools.yaml"),
    ]);
    const warnings = problems.map(
        (p) => `${p.file}${p.line ? `:${p.line}` : ""}: ${p.message}; using the defaults`,
    );
    for (const warning of warnings) console.error(`[cairn] tools config: ${warning}`);
    const definitions = [
        createSystemStats(() => deps.engine.facts()),
        listDirectory,
        readFile,
        createFile,
        replaceInFile,
        webSearch,
        createWebFetch((page) => deps.webPages.save(page)),
        createRagSearch(deps.docs, deps.reach),
        createListCollections(deps.docs, deps.reach),
        createRecall(deps.memory),
        createRemember(deps.memory),
        findTools,
        ...(options.extraTools ?? []),
    ];
    // Composite tools resolve their parts through the registry made here, when they run.
    let registry: ToolRegistry | null = null;
    const composites = compositeTools(config, definitions, {
        engine: deps.engine,
        resolve: (name) => registry?.resolve(name) ?? null,
        prepare: () => registry?.prepare() ?? Promise.resolve(),
    });
    for (const problem of composites.problems) console.error(`[cairn] tools config: ${problem}`);
    registry = new ToolRegistry([...definitions, ...composites.tools], config);
    return {tools: registry, warnings: [...warnings, ...composites.problems]};
}

/** Loads the model for this run (flag, variable, else the one used last); it is then remembered. */
async function loadConfiguredModel(
    modelPath: string | null | undefined,
    {engine, models, settings}: {engine: Engine; models: ModelManager; settings: SettingsStore},
): Promise<void> {
    if (!modelPath) return;
    const loaded = await engine.load(modelPath);
    // A library open read-only (from a newer Cairn) does not remember it.
    if (!loaded.ok || settings.readOnly) return;
    // The model in use is listed with the installed ones (a file chosen on disk stays where it is).
    models.addLoaded();
    settings.set("modelPath", loaded.value.modelPath);
}

function once(fn: () => Promise<void>): () => Promise<void> {
    let running: Promise<void> | null = null;
    return () => (running ??= fn());
}

function definedOnly<T extends object>(value: T): Partial<T> {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** An in-process client over the same dispatcher and bus; values are cloned as a real transport would. */
export function createMemoryClient(core: Pick<Core, "dispatcher" | "bus">): CairnApi {
    return {
        invoke: async (name, req) =>
            structuredClone(await core.dispatcher.call(name, structuredClone(req))) as never,
        onEvent: (listener) => core.bus.subscribe((event) => listener(structuredClone(event))),
    };
}
