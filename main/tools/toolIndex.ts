import Database from "better-sqlite3";
import type {ToolDefinition} from "./defineTool.js";
import {writeTransaction} from "../store/db.js";

type Indexed = Pick<ToolDefinition, "name" | "description" | "params"> & {source?: string};

/**
 * English words that say nothing of what a tool does: left out of queries, so that "what is the tallest
 * mountain" does not match every tool whose description holds "the".
 */
const STOP_WORDS = new Set(
    (
        "a an and are as at be by can could do does for from how i in is it its me my of on or our please " +
        "should so than that the their them then there these this those to us was we were what when where " +
        "which who why will with would you your"
    ).split(" "),
);
/**
 * The weakest BM25 score (FTS5's, negative) a match must reach: a word in most tools' text weighs almost
 * nothing (FTS5 floors its weight at 1e-6), and a match on such words only is no match.
 */
const WEAKEST_MATCH = -0.01;

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
    private readonly match;

    constructor() {
        this.db.exec(
            `CREATE VIRTUAL TABLE tools USING fts5(name UNINDEXED, source UNINDEXED, words, text,
                 tokenize = 'porter unicode61')`,
        );
        this.insert = this.db.prepare("INSERT INTO tools (name, source, words, text) VALUES (?, ?, ?, ?)");
        this.removeSource = this.db.prepare("DELETE FROM tools WHERE source = ?");
        this.match = this.db
            .prepare(
                `SELECT name FROM (SELECT name, bm25(tools, 0, 0, ${NAME_WEIGHT}, ${TEXT_WEIGHT}) AS score
                 FROM tools WHERE tools MATCH ?) WHERE score < ${WEAKEST_MATCH} ORDER BY score LIMIT ?`,
            )
            .pluck();
    }

    /** Replaces the tools of one source ("built-in", "mcp:<server>") in one transaction. */
    setSource(source: string, tools: Indexed[]): void {
        writeTransaction(this.db, () => {
            this.removeSource.run(source);
            for (const tool of tools)
                this.insert.run(tool.name, source, nameWords(tool.name), searchText(tool));
        });
    }

    /**
     * Tool names best matching any of the query's words, best first; `among` limits them (the tools that may
     * be offered). A query with no words finds nothing.
     */
    search(query: string, k: number, among?: (name: string) => boolean): string[] {
        const match = anyWord(query);
        if (!match) return [];
        const rows = this.match.all(match, among ? k * 8 + 64 : k) as string[];
        return (among ? rows.filter(among) : rows).slice(0, k);
    }

    close(): void {
        this.db.close();
    }
}

/** The query's words less stop words, each quoted, joined by OR: a tool matching any is a candidate. */
function anyWord(query: string): string | null {
    const words = (query.slice(0, 2000).match(/[\p{L}\p{N}_]+/gu) ?? []).filter(
        (w) => !STOP_WORDS.has(w.toLowerCase()),
    );
    return words.length ? words.map((w) => `"${w}"`).join(" OR ") : null;
}
