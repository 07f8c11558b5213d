import {forConversation} from "../net/network.js";
import {randomUUID} from "node:crypto";
import path from "node:path";
import type {Source, ToolCallRecord, ToolMode} from "../../shared/contract.js";
import {wordsOf} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";
import {inEnglish, said} from "../words.js";
import type {EventBus} from "../events.js";
import type {Network} from "../net/network.js";
import type {ToolCallStore} from "../store/toolCalls.js";
import type {Answer, Approver} from "./approvals.js";
import type {ToolContext, ToolDefinition, ToolPreview} from "./defineTool.js";
import {decide, serverGrant} from "./policy.js";
import type {ToolRegistry} from "./registry.js";
import type {FileVersions} from "./workspace.js";
import type {AttachmentStore} from "../store/attachments.js";
import type {ToolTelemetry} from "../store/toolTelemetry.js";
import {messageOf} from "../../shared/format.js";
import {thinned} from "./thinned.js";

/**
 * What tools get beyond their arguments: where file tools work for a conversation and where the files they
 * replace are kept for undo; the way off this computer for network tools.
 */
export type FileSupport = {
    /** Offline mode and the egress log for web_search and web_fetch; none: nothing refused or recorded. */
    network?: Network;
    /** The conversation's folder, else the one in Settings; null: the tool's options.root or <data>/workspace. */
    workspaceFor(conversationId: string): string | null;
    /** Where replaced files are kept for undo; only for calls that are recorded (undo names the call). */
    versions?: FileVersions;
    /** Counts each finished call for Settings' tool use table. */
    telemetry?: ToolTelemetry;
    /** Where images a tool makes are kept, shown with the answer that called it (generate_image). */
    attachments?: AttachmentStore;
};

export type CallContext = {
    conversationId: string;
    messageId: string;
    step: number;
    origin: "model" | "client";
    mode: ToolMode;
    webAccess: boolean;
    signal: AbortSignal;
    approver: Approver;
    /** The model's text so far, shown as the reason in approval prompts. */
    reason: () => string;
    /** Side-effecting calls already made in this turn: an identical one asks again. */
    seen: Set<string>;
    onAwaiting?: (waiting: boolean) => void;
    /** Cuts a result to what the context has room for; the stored result is what the model saw. */
    fit?: (text: string) => string;
    /** The call this one runs inside (a composite tool's), and how deep in composite tools it is. */
    parentId?: string;
    depth?: number;
    /** find_tools' search over the tools left out of this step (ToolContext.findTools). */
    findTools?: ToolContext["findTools"];
    /** The MCP server whose app asks for this call (its page in the conversation), shown in the approval. */
    askedByApp?: string;
    /** False where nobody can answer what a tool's server asks (the local API's calls). */
    interactive?: boolean;
    /**
     * False for a call that belongs to no conversation (the local API's, without metadata.conversation_id):
     * it is not stored, shown or kept for undo, as nothing could name it later.
     */
    recorded?: boolean;
};

export type CallOutcome = {record: ToolCallRecord; modelText: string; sources: Source[]};

/** Runs one tool call through validation, approval, time limit and persistence; never throws. */
export class ToolRunner {
    constructor(
        private readonly registry: ToolRegistry,
        private readonly store: ToolCallStore,
        private readonly bus: EventBus,
        private readonly dataDir: string,
        private readonly files: FileSupport | null = null,
    ) {}

    /** Keeps a tool's image and adds it to the answer's images; none for a call that is not recorded. */
    private attacher(ctx: CallContext): ToolContext["attach"] {
        const store = this.files?.attachments;
        if (!store || ctx.recorded === false) return undefined;
        return async (image, name) => {
            const kept = await store.keep(image, name);
            store.link(ctx.messageId, [kept], {append: true});
            return kept;
        };
    }

