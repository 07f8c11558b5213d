// `cairn launch claude|codex|opencode`: a coding agent run on the local model, through Cairn's API (Anthropic's
// Messages API for Claude Code, the Responses API for Codex, chat completions for opencode).
import {spawn} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {newApiKey} from "../api/key.js";
import {modelId} from "../api/replies.js";
import {DEFAULT_API_PORT} from "../api/service.js";
import type {Core} from "../core.js";
import {UsageError, type CliArgs} from "./args.js";
import {shellWord} from "./shell.js";

export const AGENTS = ["claude", "codex", "opencode"] as const;
export type Agent = (typeof AGENTS)[number];

/** Where the agent finds Cairn: the API's address (…/v1), its key, the model's id and, when known, its context. */
export type Endpoint = {url: string; key: string; model: string; contextSize?: number};

/** What each agent is and how to get it, for the words that say it is missing. */
const ABOUT: Record<Agent, {name: string; install: string; speaks: string}> = {
    claude: {
        name: "Claude Code",
        install: "npm install -g @anthropic-ai/claude-code",
        speaks: "Anthropic's Messages API",
    },
    codex: {name: "Codex", install: "npm install -g @openai/codex", speaks: "the Responses API"},
    opencode: {name: "opencode", install: "npm install -g opencode-ai", speaks: "chat completions"},
};

/** The environment an agent needs to use Cairn, and the arguments that go before the user's own. */
export function agentSetup(
    agent: Agent,
    {url, key, model, contextSize}: Endpoint,
): {env: Record<string, string>; args: string[]} {
    if (agent === "claude")
        return {
            env: {
                ANTHROPIC_BASE_URL: url.replace(/\/v1$/, ""),
                // Sent as Bearer, which Cairn takes; an API key would make Claude Code ask to confirm it.
                ANTHROPIC_AUTH_TOKEN: key,
                ANTHROPIC_MODEL: model,
                ANTHROPIC_DEFAULT_OPUS_MODEL: model,
                ANTHROPIC_DEFAULT_SONNET_MODEL: model,
                ANTHROPIC_DEFAULT_HAIKU_MODEL: model,
                CLAUDE_CODE_SUBAGENT_MODEL: model,
                // Offline first: no telemetry, error reports or update checks.
                CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
            },
            args: [],
        };
    if (agent === "codex")
        return {
            env: {CAIRN_API_KEY: key},
            args: [
                ...["-c", "model_provider=cairn"],
                ...["-c", 'model_providers.cairn.name="Cairn"'],
                ...["-c", `model_providers.cairn.base_url=${JSON.stringify(url)}`],
                ...["-c", 'model_providers.cairn.env_key="CAIRN_API_KEY"'],
                ...["-c", 'model_providers.cairn.wire_api="responses"'],
                // Codex compacts the conversation before it outgrows the window it is told of.
                ...(contextSize ? ["-c", `model_context_window=${contextSize}`] : []),
                ...["-m", model],
            ],
        };
    const config = {
        $schema: "https://opencode.ai/config.json",
        provider: {
            cairn: {
                npm: "@ai-sdk/openai-compatible",
                name: "Cairn",
                options: {baseURL: url, apiKey: key},
                models: {[model]: {name: model}},
            },
        },
        model: `cairn/${model}`,
    };
    return {env: {OPENCODE_CONFIG_CONTENT: JSON.stringify(config)}, args: []};
}

/** The setup as shell lines: `export` lines, then the command as a comment (`eval` sets the environment only). */
export function shellLines(agent: Agent, setup: {env: Record<string, string>; args: string[]}): string {
    const exports = Object.entries(setup.env).map(([name, value]) => `export ${name}=${shellWord(value)}`);
    const command = [agent, ...setup.args].map((arg, i) => (i === 0 ? arg : shellWord(arg))).join(" ");
    return `${exports.join("\n")}\n# then run: ${command}\n`;
}

/** The agent's program on PATH, or null. */
export function findOnPath(program: string, pathVariable = process.env.PATH ?? ""): string | null {
    for (const dir of pathVariable.split(path.delimiter).filter(Boolean)) {
        const candidate = path.join(dir, program);
        try {
            fs.accessSync(candidate, fs.constants.X_OK);
            if (fs.statSync(candidate).isFile()) return candidate;
        } catch {
            // not here
        }
    }
    return null;
}

