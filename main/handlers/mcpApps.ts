import type {McpAppResult, ToolCallRecord} from "../../shared/contract.js";
import {messageOf} from "../../shared/format.js";
import {fieldOf} from "../../shared/json.js";
import {fail, ok, type Result} from "../../shared/result.js";
import type {Handlers} from "../contract/dispatcher.js";
import {checkAppPage} from "../mcp/apps.js";
import type {AppFrames} from "../server/appFrames.js";
import type {McpManager} from "../mcp/manager.js";
import {mcpToolName} from "../mcp/tools.js";
import type {ConversationStore} from "../store/conversations.js";
import type {ToolCallStore} from "../store/toolCalls.js";
import type {Approver} from "../tools/approvals.js";
import type {ToolRegistry} from "../tools/registry.js";
import type {ToolRunner} from "../tools/runner.js";

type Deps = {
    mcp: McpManager;
    frames: AppFrames;
    toolCalls: ToolCallStore;
    conversations: ConversationStore;
    registry: ToolRegistry;
    runner: ToolRunner;
    /** The person in the window, unless the core was given another (tests). */
    approver: Approver;
};

/**
 * MCP Apps in the conversation: the page a call's result is shown by, read from its server and offered to
 * one frame; the calls the page makes, to its own server's tools only, through the one runner and the person's
 * approval, kept in the same answer's trace.
 */
export function mcpAppHandlers(deps: Deps): Pick<Handlers, "mcp.openApp" | "mcp.callFromApp"> {
    return {
        "mcp.openApp": async (req) => {
            const found = appCall(deps, req.toolCallId);
            if ("error" in found) return found.error;
            const {call, app} = found;
            const server = deps.mcp.server(app.server);
            if (typeof server === "string") return fail("NOT_FOUND", server);
            let page: {text: string; mimeType: string | null};
            try {
                page = await server.readResource(app.page);
            } catch (error) {
                return fail(
                    "VALIDATION",
                    `${app.server}'s app (${app.page}) could not be read: ${messageOf(error)}`,
                );
            }
            const checked = checkAppPage(app.page, page);
            if ("error" in checked) return fail("VALIDATION", checked.error);
            return ok({
                frame: deps.frames.offer(checked.html),
                server: app.server,
                tool: call.tool.slice(call.tool.indexOf(".") + 1),
                input: objectOf(call.args),
                result: resultOf(call),
            });
        },
        "mcp.callFromApp": async (req) => {
            const found = appCall(deps, req.toolCallId);
            if ("error" in found) return found.error;
            const {call, app} = found;
            const conversation = deps.conversations.get(call.conversationId);
            if (!conversation) return fail("NOT_FOUND", `conversation not found: ${call.conversationId}`);
            const name = mcpToolName(app.server, req.name);
            if (deps.registry.resolve(name)?.source !== `mcp:${app.server}`)
                return fail(
                    "VALIDATION",
                    `${app.server}'s app asked for ${req.name}, which is not a tool ${app.server} offers now`,
                );
            const {record, modelText} = await deps.runner.run(name, req.arguments, {
                conversationId: call.conversationId,
                messageId: call.messageId,
                step: call.step,
                origin: "client",
                mode: conversation.mode,
                webAccess: conversation.webAccess,
                signal: new AbortController().signal,
                approver: deps.approver,
                reason: () => "",
                seen: new Set(),
                askedByApp: app.server,
            });
            return ok(
                record.status === "ok"
                    ? resultOf(record)
                    : {content: [{type: "text", text: modelText}], isError: true},
            );
        },
    };
}

/** The call whose result an app shows, and which server's page; or why there is none, as a failed Result. */
function appCall(
    deps: Deps,
    toolCallId: string,
): {error: Result<never>} | {call: ToolCallRecord; app: {server: string; page: string}} {
    const call = deps.toolCalls.get(toolCallId);
    if (!call) return {error: fail("NOT_FOUND", `no tool call with id ${toolCallId}`)};
    const app = fieldOf(call.resultData, "app");
    const server = fieldOf(app, "server");
    const page = fieldOf(app, "page");
    if (typeof server !== "string" || typeof page !== "string")
        return {error: fail("VALIDATION", `${call.tool}'s result is not shown by an app`)};
    return {call, app: {server, page}};
}

/** A finished call as the app reads it (MCP's CallToolResult): the text kept, its structured content. */
function resultOf(call: ToolCallRecord): McpAppResult {
    const structured = fieldOf(call.resultData, "structured");
    const failed = call.status !== "ok";
    return {
        content: [{type: "text", text: (failed ? call.error : call.resultText) ?? ""}],
        ...(isObject(structured) ? {structuredContent: structured} : {}),
        ...(failed ? {isError: true} : {}),
    };
}

function objectOf(value: unknown): Record<string, unknown> {
    return isObject(value) ? value : {};
}

function isObject(value: unknown): value is Record<string, unknown> {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}
