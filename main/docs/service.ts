import type {EventBus} from "../events.js";
import type {Embedder} from "../llm/embedder.js";
import {ok, type Result} from "../../shared/result.js";
import {failSaying} from "../words.js";
import type {Collection, SearchHit} from "../../shared/contract.js";
import type {Db} from "../store/db.js";
import {FolderWatch} from "./folders.js";
import {FolderStore} from "./folderStore.js";
import {IngestQueue} from "./ingest.js";
import {hybridSearch, type SearchScope} from "./search.js";
import {DocumentStore, type Scope} from "./store.js";

/** Local documents: the store, the ingest queue, watched folders and search. */
export class DocumentService {
    readonly store: DocumentStore;
    readonly ingest: IngestQueue;
    readonly folders: FolderWatch;

    constructor(
        db: Db,
        private readonly embedder: Embedder,
        bus: EventBus,
        private readonly conversationExists: (id: string) => boolean,
    ) {
        this.store = new DocumentStore(db);
        this.ingest = new IngestQueue({
            store: this.store,
            embedder,
            emit: (progress) => bus.emit({type: "docs.progress", progress}),
        });
        this.folders = new FolderWatch({
            store: this.store,
            folders: new FolderStore(db),
            ingest: this.ingest,
        });
    }

    search(query: string, limit: number, scope: SearchScope): Promise<Result<SearchHit[]>> {
        return hybridSearch(this.store, this.embedder, query, limit, scope);
    }

    collections(): Collection[] {
        return this.store.collections();
    }

    /** Adds files and folders to a collection by name (made if new) or to a conversation. */
    ingestInto(
        paths: string[],
        where: {collection?: string; conversationId?: string},
    ): Result<{jobId: string}> {
        const scope = this.scopeOf(where, true);
        return scope.ok ? this.ingest.start(paths, scope.value) : scope;
    }

    /** Searches everything, or one collection by name, or one conversation's attachments. */
    searchWhere(
        query: string,
        limit: number,
        where: {collection?: string; conversationId?: string},
    ): Promise<Result<SearchHit[]>> {
        if (where.collection === undefined && where.conversationId === undefined) {
            return this.search(query, limit, {kind: "all"});
        }
        const scope = this.scopeOf(where, false);
        if (!scope.ok) return Promise.resolve(scope);
        const {collectionId, conversationId} = scope.value;
        return this.search(
            query,
            limit,
            collectionId
                ? {kind: "collection", collectionId}
                : {kind: "conversation", conversationId: conversationId!},
        );
    }

    /** A collection by name (made if new) follows a folder. */
    async watch(collection: string, folder: string): Promise<Result<{path: string; jobId: string | null}>> {
        return await this.folders.watch(this.store.createCollection(collection).id, folder);
    }

    /** The scope of an ingest or search request: a collection by name, or a conversation's attachments. */
    private scopeOf(req: {collection?: string; conversationId?: string}, create: boolean): Result<Scope> {
        if (req.collection && req.conversationId) {
            return failSaying("VALIDATION", "collectionOrConversation");
        }
        if (req.conversationId) {
            if (!this.conversationExists(req.conversationId))
                return failSaying("NOT_FOUND", "conversationNotFound", {id: req.conversationId});
            return ok({collectionId: null, conversationId: req.conversationId});
        }
        const name = req.collection ?? "Documents";
        const found = create ? this.store.createCollection(name) : this.store.collectionByName(name);
        if (!found) return failSaying("NOT_FOUND", "collectionNotFound", {name});
        return ok({collectionId: found.id, conversationId: null});
    }
}
