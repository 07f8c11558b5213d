import {fail, ok} from "../../shared/result.js";
import {failSaying} from "../words.js";
import type {SettingsStore} from "../store/settings.js";
import type {ToolCallStore} from "../store/toolCalls.js";
import type {WebPageStore} from "../store/webPages.js";
import type {ApprovalBroker} from "../tools/approvals.js";
import type {ToolRegistry} from "../tools/registry.js";
import {toolBudget} from "../tools/budget.js";
import type {ToolChooser} from "../tools/selection.js";
import type {Engine} from "../llm/engine/engine.js";
import type {ConversationStore} from "../store/conversations.js";
import type {FileVersions} from "../tools/workspace.js";
import type {ToolRunner} from "../tools/runner.js";
import type {ToolTelemetry} from "../store/toolTelemetry.js";
import type {EventBus} from "../events.js";
import type {HandlerSlice} from "../contract/dispatcher.js";

type Deps = {
    tools: ToolRegistry;
    engine: Engine;
    conversations: ConversationStore;
    versions: FileVersions;
    runner: ToolRunner;
    telemetry: ToolTelemetry;
    bus: EventBus;
    approvals: ApprovalBroker;
    toolCalls: ToolCallStore;
    settings: SettingsStore;
    webPages: WebPageStore;
    chooser: ToolChooser;
};

/** The tool list and policies, approvals, grants, and the archive of pages the tools read. */
export function toolHandlers(deps: Deps): HandlerSlice<"tools." | "grants." | "archive."> {
    const {tools, approvals, toolCalls, settings, webPages} = deps;
    return {
        "tools.list": () => ok(tools.list()),
        "tools.budget": async (req) => {
            const conversation = deps.conversations.get(req.conversationId);
            if (!conversation)
                return failSaying("NOT_FOUND", "conversationNotFound", {id: req.conversationId});
            // MCP servers that start on first use start now, so that their tools are listed.
            await tools.prepare();
            return ok(toolBudget(tools, deps.engine, conversation, deps.chooser));
        },
        "tools.listPending": () => ok(approvals.list()),
        "tools.decide": (req) => approvals.decide(req.approvalId, req.decision, req.args),
        "tools.setPolicy": (req) => {
            const tool = tools.resolve(req.tool);
            if (!tool) return failSaying("NOT_FOUND", "unknownTool", {tool: req.tool});
            const {[tool.name]: _previous, ...others} = settings.get("toolPolicies") ?? {};
            const next = req.policy ? {...others, [tool.name]: req.policy} : others;
            settings.set("toolPolicies", next);
            tools.setPolicyOverrides(next);
            return ok(tools.list());
        },
        "tools.setPinned": (req) => {
            const tool = tools.resolve(req.tool);
            if (!tool) return failSaying("NOT_FOUND", "unknownTool", {tool: req.tool});
            const others = (settings.get("pinnedTools") ?? []).filter((name) => name !== tool.name);
            const next = req.pinned ? [...others, tool.name] : others;
            settings.set("pinnedTools", next);
            tools.setPinned(next);
            return ok(tools.list());
        },
        "tools.usage": () => ok(deps.telemetry.usage()),
        "tools.preview": async (req) => {
            const request = approvals.list().find((r) => r.approvalId === req.approvalId);
            if (!request) return failSaying("NOT_FOUND", "approvalGone", {id: req.approvalId});
            const preview = await deps.runner.previewFor(request.tool, request.conversationId, req.args);
            return typeof preview === "string" ? fail("VALIDATION", preview) : ok(preview);
        },
        "tools.undo": async (req) => {
            const call = toolCalls.get(req.toolCallId);
            if (!call) return failSaying("NOT_FOUND", "noToolCall", {id: req.toolCallId});
            const undone = await deps.versions.undo(call.id);
            if (!undone.ok) return fail("DENIED", undone.message);
            // The trace shows the write as undone from now on.
            const updated = {...call, resultData: {...(call.resultData as object), undo: "undone"}};
            toolCalls.save(updated);
            deps.bus.emit({type: "tool.result", correlationId: updated.id, call: updated});
            return ok(updated);
        },
        "grants.list": () => ok(toolCalls.grants()),
        "grants.revoke": (req) => ok({revoked: toolCalls.revoke(req.tool, req.conversationId)}),
        "archive.get": (req) => {
            const page = webPages.get(req.id);
            return page ? ok(page) : failSaying("NOT_FOUND", "noArchivedPage", {id: req.id});
        },
    };
}
