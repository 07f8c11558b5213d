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
import {workspaceOf} from "../tools/runner.js";

/** The tools Cairn offers other MCP clients: the user's local documents, read-only and offline. */
export const SERVED_TOOLS = ["rag_search", "list_collections"] as const;

/**
 * Cairn as an MCP server (`cairn mcp`): the same tool definitions, validation and time limits as in the
 * app, so another assistant searches the same collections offline. Nothing it is asked can write.
 */
export async function serveMcp(deps: {registry: ToolRegistry; dataDir: string}, transport: Transport) {
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
        const checked = deps.registry.validate(tool.name, request.params.arguments ?? {});
        if (!checked.ok) return errorResult(checked.message);
        return run(tool, checked.args, deps, extra.signal);
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

async function run(
    tool: ToolDefinition,
    args: Record<string, unknown>,
    deps: {registry: ToolRegistry; dataDir: string},
    signal: AbortSignal,
): Promise<CallToolResult> {
    const timeoutMs = deps.registry.timeoutMs(tool);
    const limit = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
    try {
        const output = await tool.run(args, {
            signal: limit,
            conversationId: "",
            dataDir: deps.dataDir,
            options: deps.registry.options(tool),
            workspace: workspaceOf(deps.registry.options(tool), deps.dataDir),
        });
        if (output.error) return errorResult(output.error);
        const structured =
            output.data && typeof output.data === "object" && !Array.isArray(output.data)
                ? {structuredContent: output.data as Record<string, unknown>}
                : {};
        return {content: [{type: "text", text: output.text}], ...structured};
    } catch (error) {
        if (limit.aborted && !signal.aborted) return errorResult(`timed out after ${timeoutMs / 1000} s`);
        return errorResult(`${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
}

function errorResult(text: string): CallToolResult {
    return {content: [{type: "text", text}], isError: true};
}
