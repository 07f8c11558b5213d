import type {PreflightCall} from "../../shared/contract.js";

/** Slash commands: a tool call the client asks for before the model answers. */
const COMMANDS: Record<string, {tool: string; prompt: string}> = {
    stats: {tool: "system_stats", prompt: "Summarize this computer's current state from the system stats."},
};

export type Parsed = {text: string; preflight?: PreflightCall[]} | {error: string};

export function parseSlash(input: string): Parsed {
    const match = /^\/([a-z_]+)\b\s*([\s\S]*)$/.exec(input.trim());
    if (!match) return {text: input};
    const command = COMMANDS[match[1]!];
    if (!command) {
        const known = Object.keys(COMMANDS)
            .map((c) => `/${c}`)
            .join(", ");
        return {error: `unknown command /${match[1]}; available: ${known}`};
    }
    const rest = match[2]!.trim();
    return {text: rest || command.prompt, preflight: [{name: command.tool, args: {}}]};
}
