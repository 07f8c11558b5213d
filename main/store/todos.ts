import type {TodoItem} from "../../shared/contract.js";
import {StatementCache, fromStoredJson, type Db} from "./db.js";

/** Each conversation's task list (the todo tool's, and the person's edits), numbered from 1 in its order. */
export class TodoStore {
    private readonly statements: StatementCache;

    constructor(db: Db) {
        this.statements = new StatementCache(db);
    }

    get(conversationId: string): TodoItem[] {
        const items = this.statements
            .get<string>("SELECT items FROM todos WHERE conversation_id = ?")
            .pluck()
            .get(conversationId);
        return items ? fromStoredJson<TodoItem[]>(items) : [];
    }

    /** Keeps the list as given, numbered again from 1; an empty list removes it. Returns it as kept. */
    set(conversationId: string, items: Omit<TodoItem, "id">[]): TodoItem[] {
        const numbered = items.map((item, i) => ({id: i + 1, text: item.text, status: item.status}));
        if (numbered.length === 0)
            this.statements.get("DELETE FROM todos WHERE conversation_id = ?").run(conversationId);
        else
            this.statements
                .get(
                    `INSERT INTO todos (conversation_id, items, updated_at) VALUES (?, ?, ?)
                     ON CONFLICT (conversation_id) DO UPDATE SET items = excluded.items, updated_at = excluded.updated_at`,
                )
                .run(conversationId, JSON.stringify(numbered), Date.now());
        return numbered;
    }
}
