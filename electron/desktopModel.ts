// What the desktop shell shows outside its window, worked out from the core's events: the tray's menu and
// the notifications. Kept free of electron imports so that plain Node tests can run it.
import type {AppEvent, EngineStatus} from "../shared/contract.js";
import type {Say} from "./words.js";

/** An answer that took at least this long is worth a notification when the window is hidden. */
export const LONG_ANSWER_MS = 10_000;

export type TrayItemId = "status" | "show" | "quickAsk" | "newConversation" | "update" | "quit";

export type TrayItem = {id: TrayItemId; label: string; enabled: boolean; accelerator?: string};

export type TrayState = {
    engine: Pick<EngineStatus, "state" | "modelName" | "message">;
    /** Answers being written now, in any conversation. */
    answering: number;
    /** A newer version found by the last check, if any. */
    update: string | null;
    quickAskShortcut: string | null;
};

function engineWords({state, modelName}: TrayState["engine"], say: Say): string {
    switch (state) {
        case "ready":
            return say("ready", {model: modelName ?? say("modelLoaded")});
        case "generating":
            return say("answering", {model: modelName ?? say("modelLoaded")});
        case "loading":
            return say("loading", {model: modelName ?? say("theModel")});
        case "no-model":
            return say("noModel");
        case "error":
            return say("failed");
    }
}

/** The tray's tooltip and menu for the app's state now, in the shell's language: a status line, then actions. */
export function trayMenu(state: TrayState, say: Say): {tooltip: string; items: TrayItem[]} {
    const status =
        state.answering > 0
            ? say("writing", {count: state.answering})
            : say("status", {state: engineWords(state.engine, say)});
    const items: TrayItem[] = [
        {id: "status", label: status, enabled: false},
        {id: "show", label: say("show"), enabled: true},
        {
            id: "quickAsk",
            label: say("quickAsk"),
            enabled: true,
            ...(state.quickAskShortcut ? {accelerator: state.quickAskShortcut} : {}),
        },
        {id: "newConversation", label: say("newConversation"), enabled: true},
    ];
    if (state.update)
        items.push({id: "update", label: say("install", {version: state.update}), enabled: true});
    items.push({id: "quit", label: say("quit"), enabled: true});
    return {tooltip: status, items};
}

/** A system notification to show, and the conversation a click on it opens (null: the window as it is). */
export type Notice = {title: string; body: string; conversationId: string | null};

const EXCERPT = 140;

function excerpt(text: string): string {
    const line = text.replace(/\s+/g, " ").trim();
    return line.length > EXCERPT ? `${line.slice(0, EXCERPT - 1)}…` : line;
}

/**
 * Follows the core's events and says what finished that a person who is not looking would want to know:
 * a long answer, an ingest, a tool waiting for approval. Whether the window is hidden is the shell's part.
 */
export class FinishWatcher {
    /** When each answer being written started, by message id. */
    private readonly started = new Map<string, number>();

    /** say: the shell's words in its language now (it changes when the window's does). */
    constructor(
        private readonly say: () => Say,
        private readonly now: () => number = Date.now,
    ) {}

    /** How many answers are being written now. */
    get answering(): number {
        return this.started.size;
    }

    observe(event: AppEvent): Notice | null {
        // A turn's last states (ERROR, IDLE) come as it ends: they start nothing.
        const ending = event.type === "turn.state" && (event.state === "IDLE" || event.state === "ERROR");
        if (
            !ending &&
            (event.type === "chat.token" || event.type === "chat.thought" || event.type === "turn.state")
        ) {
            if (!this.started.has(event.messageId)) this.started.set(event.messageId, this.now());
            return null;
        }
        if (event.type === "chat.error") this.started.delete(event.messageId);
        if (event.type === "chat.done") return this.answered(event.message);
        if (event.type === "docs.progress") return ingested(event.progress, this.say());
        if (event.type === "automations.run") return ranNotice(event, this.say());
        if (event.type === "tool.approvalRequested")
            return {
                title: this.say()("approvalTitle"),
                body: this.say()("approvalBody", {tool: event.request.tool}),
                conversationId: event.request.conversationId,
            };
        return null;
    }

    private answered(message: Extract<AppEvent, {type: "chat.done"}>["message"]): Notice | null {
        const started = this.started.get(message.id);
        this.started.delete(message.id);
        if (started === undefined || this.now() - started < LONG_ANSWER_MS) return null;
        if (message.status !== "complete") return null;
        return {
            title: this.say()("answeredTitle"),
            body: excerpt(message.content),
            conversationId: message.conversationId,
        };
    }
}

/** An automation's run that ended: done (its answer's conversation opens on click), or failed with why. */
function ranNotice({name, run}: Extract<AppEvent, {type: "automations.run"}>, say: Say): Notice | null {
    if (run.status !== "done" && run.status !== "failed") return null;
    const failed = run.status === "failed";
    return {
        title: say(failed ? "automationFailedTitle" : "automationRanTitle", {name}),
        body: failed ? (run.error ?? "") : "",
        conversationId: run.conversationId,
    };
}

function ingested(progress: Extract<AppEvent, {type: "docs.progress"}>["progress"], say: Say): Notice | null {
    if (progress.state === "done") {
        const parts = {
            files: say("files", {count: progress.filesDone}),
            passages: say("passages", {count: progress.chunks}),
            unreadable: say("unreadable", {count: progress.errors.length}),
        };
        return {
            title: say("ingestedTitle"),
            body: progress.errors.length ? say("ingestedBodyFailed", parts) : say("ingestedBody", parts),
            conversationId: null,
        };
    }
    if (progress.state === "failed")
        return {
            title: say("ingestFailedTitle"),
            body: progress.message ?? progress.errors[0]?.error ?? say("seeDocuments"),
            conversationId: null,
        };
    return null;
}