    async run(name: string, rawArgs: unknown, ctx: CallContext): Promise<CallOutcome> {
        const record = this.open(this.registry.resolve(name)?.name ?? name, rawArgs, ctx, {
            origin: ctx.origin,
            ...(ctx.parentId ? {parentId: ctx.parentId} : {}),
            // Who asked shows in the trace even when the call is denied (a tool's result may say it again).
            ...(ctx.askedByApp ? {resultData: {askedByApp: ctx.askedByApp}} : {}),
        });
        // An end in words: the model reads their English, the window says the words (errorWords).
        const finish = (
            status: ToolCallRecord["status"],
            end: string | Words,
            {sources, trace, ...extra}: Partial<ToolCallRecord> & {sources?: Source[]; trace?: string} = {},
        ) => {
            let text = typeof end === "string" ? end : inEnglish(end);
            if (typeof end !== "string") extra.errorWords = end;
            Object.assign(record, {status, finishedAt: Date.now(), ...extra});
            if (status === "ok") text = record.resultText = ctx.fit?.(text) ?? text;
            else {
                // The trace keeps the whole error (folded there); the model reads a few lines of it.
                record.error = trace ?? text;
                text = errorForModel(text);
                text = ctx.fit?.(text) ?? text;
            }
            this.files?.telemetry?.finished(record);
            this.keep(record, ctx, "tool.result");
            return {record, modelText: text, sources: sources ?? []};
        };

        const maxDepth = this.registry.config.defaults.maxSteps;
        if ((ctx.depth ?? 0) > maxDepth) return finish("error", wordsOf("toolsNested", {max: maxDepth}));
        const checked = this.registry.validate(name, rawArgs);
        if (!checked.ok) return finish("error", checked.message);
        if (!checked.tool) return finish("error", wordsOf("unknownTool", {tool: name}));
        const tool = checked.tool;
        record.args = checked.args;

        const approval = await this.approve(tool, record, ctx);
        if (approval.status !== "allowed")
            return finish(
                approval.status,
                approval.message,
                approval.words ? {errorWords: approval.words} : {},
            );
        if (approval.args !== undefined) {
            const again = this.registry.validate(tool.name, approval.args);
            if (!again.ok) return finish("error", again.message);
            record.args = again.args;
        }
        record.status = "running";
        this.keep(record, ctx);
        return this.execute(tool, record, ctx, finish);
    }

    /**
     * A step a remote provider ran itself (a cloud model's web search): traced like a call, though nothing
     * runs here; `resultData.ranBy` names who ran it. Returns the record and the function that finishes it.
     */
    hosted(
        name: string,
        args: unknown,
        at: Pick<ToolCallRecord, "conversationId" | "messageId" | "step">,
        ranBy: string,
    ): {record: ToolCallRecord; finish: (resultText: string, args: unknown) => void} {
        const record = this.open(name, args, at, {
            args,
            status: "running",
            decision: "policy_allow",
            decidedBy: "policy",
            resultData: {ranBy},
        });
        const finish = (resultText: string, finalArgs: unknown) => {
            Object.assign(record, {status: "ok", resultText, rawArgs: finalArgs, args: finalArgs});
            record.finishedAt = Date.now();
            this.keep(record, {}, "tool.result");
        };
        return {record, finish};
    }

    /** A new call in the trace (pending unless `fields` say otherwise), saved and announced when recorded. */
    private open(
        tool: string,
        rawArgs: unknown,
        at: Pick<ToolCallRecord, "conversationId" | "messageId" | "step"> & Pick<CallContext, "recorded">,
        fields: Partial<ToolCallRecord>,
    ): ToolCallRecord {
        const record: ToolCallRecord = {
            id: randomUUID(),
            messageId: at.messageId,
            conversationId: at.conversationId,
            step: at.step,
            tool,
            rawArgs,
            args: null,
            status: "pending",
            decision: null,
            decidedBy: null,
            resultText: null,
            resultData: null,
            error: null,
            origin: "model",
            startedAt: Date.now(),
            finishedAt: null,
            ...fields,
        };
        this.keep(record, at, "tool.request");
        return record;
    }

    /**
     * Stores a call as it is now and, with an event, tells the window; a call that is not recorded
     * (CallContext.recorded) is neither stored nor shown.
     */
    private keep(
        record: ToolCallRecord,
        ctx: Pick<CallContext, "recorded">,
        event?: "tool.request" | "tool.result",
    ): void {
        if (ctx.recorded === false) return;
        this.store.save(record);
        if (event) this.bus.emit({type: event, correlationId: record.id, call: {...record}});
    }

    private toolContext(tool: ToolDefinition, conversationId: string, signal: AbortSignal): ToolContext {
        const options = this.registry.options(tool);
        return {
            signal,
            conversationId,
            dataDir: this.dataDir,
            options,
            workspace: workspaceOf(options, this.dataDir, this.files?.workspaceFor(conversationId) ?? null),
            ...(this.files?.network ? {network: this.files.network} : {}),
        };
    }

    /**
     * What a write would change with these arguments (the approval dialog, as the person edits them):
     * checked as a call would be; a string says why there is nothing to show.
     */
    async previewFor(name: string, conversationId: string, args: unknown): Promise<ToolPreview | string> {
        const checked = this.registry.validate(name, args);
        if (!checked.ok || !checked.tool) return checked.ok ? `unknown tool: ${name}` : checked.message;
        if (!checked.tool.preview) return `${name} shows no preview`;
        try {
            const signal = new AbortController().signal;
            const preview = await checked.tool.preview(
                checked.args,
                this.toolContext(checked.tool, conversationId, signal),
            );
            return preview ?? "this change cannot be made as written (see the arguments)";
        } catch (error) {
            return messageOf(error);
        }
    }

