import path from "node:path";
import type {ImportFileReport, ImportReport} from "../../shared/contract.js";
import {wordsOf} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";
import {inEnglish} from "../words.js";
import {importConversation, keepImages} from "../chat/exchange.js";
import {CitationStore} from "../store/citations.js";
import {ConversationStore} from "../store/conversations.js";
import {isDiskFull} from "../paths.js";
import type {Db} from "../store/db.js";
import {ToolCallStore} from "../store/toolCalls.js";
import {appOf, convert} from "./convert.js";
import {SOURCE_NAMES, Skip} from "./model.js";
import {BadExport, ItemTooLarge, readExport, type RawItem} from "./reader.js";
import {ImportWriter} from "./save.js";
import {messageOf} from "../../shared/format.js";

export type ImportProgress = {file: string; share: number; imported: number};

/** Most skipped conversations and notes listed per file (the counts stay exact). */
const LISTED = 200;

/**
 * Imports every conversation of each file into the library, one transaction per conversation: a fault in a
 * file stops that file (what came before it stays in, and is reported), never the others.
 */
export async function runImport(
    db: Db,
    files: string[],
    onProgress: (progress: ImportProgress) => void,
    names: string[] = files.map((f) => path.basename(f)),
    onFile: (report: ImportFileReport) => void = () => {},
    /** Whether the person stopped the import: checked between conversations. */
    stopped: () => boolean = () => false,
): Promise<ImportReport> {
    const writer = new ImportWriter(db);
    const report: ImportReport = {files: [], lastConversationId: null};
    for (const [index, file] of files.entries()) {
        const fileReport = await importFile(
            db,
            writer,
            file,
            names[index]!,
            (share, imported) => onProgress({file: names[index]!, share, imported}),
            stopped,
        );
        onFile(fileReport.report);
        report.files.push(fileReport.report);
        report.lastConversationId = fileReport.last ?? report.lastConversationId;
    }
    return report;
}

/** A file's report before anything of it is read. */
export function emptyReport(file: string): ImportFileReport {
    return {
        file,
        app: null,
        imported: 0,
        messages: 0,
        already: 0,
        skipped: [],
        notes: [],
        error: null,
        errorWords: null,
    };
}

/** The library's newest conversation row now: what an import makes comes after it (committedSince). */
export function lastConversationRow(db: Db): number {
    return (
        db.prepare<unknown[], number>("SELECT coalesce(max(rowid), 0) FROM conversations").pluck().get() ?? 0
    );
}

async function importFile(
    db: Db,
    writer: ImportWriter,
    file: string,
    name: string,
    onShare: (share: number, imported: number) => void,
    stopped: () => boolean,
): Promise<{report: ImportFileReport; last: string | null}> {
    const report = emptyReport(name);
    let share = 0;
    let skippedCount = 0;
    // What came in is read back from the library at the end: a batch that the disk could not take is not
    // counted, whatever was saved into it.
    const since = lastConversationRow(db);
    let failure: unknown = null;
    try {
        if (stopped()) throw new ImportStopped();
        for await (const item of readExport(file, (s) => onShare((share = s), report.imported), name)) {
            if (stopped()) throw new ImportStopped();
            const app = appOf(item);
            if (!app) {
                if (report.imported + report.already + skippedCount === 0) {
                    throw BadExport.saying("importUnknown", {name});
                }
                skip(report, titleOf(item), wordsOf("skipNotConversation"));
                skippedCount++;
                continue;
            }
            report.app ??= SOURCE_NAMES[app];
            try {
                const saved = await saveOne(db, writer, item, app);
                if (saved === null) report.already++;
                else {
                    report.imported++;
                    for (const note of saved.notes)
                        if (report.notes.length < LISTED) report.notes.push(`${saved.title}: ${note}`);
                }
            } catch (error) {
                if (!(error instanceof Error) || isDiskFull(error)) throw error;
                skip(report, titleOf(item), error instanceof Skip ? error.words : error.message);
                skippedCount++;
            }
            onShare(share, report.imported);
        }
    } catch (error) {
        failure = error;
    }
    try {
        writer.flush();
    } catch (error) {
        failure ??= error;
        writer.abandon();
    }
    const committed = committedSince(db, since);
    Object.assign(report, {imported: committed.imported, messages: committed.messages});
    if (failure !== null) {
        const refused = refusalOf(failure, name, committed.imported);
        report.error = refused.message;
        report.errorWords = refused.words ?? null;
    }
    return {report, last: committed.last};
}

