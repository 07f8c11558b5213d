import path from "node:path";
import {ok} from "../../shared/result.js";
import {failSaying, failWith} from "../words.js";
import {folderProblem} from "./settings.js";
import type {ChatService} from "../chat/chatService.js";
import type {EventBus} from "../events.js";
import {
    ALL_PARTS,
    exportFileName,
    exportJson,
    exportMarkdown,
    importConversation,
    keepImages,
} from "../chat/exchange.js";
import {exportHtml} from "../chat/exportHtml.js";
import type {CitationStore} from "../store/citations.js";
import type {ConversationStart, ConversationStore} from "../store/conversations.js";
import type {ToolCallStore} from "../store/toolCalls.js";
import type {Providers} from "../llm/providers.js";
import type {HandlerSlice} from "../contract/dispatcher.js";

type Deps = {
    conversations: ConversationStore;
    /** What a new conversation starts with: the assistant asked for (null: none), else the default one. */
    assistants: {
        startFor(requested: string | null | undefined): ConversationStart | null;
        get(id: string): object | null;
    };
    /** Whether a project exists (a conversation is moved into it, or started in it). */
    projectExists: (id: string) => boolean;
    chat: ChatService;
    bus: EventBus;
    toolCalls: ToolCallStore;
    citations: CitationStore;
    providers: Providers;
    /** The desktop app's printer: HTML to PDF (Electron's printToPDF); absent elsewhere. */
    printToPdf?: (html: string) => Promise<Buffer>;
};

