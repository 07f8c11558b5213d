import {parseArgs} from "node:util";
import {FLASH_ATTENTION_MODES} from "../../shared/choices.js";
import type {FlashAttention, PreflightCall, ToolMode} from "../../shared/contract.js";
import type {GenerationOptions} from "../chat/chatService.js";
import {codeOf, messageOf} from "../../shared/format.js";

const PROVIDER_TYPE_NAMES = ["openai-compatible", "openai", "gemini", "anthropic"] as const;

export type CliArgs = {
    command: string | undefined;
    /** --help, -h or `cairn help [COMMAND]`: print the usage instead. */
    help: boolean;
    positionals: string[];
    port: number;
    /** Whether --port was given (`cairn mcp --port N` serves over HTTP; 0 there is any free port). */
    portGiven: boolean;
    /** `mcp add --url --client-id [--client-secret]`: credentials the server's owner gave (pre-registration). */
    clientId: string | undefined;
    clientSecret: string | undefined;
    /** `mcp add --url --client-metadata-url URL`: Cairn's client metadata document, used as its client ID. */
    clientMetadataUrl: string | undefined;
    /** `mcp add --file x.mcpb --config KEY=VALUE`: a bundle's settings (repeatable). */
    config: string[];
    /**
     * `--elicit`: how a one-off command answers an MCP server's form: asked on the terminal, declined, or with the
     * form's defaults; undefined: asked where stdin is a terminal, else declined.
     */
    elicit: "ask" | "decline" | "defaults" | undefined;
    /** `mcp --port --token`: the token clients must send (else one made for the run). */
    token: string | undefined;
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
    /** `models probe --quick`: the tool-use test's quick look (≤ 30 cases). */
    quick: boolean;
    /** `launch --print`: the agent's settings as shell lines, instead of running it. */
    print: boolean;
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
    /** `automations add`: the schedule and the budget, as typed (automations.ts reads them). */
    automation: AutomationFlags;
    /** `research`: the run to go on with (its answer's id), and its budget. */
    research: {
        resume: string | undefined;
        steps: number | undefined;
        minutes: number | undefined;
        /** The plan's questions as the person writes them (--question, repeatable), instead of the model's. */
        questions: string[];
    };
};

/** `automations add`'s flags: --every 2h, --at 09:00, --cron "0 9 * * 1-5", --in 5m; the budget; the name. */
export type AutomationFlags = {
    name: string | undefined;
    every: string | undefined;
    at: string | undefined;
    cron: string | undefined;
    in: string | undefined;
    tz: string | undefined;
    steps: number | undefined;
    minutes: number | undefined;
    network: "none" | "providers" | "web" | undefined;
    missed: "skip" | "once" | undefined;
    approvalMinutes: number | undefined;
    /** --research: the prompt is a research question, researched at each run. */
    research: boolean;
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
    quick: {type: "boolean"},
    print: {type: "boolean"},
    token: {type: "string"},
    elicit: {type: "string"},
    "client-id": {type: "string"},
    config: {type: "string", multiple: true},
    "client-secret": {type: "string"},
    "client-metadata-url": {type: "string"},
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
    name: {type: "string"},
    every: {type: "string"},
    at: {type: "string"},
    cron: {type: "string"},
    in: {type: "string"},
    tz: {type: "string"},
    steps: {type: "string"},
    minutes: {type: "string"},
    network: {type: "string"},
    missed: {type: "string"},
    "approval-minutes": {type: "string"},
    research: {type: "boolean"},
    resume: {type: "string"},
    question: {type: "string", multiple: true},
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
        const message = messageOf(error);
        const option = /'(-[^' ]+)/.exec(message)?.[1] ?? "";
        const code = codeOf(error);
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
    return Object.entries(OPTIONS).some(([option, {type}]) => option === name && type === "string");
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
        portGiven: values.port !== undefined,
        token: values.token,
        clientId: values["client-id"],
        config: keyValues("config", values.config ?? []),
        clientSecret: values["client-secret"],
        clientMetadataUrl: values["client-metadata-url"],
        elicit: oneOf("elicit", values.elicit, ["ask", "decline", "defaults"] as const),
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
        quick: values.quick ?? false,
        print: values.print ?? false,
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
        research: {
            resume: values.resume,
            questions: values.question ?? [],
            steps: command === "research" ? intOption("steps", values.steps, undefined, 1, 200) : undefined,
            minutes:
                command === "research" ? intOption("minutes", values.minutes, undefined, 1, 240) : undefined,
        },
        automation: {
            name: values.name,
            every: values.every,
            at: values.at,
            cron: values.cron,
            in: values.in,
            tz: values.tz,
            steps: command === "research" ? undefined : intOption("steps", values.steps, undefined, 1, 50),
            minutes:
                command === "research"
                    ? undefined
                    : intOption("minutes", values.minutes, undefined, 1, 24 * 60),
            network: oneOf("network", values.network, ["none", "providers", "web"] as const),
            missed: oneOf("missed", values.missed, ["skip", "once"] as const),
            research: values.research ?? false,
            approvalMinutes: intOption(
                "approval-minutes",
                values["approval-minutes"],
                undefined,
                1,
                7 * 24 * 60,
            ),
        },
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
        return {name, args: {...parsed}};
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
    const mode = FLASH_ATTENTION_MODES.find((m) => m === raw);
    if (mode === undefined)
        throw new UsageError(
            `CAIRN_FLASH_ATTENTION must be one of ${FLASH_ATTENTION_MODES.join(", ")}, got "${raw}"`,
        );
    return mode;
}

function oneOf<T extends string>(
    name: string,
    raw: string | undefined,
    allowed: readonly T[],
): T | undefined {
    if (raw === undefined) return undefined;
    const value = allowed.find((a) => a === raw);
    if (value === undefined)
        throw new UsageError(`--${name} must be one of ${allowed.join(", ")}, got "${raw}"`);
    return value;
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

/** `--config KEY=VALUE` pairs, each checked to have its "=". */
function keyValues(option: string, pairs: string[]): string[] {
    const bad = pairs.find((pair) => !/^[^=]+=/.test(pair));
    if (bad !== undefined) throw new UsageError(`--${option} takes KEY=VALUE, not ${JSON.stringify(bad)}`);
    return pairs;
}