export function agentOf(args: CliArgs): Agent {
    const named = args.positionals[0];
    if (!named) throw new UsageError(`name the agent to launch: ${AGENTS.join(", ")}`);
    const agent = AGENTS.find((a) => a === named);
    if (!agent) throw new UsageError(`cairn launch runs ${AGENTS.join(", ")}, not "${named}"`);
    return agent;
}

type Out = {write: (text: string) => void; note: (text: string) => void; fail: (message: string) => number};

/**
 * `--print`: the setup for the API as Settings has it (the app's, or `cairn serve`'s), for another shell.
 * Otherwise the agent runs here: on the API already answering at Settings' address, or on one started for
 * this run (the model loaded, a key made for the run), which stops when the agent exits.
 */
export async function launchCommand(core: Core, args: CliArgs, out: Out): Promise<number> {
    const agent = agentOf(args);
    const about = ABOUT[agent];
    const program = findOnPath(agent);
    if (!args.print && !program)
        return out.fail(
            `${about.name} (${agent}) is not installed here: install it with \`${about.install}\`, or print its settings for another shell with \`cairn launch ${agent} --print\``,
        );
    const saved = savedEndpoint(core, args.model);
    const answering = saved ? await answers(saved) : false;
    if (args.print) {
        if (!saved)
            return out.fail(
                "no model is chosen: choose one on the Models screen (or with --model PATH) first",
            );
        if (!answering)
            out.note(
                `nothing answers at ${saved.url} yet: turn the API on in Settings → Local API server, or run \`cairn serve --api\``,
            );
        out.write(shellLines(agent, agentSetup(agent, saved)));
        return 0;
    }
    const endpoint = answering && saved ? saved : await startForRun(core, args);
    if (typeof endpoint === "string") return out.fail(endpoint);
    out.note(`${about.name} runs on ${endpoint.model} through ${about.speaks} at ${endpoint.url}`);
    const setup = agentSetup(agent, endpoint);
    return await run(program!, [...setup.args, ...args.positionals.slice(1)], setup.env);
}

/** The API as Settings has it: its address, key and model (--model, else the chosen one); null for none. */
function savedEndpoint(core: Core, model: string | undefined): Endpoint | null {
    const file = model ?? core.settings.get("modelPath");
    if (!file) return null;
    const port = core.settings.get("apiPort") ?? DEFAULT_API_PORT;
    return {url: `http://127.0.0.1:${port}/v1`, key: core.api.status().key, model: modelId(file)};
}

/** Whether Cairn's API answers at the endpoint with its key (a second is enough on this computer). */
async function answers(endpoint: Endpoint): Promise<boolean> {
    try {
        const res = await fetch(`${endpoint.url}/models`, {
            headers: {authorization: `Bearer ${endpoint.key}`},
            signal: AbortSignal.timeout(1000),
        });
        return res.ok;
    } catch {
        return false;
    }
}

/** Loads the model and starts the API for this run (any free port unless --api-port); words if it cannot. */
async function startForRun(core: Core, args: CliArgs): Promise<Endpoint | string> {
    await core.loadConfiguredModel();
    const status = core.engine.status();
    if (status.state === "error") return status.message ?? "the model could not be loaded";
    if (!status.modelPath) return "no model is chosen: pass --model PATH, or choose one on the Models screen";
    const key = args.apiKey ?? newApiKey();
    const api = await core.api.startForRun({port: args.apiPort ?? 0, key});
    return {
        url: api.url,
        key,
        model: modelId(status.modelPath),
        ...(status.contextSize ? {contextSize: status.contextSize} : {}),
    };
}

/** Runs the agent in this terminal; Ctrl-C is the agent's to handle. Its exit code is the command's. */
function run(program: string, argv: string[], env: Record<string, string>): Promise<number> {
    const ignore = () => {};
    process.on("SIGINT", ignore);
    return new Promise<number>((resolve) => {
        const child = spawn(program, argv, {stdio: "inherit", env: {...process.env, ...env}});
        child.once("error", () => resolve(1));
        child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    }).finally(() => process.off("SIGINT", ignore));
}
