import type {Collection, SearchHit} from "../../../shared/contract.js";
import type {Result} from "../../../shared/result.js";
import type {SearchScope} from "../../docs/search.js";
import {defineTool} from "../defineTool.js";

export type DocumentSearch = {
    search(query: string, limit: number, scope: SearchScope): Promise<Result<SearchHit[]>>;
    collections(): Collection[];
};

/**
 * What a conversation's searches may read: `only`, the collections a search of "all" reads (its assistant's,
 * its project's; null: every one not hidden); `hidden`, collections it never reads (other projects' files).
 */
export type SearchReach = (conversationId: string) => {only: string[] | null; hidden: string[]};
const NO_LIMITS: SearchReach = () => ({only: null, hidden: []});

/** The part of rag_search's arguments that chooses where to search. */
type ScopeArgs = {scope?: "all" | "conversation" | "collection"; collection?: string};

/** rag_search: passages from the user's local documents, each one a citable source. */
export function createRagSearch(docs: DocumentSearch, reach: SearchReach = NO_LIMITS) {
    return defineTool({
        name: "rag_search",
        description:
            "Search the user's local documents (notes, PDFs, saved pages) and return the most relevant passages.",
        sideEffect: "none",
        params: {
            type: "object",
            additionalProperties: false,
            required: ["query"],
            properties: {
                query: {type: "string", minLength: 1, maxLength: 1000},
                limit: {type: "integer"},
                scope: {enum: ["all", "conversation", "collection"]},
                collection: {type: "string", maxLength: 200},
            },
        },
        // Ranges and defaults: the validator's alone (a grammar cannot express them).
        validate: {properties: {limit: {minimum: 1, maximum: 10, default: 3}, scope: {default: "all"}}},
        async run(args, ctx) {
            const scope = resolveScope(args, ctx.conversationId, docs.collections(), reach);
            if ("error" in scope) return {text: "", error: scope.error};
            const found = await docs.search(args.query, args.limit ?? 3, scope);
            if (!found.ok) return {text: "", error: found.error.message};
            if (found.value.length === 0)
                return {text: "No matching passages found in the documents.", data: {hits: []}};
            return {
                text: found.value
                    .map((hit, i) => `[${i + 1}] ${hit.title} (${where(hit)})\n${hit.snippet}`)
                    .join("\n\n"),
                data: {hits: found.value},
                sources: found.value.map((hit) => ({
                    kind: "document" as const,
                    title: hit.title,
                    snippet: hit.snippet,
                    location: {
                        ...hit.location,
                        chunkId: hit.chunkId,
                        documentId: hit.documentId,
                        path: hit.path,
                    },
                })),
            };
        },
    });
}

function resolveScope(
    args: ScopeArgs,
    conversationId: string,
    collections: Collection[],
    reach: SearchReach,
): SearchScope | {error: string} {
    const {only, hidden} = reach(conversationId);
    const readable = collections.filter((c) => !hidden.includes(c.name));
    if (args.collection || args.scope === "collection") {
        const found = readable.find((c) => c.name === args.collection || c.id === args.collection);
        if (!found) {
            const names = readable.map((c) => c.name).join(", ") || "none";
            return {error: `unknown collection: ${args.collection ?? "(none given)"}; collections: ${names}`};
        }
        return {kind: "collection", collectionId: found.id};
    }
    if (args.scope === "conversation") return {kind: "conversation", conversationId};
    if (!only && hidden.length === 0) return {kind: "all"};
    const collectionIds = readable.filter((c) => !only || only.includes(c.name)).map((c) => c.id);
    return {kind: "some", collectionIds, conversationId};
}

function where(hit: SearchHit): string {
    const parts = [hit.path];
    if (hit.location.page) parts.push(`page ${hit.location.page}`);
    if (hit.location.heading.length) parts.push(hit.location.heading.join(" › "));
    parts.push(`lines ${hit.location.lineStart}-${hit.location.lineEnd}`);
    return parts.join(", ");
}

/** list_collections: the user's document collections with their sizes. */
export function createListCollections(docs: DocumentSearch, reach: SearchReach = NO_LIMITS) {
    return defineTool({
        name: "list_collections",
        description: "List the user's document collections (names, document and passage counts).",
        sideEffect: "none",
        params: {type: "object", additionalProperties: false, properties: {}},
        run(_args, ctx) {
            // Other projects' files are not this conversation's to search, nor to see listed.
            const {hidden} = reach(ctx.conversationId);
            const list = docs.collections().filter((c) => !hidden.includes(c.name));
            if (list.length === 0) return {text: "No document collections yet.", data: {collections: []}};
            return {
                text: list
                    .map((c) => `${c.name}: ${c.documentCount} documents, ${c.chunkCount} passages`)
                    .join("\n"),
                data: {collections: list},
            };
        },
    });
}
