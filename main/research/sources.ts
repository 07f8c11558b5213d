// Where a research run looks and how it reads what it found: the web (the search providers, then each page
// fetched), or offline: the documents, the memories and the archive of pages read before.
import type {ArchivedPage, Source} from "../../shared/contract.js";
import {RECALL_TOOL} from "../tools/builtin/memory.js";
import type {CallOutcome} from "../tools/runner.js";
import {termsOf} from "./notes.js";
import type {Candidate} from "./steps.js";

/** Results each search keeps. */
const FOUND_PER_SEARCH = 6;

/** What a run searches and reads with: the answer's tool calls, the page archive, the documents' passages. */
export type SourceTools = {
    /** Runs a tool as a call of the answer (in its trace). */
    call(name: string, params: unknown): Promise<CallOutcome>;
    archive: {search(words: string[], limit: number): ArchivedPage[]; get(id: string): ArchivedPage | null};
    /** A document passage's whole text (a search shows a window of it), by its id; null: gone. */
    passage?(chunkId: number): string | null;
};

/** A question searched: what was found, or why nothing could be (every search failed). */
export async function searchFor(
    tools: SourceTools,
    question: string,
    offline: boolean,
): Promise<{found: Candidate[]; error?: string}> {
    if (!offline) {
        const outcome = await tools.call("web_search", {query: question});
        return outcome.record.status === "ok"
            ? {found: outcome.sources.flatMap(webCandidate).slice(0, FOUND_PER_SEARCH)}
            : {found: [], error: outcome.record.error ?? "the web search failed"};
    }
    const documents = await tools.call("rag_search", {query: question, limit: 5});
    const memories = await tools.call(RECALL_TOOL, {query: question.slice(0, 200), limit: 3});
    const archived = tools.archive.search([...termsOf(question)].slice(0, 8), 3).map((page): Candidate => ({
        key: `url:${page.url}`,
        title: page.title || page.url,
        archiveId: page.id,
        source: {kind: "url", title: page.title || page.url, url: page.url, location: {archiveId: page.id}},
    }));
    const found = [...inline(documents), ...inline(memories), ...archived];
    const failed = [documents, memories].filter((o) => o.record.status !== "ok");
    // Nothing found is an answer; only a search that could not run at all is an error.
    const error = failed.length === 2 && archived.length === 0 ? failed[0]!.record.error : undefined;
    return {found, ...(error ? {error} : {})};
}

/** A web result: the page to fetch. */
function webCandidate(source: Source): Candidate[] {
    return source.url ? [{key: sourceKey(source), title: source.title, url: source.url, source}] : [];
}

/** Passages and memories: their text came with the search. */
function inline(outcome: CallOutcome): Candidate[] {
    if (outcome.record.status !== "ok") return [];
    return outcome.sources.flatMap((source) => {
        const key = sourceKey(source);
        if (!key.startsWith("id:") || !source.snippet) return [];
        return [{key, title: source.title, text: source.snippet, source}];
    });
}

/** What was read of a candidate, the source to cite for it and the call that read it; or why it could not be read. */
export async function readCandidate(
    tools: SourceTools,
    candidate: Candidate,
): Promise<{text: string; source: Source; toolCallId: string | null} | {error: string}> {
    if (candidate.text !== undefined) {
        // A passage is read whole (its search showed a window of it); a memory is as short as it was found.
        const chunkId = chunkOf(candidate.source);
        const text = (chunkId === null ? null : tools.passage?.(chunkId)) ?? candidate.text;
        return {text, source: candidate.source, toolCallId: null};
    }
    if (candidate.archiveId) {
        const page = tools.archive.get(candidate.archiveId);
        return page
            ? {text: page.text, source: candidate.source, toolCallId: null}
            : {error: "the archived page is gone"};
    }
    const outcome = await tools.call("web_fetch", {url: candidate.url});
    if (outcome.record.status !== "ok")
        return {error: outcome.record.error ?? "the page could not be fetched"};
    // The page's whole text as the archive keeps it (what the model read is a part, after a header).
    const source = outcome.sources[0] ?? candidate.source;
    const archiveId = archiveOf(source);
    const text = (archiveId ? tools.archive.get(archiveId)?.text : undefined) ?? outcome.modelText;
    return {text, source, toolCallId: outcome.record.id};
}

/** A field of a source's location: a passage's chunkId, a memory's memoryId, a page's archiveId. */
function locationField(source: Source, field: string): unknown {
    const at = source.location;
    return at && typeof at === "object" && !Array.isArray(at) ? at[field] : undefined;
}

/** What makes two sources the same: a page's address, a passage's or memory's id, else its title. */
export function sourceKey(source: Source): string {
    if (source.url) return `url:${source.url}`;
    const id = locationField(source, "chunkId") ?? locationField(source, "memoryId");
    return id === undefined ? `title:${source.title}` : `id:${JSON.stringify(id)}`;
}

/** Where the archive keeps a fetched page's text. */
function archiveOf(source: Source): string | null {
    const id = locationField(source, "archiveId");
    return typeof id === "string" ? id : null;
}

/** The document passage a source is (null: another kind). */
function chunkOf(source: Source): number | null {
    const id = locationField(source, "chunkId");
    return typeof id === "number" ? id : null;
}