/** The person stopped the import (the window's Stop): the file ends at the conversation it was at. */
class ImportStopped extends Error {}

/** Why a file stopped, in words: the disk filled, a conversation too large to read, or the export's fault. */
function refusalOf(error: unknown, name: string, count: number): BadExport {
    if (error instanceof ImportStopped) return BadExport.saying("importStopped", {name, count});
    if (error instanceof ItemTooLarge)
        return BadExport.saying("importItemTooLarge", {name, size: error.size, count});
    if (error instanceof Error && isDiskFull(error)) return BadExport.saying("importDiskFull", {name, count});
    if (error instanceof BadExport) return error;
    return BadExport.saying("importFailed", {name, reason: messageOf(error)});
}

/** The conversations this import made since the library's last row was `since`, their messages, the last one. */
export function committedSince(
    db: Db,
    since: number,
): {imported: number; messages: number; last: string | null} {
    const made =
        "FROM conversations c WHERE c.rowid > ? AND c.id IN (SELECT conversation_id FROM imported_conversations)";
    const {imported, messages} = db
        .prepare<unknown[], {imported: number; messages: number}>(
            `SELECT count(*) AS imported, coalesce(sum((SELECT count(*) FROM messages m WHERE m.conversation_id = c.id)), 0) AS messages ${made}`,
        )
        .get(since)!;
    const last = db
        .prepare<unknown[], string>(`SELECT c.id ${made} ORDER BY c.rowid DESC LIMIT 1`)
        .pluck()
        .get(since);
    return {imported, messages, last: last ?? null};
}

function skip(report: ImportFileReport, title: string, why: string | Words): void {
    if (report.skipped.length >= LISTED) return;
    report.skipped.push(
        typeof why === "string" ? {title, reason: why} : {title, reason: inEnglish(why), words: why},
    );
}

async function saveOne(
    db: Db,
    writer: ImportWriter,
    item: RawItem,
    app: NonNullable<ReturnType<typeof appOf>>,
): Promise<{conversationId: string; messages: number; notes: string[]; title: string} | null> {
    const converted = convert(item, app);
    if ("conversation" in converted) {
        const saved = writer.save(converted.conversation);
        return saved && {...saved, title: converted.conversation.title};
    }
    const data = converted.cairn;
    // Already here: imported before, or this library's own conversation (a backup of it being merged).
    if (writer.has("cairn", data.conversation.id) || writer.exists(data.conversation.id)) return null;
    const conversations = new ConversationStore(db);
    // Images are decoded and checked again (sharp, on libuv's threads): what the batch holds is committed first.
    if (data.images) writer.flush();
    const {kept, notes} = await keepImages(data, conversations.attachments);
    return writer.inBatch(() => {
        const stores = {conversations, toolCalls: new ToolCallStore(db), citations: new CitationStore(db)};
        const created = importConversation(data, stores, kept);
        writer.note("cairn", data.conversation.id, created.id);
        return {conversationId: created.id, messages: data.messages.length, notes, title: created.title};
    });
}

function titleOf(item: RawItem): string {
    if ("jan" in item)
        return typeof item.jan.thread.title === "string" ? item.jan.thread.title : item.jan.folder;
    const value = item.value as Record<string, unknown> | null;
    const title = value && (value.title ?? value.name);
    return typeof title === "string" && title ? title.slice(0, 200) : "(untitled)";
}
