import type {Grant, SideEffect, ToolMode, ToolPolicy} from "../../shared/contract.js";
import {wordsOf} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";
import {inEnglish} from "../words.js";

/** Why a call may not run: each has its own words for the model and for the person. */
export type DenyReason = "off" | "mode" | "web-off" | "policy";

export type Decision =
    | {verdict: "allow"; by: "policy" | "grant"; grant?: Grant}
    | {verdict: "ask"; repeated: boolean}
    | {verdict: "deny"; reason: DenyReason; message: string; words: Words};

export type DecisionContext = {
    mode: ToolMode;
    webAccess: boolean;
    /** The policy in force for the tool: Settings, else tools.yaml, else its side effect's default. */
    policy: ToolPolicy;
    /** Finds a grant covering this tool in this conversation; asked only when the decision needs one. */
    grant?: () => Grant | null;
    /** An identical side-effecting call was already made in this answer: it is asked again. */
    repeated?: boolean;
    /** Tools (by name) and sources ("mcp:<server>") switched off in the conversation. */
    off?: string[];
};

/**
 * Whether a tool may run: the one place that applies the conversation's switches, the mode, web access,
 * the policy, grants and the repeated-call rule. Offering tools to the model, a forced choice and every
 * call ask it.
 */
export function decide(
    tool: {
        name: string;
        sideEffect: SideEffect;
        source?: string;
        openWorld?: boolean;
        agentOnly?: boolean;
        everyMode?: boolean;
    },
    ctx: DecisionContext,
): Decision {
    if (isOff(tool, ctx.off)) return deny("off", wordsOf("toolOff", {tool: tool.name}));
    // Ask and plan modes only read; agent mode may change things (with approvals).
    if (
        ctx.mode !== "agent" &&
        !tool.everyMode &&
        (tool.sideEffect === "write" || tool.sideEffect === "exec")
    )
        return deny("mode", wordsOf("callMode", {tool: tool.name, mode: ctx.mode}));
    if (ctx.mode !== "agent" && tool.agentOnly)
        return deny("mode", wordsOf("callAgentOnly", {tool: tool.name}));
    if ((tool.sideEffect === "network" || tool.openWorld) && !ctx.webAccess)
        return deny("web-off", wordsOf("callWebOff"));
    if (ctx.policy === "deny") return deny("policy", wordsOf("callPolicy", {tool: tool.name}));
    if (ctx.repeated) return {verdict: "ask", repeated: true};
    if (ctx.policy === "allow") return {verdict: "allow", by: "policy"};
    const grant = ctx.grant?.();
    if (grant) return {verdict: "allow", by: "grant", grant};
    return {verdict: "ask", repeated: false};
}

/** A denial: its words for the window, and their English for the model and the log. */
function deny(reason: DenyReason, words: Words): Decision {
    return {verdict: "deny", reason, message: inEnglish(words), words};
}

/** A tool that changes nothing here: it reads, locally or on the network (which web access gates). */
export function readsOnly(sideEffect: SideEffect): boolean {
    return sideEffect === "none" || sideEffect === "network";
}

/** The policy a tool has when nobody chose one: reading is allowed, network too (web access gates it), the rest asks. */
export function defaultPolicy(sideEffect: SideEffect): ToolPolicy {
    return readsOnly(sideEffect) ? "allow" : "ask";
}

/** The grant that covers a whole MCP server ("mcp:<server>"), which only its read-only tools may use. */
export function serverGrant(tool: {sideEffect: SideEffect; source?: string}): string | null {
    return readsOnly(tool.sideEffect) && tool.source?.startsWith("mcp:") ? tool.source : null;
}

/** Switched off in a conversation, by its name or its source (a whole MCP server). */
export function isOff(tool: {name: string; source?: string}, off: string[] = []): boolean {
    return off.includes(tool.name) || (tool.source !== undefined && off.includes(tool.source));
}

/** Why a tool the person chose cannot run, in words that say what to change. */
export function refusalWords(tool: string, reason: DenyReason, mode: string): Words {
    if (reason === "off") return wordsOf("toolOff", {tool});
    if (reason === "web-off") return wordsOf("webOff");
    if (reason === "mode") return wordsOf("toolMode", {tool, mode});
    return wordsOf("toolPolicy", {tool});
}
