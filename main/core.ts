import path from "node:path";
import type {CairnApi} from "../shared/contract.js";
import {fail, ok} from "../shared/result.js";
import {appRoot} from "./appRoot.js";
import {ChatService, type GenerationOptions} from "./chat/chatService.js";
import {createDispatcher, type Dispatcher, type Handlers} from "./contract/dispatcher.js";
import {EventBus} from "./events.js";
import {DocumentService} from "./docs/service.js";
import {Embedder} from "./llm/embedder.js";
import {createListCollections, createRagSearch} from "./tools/builtin/rag.js";
import {Engine} from "./llm/engine.js";
import type {DownloadTimeouts} from "./models/downloads.js";
import {ModelManager} from "./models/manager.js";
import {ModelStore} from "./store/models.js";
import {ConversationStore} from "./store/conversations.js";
import {DB_FILE_NAME, openDatabase, type Db} from "./store/db.js";
import {ProcessRegistry} from "./store/processes.js";
import {SettingsStore} from "./store/settings.js";
import {CitationStore} from "./store/citations.js";
import {ToolCallStore} from "./store/toolCalls.js";
import {WebPageStore} from "./store/webPages.js";
import {ApprovalBroker, type Approver} from "./tools/approvals.js";
import {readFile, writeFile} from "./tools/builtin/files.js";
import {createSystemStats} from "./tools/builtin/systemStats.js";
import {createWebFetch} from "./tools/builtin/webFetch.js";
import {webSearch} from "./tools/builtin/webSearch.js";
import {loadToolsConfig} from "./tools/config.js";
import type {ToolDefinition} from "./tools/defineTool.js";
import {ToolRegistry} from "./tools/registry.js";
import {ToolRunner} from "./tools/runner.js";
import {APP_VERSION} from "./version.js";

