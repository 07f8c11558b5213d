import {fieldOf} from "./json.js";
import type {ToolCallRecord} from "./contract.js";

/** Who ran a call the provider ran itself (a cloud model's own web search: `resultData.ranBy`), else null. */
export function ranBy(call: ToolCallRecord): string | null {
    const data = call.resultData as {ranBy?: unknown} | null;
    return typeof data?.ranBy === "string" ? data.ranBy : null;
}

/** Which MCP server's app page shows a call's result (`resultData.app`, see main/mcp/apps.ts), if any. */
export function appOf(call: ToolCallRecord): {server: string; page: string} | null {
    if (call.status !== "ok") return null;
    const app = fieldOf(call.resultData, "app");
    const server = fieldOf(app, "server");
    const page = fieldOf(app, "page");
    return typeof server === "string" && typeof page === "string" ? {server, page} : null;
}

/** The MCP server whose app asked for a call (a button in its page), not the model; else null. */
export function askedByApp(call: ToolCallRecord): string | null {
    const server = fieldOf(call.resultData, "askedByApp");
    return typeof server === "string" ? server : null;
}
