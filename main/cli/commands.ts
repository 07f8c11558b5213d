import {transcribeCommand} from "./transcribe.js";
import fs from "node:fs";
import {formatCount} from "../../shared/format.js";
import {MAX_MESSAGE_CHARS, type AppEvent, type Message} from "../../shared/contract.js";
import type {Words} from "../../shared/result.js";
import {ONE_OFF, oneOffProvider, providersCommand} from "./providers.js";
import path from "node:path";
import {rendererDir} from "../appRoot.js";
import {runStoryFiles} from "../stories/runner.js";
import {createCore, type Core} from "../core.js";
import {sayInTerminal, terminalClient, terminalLanguage} from "./language.js";
import {fixedApprover} from "../tools/approvals.js";
import {prepareDataDir, reason, resolveDataDir} from "../paths.js";
import {startHost} from "../server/host.js";
import {UsageError, type CliArgs} from "./args.js";
import {checkStack} from "./check.js";
import {ingestCommand, searchCommand} from "./docs.js";
import {modelsCommand} from "./models.js";
import {MCP_USES, mcpCommand, toolsCommand} from "./mcp.js";
import {finishPendingRestore} from "../store/backup.js";
import {backupCommand, importCommand, othersRunning, restoreCommand, type LibraryFile} from "./backup.js";
import {exportCommand} from "./export.js";
import {memoryCommand} from "./memory.js";
import {skillsCommand} from "./skills.js";
import {AUTOMATIONS_USES, NO_APPROVER, automationsCommand} from "./automations.js";
import {assistantsCommand} from "./assistants.js";
import {projectsCommand} from "./projects.js";
import {sayIn} from "../words.js";
import type {LibraryStores} from "../core.js";
import {doctor} from "./doctor.js";
import {RESEARCH_USES, researchCommand} from "./research.js";
import {launchCommand} from "./launch.js";
import {openInBrowser} from "./browser.js";
import {terminalAnswerer} from "./terminalAsk.js";
import {eventMessageId, keepImages, planText} from "./chatParts.js";
import type {AskAnswerer} from "../mcp/asks.js";

const cliOut = {write: (text: string) => void process.stdout.write(text), fail: (m: string) => failLine(m)};

/**
 * Runs one parsed command (cli.ts has handled --help and argument errors, and loads this module only then, so
 * that `cairn help` and a mistyped option answer without loading the core); returns the exit code.
 */
export async function runCommand(args: CliArgs): Promise<number> {
    switch (args.command) {
        case "serve":
            return await serve(args);
        case "chat":
            return await chat(args);
        case "stories":
            return await stories(args);
        case "models":
            return await withCore(args, ["dispatcher", "bus"], modelsCommand);
        case "transcribe":
            return await withCore(args, ["speech", "transcriber"], transcribeCommand);
        case "ingest":
        case "search":
            return await documents(args);
        case "check":
            return await check(args);
        case "mcp":
            return await withCore(args, MCP_USES, mcpCommand);
        case "tools":
            return await withCore(args, ["dispatcher", "bus", "tools", "mcp"], toolsCommand);
        case "skills":
            return await withCore(args, ["skills", "dataDir"], skillsCommand);
        case "automations":
            return await withCore(args, AUTOMATIONS_USES, automationsCommand);
        case "research":
            return await withCore(args, RESEARCH_USES, researchCommand);
        case "doctor":
            return await doctor(args, failLine);
        case "launch":
            return await launch(args);
        case "providers":
            return providersCommand(preparedDataDir(args), args, {
                json: args.json,
                write: (text) => process.stdout.write(text),
                fail: failLine,
            });
        case "backup":
            return await withDatabase(args, (library) => backupCommand(library, args, cliOut));
        case "restore":
            return await withDatabase(args, (library) => restoreCommand(library, args, cliOut));
        case "import":
            return await withDatabase(args, (library) => importCommand(library, args, cliOut));
        case "export":
            return await withStores(args, ({conversations}, dataDir) =>
                exportCommand(conversations, dataDir, args, cliOut),
            );
        case "assistants":
            return await withCore(args, ["dispatcher", "bus", "assistants"], assistantsCommand);
        case "projects":
            return await withCore(args, ["dispatcher", "bus", "projects"], projectsCommand);
        case "memory":
            return await withStores(args, ({memories}) =>
                memoryCommand(memories, args, {...cliOut, json: args.json}),
            );
        case undefined:
        default:
            return failLine(`unknown command "${args.command}"; run \`cairn help\` to see the commands`);
    }
}

