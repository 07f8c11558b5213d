import Database from "better-sqlite3";
import {ftsQuery} from "../store/conversations.js";
import type {ToolDefinition} from "./defineTool.js";

type Indexed = Pick<ToolDefinition, "name" | "description" | "params"> & {source?: string};

/** Name words weigh most: "github.create_issue" is what a question about creating an issue means. */
const NAME_WEIGHT = 4;
const TEXT_WEIGHT = 1;

/** "github.createIssue" → "github create Issue": the words a question uses, from a tool's name. */
export function nameWords(name: string): string {
    return name
        .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim();
}

/** What a tool is found by besides its name: its description, its parameters' names and descriptions. */
export function searchText(tool: Pick<ToolDefinition, "description" | "params">): string {
    const params = Object.entries(tool.params.properties ?? {}).map(([key, schema]) => {
        const about = (schema as {description?: unknown}).description;
        return `${nameWords(key)}${typeof about === "string" ? ` ${about}` : ""}`;
    });
    return [tool.description, ...params].join("\n");
}

/**
 * Full-text search (SQLite FTS5, BM25, English stemming) over the tools: their name's words, description and
 * parameters. Kept in memory and updated by source as tool lists change, never rebuilt per turn.
 */
export class ToolIndex {
    private readonly db = new Database(":memory:");
    private readonly insert;
    private readonly removeSource;

    constructor() {
        this.db.exec(
            `CREATE VIRTUAL TABLE tools USING fts5(name UNINDEXED, source UNINDEXED, words, text,
                 tokenize = 'porter unicode61')`,
        );
        this.insert = this.db.prepare("INSERT INTO tools (name, source, words, text) VALUES (?, ?, ?, ?)");
        this.removeSource = this.db.prepare("DELETE FROM tools WHERE source = ?");
    }

    /** Replaces the tools of one source ("built-in", "mcp:<server>") in one transaction. */
    setSource(source: string, tools: Indexed[]): void {
        this.db.transaction(() => {
            this.removeSource.run(source);
            for (const tool of tools)
                this.insert.run(tool.name, source, nameWords(tool.name), searchText(tool));
        })();
    }

    /**
     * Tool names best matching any of the query's words, best first; `among` limits them (the tools that may
     * be offered). A query with no words finds nothing.
     */
    search(query: string, k: number, among?: (name: string) => boolean): string[] {
        const match = anyWord(query);
        if (!match) return [];
        const rows = this.db
            .prepare(
                `SELECT name FROM tools WHERE tools MATCH ?
                 ORDER BY bm25(tools, 0, 0, ${NAME_WEIGHT}, ${TEXT_WEIGHT}) LIMIT ?`,
            )
            .pluck()
            .all(match, among ? k * 8 + 64 : k) as string[];
        return (among ? rows.filter(among) : rows).slice(0, k);
    }

    close(): void {
        this.db.close();
    }
}

/** The query's words, each quoted, joined by OR: a tool matching any of them is a candidate. */
function anyWord(query: string): string | null {
    const words = ftsQuery(query.slice(0, 2000));
    return words ? words.replace(/\*$/, "").split(" ").join(" OR ") : null;
}
