import path from "node:path";
import type {Conversation, PreflightCall} from "../../shared/contract.js";
import {Assistants} from "../assistants/assistants.js";
import {assistantHandlers} from "../handlers/assistants.js";
import {AssistantStore} from "../assistants/store.js";
import {MemoryRecall} from "../docs/memory.js";
import {DocumentService} from "../docs/service.js";
import type {EventBus} from "../events.js";
import {documentHandlers} from "../handlers/documents.js";
import {Uploads} from "../uploads.js";
import {memoryHandlers} from "../handlers/memories.js";
import {projectHandlers} from "../handlers/projects.js";
import {Projects, projectScope} from "../projects/projects.js";
import {ProjectStore} from "../projects/store.js";
import type {ConversationStore} from "../store/conversations.js";
import {MemoryStore} from "../store/memories.js";
import type {SettingsStore} from "../store/settings.js";
import {REMEMBER_CHARS, type MemoryAccess} from "../tools/builtin/memory.js";
import type {SearchReach} from "../tools/builtin/rag.js";
import {ToolVectorCache} from "../tools/toolVectors.js";
import type {Feature} from "./feature.js";
import type {Library} from "./library.js";
import type {Models} from "./models.js";

type Handlers = ReturnType<typeof documentHandlers> &
    ReturnType<typeof assistantHandlers> &
    ReturnType<typeof projectHandlers> &
    ReturnType<typeof memoryHandlers>;

export type Knowledge = Feature<Handlers> & {
    docs: DocumentService;
    /** Saved instructions and settings that conversations start with (Settings → Assistants). */
    assistants: Assistants;
    /** Conversations grouped, with instructions, files and memories of their own. */
    projects: Projects;
    /** Memory for the tools and the turn (recall before each question, remember when asked). */
    memory: MemoryAccess & {autoCalls: (conversation: Conversation, text: string) => PreflightCall[]};
    /** The collections a conversation's searches read. */
    reach: SearchReach;
};

/**
 * What Cairn knows beyond a conversation: documents, memories, assistants and projects.
 * `toolKnown`: whether a tool an assistant names exists or may (the tools are made after this).
 */
export function knowledgeFeature(
    library: Library,
    models: Models,
    bus: EventBus,
    toolKnown: (name: string) => boolean,
    {watchFolders, dataDir}: {watchFolders: boolean; dataDir: string},
): Knowledge {
    const {db, settings, conversations, readOnly} = library;
    const docs = new DocumentService(db, models.embedder, bus, (id) => conversations.get(id) !== null);
    const assistants = new Assistants(new AssistantStore(db), {
        toolKnown,
        collectionNames: () => docs.collections().map((c) => c.name),
        providerKnown: (name) => models.providers.has(name),
        localModelPath: (fileName) =>
            models.models.installed().find((m) => path.basename(m.file) === fileName)?.file ?? null,
        conversation: (id) => conversations.get(id),
    });
    const projects = new Projects(new ProjectStore(db), (id) => conversations.get(id));
    const memories = new MemoryStore(db);
    const recall = new MemoryRecall(memories, models.embedder, new ToolVectorCache(db));
    const scopes = memoryScopesFor(assistants, projects);
    return {
        docs,
        assistants,
        projects,
        memory: memoryAccessFor({memories, recall, settings, conversations, scopes}),
        reach: searchReachFor(assistants, projects),
        handlers: {
            ...documentHandlers(docs, {
                projectOf: (id) => projects.store.ofCollection(id),
                uploads: new Uploads(path.join(dataDir, "documents-incoming"), 8),
                keptIn: path.join(dataDir, "documents-added"),
            }),
            ...assistantHandlers(assistants, bus),
            ...projectHandlers(projects.store, bus),
            ...memoryHandlers({memories, settings, conversations}),
        },
        // An ingest job cut off by a crash or quit goes on where it stopped; watched folders are rescanned
        // for what changed while Cairn was closed, then followed.
        start: () => {
            if (readOnly) return;
            docs.ingest.resumePending();
            if (watchFolders)
                void docs.folders.start().catch((error) => console.error("[cairn] watched folders:", error));
        },
        stop: async () => {
            await docs.folders.stop();
            await docs.ingest.cancelAll();
        },
    };
}

/** Where a conversation's memories are kept (its project's, its assistant's own, or everywhere) and read. */
function memoryScopesFor(assistants: Assistants, projects: Projects) {
    return (conversationId: string): {keep: string; recall: string[]} => {
        const byAssistant = assistants.memoryScopes(conversationId);
        const project = projects.ofConversation(conversationId);
        if (!project) return byAssistant;
        return {keep: projectScope(project.id), recall: [...byAssistant.recall, projectScope(project.id)]};
    };
}

/** The collections a conversation's searches read: its assistant's (or all), its project's, never another project's. */
function searchReachFor(assistants: Assistants, projects: Projects): SearchReach {
    return (conversationId) => {
        const {own, hidden} = projects.collectionsFor(conversationId);
        const chosen = assistants.collectionsFor(conversationId);
        return {only: chosen && own ? [...chosen, own] : chosen, hidden};
    };
}

/**
 * Memory for the tools and the turn: on unless turned off in Settings, never in an incognito conversation.
 * Before each turn: "remember that …" becomes a remember call (approved as any write), else a recall when
 * some memory shares a word with the question (recall does not wait for the model to decide to look).
 */
function memoryAccessFor(deps: {
    memories: MemoryStore;
    recall: MemoryRecall;
    settings: SettingsStore;
    conversations: ConversationStore;
    scopes: (conversationId: string) => {keep: string; recall: string[]};
}): MemoryAccess & {autoCalls: (conversation: Conversation, text: string) => PreflightCall[]} {
    const {memories, recall, settings, conversations, scopes} = deps;
    const allowed = (conversationId: string) => {
        if (settings.get("memoryEnabled") === false) return "memory is off (Settings → Memory)";
        if (conversations.get(conversationId)?.incognito)
            return "this conversation is incognito: nothing is recalled or remembered";
        return null;
    };
    return {
        search: (query, limit, conversationId) => recall.search(query, limit, scopes(conversationId).recall),
        keep: (text, conversationId) =>
            memories.add({
                text,
                origin: "model",
                scope: scopes(conversationId).keep,
                sourceConversationId: conversationId,
                sourceMessageId: conversations.head(conversationId),
            }),
        allowed,
        any: () => memories.count() > 0,
        autoCalls: (conversation, text) => {
            if (allowed(conversation.id)) return [];
            const asked = /^\s*remember(?:\s+that)?[\s,:]+(\S[\s\S]{2,})$/i.exec(text);
            // Longer than a statement: the model reads it as a message (Remember on it keeps more).
            if (asked && asked[1]!.trim().length <= REMEMBER_CHARS) {
                return [{name: "remember", args: {text: asked[1]!.trim()}}];
            }
            if (conversation.toolsOff.includes("recall") || memories.count() === 0) return [];
            return recall.byWords(text, 1, scopes(conversation.id).recall).length
                ? [{name: "recall", args: {query: text.slice(0, 200)}}]
                : [];
        },
    };
}
