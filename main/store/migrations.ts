export type Migration = {version: number; name: string; sql: string};

/** Append only: each runs once, in its own transaction, and bumps PRAGMA user_version. */
export const MIGRATIONS: readonly Migration[] = [
    {
        version: 1,
        name: "conversations, messages, settings",
        sql: `
            CREATE TABLE conversations (
                id TEXT PRIMARY KEY,
                title TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE TABLE messages (
                id TEXT PRIMARY KEY,
                conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system')),
                content TEXT NOT NULL DEFAULT '',
                status TEXT NOT NULL CHECK (status IN ('streaming', 'complete', 'interrupted', 'error')),
                model TEXT,
                error TEXT,
                prompt_tokens INTEGER,
                completion_tokens INTEGER,
                ttft_ms REAL,
                duration_ms REAL,
                tokens_per_second REAL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE INDEX messages_by_conversation ON messages (conversation_id, created_at);
            CREATE TABLE settings (
                key TEXT PRIMARY KEY,
                value TEXT NOT NULL
            );
        `,
    },
];
