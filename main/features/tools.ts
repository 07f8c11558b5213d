import path from "node:path";
import type {GenerationSettings} from "../../shared/contract.js";
import {appRoot} from "../appRoot.js";
import type {EventBus} from "../events.js";
import {mcpHandlers} from "../handlers/mcp.js";
import {mcpAppHandlers} from "../handlers/mcpApps.js";
import {artifactHandlers} from "../handlers/artifacts.js";
import {skillsHandlers} from "../handlers/skills.js";
import {toolHandlers} from "../handlers/tools.js";
import type {Engine} from "../llm/engine/engine.js";
import type {KeyVault} from "../llm/keyVault.js";
import {AppFrames} from "../server/appFrames.js";
import {McpAsks, type AskAnswerer} from "../mcp/asks.js";
import {clientSide} from "../mcp/clientSide.js";
import {mcpFile} from "../mcp/config.js";
import {McpManager} from "../mcp/manager.js";
import {BundleUploads} from "../mcp/bundleUploads.js";
import {Sandbox} from "../sandbox/sandbox.js";
import {SkillLibrary, skillRoots, skillSwitch} from "../skills/skills.js";
import {ToolTelemetry} from "../store/toolTelemetry.js";
import {ApprovalBroker, type Approver} from "../tools/approvals.js";
import {createFile, listDirectory, readFile, replaceInFile} from "../tools/builtin/files.js";
import {findTools} from "../tools/builtin/findTools.js";
import {createRecall, createRemember} from "../tools/builtin/memory.js";
import {createSearchConversation} from "../tools/builtin/searchConversation.js";
import {announcedTodos, createTodo, type TodoAccess} from "../tools/builtin/todo.js";
import {createListCollections, createRagSearch} from "../tools/builtin/rag.js";
import {createRunCode} from "../tools/builtin/runCode.js";
import {createRunCodeInWorkspace} from "../tools/builtin/runCodeInWorkspace.js";
import {createRunSkillScript, createUseSkill} from "../tools/builtin/skills.js";
import {createSystemStats} from "../tools/builtin/systemStats.js";
import {createWebFetch} from "../tools/builtin/webFetch.js";
import {webSearch} from "../tools/builtin/webSearch.js";
import {generateImageTool} from "../tools/builtin/generateImage.js";
import {compositeTools} from "../tools/composite.js";
import {loadToolsConfig} from "../tools/config.js";
import type {ToolDefinition} from "../tools/defineTool.js";
import {ToolRegistry} from "../tools/registry.js";
import {ToolRunner, workspaceOf} from "../tools/runner.js";
import {ToolChooser} from "../tools/selection.js";
import {ToolVectorCache, ToolVectors} from "../tools/toolVectors.js";
import {FileVersions} from "../tools/workspace.js";
import type {Feature} from "./feature.js";
import type {Knowledge} from "./knowledge.js";
import type {Library} from "./library.js";
import type {Models} from "./models.js";

export type ToolsOptions = {
    dataDir: string;
    /** Extra tools (tests register side-effecting test tools this way). */
    extraTools?: ToolDefinition[];
    /** Who answers approval prompts (an MCP App's calls among them); by default the person in the window. */
    approver?: Approver;
    /** Who answers what MCP servers ask (forms, sampling): the person in the app, nobody, or a form's defaults (the CLI). */
    mcpAsks?: AskAnswerer;
    /** false: the MCP servers of mcp.json are not connected (`cairn mcp` serving must not start itself). */
    connectMcp?: boolean;
    keyVault?: KeyVault;
    openExternal?: (url: URL) => void;
    /** This run's own generation settings (CLI flags), over Settings' for what MCP servers ask to sample. */
    generation: () => Partial<GenerationSettings>;
};

export type Tools = Feature<
    ReturnType<typeof toolHandlers> &
        ReturnType<typeof mcpHandlers> &
        ReturnType<typeof mcpAppHandlers> &
        ReturnType<typeof artifactHandlers> &
        ReturnType<typeof skillsHandlers>
> & {
    /** MCP Apps' and artifacts' pages waiting for their frame: the window's host serves each once (FRAME_PATH). */
    appFrames: AppFrames;
    tools: ToolRegistry;
    /** Runs every tool call (chat, the local API, composite tools): the one runner. */
    runner: ToolRunner;
    /** Chooses each step's tools when there are too many to offer all (tool search). */
    chooser: ToolChooser;
    /** The MCP servers of <data>/mcp.json, whose tools join the registry. */
    mcp: McpManager;
    /** Agent Skills from the workspace, the data folder and ~/.agents/skills (use_skill, the prompt's list). */
    skills: SkillLibrary;
    approvals: ApprovalBroker;
    telemetry: ToolTelemetry;
    /** Problems found in the tools config files (file, line, message), shown to the user. */
    warnings: string[];
    /** A tool an assistant names is known when it is here, or may be (an MCP server not started yet). */
    toolKnown(name: string): boolean;
};

