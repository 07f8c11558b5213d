import path from "node:path";
import type {ImportFileReport, ImportReport} from "../../shared/contract.js";
import {wordsOf} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";
import {inEnglish} from "../words.js";
import {importConversation, keepImages} from "../chat/exchange.js";
import {CitationStore} from "../store/citations.js";
import {ConversationStore} from "../store/conversations.js";
import type {Db} from "../store/db.js";
import {ToolCallStore} from "../store/toolCalls.js";
import {appOf, convert} from "./convert.js";
import {SOURCE_NAMES, Skip} from "./model.js";
import {BadExport, readExport, type RawItem} from "./reader.js";
import {ImportWriter} from "./save.js";

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
): Promise<ImportReport> {
    const writer = new ImportWriter(db);
    const report: ImportReport = {files: [], lastConversationId: null};
    for (const [index, file] of files.entries()) {
        const fileReport = await importFile(db, writer, file, names[index]!, (share, imported) =>
            onProgress({file: names[index]!, share, imported}),
        );
        report.files.push(fileReport.report);
        report.lastConversationId = fileReport.last ?? report.lastConversationId;
    }
    return report;
}

async function importFile(
    db: Db,
    writer: ImportWriter,
    file: string,
    name: string,
    onShare: (share: number, imported: number) => void,
): Promise<{report: ImportFileReport; last: string | null}> {
    const report: ImportFileReport = {
        file: name,
        app: null,
        imported: 0,
        messages: 0,
        already: 0,
        skipped: [],
        notes: [],
        error: null,
        errorWords: null,
    };
    let last: string | null = null;
    let share = 0;
    let skippedCount = 0;
    try {
        for await (const item of readExport(file, (s) => onShare((share = s), report.imported), name)) {
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
                    report.messages += saved.messages;
                    last = saved.conversationId;
                    for (const note of saved.notes)
                        if (report.notes.length < LISTED) report.notes.push(`${saved.title}: ${note}`);
                }
            } catch (error) {
                if (!(error instanceof Error)) throw error;
                skip(report, titleOf(item), error instanceof Skip ? error.words : error.message);
                skippedCount++;
            }
            onShare(share, report.imported);
        }
    } catch (error) {
        const refused =
            error instanceof BadExport
                ? error
                : BadExport.saying("importFailed", {name, reason: (error as Error).message});
        report.error = refused.message;
        report.errorWords = refused.words ?? null;
    } finally {
        writer.flush();
    }
    return {report, last};
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
    if ("jan" in item) return String(item.jan.thread.title ?? item.jan.folder);
    const value = item.value as Record<string, unknown> | null;
    const title = value && (value.title ?? value.name);
    return typeof title === "string" && title ? title.slice(0, 200) : "(untitled)";
}
