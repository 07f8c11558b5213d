import {Server} from "@modelcontextprotocol/sdk/server/index.js";
import type {Transport} from "@modelcontextprotocol/sdk/shared/transport.js";
import {
    CallToolRequestSchema,
    ListToolsRequestSchema,
    type CallToolResult,
    type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import {APP_VERSION} from "../version.js";
import {validationSchema, type ToolDefinition} from "../tools/defineTool.js";
import type {ToolRegistry} from "../tools/registry.js";
import {fixedApprover} from "../tools/approvals.js";
import type {ToolRunner} from "../tools/runner.js";

/** The tools Cairn offers other MCP clients: the user's local documents, read-only and offline. */
export const SERVED_TOOLS = ["rag_search", "list_collections"] as const;

/**
 * Cairn as an MCP server (`cairn mcp`): its calls run through the app's one tool runner (the same definitions,
 * validation, policies and time limits), so another assistant searches the same collections offline. Nothing it
 * is asked can write.
 */
export type ServedDeps = {registry: Pick<ToolRegistry, "resolve">; runner: Pick<ToolRunner, "run">};

export async function serveMcp(deps: ServedDeps, transport: Transport) {
    const tools = SERVED_TOOLS.map((name) => deps.registry.resolve(name)).filter(
        (t): t is ToolDefinition => t !== null,
    );
    const server = new Server(
        {name: "cairn", title: "Cairn: local documents", version: APP_VERSION},
        {capabilities: {tools: {}}},
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({tools: tools.map(listed)}));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
        const tool = tools.find((t) => t.name === request.params.name);
        if (!tool)
            return errorResult(
                `unknown tool ${request.params.name}: Cairn serves ${SERVED_TOOLS.join(", ")}`,
            );
        return run(deps.runner, tool.name, request.params.arguments ?? {}, extra.signal);
    });
    await server.connect(transport);
    return server;
}

function listed(tool: ToolDefinition): Tool {
    return {
        name: tool.name,
        description: tool.description,
        inputSchema: validationSchema(tool) as Tool["inputSchema"],
        annotations: {readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true},
    };
}

/**
 * One call, through the one tool runner (validation, policy, time limit), as a call of no conversation: not
 * stored or shown, read-only ("ask" mode), with nobody to approve anything.
 */
async function run(
    runner: Pick<ToolRunner, "run">,
    name: string,
    args: unknown,
    signal: AbortSignal,
): Promise<CallToolResult> {
    const {record, modelText} = await runner.run(name, args, {
        conversationId: "",
        messageId: "",
        step: 0,
        origin: "client",
        mode: "ask",
        webAccess: false,
        signal,
        approver: fixedApprover(false),
        reason: () => "",
        seen: new Set(),
        interactive: false,
        recorded: false,
    });
    if (record.status !== "ok") return errorResult(modelText);
    const data = record.resultData;
    const structured =
        data && typeof data === "object" && !Array.isArray(data)
            ? {structuredContent: data as Record<string, unknown>}
            : {};
    return {content: [{type: "text", text: modelText}], ...structured};
}

function errorResult(text: string): CallToolResult {
    return {content: [{type: "text", text}], isError: true};
}
