import {fail, ok} from "../../shared/result.js";
import type {McpManager} from "../mcp/manager.js";
import type {HandlerSlice} from "./slice.js";

/** The MCP servers of <data>/mcp.json: list, add from pasted JSON, remove, enable or disable, restart. */
export function mcpHandlers(mcp: McpManager): HandlerSlice<"mcp."> {
    const answer = async (outcome: Promise<{ok: true} | {ok: false; message: string}>) => {
        const done = await outcome;
        return done.ok ? ok(mcp.status()) : fail("VALIDATION", done.message);
    };
    return {
        "mcp.list": () => ok(mcp.status()),
        "mcp.add": (req) => answer(mcp.add(req.json)),
        "mcp.remove": (req) => answer(mcp.remove(req.name)),
        "mcp.setEnabled": (req) => answer(mcp.setEnabled(req.name, req.enabled)),
        "mcp.restart": (req) => answer(mcp.restart(req.name)),
    };
}
