// Documents: collections, ingest progress, search hits and passages.
import {Type, type Static} from "@sinclair/typebox";
import {
    Cancelled,
    Count,
    Empty,
    FilePath,
    Id,
    JobStarted,
    Timestamp,
    Title,
    call,
    closed,
    nullable,
    oneOf,
    req,
    UploadChunk,
    WordsValue,
} from "./base.js";

export const Collection = Type.Object(
    {id: Type.String(), name: Type.String(), createdAt: Timestamp, documentCount: Count, chunkCount: Count},
    closed,
);

export type Collection = Static<typeof Collection>;

export const DocumentStatus = oneOf(["pending", "indexed", "error"]);

export type DocumentStatus = Static<typeof DocumentStatus>;

export const DocumentInfo = Type.Object(
    {
        id: Type.String(),
        collectionId: nullable(Type.String()),
        conversationId: nullable(Type.String()),
        path: Type.String(),
        title: Type.String(),
        kind: Type.String(),
        sizeBytes: nullable(Count),
        status: DocumentStatus,
        error: nullable(Type.String()),
        /** The error's words (shared/coreWords.ts), for the window to say in its language. */
        errorWords: Type.Optional(WordsValue),
        chunkCount: Count,
        addedAt: Timestamp,
        updatedAt: Timestamp,
    },
    closed,
);

export type DocumentInfo = Static<typeof DocumentInfo>;

export const DocLocation = Type.Object(
    {
        page: nullable(Count),
        heading: Type.Array(Type.String()),
        lineStart: Count,
        lineEnd: Count,
        start: Count,
        end: Count,
    },
    closed,
);

export type DocLocation = Static<typeof DocLocation>;

export const SearchHit = Type.Object(
    {
        chunkId: Count,
        documentId: Type.String(),
        title: Type.String(),
        path: Type.String(),
        location: DocLocation,
        /** Reciprocal-rank-fusion score, higher is better; 1 more when the chunk holds a rare query word. */
        score: Type.Number(),
        snippet: Type.String(),
    },
    closed,
);

export type SearchHit = Static<typeof SearchHit>;

export const IngestProgress = Type.Object(
    {
        jobId: Type.String(),
        state: oneOf(["running", "done", "cancelled", "failed"]),
        filesTotal: Count,
        filesDone: Count,
        chunks: Count,
        currentFile: nullable(Type.String()),
        errors: Type.Array(
            Type.Object(
                {path: Type.String(), error: Type.String(), words: Type.Optional(WordsValue)},
                closed,
            ),
        ),
        /**
         * Set when the job could not run at all (no embedding model, say): its documents stay pending, and are
         * indexed when an embedding model is chosen or on docs.resume.
         */
        message: nullable(Type.String()),
        /** message's words (shared/coreWords.ts), for the window to say in its language. */
        messageWords: Type.Optional(WordsValue),
    },
    closed,
);

export type IngestProgress = Static<typeof IngestProgress>;

export const Passage = Type.Object(
    {
        document: Type.Object(
            {id: Type.String(), title: Type.String(), path: Type.String(), text: Type.String()},
            closed,
        ),
        chunk: Type.Object({id: Count, text: Type.String(), location: DocLocation}, closed),
    },
    closed,
);

export type Passage = Static<typeof Passage>;

/** A folder a collection follows: files added, changed, renamed or deleted there are indexed as they change. */
export const WatchedFolder = Type.Object(
    {
        collectionId: Type.String(),
        collection: Type.String(),
        path: Type.String(),
        addedAt: Timestamp,
        watching: Type.Boolean(),
    },
    closed,
);

export type WatchedFolder = Static<typeof WatchedFolder>;

/** What a collection's watched folders leave out. */
export const FolderRules = Type.Object(
    {
        /** .gitignore-style patterns, one a line. */
        ignore: Type.String({maxLength: 20_000}),
        includeHidden: Type.Boolean(),
        /** Files over this many MB are left out (null: the 50 MB every file has). */
        maxFileMb: nullable(Type.Integer({minimum: 1, maximum: 50})),
    },
    closed,
);

export type FolderRules = Static<typeof FolderRules>;

/** The documents calls: each one's request and its result's value. */
export const documentsCalls = {
    "docs.listCollections": call(Empty, Type.Array(Collection)),
    "docs.createCollection": call(req({name: Title}), Collection),
    "docs.deleteCollection": call(req({id: Id}), Type.Object({deleted: Type.Boolean()}, closed)),
    "docs.list": call(
        req({collectionId: Type.Optional(Id), conversationId: Type.Optional(Id)}),
        Type.Array(DocumentInfo),
    ),
    /** Files and folders into a collection (by name, created if new) or attached to one conversation. */
    "docs.ingest": call(
        req({
            paths: Type.Array(FilePath, {minItems: 1, maxItems: 1000}),
            collection: Type.Optional(Title),
            conversationId: Type.Optional(Id),
        }),
        JobStarted,
    ),
    "docs.cancel": call(req({jobId: Id}), Cancelled),
    "docs.listJobs": call(Empty, Type.Array(IngestProgress)),
    "docs.remove": call(req({documentId: Id}), Type.Object({removed: Type.Boolean()}, closed)),
    "docs.search": call(
        req({
            query: Type.String({minLength: 1, maxLength: 1000}),
            limit: Type.Optional(Type.Integer({minimum: 1, maximum: 50})),
            collection: Type.Optional(Title),
            conversationId: Type.Optional(Id),
        }),
        Type.Array(SearchHit),
    ),
    "docs.getPassage": call(req({chunkId: Type.Integer({minimum: 1})}), Passage),
    "docs.reembed": call(Empty, JobStarted),
    /**
     * Indexes the documents left pending (their job could not embed: no embedding model then): Retry. Also
     * done at once when an embedding model is chosen. jobIds: the jobs started, none when nothing was pending.
     */
    "docs.resume": call(Empty, Type.Object({jobIds: Type.Array(Type.String())}, closed)),
    /**
     * Files for a window that has them but not their paths (a browser's file picker or drop): each is sent in
     * chunks (begin, chunk…, finish), kept in the data folder (documents-added/), and finish adds it to a
     * collection (by name, created if new) or attaches it to a conversation, as docs.ingest does.
     */
    "docs.begin": call(
        req({
            name: Type.String({minLength: 1, maxLength: 255}),
            size: Type.Integer({minimum: 0, maximum: 4 * 1024 ** 3}),
        }),
        Type.Object({uploadId: Type.String()}, closed),
    ),
    "docs.chunk": call(UploadChunk, Type.Object({received: Type.Integer()}, closed)),
    "docs.finish": call(
        req({uploadId: Id, collection: Type.Optional(Title), conversationId: Type.Optional(Id)}),
        JobStarted,
    ),
    "docs.folders": call(Empty, Type.Array(WatchedFolder)),
    /** A collection (by name, created if new) follows a folder; jobId: the rescan's ingest job, if any. */
    "docs.watch": call(
        req({collection: Title, path: FilePath}),
        Type.Object({path: Type.String(), jobId: nullable(Type.String())}, closed),
    ),
    /** Stops following a folder; what was indexed from it stays. */
    "docs.unwatch": call(
        req({collection: Title, path: FilePath}),
        Type.Object({removed: Type.Boolean()}, closed),
    ),
    "docs.getRules": call(req({collection: Title}), FolderRules),
    /** New rules apply at once: the collection's folders are rescanned under them. */
    "docs.setRules": call(req({collection: Title, rules: FolderRules}), FolderRules),
};