/** Cairn's tools, tools.yaml's, MCP servers', the one runner over them, approvals and tool search. */
export function toolsFeature(
    options: ToolsOptions,
    library: Library,
    models: Models,
    knowledge: Knowledge,
    bus: EventBus,
): Tools {
    const {db, settings, conversations, toolCalls, webPages} = library;
    const {engine} = models;
    const sandbox = new Sandbox();
    const skills = new SkillLibrary({
        roots: () =>
            skillRoots(
                options.dataDir,
                workspaceOf({}, options.dataDir, settings.get("workspaceRoot") ?? null),
            ),
        off: () => settings.get("skillsOff") ?? [],
    });
    const todos = announcedTodos(library.todos, bus);
    const {tools, warnings} = createTools(options, engine, library, knowledge, {sandbox, skills, todos});
    tools.setPolicyOverrides(settings.get("toolPolicies") ?? {});
    tools.setPinned(settings.get("pinnedTools") ?? []);
    tools.useVectors(new ToolVectors(models.embedder, new ToolVectorCache(db)));
    // What MCP servers ask (forms, replies to write): the person in the app; declined in the CLI.
    const asks = new McpAsks(bus, options.mcpAsks ?? "person");
    const mcp = new McpManager({
        file: mcpFile(options.dataDir),
        registry: tools,
        onChange: () => bus.emit({type: "mcp.changed"}),
        side: clientSide({
            asks,
            engine,
            generation: () => ({...settings.values().generation, ...options.generation()}),
            workspace: () => workspaceOf({}, options.dataDir, settings.get("workspaceRoot") ?? null),
        }),
        accounts: {vault: options.keyVault ?? null, dataDir: options.dataDir},
        network: library.network,
        ...(options.openExternal ? {openPage: options.openExternal} : {}),
    });
    const approvals = new ApprovalBroker(bus);
    const versions = new FileVersions(db);
    const telemetry = new ToolTelemetry(db);
    const runner = new ToolRunner(tools, toolCalls, bus, options.dataDir, {
        workspaceFor: (id) => conversations.get(id)?.workspace ?? settings.get("workspaceRoot") ?? null,
        network: library.network,
        versions,
        telemetry,
        attachments: conversations.attachments,
    });
    const chooser = new ToolChooser(tools, () => settings.values().toolShare);
    const appFrames = new AppFrames();
    return {
        appFrames,
        tools,
        runner,
        chooser,
        mcp,
        skills,
        approvals,
        telemetry,
        warnings,
        toolKnown: (name) =>
            tools.resolve(name) !== null ||
            skills.list().some((s) => skillSwitch(s.name) === name) ||
            mcp.status().servers.some((s) => name === `mcp:${s.name}` || s.state !== "ready"),
        handlers: {
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
            ...mcpHandlers(mcp, {
                docs: knowledge.docs,
                conversations,
                dataDir: options.dataDir,
                asks,
                bundles: new BundleUploads(options.dataDir),
            }),
            ...mcpAppHandlers({
                mcp,
                frames: appFrames,
                toolCalls,
                conversations,
                registry: tools,
                runner,
                approver: options.approver ?? approvals.ask,
            }),
            ...skillsHandlers({skills, settings, dataDir: options.dataDir}),
            ...artifactHandlers({frames: appFrames, toolCalls, dataDir: options.dataDir}),
        },
        // Reading the file and making the connections is immediate; servers set to start at launch start now.
        start: () => {
            if (options.connectMcp === false) return;
            void mcp.load();
            mcp.watch();
        },
        stop: async () => {
            sandbox.close();
            await mcp.dispose();
        },
    };
}

/** The built-in tools with the tools.yaml files in force; mistakes in those files become warnings. */
function createTools(
    options: ToolsOptions,
    engine: Engine,
    {webPages, settings, conversations}: Library,
    {docs, reach, memory}: Knowledge,
    {sandbox, skills, todos}: {sandbox: Sandbox; skills: SkillLibrary; todos: TodoAccess},
): {tools: ToolRegistry; warnings: string[]} {
    // Settings → Tools' limit for programs, when the person chose one (else tools.yaml's, else 30 s).
    const runCodeSeconds = () => settings.get("runCodeSeconds") ?? undefined;
    const offIn = (id: string) => conversations.get(id)?.toolsOff ?? [];
    const {config, problems} = loadToolsConfig([
        path.join(appRoot(), "resources", "tools.yaml"),
        path.join(options.dataDir, "tools.yaml"),
    ]);
    const warnings = problems.map(
        (p) => `${p.file}${p.line ? `:${p.line}` : ""}: ${p.message}; using the defaults`,
    );
    for (const warning of warnings) console.error(`[cairn] tools config: ${warning}`);
    const definitions = [
        createSystemStats(() => engine.facts()),
        listDirectory,
        readFile,
        createFile,
        replaceInFile,
        webSearch,
        createWebFetch((page) => webPages.save(page)),
        createRagSearch(docs, reach),
        createListCollections(docs, reach),
        createRecall(memory),
        createRemember(memory),
        createSearchConversation(conversations),
        createTodo(todos),
        generateImageTool,
        createRunCode(sandbox, runCodeSeconds),
        createRunCodeInWorkspace(sandbox, runCodeSeconds),
        createUseSkill(skills, offIn),
        createRunSkillScript(skills, sandbox, {offIn, chosenSeconds: runCodeSeconds}),
        findTools,
        ...(options.extraTools ?? []),
    ];
    // Composite tools resolve their parts through the registry made here, when they run.
    let registry: ToolRegistry | null = null;
    const composites = compositeTools(config, definitions, {
        engine,
        resolve: (name) => registry?.resolve(name) ?? null,
        prepare: () => registry?.prepare() ?? Promise.resolve(),
    });
    for (const problem of composites.problems) console.error(`[cairn] tools config: ${problem}`);
    registry = new ToolRegistry([...definitions, ...composites.tools], config);
    return {tools: registry, warnings: [...warnings, ...composites.problems]};
}
