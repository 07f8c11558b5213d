import {parseArgs} from "node:util";
import {FLASH_ATTENTION_MODES} from "../../shared/choices.js";
import type {FlashAttention, PreflightCall, ToolMode} from "../../shared/contract.js";
import type {GenerationOptions} from "../chat/chatService.js";

/** Each command's usage, as `cairn <command> --help` prints it (the first line is its synopsis). */
const COMMAND_USAGE: Array<[string, string]> = [
    [
        "serve",
        `  serve [--port N] [--host H] [--data DIR] [--model PATH] [--api [--api-port N] [--api-key KEY]]
        Serve the Cairn UI on http://127.0.0.1 (prints the address with its access token).
        --api: also an OpenAI-compatible API on port 11480 or --api-port (prints "Cairn API at
        http://127.0.0.1:PORT/v1" and, unless --api-key is given, "API key: KEY"); clients send
        "Authorization: Bearer KEY" (a key made once and kept in the data directory, or --api-key).`,
    ],
    [
        "chat",
        `  chat [--data DIR] [--model PATH] [--conversation ID] [--json] "message" | --file PATH | -
        Ask the local model one question; the answer streams to stdout. The message comes from the
        arguments, from a file (--file PATH) or from standard input (-). A message longer than the
        model's context is refused before anything is generated, with its size in tokens.
        --tool-choice auto|none|required|NAME   whether and which tool the model must call first
        --tool NAME [--args JSON]               call a tool before the model answers (repeatable)
        --mode ask|plan|agent                   ask: read-only tools; plan: a plan first, then read-only tools; agent: all tools
        --approve all|none                      answer approval prompts (default none: deny)
        --web                                   turn web access on for this command
        --image FILE                            send an image with the question (repeatable; the model
                                                must see images: a provider's, not the local engine)
        --incognito                             a conversation that recalls and remembers nothing
        --assistant NAME                        start the conversation with this assistant (else the default)
        --project NAME                          start the conversation in this project
        --provider NAME                         answer with a model of providers.json instead of the local one
        --base-url URL [--api-key KEY] [--remote-model M]
                                                answer with a model on an OpenAI-compatible server, for this
                                                command only (key: --api-key or $CAIRN_API_KEY, never stored)
        --provider openai|gemini|anthropic --api-key KEY [--remote-model M] [--base-url URL]
                                                answer with a cloud model, for this command only`,
    ],
    [
        "providers",
        `  providers list [--json] | add NAME [--type T] [--base-url URL] [--remote-model M]
      [--key-env VAR | --key-file PATH] | remove NAME
        Models served elsewhere in <data>/providers.json. T: openai-compatible (llama-server, vLLM,
        Ollama, LM Studio, another Cairn; needs --base-url), openai, gemini or anthropic. Keys are
        never written there: name an environment variable or a file only you can read.`,
    ],
    [
        "backup",
        `  backup [--data DIR] [FILE]
        The whole library in one file (default <data>/backups/cairn-<time>.cairn-backup): the database,
        documents' text, archived pages, settings, and mcp.json, providers.json and tools.yaml without
        their secrets. Other Cairn processes keep working while it runs; progress on stderr.`,
    ],
    [
        "restore",
        `  restore [--data DIR] [--merge] FILE
        Checks a backup, keeps the library as it is in <data>/backups/before-restore-<time>.cairn-backup,
        then puts the backup's library in its place. Quit Cairn first. --merge: instead, bring the
        backup's conversations that the library lacks into it (replacing nothing; Cairn may be running).`,
    ],
    [
        "import",
        `  import [--data DIR] [--json] FILE…
        Conversations from ChatGPT (its export's zip or conversations.json), Claude (conversations.json
        or the zip), Open WebUI (its chats' JSON), Jan (a thread's folder, or the threads folder) and
        LM Studio (a .conversation.json, or its conversations folder), and Cairn's own JSON files, with
        their branches, times, titles and models. Importing the same export again adds nothing; each
        file's report says what came in and what was left out, and why. Progress on stderr.`,
    ],
    [
        "memory",
        `  memory list [--json] | add TEXT | remove ID | export [--out FILE]   [--data DIR]
        What Cairn remembers across conversations: each memory with where it came from. add keeps one
        (said again in other words, the older one is updated); export writes them all as JSON.`,
    ],
    [
        "assistants",
        `  assistants list [--json] | add NAME [--instructions TEXT] [--icon EMOJI] [--default]
      [--local-model FILE.gguf] | remove NAME | export NAME [--out FILE] | import FILE…   [--data DIR]
        Assistants: saved instructions and settings a conversation starts with (cairn chat --assistant
        NAME; the default one when none is named); --local-model: the installed model its conversations
        load (its file name). export writes one as JSON; import reads such files (checked whole first; a
        name already taken gets a number).`,
    ],
    [
        "projects",
        `  projects list [--json] | add NAME [--instructions TEXT] | remove NAME   [--data DIR]
        Projects: conversations grouped, with instructions added to their system prompt, files only they
        search (cairn ingest --collection "Project · NAME" PATH…) and memories of their own
        (cairn chat --project NAME). remove deletes the project and its files; its conversations stay.`,
    ],
    [
        "export",
        `  export [--data DIR] [--format markdown|html|json|jsonl] [--without thinking,tools,sources]
      [--out FILE|DIR] (ID… | --all)
        Conversations to read (markdown, html: one self-contained file each) or to keep (json: everything,
        importable again). jsonl: the whole library (--all) or the conversations named, one JSON line each,
        to FILE or stdout. Several conversations in markdown, html or json need --out DIR.`,
    ],
    [
        "models",
        `  models list | inspect PATH | download URL | remove ID | search WORDS | files OWNER/NAME   [--json]
        Installed models; a GGUF file's facts and fit; download (https: or hf:USER/REPO/FILE) with
        progress on stderr, resumable after an interruption; remove a model (its file too if downloaded).
        search: Hugging Face repositories with GGUF files; files: a repository's quantizations with
        their fit here and a recommended one (*). HF_TOKEN: a token for gated repositories;
        HF_ENDPOINT: a mirror of the hub.`,
    ],
    [
        "transcribe",
        `  transcribe [--speech-model PATH] [--json] FILE.wav
        A recording's text, from a whisper.cpp speech model on this computer (as the window's dictation):
        the one chosen on the Models screen, else the newest in the models folder, or --speech-model
        (default $CAIRN_SPEECH_MODEL). WAV: PCM or 32-bit float, any rate, up to five minutes.`,
    ],
    [
        "ingest",
        `  ingest [--collection NAME] [--embedding-model PATH] [--watch] PATH...
        Add files and folders to a document collection (default "Documents"): progress on stderr,
        a summary on stdout. --watch: the collection follows the folders from then on (the app
        keeps them indexed too), and this command goes on indexing their changes until Ctrl+C.`,
    ],
    [
        "search",
        `  search [--limit N] [--collection NAME] [--json] "query"
        Search the documents (full-text and vectors, fused); one line per passage, or JSON.`,
    ],
    [
        "tools",
        `  tools list [--json]
        Every tool as the model sees it: name, source (built-in or mcp:SERVER), side effect, policy, enabled.`,
    ],
    [
        "mcp",
        `  mcp list [--json] | add NAME -- COMMAND [ARGS...] [--env K=V] | add NAME --url URL [--header "K: V"]
      | add --file FILE | add --json-config JSON | remove NAME | restart NAME   [--startup lazy|launch]
        The MCP servers Cairn connects to, in <data>/mcp.json (the {"mcpServers": {...}} format other
        assistants use: --file imports theirs). list starts the enabled ones to show their state and tools.`,
    ],
    [
        "mcp",
        `  mcp   Serve the local documents to other MCP clients over stdio: rag_search and list_collections.`,
    ],
    [
        "check",
        `  check [--data DIR] [--model PATH]
        Walks the stack and prints one line per tier (model loaded, chat completion, a tool step,
        embeddings, documents search, the local API if on, web access if on), then "N passed, N failed".`,
    ],
    [
        "doctor",
        `  doctor [--cpu] [--build-native] [--build-vision]
        Which llama.cpp backends (CUDA, Vulkan, Metal, CPU) this computer can use, the one in use, why
        the others are not, and the command that builds a missing one from source; which CPU build runs
        (node-llama-cpp's prebuilt binaries and their variant, or one built here). --build-native: build
        llama.cpp for this CPU from the source node-llama-cpp ships (once, about 5 minutes on 2 cores).
        --build-vision: build llama.cpp's server from the same source into <data>/engines, for local vision
        (a model with its projector seeing images; once, a few minutes; needs cmake and a C++ compiler).`,
    ],
    [
        "stories",
        `  stories --site URL [--model PATH] [--instructed] FILE...
        Run scenario files on the real stack; their web requests go to URL (a SearXNG-format /search
        and the pages they name). --instructed: the model follows instructions, so content is checked.`,
    ],
];

