import type {SearchHit} from "../../shared/contract.js";
import {ok, type Result} from "../../shared/result.js";
import {failSaying} from "../words.js";
import type {Embedder} from "../llm/embedder.js";
import {scopeKey, type DocumentStore} from "./store.js";

/** Reciprocal rank fusion constant: the usual 60 (Cormack et al.). */
const RRF_K = 60;
const SNIPPET_CHARS = 300;

export type SearchScope =
    | {kind: "all"}
    | {kind: "collection"; collectionId: string}
    | {kind: "conversation"; conversationId: string}
    /** Some collections and one conversation's attachments (an assistant's conversation searching "all"). */
    | {kind: "some"; collectionIds: string[]; conversationId: string};

/**
 * Hybrid retrieval: the nearest chunks by vector and the best by BM25, fused by reciprocal rank. Exact terms
 * (names, codes, error strings) are found by the full-text side even when the embedding model is weak, and
 * a chunk holding a query word that almost no other chunk has comes first: with plain RRF, a chunk ranked
 * lower on both sides would outrank it (1/62 + 1/70 > 1/61), which with a weak model is noise beating the
 * one exact match.
 */
export async function hybridSearch(
    store: DocumentStore,
    embedder: Pick<Embedder, "embed">,
    query: string,
    limit: number,
    scope: SearchScope,
): Promise<Result<SearchHit[]>> {
    if (!query.trim()) return failSaying("VALIDATION", "emptySearch");
    const scopes = scopeKeys(scope);
    const depth = Math.max(limit * 4, 20);
    const fullText = store.fullText(query, depth, scopes);
    let nearest: {chunkId: number}[] = [];
    if (store.vectors.meta() !== null) {
        const vectors = await embedder.embed([query]);
        // Without the embedding model (not chosen, or failing) the full-text side still answers.
        // The codes are read in a worker when they must be read whole (the first search).
        if (vectors.ok) {
            await store.vectors.prepare();
            nearest = store.vectors.nearest(vectors.value[0]!, depth, scopes);
        }
    }
    const fused = new Map<number, number>();
    const add = (ids: {chunkId: number}[]) =>
        ids.forEach((hit, rank) =>
            fused.set(hit.chunkId, (fused.get(hit.chunkId) ?? 0) + 1 / (RRF_K + rank + 1)),
        );
    add(fullText);
    add(nearest);
    for (const hit of fullText) if (hit.exact) fused.set(hit.chunkId, fused.get(hit.chunkId)! + 1);
    const best = [...fused].sort((a, b) => b[1] - a[1]).slice(0, limit);
    const rows = store.hits(best.map(([id]) => id));
    return ok(
        best.flatMap(([chunkId, score]) => {
            const row = rows.get(chunkId);
            if (!row) return [];
            return [
                {
                    chunkId,
                    documentId: row.documentId,
                    title: row.title,
                    path: row.path,
                    location: row.location,
                    score,
                    snippet: snippet(row.text, query),
                },
            ];
        }),
    );
}

function scopeKeys(scope: SearchScope): string[] | null {
    if (scope.kind === "all") return null;
    if (scope.kind === "collection")
        return [scopeKey({collectionId: scope.collectionId, conversationId: null})];
    if (scope.kind === "some")
        return [
            ...scope.collectionIds.map((collectionId) => scopeKey({collectionId, conversationId: null})),
            scopeKey({collectionId: null, conversationId: scope.conversationId}),
        ];
    return [scopeKey({collectionId: null, conversationId: scope.conversationId})];
}

/** The part of a chunk around the first query term it contains. */
function snippet(text: string, query: string): string {
    const lower = text.toLowerCase();
    const at = (query.toLowerCase().match(/[\p{L}\p{N}_]{3,}/gu) ?? [])
        .map((t) => lower.indexOf(t))
        .filter((i) => i >= 0)
        .sort((a, b) => a - b)[0];
    const start = at === undefined ? 0 : Math.max(0, at - 80);
    const piece = text
        .slice(start, start + SNIPPET_CHARS)
        .replace(/\s+/g, " ")
        .trim();
    return (start > 0 ? "…" : "") + piece + (start + SNIPPET_CHARS < text.length ? "…" : "");
}
