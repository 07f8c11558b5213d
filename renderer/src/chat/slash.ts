import type {CairnApi, PreflightCall} from "../../../shared/contract.js";

/** Slash commands: a tool call the client asks for before the model answers. */
type Command = {
    tool: string;
    prompt: string;
    args?: (rest: string) => Record<string, unknown> | string;
    /** The whole text after the command is the argument (a query), so the default prompt is used. */
    wholeRestIsArgument?: boolean;
};

const COMMANDS: Record<string, Command> = {
    stats: {tool: "system_stats", prompt: "Summarize this computer's current state from the system stats."},
    search: {
        tool: "web_search",
        prompt: "Answer from these search results, citing them as [n].",
        args: (rest) => (rest ? {query: rest} : "usage: /search <query>"),
        wholeRestIsArgument: true,
    },
    docs: {
        tool: "rag_search",
        prompt: "Answer from these passages of my documents, citing them as [n].",
        args: (rest) => (rest ? {query: rest} : "usage: /docs <query>"),
        wholeRestIsArgument: true,
    },
    fetch: {
        tool: "web_fetch",
        prompt: "Summarize this page.",
        args: (rest) => {
            const url = rest.split(/\s+/)[0] ?? "";
            return url ? {url} : "usage: /fetch <url> [question]";
        },
    },
};

/** An MCP server's prompt, asked for by /<server>.<prompt> name=value ... [more text]. */
export type PromptRequest = {server: string; name: string; args: Record<string, string>; rest: string};

/**
 * text: what was typed, shown and stored; prompt: what the model is asked, when a command adds to it;
 * mcpPrompt: an MCP prompt to fetch first (its text becomes the prompt).
 */
export type Parsed =
    | {text: string; prompt?: string; preflight?: PreflightCall[]; plan?: true; research?: true}
    | {text: string; mcpPrompt: PromptRequest}
    | {error: string};

export function parseSlash(input: string): Parsed {
    const mcp = /^\/([\w.-]+)\.([\w-]+)(?:\s+([\s\S]*))?$/.exec(input.trim());
    if (mcp) return {text: input.trim(), mcpPrompt: promptRequest(mcp[1]!, mcp[2]!, mcp[3] ?? "")};
    const match = /^\/([a-z_]+)\b\s*([\s\S]*)$/.exec(input.trim());
    if (!match) return {text: input};
    // /plan <task>: a plan to read and edit first, in any mode (in agent mode it may change things).
    if (match[1] === "plan") {
        const task = match[2]!.trim();
        return task ? {text: input.trim(), prompt: task, plan: true} : {error: "usage: /plan <what to do>"};
    }
    // /research <question>: a research run (its plan first), on the web when the conversation may use it.
    if (match[1] === "research") {
        const question = match[2]!.trim();
        return question ? {text: question, research: true} : {error: "usage: /research <question>"};
    }
    const command = COMMANDS[match[1]!];
    if (!command) {
        const known = [...Object.keys(COMMANDS), "plan", "research"].map((c) => `/${c}`).join(", ");
        return {error: `unknown command /${match[1]}; available: ${known}`};
    }
    const rest = match[2]!.trim();
    const args = command.args ? command.args(rest) : {};
    if (typeof args === "string") return {error: args};
    // A query is also the question: the model gets it with the command's instruction.
    const prompt = command.wholeRestIsArgument
        ? `${rest}\n\n${command.prompt}`
        : (command.args ? rest.split(/\s+/).slice(1).join(" ") : rest) || command.prompt;
    return {text: input.trim(), prompt, preflight: [{name: command.tool, args}]};
}

/** name=value pairs (values may be quoted) first; whatever follows them is added after the prompt. */
function promptRequest(server: string, name: string, text: string): PromptRequest {
    const args: Record<string, string> = {};
    let rest = text.trim();
    for (;;) {
        const pair = /^([\w-]+)=(?:"((?:[^"\\]|\\.)*)"|(\S*))\s*/.exec(rest);
        if (!pair) break;
        args[pair[1]!] = pair[2] !== undefined ? pair[2].replace(/\\(.)/g, "$1") : pair[3]!;
        rest = rest.slice(pair[0].length);
    }
    return {server, name, args, rest};
}

/** An MCP prompt command becomes the prompt's text (and what was typed after its arguments). */
export async function expandPrompt(
    api: CairnApi,
    parsed: Parsed,
): Promise<Exclude<Parsed, {mcpPrompt: unknown}>> {
    if (!("mcpPrompt" in parsed)) return parsed;
    const {server, name, args, rest} = parsed.mcpPrompt;
    const res = await api.invoke("mcp.getPrompt", {server, name, args});
    if (!res.ok) return {error: res.error.message};
    return {text: parsed.text, prompt: rest ? `${res.value.text}\n\n${rest}` : res.value.text};
}