const COMMON_OPTIONS = `Common options:
  --data DIR          data directory (default: $CAIRN_DATA_DIR, else the per-user data folder)
  --model PATH        GGUF model file (default: $CAIRN_MODEL, else the model chosen in the app)
  --draft-model PATH  a smaller model of the same family that guesses ahead (speculative decoding;
                      default: the draft chosen for the model in the app, else none)
  --threads N         llama.cpp threads (default: cores - 1, at least 1)
  --cpu               do not use the GPU
  --flash-attention auto|on|off
                      llama.cpp's flash attention for this run (default: $CAIRN_FLASH_ATTENTION, else
                      the choice in Settings, auto)
  --offline           Offline mode for this run: nothing leaves this computer (loopback stays open)
  --max-tokens N      longest answer, in tokens (default 512)
  --temperature T     sampling temperature
  --seed N            sampling seed
`;

export const USAGE = `Usage: cairn <command> [options]

Commands:
${COMMAND_USAGE.map(([, text]) => text).join("\n")}

${COMMON_OPTIONS}`;

/** One command's usage and the common options; undefined for a command that does not exist. */
export function commandUsage(command: string): string | undefined {
    const sections = COMMAND_USAGE.filter(([name]) => name === command).map(([, text]) => text);
    if (sections.length === 0) return undefined;
    return `Usage:\n${sections.join("\n")}\n\n${COMMON_OPTIONS}`;
}

