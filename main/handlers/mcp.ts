import fs from "node:fs";
import path from "node:path";
import {fail, ok} from "../../shared/result.js";
import type {DocumentService} from "../docs/service.js";
import type {McpAsks} from "../mcp/asks.js";
import type {McpManager} from "../mcp/manager.js";
import type {BundleUploads} from "../mcp/bundleUploads.js";
import {attempt} from "./attempt.js";
import {failWith} from "../words.js";
import type {ConversationStore} from "../store/conversations.js";
import type {HandlerSlice} from "../contract/dispatcher.js";
import {messageOf} from "../../shared/format.js";

type Deps = {
    docs: DocumentService;
    conversations: ConversationStore;
    dataDir: string;
    asks: McpAsks;
    bundles: BundleUploads;
};

/**
 * The MCP servers of <data>/mcp.json: list, add from pasted JSON, remove, enable or disable, restart; their
 * prompts (slash commands) and resources (attached to a conversation as documents).
 */
export function mcpHandlers(
    mcp: McpManager,
    deps: Deps,
): Omit<HandlerSlice<"mcp.">, "mcp.openApp" | "mcp.callFromApp"> {
    const answer = async (outcome: Promise<{ok: true} | {ok: false; message: string}>) => {
        const done = await outcome;
        return done.ok ? ok(mcp.status()) : fail("VALIDATION", done.message);
    };
    return {
        "mcp.list": () => ok(mcp.status()),
        "mcp.listAsks": () => ok(deps.asks.list()),
        "mcp.answer": (req) =>
            deps.asks.answer(req.askId, {
                action: req.action,
                ...(req.content ? {content: req.content} : {}),
            }),
        "mcp.add": (req) => answer(mcp.add(req.json)),
        ...bundleHandlers(mcp, deps.bundles),
        "mcp.registry": async (req) => {
            const found = await mcp.searchRegistry(req.query);
            return Array.isArray(found) ? ok(found) : failWith("UNAVAILABLE", found);
        },
        "mcp.remove": (req) => answer(mcp.remove(req.name)),
        "mcp.setEnabled": (req) => answer(mcp.setEnabled(req.name, req.enabled)),
        "mcp.restart": (req) => answer(mcp.restart(req.name)),
        "mcp.signIn": (req) => answer(mcp.signIn(req.name)),
        "mcp.signOut": (req) => answer(mcp.signOut(req.name)),
        "mcp.setCallLimit": (req) => answer(mcp.setCallLimit(req.name, req.seconds)),
        "mcp.getPrompt": async (req) => {
            const server = mcp.server(req.server);
            if (typeof server === "string") return fail("NOT_FOUND", server);
            try {
                return ok({text: await server.getPrompt(req.name, req.args)});
            } catch (error) {
                return fail("VALIDATION", `/${req.server}.${req.name}: ${message(error)}`);
            }
        },
        "mcp.attachResource": async (req) => {
            if (!deps.conversations.get(req.conversationId))
                return fail("NOT_FOUND", `conversation not found: ${req.conversationId}`);
            const server = mcp.server(req.server);
            if (typeof server === "string") return fail("NOT_FOUND", server);
            let resource: {text: string; mimeType: string | null};
            try {
                resource = await server.readResource(req.uri);
            } catch (error) {
                return fail("VALIDATION", `${req.uri}: ${message(error)}`);
            }
            // Kept as a file, so that it is indexed, searched and cited like any attached document.
            const listed = server.status().resources.find((r) => r.uri === req.uri);
            const file = attachmentFile(deps.dataDir, req.server, listed?.name ?? req.uri, resource.mimeType);
            fs.mkdirSync(path.dirname(file), {recursive: true});
            fs.writeFileSync(file, resource.text);
            return deps.docs.ingest.start([file], {collectionId: null, conversationId: req.conversationId});
        },
    };
}

/** A bundle sent by the window: its chunks, read, installed with its settings into mcp.json, or let go. */
function bundleHandlers(mcp: McpManager, bundles: BundleUploads): HandlerSlice<"mcp.bundle"> {
    return {
        "mcp.bundleBegin": (req) => attempt(() => ({uploadId: bundles.begin(req.name, req.size)})),
        "mcp.bundleChunk": (req) =>
            attempt(() => ({received: bundles.chunk(req.uploadId, req.offset, req.data)})),
        "mcp.bundleOpen": async (req) => {
            const read = await attempt(() => bundles.open(req.uploadId));
            if (!read.ok) return read;
            return typeof read.value === "string" ? fail("VALIDATION", read.value) : ok(read.value);
        },
        "mcp.bundleInstall": async (req) => {
            const refused = await attempt(() =>
                bundles.install(req.bundleId, req.values, (installed) =>
                    mcp.add(JSON.stringify({mcpServers: {[installed.name]: installed.entry}})),
                ),
            );
            if (!refused.ok) return refused;
            return refused.value === null ? ok(mcp.status()) : fail("VALIDATION", refused.value);
        },
        "mcp.bundleCancel": (req) => ok({cancelled: bundles.cancel(req.bundleId)}),
    };
}

function attachmentFile(dataDir: string, server: string, name: string, mimeType: string | null): string {
    const base =
        name
            .replace(/^[a-z]+:\/\//i, "")
            .replace(/[^\w.-]+/g, "_")
            .slice(0, 100) || "resource";
    const ext = /\.(md|txt|html?|json|csv)$/i.test(base)
        ? ""
        : mimeType === "text/html"
          ? ".html"
          : mimeType === "text/markdown"
            ? ".md"
            : ".txt";
    return path.join(dataDir, "attachments", "mcp", server.replace(/[^\w.-]+/g, "_"), `${base}${ext}`);
}

function message(error: unknown): string {
    return messageOf(error);
}
