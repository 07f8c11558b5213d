// Backups (schedule, status) and imports of conversations from other apps.
import {Type, type Static} from "@sinclair/typebox";
import {
    Count,
    Empty,
    FilePath,
    Id,
    UploadChunk,
    WordsValue,
    call,
    closed,
    nullable,
    oneOf,
    req,
} from "./base.js";

/** Automatic backups: how often (off, daily, weekly), how many are kept, where (null: <data>/backups). */
export const BackupSchedule = Type.Object(
    {
        every: oneOf(["off", "daily", "weekly"]),
        keep: Type.Integer({minimum: 1, maximum: 365}),
        folder: nullable(Type.String({minLength: 1, maxLength: 4096})),
    },
    closed,
);

export type BackupSchedule = Static<typeof BackupSchedule>;

export const BackupsStatus = Type.Object(
    {
        schedule: BackupSchedule,
        folder: Type.String(),
        /** Cairn's backups in the folder, newest first. */
        backups: Type.Array(
            Type.Object({file: Type.String(), bytes: Type.Integer(), modifiedAt: Type.Integer()}, closed),
        ),
        running: Type.Boolean(),
        /** Why the last backup failed, if it did. */
        lastError: nullable(Type.String()),
        /** The backup to restore when Cairn next starts (asked for in Settings), if any. */
        restorePending: nullable(Type.String()),
    },
    closed,
);

export type BackupsStatus = Static<typeof BackupsStatus>;

/** What an import brought in from one file, and what it left out and why. */
export const ImportFileReport = Type.Object(
    {
        file: Type.String(),
        /** The app that wrote it (ChatGPT, Claude, Open WebUI, Jan, LM Studio, Cairn); null: none known. */
        app: nullable(Type.String()),
        imported: Count,
        messages: Count,
        /** Conversations this library already has from an earlier import of the same export. */
        already: Count,
        skipped: Type.Array(
            Type.Object(
                {title: Type.String(), reason: Type.String(), words: Type.Optional(WordsValue)},
                closed,
            ),
        ),
        /** Things brought in differently than the export had them (a message whose parent is missing). */
        notes: Type.Array(Type.String()),
        /** Why the file could not be read (the conversations before the fault are in). */
        error: nullable(Type.String()),
        /** The error's words, for the window to say in its language. */
        errorWords: nullable(WordsValue),
    },
    closed,
);

export type ImportFileReport = Static<typeof ImportFileReport>;

export const ImportReport = Type.Object(
    {files: Type.Array(ImportFileReport), lastConversationId: nullable(Type.String())},
    closed,
);

export type ImportReport = Static<typeof ImportReport>;

/** The backups calls: each one's request and its result's value. */
export const backupsCalls = {
    "backups.status": call(Empty, BackupsStatus),
    /** A backup now; resolves when it is written (progress comes as backups.progress). */
    "backups.create": call(Empty, BackupsStatus),
    "backups.setSchedule": call(req({schedule: BackupSchedule}), BackupsStatus),
    /**
     * Restores one of the listed backups when Cairn next starts (the running app holds the library open):
     * checked now, done before the library opens, the library kept in a backup of its own. null: not.
     */
    "backups.restore": call(req({file: nullable(FilePath)}), BackupsStatus),
    /** Brings a listed backup's conversations that the library lacks into it (progress: imports.progress). */
    "backups.merge": call(req({file: FilePath}), ImportReport),
    /**
     * Import from other apps, for a window that has the file but not its path (drag and drop): the file is
     * sent in chunks (begin, chunk…, finish); finish imports it and answers with the report (progress comes
     * as imports.progress). `cairn import FILE…` reads paths directly.
     */
    "imports.begin": call(
        req({
            name: Type.String({minLength: 1, maxLength: 255}),
            size: Type.Integer({minimum: 0, maximum: 64 * 1024 ** 3}),
        }),
        Type.Object({uploadId: Type.String()}, closed),
    ),
    "imports.chunk": call(UploadChunk, Type.Object({received: Type.Integer()}, closed)),
    "imports.finish": call(req({uploadId: Id}), ImportReport),
    /**
     * Stops an import from the window: a file still being sent is dropped; one being imported ends at its
     * next conversation, and its finish answers with the report (what came in). false: it had ended.
     */
    "imports.cancel": call(req({uploadId: Id}), Type.Object({cancelled: Type.Boolean()}, closed)),
};