/** A command's synopsis in one line ("cairn chat [--data DIR] ... \"message\""), for argument errors. */
export function commandSynopsis(command: string | undefined): string {
    const section = COMMAND_USAGE.find(([name]) => name === command)?.[1];
    if (!section) return "cairn <command> [options]";
    return `cairn ${section.split("\n")[0]!.trim()}`;
}

const PROVIDER_TYPE_NAMES = ["openai-compatible", "openai", "gemini", "anthropic"] as const;

export type CliArgs = {
    command: string | undefined;
    /** --help, -h or `cairn help [COMMAND]`: print the usage instead. */
    help: boolean;
    positionals: string[];
    port: number;
    host: string;
    data: string | undefined;
    model: string | undefined;
    draftModel: string | undefined;
    /** --speech-model: a whisper.cpp model for this run's dictation (`transcribe`, `serve`). */
    speechModel: string | undefined;
    conversation: string | undefined;
    json: boolean;
    threads: number | undefined;
    cpu: boolean;
    flashAttention: FlashAttention | undefined;
    offline: boolean;
    generation: GenerationOptions;
    toolChoice: string | undefined;
    preflight: PreflightCall[];
    mode: ToolMode | undefined;
    approve: boolean;
    provider: string | undefined;
    /** `providers add --type`: what serves the model (default openai-compatible). */
    providerType: (typeof PROVIDER_TYPE_NAMES)[number] | undefined;
    baseUrl: string | undefined;
    remoteModel: string | undefined;
    keyEnv: string | undefined;
    keyFile: string | undefined;
    web: boolean;
    /** `chat --image FILE`: images sent with the question. */
    images: string[];
    collection: string | undefined;
    limit: number;
    embeddingModel: string | undefined;
    site: string | undefined;
    instructed: boolean;
    api: boolean;
    /** undefined: the port in Settings (11480 unless changed); 0: any free port. */
    apiPort: number | undefined;
    apiKey: string | undefined;
    url: string | undefined;
    headers: string[];
    env: string[];
    file: string | undefined;
    mcpJson: string | undefined;
    startup: "lazy" | "launch" | undefined;
    /** `doctor --build-native`: build llama.cpp for this CPU from node-llama-cpp's bundled source. */
    buildNative: boolean;
    /** `doctor --build-vision`: build llama-server for local vision from the same source. */
    buildVision: boolean;
    /** `export`: the format, where to write, every conversation, and the parts left out. */
    format: "markdown" | "html" | "json" | "jsonl" | undefined;
    out: string | undefined;
    all: boolean;
    without: string[];
    /** `restore --merge`: bring in the backup's conversations the library lacks, replacing nothing. */
    merge: boolean;
    /** `ingest --watch`: the collection follows the folders; the command indexes their changes until stopped. */
    watch: boolean;
    /** `chat --incognito`: a conversation that recalls and remembers nothing. */
    incognito: boolean;
    /** `chat --assistant NAME`: the assistant a new conversation starts with. */
    assistant: string | undefined;
    /** `chat --project NAME`: the project a new conversation starts in. */
    project: string | undefined;
    /** `assistants add`: its instructions, icon, whether it becomes the default, its own local model's file name. */
    instructions: string | undefined;
    icon: string | undefined;
    makeDefault: boolean;
    localModel: string | undefined;
};