/** Runs a library command over the data folder's stores (openLibraryStores), closed after it. */
async function withStores(
    args: CliArgs,
    command: (stores: LibraryStores, dataDir: string) => number | Promise<number>,
): Promise<number> {
    const dataDir = preparedDataDir(args);
    const {openLibraryStores} = await import("../core.js");
    const stores = openLibraryStores(dataDir, `cairn ${args.command ?? ""}`.trim());
    try {
        return await command(stores, dataDir);
    } finally {
        await stores.close();
    }
}

/**
 * Runs a command on the library's database file as a whole (backup, restore, import), opened by the composition
 * root (openLibraryDatabase) and closed after it.
 */
async function withDatabase(
    args: CliArgs,
    command: (library: LibraryFile) => Promise<number>,
): Promise<number> {
    const dataDir = preparedDataDir(args);
    const {openLibraryDatabase} = await import("../core.js");
    const db = openLibraryDatabase(dataDir);
    try {
        return await command({db, dataDir});
    } finally {
        // A restore closes it to put the backup's file in its place.
        if (db.open) db.close();
    }
}

function preparedDataDir(args: CliArgs): string {
    const dir = resolveDataDir(args.data);
    prepareDataDir(dir);
    return dir;
}

function openCore(args: CliArgs, notices: Words[] = []): Core {
    const core = createCore({
        notices,
        dataDir: resolveDataDir(args.data),
        modelPath: args.model ?? process.env.CAIRN_MODEL ?? null,
        draftModel: args.draftModel,
        speechModel: args.speechModel,
        threads: args.threads,
        gpu: args.cpu ? false : "auto",
        flashAttention: args.flashAttention,
        offline: args.offline,
        generation: args.generation,
        approver: approverFor(args),
        // A server's form in a one-off command: asked on the terminal (where stdin is one, or --elicit ask),
        // declined, or answered with its own defaults (--elicit defaults). Replies to write are declined.
        mcpAsks: args.command === "serve" ? "person" : cliAnswerer(args.elicit),
        // A catalog of recommended models other than the bundled one (a mirror, or a test's loopback server).
        catalogFile: process.env.CAIRN_MODEL_CATALOG || undefined,
        command: `cairn ${args.command}`,
        connectMcp: !(args.command === "mcp" && args.positionals.length === 0),
        // Only what keeps running follows the watched folders (`ingest --watch` follows the ones it names).
        watchFolders: args.command === "serve",
        oneOffProvider: args.command === "chat" ? oneOffProvider(args) : undefined,
        // A server's sign-in page (`cairn mcp login`) opens in the person's browser.
        openExternal: openInBrowser,
        // What keeps running runs automations on their schedule (`automations run-due` runs what is due once).
        scheduleAutomations: args.command === "serve",
        // What keeps running builds Cairn's engine for this CPU in the background, where it is worth it.
        buildEngine: args.command === "serve",
    });
    // --embedding-model (or CAIRN_EMBEDDING_MODEL) chooses the documents' embedding model, and is kept.
    if (args.embeddingModel) core.settings.set("embeddingModelPath", path.resolve(args.embeddingModel));
    return core;
}

/** Who answers approvals: --approve in `chat`; nobody in `automations` (denied, saying how); the window in `serve`. */
function approverFor(args: CliArgs) {
    if (args.command === "chat") return fixedApprover(args.approve);
    return args.command === "automations" ? NO_APPROVER : undefined;
}