    /** What a write will change, for the approval dialog; none when the tool cannot say (or fails to). */
    private async preview(tool: ToolDefinition, record: ToolCallRecord, ctx: CallContext) {
        if (!tool.preview) return undefined;
        try {
            const preview = await tool.preview(
                record.args as Record<string, unknown>,
                this.toolContext(tool, ctx.conversationId, ctx.signal),
            );
            return preview ?? undefined;
        } catch {
            return undefined;
        }
    }

    private async approve(
        tool: ToolDefinition,
        record: ToolCallRecord,
        ctx: CallContext,
    ): Promise<
        | {status: "allowed"; args?: unknown}
        | {status: "denied" | "cancelled" | "error"; message: string; words?: Words}
    > {
        // Checked and recorded in one synchronous step, so concurrent identical calls see each other.
        const key = callKey(tool.name, record.args);
        const repeated = tool.sideEffect !== "none" && ctx.seen.has(key);
        if (tool.sideEffect !== "none") ctx.seen.add(key);
        const decision = decide(tool, {
            mode: ctx.mode,
            webAccess: ctx.webAccess,
            policy: this.registry.policy(tool),
            // A grant for the tool, or (read-only tools only) for its whole MCP server.
            grant: () => {
                const server = serverGrant(tool);
                const own = this.store.grantFor(tool.name, ctx.conversationId);
                return own ?? (server ? this.store.grantFor(server, ctx.conversationId) : null);
            },
            repeated,
        });
        if (decision.verdict === "deny") {
            record.decision = "policy_deny";
            record.decidedBy = "policy";
            return {status: "denied", message: `denied: ${decision.message}`, words: decision.words};
        }
        if (decision.verdict === "allow") {
            record.decision =
                decision.by === "policy"
                    ? "policy_allow"
                    : decision.grant?.conversationId
                      ? "allow_conversation"
                      : "allow_always";
            record.decidedBy = decision.by === "policy" ? "policy" : "user";
            return {status: "allowed"};
        }
        record.status = "awaiting_approval";
        this.keep(record, ctx, "tool.request");
        const preview = await this.preview(tool, record, ctx);
        ctx.onAwaiting?.(true);
        const asked = Date.now();
        let answer: Answer;
        try {
            answer = await ctx.approver(
                {
                    approvalId: record.id,
                    conversationId: ctx.conversationId,
                    messageId: ctx.messageId,
                    tool: tool.name,
                    sideEffect: tool.sideEffect,
                    args: record.args,
                    reason: ctx.reason(),
                    ...(tool.source?.startsWith("mcp:") ? {server: tool.source.slice("mcp:".length)} : {}),
                    ...(preview ? {preview} : {}),
                    ...(ctx.askedByApp ? {askedByApp: ctx.askedByApp} : {}),
                },
                ctx.signal,
            );
        } catch {
            return {status: "cancelled", ...said(wordsOf("toolStopped"))};
        } finally {
            ctx.onAwaiting?.(false);
            record.waitedMs = Date.now() - asked;
        }
        // "The whole server" is only for read-only tools: for any other it was an answer for this call.
        const server = serverGrant(tool);
        record.decision = answer.decision === "allow_server" && !server ? "allow_once" : answer.decision;
        record.decidedBy = answer.by;
        if (answer.decision === "deny") {
            // The reason a client gave (or an approval that expired) is its own; a person's No has Cairn's words.
            const {message, words} = answer;
            if (message) return {status: "denied", message, ...(words ? {words} : {})};
            return {status: "denied", ...said(wordsOf("deniedByUser"))};
        }
        if (answer.decision === "allow_conversation") this.store.grant(tool.name, ctx.conversationId);
        if (answer.decision === "allow_always") this.store.grant(tool.name, null);
        // A whole server is granted only for read-only tools; for others the answer counts as once.
        if (answer.decision === "allow_server" && server) this.store.grant(server, null);
        return {status: "allowed", args: answer.args};
    }

    /** A call made inside another (a composite tool's step): its own decision, traced under its parent. */
    private async child(name: string, args: unknown, parent: ToolCallRecord, ctx: CallContext) {
        const {record, modelText, sources} = await this.run(name, args, {
            ...ctx,
            parentId: parent.id,
            depth: (ctx.depth ?? 0) + 1,
            fit: undefined,
        });
        return {status: record.status, text: modelText, data: record.resultData, sources};
    }