export class UsageError extends Error {}

const OPTIONS = {
    port: {type: "string"},
    host: {type: "string"},
    data: {type: "string"},
    model: {type: "string"},
    "draft-model": {type: "string"},
    "speech-model": {type: "string"},
    conversation: {type: "string"},
    json: {type: "boolean"},
    threads: {type: "string"},
    cpu: {type: "boolean"},
    "flash-attention": {type: "string"},
    offline: {type: "boolean"},
    "max-tokens": {type: "string"},
    temperature: {type: "string"},
    seed: {type: "string"},
    "tool-choice": {type: "string"},
    tool: {type: "string", multiple: true},
    args: {type: "string", multiple: true},
    mode: {type: "string"},
    approve: {type: "string"},
    web: {type: "boolean"},
    image: {type: "string", multiple: true},
    collection: {type: "string"},
    limit: {type: "string"},
    "embedding-model": {type: "string"},
    site: {type: "string"},
    instructed: {type: "boolean"},
    api: {type: "boolean"},
    "api-port": {type: "string"},
    "api-key": {type: "string"},
    url: {type: "string"},
    header: {type: "string", multiple: true},
    env: {type: "string", multiple: true},
    file: {type: "string"},
    "json-config": {type: "string"},
    startup: {type: "string"},
    provider: {type: "string"},
    type: {type: "string"},
    "base-url": {type: "string"},
    "remote-model": {type: "string"},
    "key-env": {type: "string"},
    "key-file": {type: "string"},
    "build-native": {type: "boolean"},
    "build-vision": {type: "boolean"},
    format: {type: "string"},
    out: {type: "string"},
    all: {type: "boolean"},
    merge: {type: "boolean"},
    watch: {type: "boolean"},
    incognito: {type: "boolean"},
    assistant: {type: "string"},
    project: {type: "string"},
    instructions: {type: "string"},
    "local-model": {type: "string"},
    icon: {type: "string"},
    default: {type: "boolean"},
    without: {type: "string"},
    help: {type: "boolean", short: "h"},
} as const;