/**
 * CAIRN_SERVE_TOKEN keeps the window's address across restarts (with --port): an open window reconnects to
 * the new process by itself. Unset, each run makes a new token.
 */
function serveToken(): string | undefined {
    const token = process.env.CAIRN_SERVE_TOKEN;
    if (!token) return undefined;
    if (!/^[A-Za-z0-9_-]{24,}$/.test(token))
        throw new UsageError(
            "CAIRN_SERVE_TOKEN must be at least 24 letters, digits, - or _ (it guards the window's address)",
        );
    return token;
}

async function serve(args: CliArgs): Promise<number> {
    // A restore asked for in the window happens here, before the library opens.
    const restored = await finishPendingRestore(preparedDataDir(args), othersRunning);
    if (restored) process.stderr.write(`cairn: ${sayIn(terminalLanguage(), restored)}\n`);
    const core = openCore(args, restored ? [restored] : []);
    // A model named for this run (--model, CAIRN_MODEL) is loaded before Cairn listens: one that cannot be
    // loaded ends the run with its one `cairn:` line, before any address is printed. A saved model loads
    // while the window is up, where Models can choose another if it fails.
    const explicitModel = Boolean(args.model ?? process.env.CAIRN_MODEL);
    const loading = core.loadConfiguredModel();
    if (explicitModel) {
        await loading;
        const status = core.engine.status();
        if (status.state === "error") {
            process.stderr.write(`cairn: ${status.message}\n`);
            await core.dispose();
            return 1;
        }
    }
    const host = await startHost({
        core,
        rendererDir: rendererDir(),
        host: args.host,
        port: args.port,
        token: serveToken(),
    });
    process.stdout.write(`Cairn listening on ${host.url}\n`);
    // A saved model is loading while the API starts: a request that comes at once waits for it.
    core.api.usePort(args.apiPort);
    if (args.api) await startApiFor(core, args);
    else await core.api.startIfEnabled();
    const apiStatus = core.api.status();
    if (!args.api && apiStatus.url) process.stdout.write(`Cairn API at ${apiStatus.url}\n`);
    if (apiStatus.error) process.stderr.write(`cairn: ${apiStatus.error}\n`);
    void loading.then(() => {
        const status = core.engine.status();
        if (!explicitModel && status.state === "error") process.stderr.write(`cairn: ${status.message}\n`);
    });
    await new Promise<void>((resolve) => {
        process.once("SIGINT", () => resolve());
        process.once("SIGTERM", () => resolve());
    });
    await host.close();
    await core.dispose();
    return 0;
}

/** `cairn launch AGENT`: a coding agent on the local model (launch.ts). */
async function launch(args: CliArgs): Promise<number> {
    const core = openCore(args);
    try {
        return await launchCommand(core, args, {
            write: (text) => process.stdout.write(text),
            note: (text) => process.stderr.write(`cairn: ${text}\n`),
            fail: failLine,
        });
    } finally {
        await core.dispose();
    }
}

async function startApiFor(core: Core, args: CliArgs): Promise<void> {
    const api = await core.api.startForRun({host: args.host, port: args.apiPort, key: args.apiKey});
    process.stdout.write(`Cairn API at ${api.url}\n`);
    if (!args.apiKey) process.stdout.write(`API key: ${core.api.status().key}\n`);
}

async function check(args: CliArgs): Promise<number> {
    const core = openCore(args);
    try {
        const {failed} = await checkStack(core, (line) => process.stdout.write(`${line}\n`));
        return failed === 0 ? 0 : 1;
    } finally {
        await core.dispose();
    }
}

