import fs from "node:fs";
import path from "node:path";
import {ok} from "../../shared/result.js";
import {failSaying, refusal} from "../words.js";
import {kindOf, MAX_FILE_BYTES} from "../docs/extract.js";
import type {FolderRules} from "../docs/folderStore.js";
import type {DocumentService} from "../docs/service.js";
import type {HandlerSlice} from "../contract/dispatcher.js";
import type {Upload, Uploads} from "../uploads.js";
import {attempt} from "./attempt.js";

function rulesOut(rules: FolderRules): {ignore: string; includeHidden: boolean; maxFileMb: number | null} {
    const {ignore, includeHidden, maxFileBytes} = rules;
    return {
        ignore,
        includeHidden,
        maxFileMb: maxFileBytes === null ? null : Math.round(maxFileBytes / 2 ** 20),
    };
}

type DocumentHandlerDeps = {
    /** The project whose files a collection holds: such a collection goes with its project only. */
    projectOf: (collectionId: string) => {name: string} | null;
    /** Files a window sends (a browser's file picker or drop), until they are kept. */
    uploads: Uploads;
    /** Where sent files are kept, each in a folder named by its content's hash: documents are read from there. */
    keptIn: string;
};

/** Collections, documents, ingest jobs, watched folders, search and passages. */
export function documentHandlers(
    docs: DocumentService,
    {projectOf, uploads, keptIn}: DocumentHandlerDeps,
): HandlerSlice<"docs."> {
    const {store, ingest} = docs;
    return {
        "docs.listCollections": () => ok(store.collections()),
        "docs.createCollection": (req) => ok(store.createCollection(req.name.trim())),
        "docs.deleteCollection": (req) => {
            const project = projectOf(req.id);
            if (project) return failSaying("DENIED", "projectCollection", {project: project.name});
            return ok({deleted: store.deleteCollection(req.id)});
        },
        "docs.list": (req) => ok(store.documents(req)),
        "docs.ingest": (req) => docs.ingestInto(req.paths, req),
        "docs.cancel": (req) => ok({cancelled: ingest.cancel(req.jobId)}),
        "docs.listJobs": () => ok(ingest.list()),
        "docs.remove": (req) => ok({removed: store.removeDocument(req.documentId)}),
        "docs.search": (req) => docs.searchWhere(req.query, req.limit ?? 5, req),
        "docs.getPassage": (req) => {
            const chunk = store.chunk(req.chunkId);
            const doc = chunk && store.document(chunk.documentId);
            if (!chunk || !doc) return failSaying("NOT_FOUND", "passageGone", {id: req.chunkId});
            return ok({
                document: {id: doc.id, title: doc.title, path: doc.path, text: doc.text ?? ""},
                chunk: {id: chunk.id, text: chunk.text, location: chunk.location},
            });
        },
        "docs.reembed": () => ingest.reembed(),
        "docs.resume": () => ok({jobIds: ingest.resumePending()}),
        "docs.begin": (req) =>
            attempt(() => {
                // Said before a byte is sent: what could not be added anyway.
                refuseUnfit(req.name, req.size);
                return {uploadId: uploads.begin(req.name, req.size)};
            }),
        "docs.chunk": (req) => attempt(() => ({received: uploads.chunk(req.uploadId, req.offset, req.data)})),
        "docs.finish": async (req) => {
            const kept = await attempt(() => keep(uploads.take(req.uploadId), keptIn));
            return kept.ok ? docs.ingestInto([kept.value], req) : kept;
        },
        "docs.folders": () => ok(docs.folders.list()),
        "docs.watch": (req) => docs.watch(req.collection.trim(), req.path),
        "docs.unwatch": async (req) => {
            const collection = store.collectionByName(req.collection.trim());
            return ok({removed: collection ? await docs.folders.unwatch(collection.id, req.path) : false});
        },
        "docs.getRules": (req) => {
            const collection = store.collectionByName(req.collection.trim());
            if (!collection) return failSaying("NOT_FOUND", "collectionNotFound", {name: req.collection});
            return ok(rulesOut(docs.folders.rules(collection.id)));
        },
        "docs.setRules": async (req) => {
            const collection = store.createCollection(req.collection.trim());
            const {ignore, includeHidden, maxFileMb} = req.rules;
            await docs.folders.setRules(collection.id, {
                ignore,
                includeHidden,
                maxFileBytes: maxFileMb === null ? null : maxFileMb * 2 ** 20,
            });
            return ok(req.rules);
        },
    };
}

/** Refuses a file documents could not take: a kind Cairn cannot read, or over the size it reads. */
function refuseUnfit(name: string, size: number): void {
    if (!kindOf(name)) throw refusal("fileUnsupported", {ext: path.extname(name) || "(none)"});
    if (size > MAX_FILE_BYTES)
        throw refusal("fileTooLarge", {size: Math.round(size / 2 ** 20), limit: MAX_FILE_BYTES / 2 ** 20});
}

/**
 * Moves a file sent whole into `folder`/<its hash>/<its name> and answers that path: the same file sent again
 * is the same document (indexed again only if it changed), and two files of one name stay apart.
 */
function keep(upload: Upload, folder: string): string {
    try {
        refuseUnfit(upload.name, upload.size);
    } catch (error) {
        fs.rmSync(upload.file, {force: true});
        throw error;
    }
    const into = path.join(folder, upload.sha256.slice(0, 16));
    fs.mkdirSync(into, {recursive: true});
    const file = path.join(into, upload.name);
    fs.renameSync(upload.file, file);
    return file;
}