/**
 * node's parseArgs, with its errors said in one line: "--max-tokens -5" is a value (parseArgs takes a
 * negative number for an option and refuses it), and an unknown or empty option names itself.
 */
function parseOrExplain(argv: string[]) {
    try {
        return parseArgs({
            args: withNegativeValues(argv),
            allowPositionals: true,
            strict: true,
            options: OPTIONS,
        });
    } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const option = /'(-[^' ]+)/.exec(message)?.[1] ?? "";
        const code = (error as {code?: string}).code;
        if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new UsageError(`unknown option ${option}`);
        if (/argument missing/.test(message)) throw new UsageError(`${option} needs a value`);
        if (/does not take an argument/.test(message)) throw new UsageError(`${option} takes no value`);
        throw new UsageError(message.split("\n")[0]);
    }
}

/** "--seed -5" becomes "--seed=-5" for options that take a value, up to a "--" that ends the options. */
function withNegativeValues(argv: string[]): string[] {
    const out: string[] = [];
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i]!;
        out.push(arg);
        if (arg === "--") return [...out, ...argv.slice(i + 1)];
        const name = arg.startsWith("--") ? arg.slice(2) : null;
        const next = argv[i + 1];
        if (name && takesValue(name) && next !== undefined && /^-\d|^-\.\d/.test(next)) {
            out[out.length - 1] = `${arg}=${next}`;
            i++;
        }
    }
    return out;
}

/** `--without thinking,tools,sources`: the parts an export leaves out. */
function exportParts(value: string | undefined): string[] {
    const parts = (value ?? "")
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
    const unknown = parts.filter((p) => !["thinking", "tools", "sources"].includes(p));
    if (unknown.length)
        throw new UsageError(`--without takes thinking, tools and sources, not ${unknown.join(", ")}`);
    return parts;
}

function takesValue(name: string): boolean {
    return (OPTIONS as Record<string, {type: string}>)[name]?.type === "string";
}

/** The command a command line names, even one that did not parse: its first word that is not an option. */
export function commandOf(argv: string[]): string | undefined {
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i]!;
        if (arg === "--") return undefined;
        if (!arg.startsWith("-")) return arg === "help" ? argv[i + 1] : arg;
        if (!arg.includes("=") && arg.startsWith("--") && takesValue(arg.slice(2))) i++;
    }
    return undefined;
}