/** The message: the arguments, a file (--file PATH) or standard input (a lone "-"), whole. */
async function questionOf(args: CliArgs): Promise<string> {
    if (args.file) {
        if (args.positionals.length > 0)
            throw new UsageError("give the message as words or as --file PATH, not both");
        try {
            return fs.readFileSync(args.file, "utf8");
        } catch (error) {
            throw new UsageError(`cannot read the message file ${args.file} (${reason(error)})`);
        }
    }
    if (args.positionals.length === 1 && args.positionals[0] === "-") {
        const chunks: Buffer[] = [];
        for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks).toString("utf8");
    }
    return args.positionals.join(" ");
}

async function chat(args: CliArgs): Promise<number> {
    const text = (await questionOf(args)).trim();
    if (!text)
        return failLine(
            'nothing to ask: cairn chat "your message" (or --file PATH, or - to read standard input)',
        );
    if (text.length > MAX_MESSAGE_CHARS)
        return failLine(
            `the message is ${formatCount(text.length)} characters; one message takes at most ${formatCount(MAX_MESSAGE_CHARS)} (about 50,000 tokens): shorten it, or add the file to Documents (cairn ingest FILE) and ask about it`,
        );
    const core = openCore(args);
    const remote = oneOffProvider(args) ? ONE_OFF : args.provider;
    try {
        await core.loadConfiguredModel();
        const engine = core.engine.status();
        if (remote) {
            // The local model is not needed: the answer comes from the server.
        } else if (engine.state === "no-model") {
            return failLine(
                "no model to answer with: pass --model PATH or set CAIRN_MODEL to a GGUF file (Cairn then remembers it)",
            );
        }
        if (!remote && engine.state !== "ready")
            return failLine(engine.message ?? "the model could not be loaded");
        const unknown = await unknownTools(core, args);
        if (unknown) return failLine(`no tool named ${unknown}; \`cairn tools list\` shows the tools`);
        // Every request goes through the dispatcher, validated like the app's and the server's.
        const api = terminalClient(core);
        let conversationId = args.conversation;
        if (!conversationId) {
            const assistant = args.assistant ? core.assistants.find(args.assistant) : null;
            if (args.assistant && !assistant)
                return failLine(`no assistant named ${args.assistant}; cairn assistants list shows them`);
            const project = args.project ? core.projects.store.find(args.project) : null;
            if (args.project && !project)
                return failLine(`no project named ${args.project}; cairn projects list shows them`);
            const created = await api.invoke("conversations.create", {
                incognito: args.incognito,
                ...(assistant ? {assistantId: assistant.id} : {}),
                ...(project ? {projectId: project.id} : {}),
            });
            if (!created.ok) return failLine(created.error.message);
            conversationId = created.value.id;
        }
        if (args.mode) {
            const moded = await api.invoke("conversations.setMode", {id: conversationId, mode: args.mode});
            if (!moded.ok) return failLine(moded.error.message);
        }
        if (remote) {
            const set = await api.invoke("conversations.setProvider", {id: conversationId, provider: remote});
            if (!set.ok) return failLine(set.error.message);
        }
        const toolEvents: AppEvent[] = [];
        const done = new Promise<Message>((resolve) => {
            api.onEvent((event) => {
                if (event.type.startsWith("tool.")) toolEvents.push(event);
                if (event.type === "chat.token" && event.conversationId === conversationId && !args.json) {
                    process.stdout.write(event.text);
                }
                if (event.type === "chat.done" && event.conversationId === conversationId)
                    resolve(event.message);
            });
        });
        const images = await keepImages(core, args.images);
        if (!images.ok) return failLine(images.error.message);
        const sent = await api.invoke("chat.send", {
            conversationId,
            text,
            ...(images.value.length ? {attachments: images.value} : {}),
            ...(args.toolChoice ? {toolChoice: args.toolChoice} : {}),
            ...(args.preflight.length ? {preflight: args.preflight} : {}),
            ...(args.web ? {webAccess: true} : {}),
        });
        if (!sent.ok) return failLine(sent.error.message);
        const stopping = conversationId;
        const onSignal = () => void api.invoke("chat.stop", {conversationId: stopping});
        process.once("SIGINT", onSignal);
        const message = await done;
        process.off("SIGINT", onSignal);
        if (args.json) {
            process.stdout.write(
                JSON.stringify({
                    conversationId,
                    messageId: message.id,
                    answer: message.content,
                    status: message.status,
                    model: message.model,
                    tokens: {
                        prompt: message.stats?.promptTokens ?? 0,
                        completion: message.stats?.completionTokens ?? 0,
                    },
                    counters: message.stats,
                    timings: {
                        timeToFirstTokenMs: message.stats?.timeToFirstTokenMs ?? null,
                        durationMs: message.stats?.durationMs ?? null,
                        tokensPerSecond: message.stats?.tokensPerSecond ?? null,
                    },
                    error: message.error,
                    toolCalls: message.toolCalls,
                    citations: message.citations,
                    ...(message.plan ? {plan: message.plan} : {}),
                    events: toolEvents.filter((e) => eventMessageId(e) === message.id),
                }) + "\n",
            );
        } else {
            process.stdout.write(message.plan ? planText(message.plan) : "\n");
        }
        if (message.status === "error")
            return failLine(sayInTerminal(message.error ?? "the answer failed", message.errorWords));
        return 0;
    } finally {
        await core.dispose();
    }
}

