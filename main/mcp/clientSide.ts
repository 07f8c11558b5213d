import {pathToFileURL} from "node:url";
import type {
    CreateMessageRequest,
    CreateMessageResult,
    ElicitRequest,
    ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import type {ChatHistoryItem} from "node-llama-cpp";
import type {GenerationSettings} from "../../shared/contract.js";
import type {StepEngine} from "../llm/engine/engine.js";
import {mcpError} from "./sdk.js";
import type {McpAsks} from "./asks.js";
import type {ClientSide} from "./serverRequests.js";

type Deps = {
    asks: McpAsks;
    /** The embedded model: it writes what a server samples, under the chat's limits. */
    engine: StepEngine & {status(): {modelName: string | null}};
    generation: () => GenerationSettings;
    /** The folder file tools work in, which servers may know of as their root. */
    workspace: () => string;
};

/**
 * Cairn as an MCP client to its servers: the workspace folder as the one root; a form a server asks for
 * goes to the person (declined where nobody can answer); a reply a server wants written is shown to the
 * person first (the server, the messages, the token limit), then written by the local model under the same
 * limits as a chat answer.
 */
export function clientSide({asks, engine, generation, workspace}: Deps): ClientSide {
    return {
        roots: () => [{uri: pathToFileURL(workspace()).href, name: "Workspace"}],
        elicit: async (server, params, signal, interactive) => {
            if (params.mode === "url") return openPage(asks, server, params, signal, interactive);
            const answer = await asks.ask(
                {kind: "elicitation", server, message: params.message, schema: params.requestedSchema},
                signal,
                interactive,
            );
            return answer.action === "accept"
                ? {action: "accept", content: answer.content ?? {}}
                : {action: answer.action};
        },
        sample: async (server, params, signal, interactive) => {
            const limit = generation().maxTokens;
            const maxTokens = Math.min(params.maxTokens, limit);
            const messages = params.messages.map((m) => ({role: m.role, text: textOf(m.content)}));
            const answer = await asks.ask(
                {kind: "sampling", server, messages, systemPrompt: params.systemPrompt ?? null, maxTokens},
                signal,
                interactive,
            );
            if (answer.action !== "accept")
                throw mcpError("InvalidRequest", "the person declined to let the model write this");
            return write(engine, params, maxTokens, signal);
        },
    };
}

/**
 * A page the server wants opened (URL elicitation): shown to the person with its host; "accept" means they
 * opened it in their browser, where the rest happens between them and the server. Only web addresses.
 */
async function openPage(
    asks: McpAsks,
    server: string,
    params: Extract<ElicitRequest["params"], {mode: "url"}>,
    signal: AbortSignal,
    interactive: boolean,
): Promise<ElicitResult> {
    let url: URL;
    try {
        url = new URL(params.url);
    } catch {
        return {action: "decline"};
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return {action: "decline"};
    const answer = await asks.ask(
        {kind: "url", server, message: params.message, url: url.href, host: url.host},
        signal,
        interactive,
    );
    return {action: answer.action};
}

async function write(
    engine: Deps["engine"],
    params: CreateMessageRequest["params"],
    maxTokens: number,
    signal: AbortSignal,
): Promise<CreateMessageResult> {
    const history: ChatHistoryItem[] = [
        ...(params.systemPrompt ? [{type: "system", text: params.systemPrompt} as const] : []),
        ...params.messages.map((m): ChatHistoryItem =>
            m.role === "user"
                ? {type: "user", text: textOf(m.content)}
                : {type: "model", response: [textOf(m.content)]},
        ),
        {type: "model", response: []},
    ];
    const result = await engine.step({
        history,
        signal,
        maxTokens,
        onText: () => {},
        ...(params.temperature !== undefined ? {sampling: {temperature: params.temperature}} : {}),
        ...(params.stopSequences?.length ? {stop: params.stopSequences} : {}),
    });
    if (!result.ok) throw mcpError("InternalError", result.error.message);
    return {
        role: "assistant",
        content: {type: "text", text: result.value.text},
        model: engine.status().modelName ?? "local model",
        stopReason: result.value.finish === "length" ? "maxTokens" : "endTurn",
    };
}

/** A sampling message's text; images and audio are named (the local model cannot see them). */
function textOf(content: CreateMessageRequest["params"]["messages"][number]["content"]): string {
    const parts = Array.isArray(content) ? content : [content];
    return parts.map((c) => (c.type === "text" ? c.text : `[${c.type}]`)).join("\n");
}