export type CoreOptions = {
    dataDir: string;
    /** An explicit model for this run (flag or CAIRN_MODEL); otherwise the saved setting is used. */
    modelPath?: string | null;
    threads?: number;
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
    settings: SettingsStore;
    toolCalls: ToolCallStore;
    tools: ToolRegistry;
    approvals: ApprovalBroker;
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
    const db = openDatabase(path.join(options.dataDir, DB_FILE_NAME));
    const settings = new SettingsStore(db);
    const webAccessDefault = () => settings.get("webAccessDefault") ?? false;
    const conversations = new ConversationStore(db, undefined, undefined, webAccessDefault);
    const toolCalls = new ToolCallStore(db);
    const webPages = new WebPageStore(db);
    // Other processes may share the data directory: only answers whose process is gone are recovered.
    const processes = new ProcessRegistry(db, options.command ?? "cairn");
    processes.register();
    const recoveredInterrupted = processes.recover();
    const bus = new EventBus();
    const engine = new Engine({
        threads: options.threads,
        gpu: options.gpu,
        settings: () => settings.engine(),
        onStatus: (status) => bus.emit({type: "engine.status", status}),
    });
    const embedder = new Embedder(engine, () => settings.get("embeddingModelPath") ?? null);
    const models = new ModelManager({
        store: new ModelStore(db),
        engine,
        modelsDir: path.join(options.dataDir, "models"),
        catalogFile: options.catalogFile ?? path.join(appRoot(), "resources", "models.json"),
        embeddingModelPath: () => embedder.configured(),
        onDownload: (progress) => bus.emit({type: "models.download", progress}),
        onChange: () => bus.emit({type: "models.changed"}),
        downloadTimeouts: options.downloadTimeouts,
    });
    const docs = new DocumentService(db, embedder, bus, (id) => conversations.get(id) !== null);
    const {config, problems} = loadToolsConfig([
        path.join(appRoot(), "resources", "tools.yaml"),
        path.join(options.dataDir, "tools.yaml"),
    ]);
    const warnings = problems.map(
        (p) => `${p.file}${p.line ? `:${p.line}` : ""}: ${p.message}; using the defaults`,
    );
    for (const warning of warnings) console.error(`[cairn] tools config: ${warning}`);
    const tools = new ToolRegistry(
        [
            createSystemStats(() => engine.facts()),
            readFile,
            writeFile,
            webSearch,
            createWebFetch((page) => webPages.save(page)),
            createRagSearch(docs),
            createListCollections(docs),
            ...(options.extraTools ?? []),
        ],
        config,
    );
    tools.setPolicyOverrides(settings.get("toolPolicies") ?? {});
    const approvals = new ApprovalBroker(bus);
    const runner = new ToolRunner(tools, toolCalls, bus, options.dataDir);
    const approver = options.approver ?? approvals.ask;
    const chat = new ChatService(
        conversations,
        engine,
        bus,
        {registry: tools, runner, approver},
        new CitationStore(db),
        (conversation) => ({
            ...settings.values().generation,
            ...conversation.generation,
            ...definedOnly(options.generation ?? {}),
        }),
        processes,
    );

    const handlers: Handlers = {
        "app.status": () =>
            ok({engine: engine.status(), dataDir: options.dataDir, version: APP_VERSION, warnings}),
        "conversations.list": () => ok(conversations.list()),
        "conversations.create": (req) => ok(conversations.create(req.title || undefined)),
        "conversations.rename": (req) => {
            const renamed = conversations.rename(req.id, req.title);
            if (!renamed) return fail("NOT_FOUND", `conversation not found: ${req.id}`);
            bus.emit({type: "conversation.updated", conversation: renamed});
            return ok(renamed);
        },
        "conversations.delete": async (req) => {
            chat.stop(req.id);
            await chat.settled(req.id);
            if (!conversations.delete(req.id)) return fail("NOT_FOUND", `conversation not found: ${req.id}`);
            bus.emit({type: "conversation.deleted", conversationId: req.id});
            return ok(undefined);
        },
        "messages.list": (req) => {
            if (!conversations.get(req.conversationId)) {
                return fail("NOT_FOUND", `conversation not found: ${req.conversationId}`);
            }
            return ok(conversations.messages(req.conversationId));
        },
        "chat.send": (req) => chat.send(req.conversationId, req.text, req),
        "chat.stop": (req) => ok({stopped: chat.stop(req.conversationId)}),
        "models.load": async (req) => {
            const result = await engine.load(req.path);
            if (result.ok) {
                settings.set("modelPath", result.value.modelPath);
                models.addLoaded("file");
            }
            return result;
        },
        "models.unload": async () => {
            settings.set("modelPath", null);
            return ok(await engine.unload());
        },
        "models.list": () => ok(models.overview()),
        "models.recommended": () => models.recommended(),
        "models.inspect": (req) => models.inspect(req.path),
        "models.add": (req) => models.add(req.path, "file"),
        "models.remove": (req) => models.remove(req.id),
        "models.download": (req) => models.downloads.start(req.uri),
        "models.cancelDownload": (req) => ok({cancelled: models.downloads.cancel(req.downloadId)}),
        "models.discardPartial": (req) => {
            const discarded = models.downloads.discardPartial(req.fileName);
            if (discarded) bus.emit({type: "models.changed"});
            return ok({discarded});
        },
        "conversations.setMode": (req) => {
            const updated = conversations.setMode(req.id, req.mode);
            if (!updated) return fail("NOT_FOUND", `conversation not found: ${req.id}`);
            bus.emit({type: "conversation.updated", conversation: updated});
            return ok(updated);
        },
        "tools.list": () => ok(tools.list()),
        "conversations.setWebAccess": (req) => {
            const updated = conversations.setWebAccess(req.id, req.webAccess);
            if (!updated) return fail("NOT_FOUND", `conversation not found: ${req.id}`);
            bus.emit({type: "conversation.updated", conversation: updated});
            return ok(updated);
        },
        "settings.get": () => ok(settings.values()),
        "settings.set": (req) => {
            if (req.webAccessDefault !== undefined) settings.set("webAccessDefault", req.webAccessDefault);
            if (req.engine) settings.set("engine", {...settings.get("engine"), ...req.engine});
            if (req.generation)
                settings.set("generation", {...settings.get("generation"), ...req.generation});
            if (req.embeddingModelPath !== undefined) {
                settings.set("embeddingModelPath", req.embeddingModelPath);
                // A new embedding model: the documents' vectors are made again (the job says so).
                if (req.embeddingModelPath && docs.store.documentsToReembed().length > 0)
                    docs.ingest.reembed();
            }
            return ok(settings.values());
        },
        "conversations.setGeneration": (req) => {
            const updated = conversations.setGeneration(req.id, req.generation);
            if (!updated) return fail("NOT_FOUND", `conversation not found: ${req.id}`);
            bus.emit({type: "conversation.updated", conversation: updated});
            return ok(updated);
        },
        "tools.pending": () => ok(approvals.list()),
        "tools.decide": (req) => approvals.decide(req.approvalId, req.decision, req.args),
        "tools.setPolicy": (req) => {
            const tool = tools.resolve(req.tool);
            if (!tool) return fail("NOT_FOUND", `unknown tool: ${req.tool}`);
            const {[tool.name]: _previous, ...others} = settings.get("toolPolicies") ?? {};
            const next = req.policy ? {...others, [tool.name]: req.policy} : others;
            settings.set("toolPolicies", next);
            tools.setPolicyOverrides(next);
            return ok(tools.list());
        },
        "archive.get": (req) => {
            const page = webPages.get(req.id);
            return page ? ok(page) : fail("NOT_FOUND", `no archived page with id ${req.id}`);
        },
        ...docs.handlers(),
        "grants.list": () => ok(toolCalls.grants()),
        "grants.revoke": (req) => ok({revoked: toolCalls.revoke(req.tool, req.conversationId)}),
    };
    const dispatcher = createDispatcher(handlers);
    // An ingest job cut off by a crash or quit goes on where it stopped.
    docs.ingest.resumePending();

    let disposed = false;
    return {
        dataDir: options.dataDir,
        db,
        bus,
        engine,
        embedder,
        models,
        docs,
        chat,
        conversations,
        settings,
        toolCalls,
        tools,
        approvals,
        warnings,
        dispatcher,
        recoveredInterrupted,
        async loadConfiguredModel() {
            const modelPath = options.modelPath || settings.get("modelPath");
            if (!modelPath) return;
            const loaded = await engine.load(modelPath);
            if (!loaded.ok) return;
            // The model in use is listed with the installed ones (a file chosen on disk stays where it is),
            // and answers next time when no model is named.
            models.addLoaded();
            settings.set("modelPath", loaded.value.modelPath);
        },
        async dispose() {
            if (disposed) return;
            disposed = true;
            await chat.stopAll();
            await models.downloads.cancelAll();
            await docs.ingest.cancelAll();
            await embedder.unload();
            await engine.dispose();
            processes.unregister();
            db.close();
        },
    };
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