/** Conversations, their messages, and answers (chat.send / chat.stop). */
export function conversationHandlers({
    conversations,
    assistants,
    projectExists,
    chat,
    bus,
    toolCalls,
    citations,
    providers,
    printToPdf,
}: Deps): HandlerSlice<"conversations." | "messages." | "chat." | "plans." | "research."> {
    const updated = (id: string, conversation: ReturnType<ConversationStore["get"]>) => {
        if (!conversation) return failSaying("NOT_FOUND", "conversationNotFound", {id});
        bus.emit({type: "conversation.updated", conversation});
        return ok(conversation);
    };
    return {
        "conversations.list": (req) => ok(conversations.list(req.limit)),
        "conversations.get": (req) => {
            const conversation = conversations.get(req.id);
            return conversation
                ? ok(conversation)
                : failSaying("NOT_FOUND", "conversationNotFound", {id: req.id});
        },
        "conversations.create": (req) => {
            if (req.assistantId && !assistants.get(req.assistantId))
                return failSaying("NOT_FOUND", "assistantNotFound", {id: req.assistantId});
            if (req.projectId && !projectExists(req.projectId))
                return failSaying("NOT_FOUND", "projectNotFound", {id: req.projectId});
            const start = assistants.startFor(req.assistantId);
            return ok(
                conversations.create(
                    req.title || undefined,
                    req.incognito ?? false,
                    start,
                    req.projectId ?? null,
                ),
            );
        },
        "conversations.setProject": (req) => {
            if (req.projectId && !projectExists(req.projectId))
                return failSaying("NOT_FOUND", "projectNotFound", {id: req.projectId});
            return updated(req.id, conversations.setProject(req.id, req.projectId));
        },
        "conversations.setIncognito": (req) =>
            updated(req.id, conversations.setIncognito(req.id, req.incognito)),
        "conversations.setPinned": (req) => updated(req.id, conversations.setPinned(req.id, req.pinned)),
        "conversations.rename": (req) => updated(req.id, conversations.rename(req.id, req.title)),
        "conversations.delete": async (req) => {
            chat.stop(req.id);
            await chat.settled(req.id);
            if (!conversations.delete(req.id))
                return failSaying("NOT_FOUND", "conversationNotFound", {id: req.id});
            bus.emit({type: "conversation.deleted", conversationId: req.id});
            return ok(undefined);
        },
        "conversations.setMode": (req) => updated(req.id, conversations.setMode(req.id, req.mode)),
        "conversations.setProvider": (req) => {
            if (req.provider !== null && !providers.has(req.provider))
                return failSaying("NOT_FOUND", "providerNotFound", {provider: req.provider});
            return updated(req.id, conversations.setProvider(req.id, req.provider, req.model ?? null));
        },
        "conversations.setWebAccess": (req) =>
            updated(req.id, conversations.setWebAccess(req.id, req.webAccess)),
        "conversations.setWorkspace": (req) => {
            const problem = req.path ? folderProblem(req.path) : null;
            if (problem) return failWith("VALIDATION", problem);
            return updated(req.id, conversations.setWorkspace(req.id, req.path && path.resolve(req.path)));
        },
        "conversations.setTools": (req) => updated(req.id, conversations.setToolsOff(req.id, req.off)),
        "conversations.setGeneration": (req) =>
            updated(req.id, conversations.setGeneration(req.id, req.generation)),
        "messages.list": (req) => {
            if (!conversations.get(req.conversationId)) {
                return failSaying("NOT_FOUND", "conversationNotFound", {id: req.conversationId});
            }
            return ok(conversations.messages(req.conversationId));
        },
        "messages.delete": (req) => {
            const message = conversations.message(req.id);
            if (!message) return failSaying("NOT_FOUND", "messageGone", {id: req.id});
            if (message.status === "streaming") return failSaying("DENIED", "deleteWhileWriting");
            conversations.deleteMessage(req.id);
            conversations.touch(message.conversationId);
            return ok(undefined);
        },
        "messages.showVersion": (req) => {
            const conversationId = conversations.showVersion(req.id);
            if (!conversationId) return failSaying("NOT_FOUND", "messageGone", {id: req.id});
            conversations.touch(conversationId);
            return ok(conversations.messages(conversationId));
        },
        "conversations.search": (req) =>
            ok(conversations.search(req.query, req.limit ?? 20, req.projectId ?? null)),
        "conversations.export": async (req) => {
            const conversation = conversations.get(req.id);
            if (!conversation) return failSaying("NOT_FOUND", "conversationNotFound", {id: req.id});
            const parts = req.parts ?? ALL_PARTS;
            const title = conversation.title;
            const image = (id: string) => conversations.attachments.read(id, "full");
            switch (req.format) {
                case "json": {
                    const all = conversations.allMessages(req.id);
                    const content = JSON.stringify(
                        exportJson(conversation, all, conversations.head(req.id), conversations.attachments),
                        null,
                        2,
                    );
                    return ok({
                        fileName: exportFileName(title, "json"),
                        mimeType: "application/json",
                        content,
                    });
                }
                case "markdown": {
                    const content = exportMarkdown(conversation, conversations.messages(req.id), parts);
                    return ok({fileName: exportFileName(title, "md"), mimeType: "text/markdown", content});
                }
                case "html": {
                    const content = await exportHtml(
                        conversation,
                        conversations.messages(req.id),
                        parts,
                        req.unfolded,
                        image,
                    );
                    return ok({fileName: exportFileName(title, "html"), mimeType: "text/html", content});
                }
                case "pdf": {
                    if (!printToPdf) {
                        return failSaying("UNAVAILABLE", "pdfInBrowser");
                    }
                    const html = await exportHtml(
                        conversation,
                        conversations.messages(req.id),
                        parts,
                        true,
                        image,
                    );
                    const pdf = await printToPdf(html);
                    return ok({
                        fileName: exportFileName(title, "pdf"),
                        mimeType: "application/pdf",
                        content: pdf.toString("base64"),
                        encoding: "base64" as const,
                    });
                }
            }
        },
        "conversations.import": async (req) => {
            const {kept} = await keepImages(req.data, conversations.attachments);
            const conversation = importConversation(req.data, {conversations, toolCalls, citations}, kept);
            bus.emit({type: "conversation.updated", conversation});
            return ok(conversation);
        },
        "chat.send": async (req) => {
            await chat.prepareTools(req);
            return chat.send(req.conversationId, req.text, req);
        },
        "chat.regenerate": async (req) => {
            await chat.prepareTools(req);
            return chat.regenerate(req.conversationId, req.messageId, req);
        },
        "chat.stop": (req) => ok({stopped: chat.stop(req.conversationId)}),
        "conversations.compact": (req) => chat.compact(req.id),
        "chat.queue": (req) => chat.queue(req.conversationId, req.text, req.steer ?? false),
        "chat.unqueue": (req) => ok({removed: chat.waiting.remove(req.conversationId, req.queuedId)}),
        "chat.queued": (req) => ok(chat.waiting.list(req.conversationId)),
        "plans.run": async (req) => {
            await chat.prepareTools({});
            return chat.runPlan(req.messageId, req.steps);
        },
        "plans.cancel": (req) => chat.cancelPlan(req.messageId),
        "research.run": (req) => chat.research.run(req.messageId, req.questions, req.budget),
        "research.resume": (req) => chat.research.resume(req.messageId),
        "research.pause": (req) => chat.research.pause(req.messageId),
        "research.cancel": (req) => chat.research.cancel(req.messageId),
    };
}