export function parseCli(argv: string[]): CliArgs {
    const {values, positionals} = parseOrExplain(argv);
    const [first, ...rest] = positionals;
    // `cairn help chat` is `cairn chat --help`.
    const [command, others] = first === "help" ? [rest[0], rest.slice(1)] : [first, rest];
    return {
        command,
        help: (values.help ?? false) || first === "help",
        positionals: others,
        port: intOption("port", values.port, 0, 0, 65535) ?? 0,
        host: values.host ?? "127.0.0.1",
        data: values.data,
        model: values.model,
        draftModel: values["draft-model"],
        speechModel: values["speech-model"],
        conversation: values.conversation,
        json: values.json ?? false,
        threads: intOption("threads", values.threads, undefined, 1, 256),
        cpu: values.cpu ?? false,
        flashAttention:
            oneOf("flash-attention", values["flash-attention"], FLASH_ATTENTION_MODES) ??
            flashAttentionFromEnv(),
        offline: values.offline ?? false,
        generation: {
            maxTokens: intOption("max-tokens", values["max-tokens"], undefined, 1, 1_000_000),
            temperature: numberOption("temperature", values.temperature, 0, 5),
            seed: intOption("seed", values.seed, undefined, 0, 2 ** 31),
        },
        toolChoice: values["tool-choice"],
        preflight: preflightCalls(values.tool ?? [], values.args ?? []),
        mode: oneOf("mode", values.mode, ["ask", "plan", "agent"] as const),
        approve: oneOf("approve", values.approve, ["all", "none"] as const) === "all",
        web: values.web ?? false,
        images: values.image ?? [],
        collection: values.collection,
        limit: intOption("limit", values.limit, 5, 1, 50) ?? 5,
        embeddingModel: values["embedding-model"] ?? process.env.CAIRN_EMBEDDING_MODEL,
        site: values.site,
        instructed: values.instructed ?? false,
        api: values.api ?? false,
        apiPort: intOption("api-port", values["api-port"], undefined, 0, 65535),
        apiKey: values["api-key"],
        format: oneOf("format", values.format, ["markdown", "html", "json", "jsonl"] as const),
        out: values.out,
        all: values.all ?? false,
        merge: values.merge ?? false,
        watch: values.watch ?? false,
        incognito: values.incognito ?? false,
        assistant: values.assistant,
        project: values.project,
        instructions: values.instructions,
        icon: values.icon,
        makeDefault: values.default ?? false,
        localModel: values["local-model"],
        without: exportParts(values.without),
        url: values.url,
        headers: checkedPairs("header", values.header ?? [], ":"),
        env: checkedPairs("env", values.env ?? [], "="),
        file: values.file,
        mcpJson: values["json-config"],
        startup: oneOf("startup", values.startup, ["lazy", "launch"] as const),
        buildNative: values["build-native"] ?? false,
        buildVision: values["build-vision"] ?? false,
        provider: values.provider,
        providerType: oneOf("type", values.type, PROVIDER_TYPE_NAMES),
        baseUrl: values["base-url"],
        remoteModel: values["remote-model"],
        keyEnv: values["key-env"],
        keyFile: values["key-file"],
    };
}

function preflightCalls(tools: string[], args: string[]): PreflightCall[] {
    if (args.length > tools.length) throw new UsageError("each --args must follow a --tool NAME");
    return tools.map((name, i) => {
        const raw = args[i] ?? "{}";
        let parsed: unknown;
        try {
            parsed = JSON.parse(raw);
        } catch {
            throw new UsageError(`--args for ${name} is not valid JSON: ${raw}`);
        }
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
            throw new UsageError(`--args for ${name} must be a JSON object, got ${raw}`);
        }
        return {name, args: parsed as Record<string, unknown>};
    });
}

/** Each value must hold the separator after a non-empty key: "KEY=VALUE", "Name: value". */
function checkedPairs(name: string, values: string[], separator: string): string[] {
    for (const value of values)
        if (value.indexOf(separator) < 1)
            throw new UsageError(`--${name} must look like KEY${separator}VALUE, got "${value}"`);
    return values;
}

/** CAIRN_FLASH_ATTENTION, when set: the flash attention of every run that does not pass --flash-attention. */
function flashAttentionFromEnv(): FlashAttention | undefined {
    const raw = process.env.CAIRN_FLASH_ATTENTION;
    if (!raw) return undefined;
    if (!(FLASH_ATTENTION_MODES as readonly string[]).includes(raw)) {
        throw new UsageError(
            `CAIRN_FLASH_ATTENTION must be one of ${FLASH_ATTENTION_MODES.join(", ")}, got "${raw}"`,
        );
    }
    return raw as FlashAttention;
}

function oneOf<T extends string>(
    name: string,
    raw: string | undefined,
    allowed: readonly T[],
): T | undefined {
    if (raw === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(raw)) {
        throw new UsageError(`--${name} must be one of ${allowed.join(", ")}, got "${raw}"`);
    }
    return raw as T;
}

function intOption(
    name: string,
    raw: string | undefined,
    fallback: number | undefined,
    min: number,
    max: number,
) {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
        throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    }
    return n;
}

function numberOption(name: string, raw: string | undefined, min: number, max: number) {
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max) {
        throw new UsageError(`--${name} must be a number from ${min} to ${max}, got "${raw}"`);
    }
    return n;
}