/** The first tool that --tool names and no server offers (an MCP server that starts on use is asked first). */
async function unknownTools(core: Core, args: CliArgs): Promise<string | undefined> {
    if (args.preflight.length === 0) return undefined;
    await core.chat.prepareTools({preflight: args.preflight});
    return args.preflight.find((call) => !core.tools.resolve(call.name))?.name;
}

async function documents(args: CliArgs): Promise<number> {
    const core = openCore(args);
    const out = {json: args.json, write: (text: string) => process.stdout.write(text), fail: failLine};
    try {
        return args.command === "ingest"
            ? await ingestCommand(core, args, out)
            : await searchCommand(core, args, out);
    } finally {
        await core.dispose();
    }
}

/**
 * Runs a command over a core opened for it and closed after it; the command receives only the parts it names
 * (`uses`), never the whole core.
 */
async function withCore<K extends keyof Core>(
    args: CliArgs,
    uses: readonly K[],
    command: (core: Pick<Core, K>, args: CliArgs, out: CommandOut) => Promise<number>,
): Promise<number> {
    const core = openCore(args);
    try {
        const parts = Object.fromEntries(uses.map((key) => [key, core[key]])) as Pick<Core, K>;
        return await command(parts, args, {
            json: args.json,
            write: (text) => process.stdout.write(text),
            fail: failLine,
        });
    } finally {
        await core.dispose();
    }
}

type CommandOut = {json: boolean; write: (t: string) => void; fail: (m: string) => number};

/**
 * Runs scenario files against a site given on the command line (a SearXNG-format /search and the pages the
 * stories name) and prints one line per story, then "N passed, N failed".
 */
async function stories(args: CliArgs): Promise<number> {
    const model = args.model ?? process.env.CAIRN_MODEL;
    if (!model) return failLine("stories need a model: pass --model PATH or set CAIRN_MODEL");
    if (!args.site) return failLine("stories need a site to test against: pass --site URL");
    if (args.positionals.length === 0) return failLine("no story files: cairn stories --site URL FILE...");
    const failed = await runStoryFiles(
        args.positionals,
        {model, instructed: args.instructed, site: {site: args.site}, flashAttention: args.flashAttention},
        (line) => process.stdout.write(`${line}\n`),
    );
    return failed === 0 ? 0 : 1;
}

function cliAnswerer(elicit: CliArgs["elicit"]): AskAnswerer {
    const mode = elicit ?? (process.stdin.isTTY ? "ask" : "decline");
    return mode === "ask" ? terminalAnswerer(process.stdin, process.stderr) : mode;
}

function failLine(message: string): number {
    process.stderr.write(`cairn: ${message}\n`);
    return 1;
}
