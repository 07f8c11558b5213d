import path from "node:path";
import {prepareDataDir} from "../paths.js";
import {ApiResponseStore} from "../store/apiResponses.js";
import {CitationStore} from "../store/citations.js";
import {ResearchStore} from "../store/research.js";
import {TodoStore} from "../store/todos.js";
import {ConversationStore} from "../store/conversations.js";
import {DB_FILE_NAME, openDatabase, readOnlyReason, type Db} from "../store/db.js";
import {Network} from "../net/network.js";
import {EgressLog} from "../store/egress.js";
import {ProcessRegistry} from "../store/processes.js";
import {SettingsStore} from "../store/settings.js";
import {ToolCallStore} from "../store/toolCalls.js";
import {WebPageStore} from "../store/webPages.js";
import type {HandlerSlice} from "../contract/dispatcher.js";
import {networkHandlers} from "../handlers/network.js";
import type {Feature} from "./feature.js";

/** How long a conversation opened and left with nothing sent is kept (a window may still show it). */
const DRAFT_KEPT_MS = 24 * 60 * 60 * 1000;

export type Library = Feature<HandlerSlice<"network.">> & {
    db: Db;
    /** Why the library is open read-only (made by a newer Cairn), in words for the person; null: writable. */
    readOnly: string | null;
    settings: SettingsStore;
    conversations: ConversationStore;
    toolCalls: ToolCallStore;
    citations: CitationStore;
    /** Each conversation's task list (the todo tool). */
    todos: TodoStore;
    research: ResearchStore;
    /** The local API's stored responses (the Responses API). */
    apiResponses: ApiResponseStore;
    webPages: WebPageStore;
    egress: EgressLog;
    /** The one way off this computer: Offline mode and the egress log. */
    network: Network;
    processes: ProcessRegistry;
    /** How many answers a previous run left mid-stream (marked interrupted at open). */
    recoveredInterrupted: number;
};

/**
 * The data directory's one SQLite library and the stores over it. A library from a newer Cairn opens
 * read-only: readable, searchable, exportable, never changed. Other processes may share the directory:
 * only answers whose process is gone are recovered.
 */
export function openLibrary(dataDir: string, command = "cairn", offlineRun = false): Library {
    prepareDataDir(dataDir);
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME), undefined, {readOnlyIfNewer: true});
    const newer = readOnlyReason(db);
    const readOnly = newer
        ? `${newer.replace(/^this library/, "This library")}. It is open read-only: conversations can be read, searched and exported, not changed.`
        : null;
    const settings = new SettingsStore(db);
    const toolCalls = new ToolCallStore(db);
    const citations = new CitationStore(db);
    const webAccessDefault = () => settings.get("webAccessDefault") ?? false;
    const egress = new EgressLog(db);
    const network = new Network({
        offline: () => offlineRun || (settings.get("offline") ?? false),
        record: (entry) => {
            if (!readOnly) egress.add(entry);
        },
    });
    const processes = new ProcessRegistry(db, command);
    if (!readOnly) processes.register();
    const webPages = new WebPageStore(db);
    const conversations = new ConversationStore(db, toolCalls, citations, webAccessDefault);
    if (!readOnly) conversations.pruneDrafts(Date.now() - DRAFT_KEPT_MS);
    return {
        db,
        readOnly,
        settings,
        conversations,
        toolCalls,
        citations,
        todos: new TodoStore(db),
        research: new ResearchStore(db),
        apiResponses: new ApiResponseStore(db),
        webPages,
        egress,
        network,
        processes,
        recoveredInterrupted: readOnly ? 0 : processes.recover(),
        handlers: networkHandlers(egress),
        stop: async () => {
            await webPages.close();
            if (!readOnly) processes.unregister();
            db.close();
        },
    };
}