    private async execute(
        tool: ToolDefinition,
        record: ToolCallRecord,
        ctx: CallContext,
        finish: (
            s: ToolCallRecord["status"],
            end: string | Words,
            extra?: Partial<ToolCallRecord> & {sources?: Source[]; trace?: string},
        ) => CallOutcome,
    ): Promise<CallOutcome> {
        if (ctx.signal.aborted) return finish("cancelled", wordsOf("toolStopped"));
        const timeoutMs = this.registry.timeoutMs(tool);
        const controller = new AbortController();
        const onAbort = () => controller.abort(ctx.signal.reason);
        ctx.signal.addEventListener("abort", onAbort, {once: true});
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<"timeout">((resolve) => {
            timer = setTimeout(() => {
                controller.abort(new Error("timeout"));
                resolve("timeout");
            }, timeoutMs);
        });
        const cancelled = new Promise<"cancelled">((resolve) => {
            if (ctx.signal.aborted) resolve("cancelled");
            ctx.signal.addEventListener("abort", () => resolve("cancelled"), {once: true});
        });
        try {
            // What the tool sends through a way out shared by all calls (an MCP server's) is this conversation's.
            const running = forConversation(ctx.conversationId, () =>
                tool.run(record.args as Record<string, unknown>, {
                    ...this.toolContext(tool, ctx.conversationId, controller.signal),
                    progress:
                        ctx.recorded === false
                            ? undefined
                            : thinned((update) =>
                                  this.bus.emit({
                                      type: "tool.progress",
                                      correlationId: record.id,
                                      conversationId: ctx.conversationId,
                                      progress: update.progress,
                                      total: update.total ?? null,
                                      message: update.message ?? null,
                                  }),
                              ),
                    // Undo names the call: a call that is not recorded keeps no version.
                    keepPrevious:
                        this.files?.versions && ctx.recorded !== false
                            ? (file, before, after) =>
                                  this.files!.versions!.keep(record.id, file, before, after)
                            : undefined,
                    call: (name, args) => this.child(name, args, record, {...ctx, signal: controller.signal}),
                    findTools: ctx.findTools,
                    interactive: ctx.interactive,
                    askedByApp: ctx.askedByApp,
                    attach: this.attacher(ctx),
                }),
            ).then(
                (output) => ({output}),
                (error: unknown) => ({error}),
            );
            const outcome = await Promise.race([running, timedOut, cancelled]);
            if (outcome === "timeout")
                return finish("timeout", wordsOf("toolTimedOut", {seconds: seconds(timeoutMs)}));
            if (outcome === "cancelled") return finish("cancelled", wordsOf("toolStopped"));
            if ("error" in outcome) {
                const reason = messageOf(outcome.error);
                return finish("error", wordsOf("toolFailed", {tool: tool.name, reason}));
            }
            const {error, errorWords} = outcome.output;
            if (error)
                return finish("error", errorWords ?? error, {
                    resultData: outcome.output.data ?? null,
                    ...(outcome.output.trace ? {trace: outcome.output.trace} : {}),
                });
            return finish("ok", outcome.output.text, {
                resultData: outcome.output.data ?? null,
                sources: outcome.output.sources ?? [],
            });
        } finally {
            clearTimeout(timer);
            ctx.signal.removeEventListener("abort", onAbort);
        }
    }
}

/** The most of an error the model reads: a server's validation report can run to megabytes. */
export const MODEL_ERROR_CHARS = 600;

/** An error as the model reads it: whole when short, else its start and how much more the trace holds. */
export function errorForModel(text: string): string {
    if (text.length <= MODEL_ERROR_CHARS) return text;
    const start = text.slice(0, MODEL_ERROR_CHARS - 100).trimEnd();
    return `${start}… (${text.length - start.length} more characters of this error are in the trace)`;
}

/** The workspace folder in force: the conversation's, Settings', the tool's options.root, <data>/workspace. */
export function workspaceOf(
    options: Record<string, unknown>,
    dataDir: string,
    chosen: string | null = null,
): string {
    if (chosen) return chosen;
    const root = options.root;
    return typeof root === "string" && root ? path.resolve(root) : path.join(dataDir, "workspace");
}

function seconds(ms: number): string {
    return String(Number((ms / 1000).toFixed(1)));
}

export function callKey(tool: string, args: unknown): string {
    return `${tool}\u0000${stableJson(args)}`;
}

function stableJson(value: unknown): string {
    if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
    if (value && typeof value === "object") {
        const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
            a.localeCompare(b),
        );
        return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
    }
    return JSON.stringify(value) ?? "null";
}
