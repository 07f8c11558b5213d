import type {Migration} from "./migration.js";

/** The schema's versions 1 to 15. */
export const UP_TO_15: readonly Migration[] = [
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
    {
        version: 2,
        name: "tool calls, grants, conversation mode",
        sql: `
            CREATE TABLE tool_calls (
                id TEXT PRIMARY KEY,
                message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
                conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                step INTEGER NOT NULL,
                tool TEXT NOT NULL,
                raw_args TEXT NOT NULL,
                args TEXT,
                status TEXT NOT NULL,
                decision TEXT,
                decided_by TEXT,
                result_text TEXT,
                result_data TEXT,
                error TEXT,
                origin TEXT NOT NULL CHECK (origin IN ('model', 'client')),
                started_at INTEGER NOT NULL,
                finished_at INTEGER
            );
            CREATE INDEX tool_calls_by_message ON tool_calls (message_id, started_at);
            CREATE TABLE tool_grants (
                tool TEXT NOT NULL,
                conversation_id TEXT REFERENCES conversations(id) ON DELETE CASCADE,
                created_at INTEGER NOT NULL
            );
            CREATE UNIQUE INDEX tool_grants_unique ON tool_grants (tool, ifnull(conversation_id, ''));
            ALTER TABLE conversations ADD COLUMN mode TEXT NOT NULL DEFAULT 'ask' CHECK (mode IN ('ask', 'agent'));
        `,
    },
    {
        version: 3,
        name: "citations",
        sql: `
            CREATE TABLE citations (
                message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
                number INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('url', 'document', 'tool')),
                title TEXT NOT NULL,
                url TEXT,
                location TEXT,
                snippet TEXT,
                tool_call_id TEXT REFERENCES tool_calls(id) ON DELETE SET NULL,
                                PRIMARY KEY (message_id, number)
            );
        `,
    },
    {
        version: 4,
        name: "per-conversation web access",
        // NULL follows the default in Settings.
        sql: "ALTER TABLE conversations ADD COLUMN web_access INTEGER CHECK (web_access IN (0, 1));",
    },
    {
        version: 5,
        name: "archive of fetched pages",
        sql: `
            CREATE TABLE web_pages (
                id TEXT PRIMARY KEY,
                url TEXT NOT NULL,
                title TEXT NOT NULL,
                text TEXT NOT NULL,
                content_hash TEXT NOT NULL,
                fetched_at INTEGER NOT NULL,
                UNIQUE (url, content_hash)
            );
        `,
    },
    {
        version: 6,
        name: "installed models, per-conversation generation settings",
        sql: `
            CREATE TABLE models (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                file TEXT NOT NULL UNIQUE,
                size_bytes INTEGER NOT NULL,
                architecture TEXT,
                parameter_count INTEGER,
                quantization TEXT,
                context_length INTEGER,
                has_chat_template INTEGER NOT NULL DEFAULT 0,
                chat_wrapper TEXT,
                function_calling TEXT NOT NULL DEFAULT 'none',
                source TEXT,
                added_at INTEGER NOT NULL
            );
            ALTER TABLE conversations ADD COLUMN generation TEXT;
            ALTER TABLE messages ADD COLUMN reused_tokens INTEGER;
            ALTER TABLE messages ADD COLUMN context_shifted INTEGER;
        `,
    },
    {
        version: 7,
        name: "documents: collections, documents, chunks, full-text index",
        // The vector table (vec0) is created at run time: its dimension comes from the embedding model.
        sql: `
            CREATE TABLE collections (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                created_at INTEGER NOT NULL
            );
            CREATE TABLE documents (
                id TEXT PRIMARY KEY,
                collection_id TEXT REFERENCES collections(id) ON DELETE CASCADE,
                conversation_id TEXT REFERENCES conversations(id) ON DELETE CASCADE,
                path TEXT NOT NULL,
                title TEXT NOT NULL,
                kind TEXT NOT NULL,
                content_hash TEXT,
                size_bytes INTEGER,
                text TEXT,
                status TEXT NOT NULL CHECK (status IN ('pending', 'indexed', 'error')),
                error TEXT,
                chunk_count INTEGER NOT NULL DEFAULT 0,
                job_id TEXT,
                added_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                CHECK ((collection_id IS NULL) <> (conversation_id IS NULL))
            );
            CREATE UNIQUE INDEX documents_unique ON documents (path, ifnull(collection_id, ''), ifnull(conversation_id, ''));
            CREATE TABLE chunks (
                id INTEGER PRIMARY KEY,
                document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
                ordinal INTEGER NOT NULL,
                text TEXT NOT NULL,
                location TEXT NOT NULL
            );
            CREATE INDEX chunks_by_document ON chunks (document_id, ordinal);
            CREATE VIRTUAL TABLE chunks_fts USING fts5(text, content='chunks', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
            CREATE TRIGGER chunks_fts_insert AFTER INSERT ON chunks BEGIN
                INSERT INTO chunks_fts (rowid, text) VALUES (new.id, new.text);
            END;
            CREATE TRIGGER chunks_fts_delete AFTER DELETE ON chunks BEGIN
                INSERT INTO chunks_fts (chunks_fts, rowid, text) VALUES ('delete', old.id, old.text);
            END;
        `,
    },
    {
        version: 8,
        name: "binary codes of chunk vectors, and change counters for the in-memory code index",
        sql: `
            ALTER TABLE chunks ADD COLUMN code BLOB;
            CREATE INDEX chunks_codes ON chunks (document_id, id, code) WHERE code IS NOT NULL;
            CREATE TABLE chunk_changes (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                inserted INTEGER NOT NULL,
                rewritten INTEGER NOT NULL
            );
            INSERT INTO chunk_changes (id, inserted, rewritten) VALUES (1, 0, 0);
            CREATE TRIGGER chunks_count_insert AFTER INSERT ON chunks BEGIN
                UPDATE chunk_changes SET inserted = inserted + 1;
            END;
            CREATE TRIGGER chunks_count_delete AFTER DELETE ON chunks BEGIN
                UPDATE chunk_changes SET rewritten = rewritten + 1;
            END;
            CREATE TRIGGER chunks_count_recode AFTER UPDATE OF code ON chunks BEGIN
                UPDATE chunk_changes SET rewritten = rewritten + 1;
            END;
        `,
    },
    {
        version: 9,
        name: "processes sharing the data directory, the process running each answer, one answer per conversation",
        sql: `
            CREATE TABLE processes (
                id TEXT PRIMARY KEY,
                pid INTEGER NOT NULL,
                host TEXT NOT NULL,
                command TEXT NOT NULL,
                started_at INTEGER NOT NULL,
                start_ticks TEXT,
                heartbeat_at INTEGER NOT NULL
            );
            CREATE TABLE active_turns (
                conversation_id TEXT PRIMARY KEY REFERENCES conversations(id) ON DELETE CASCADE,
                process_id TEXT NOT NULL,
                started_at INTEGER NOT NULL
            );
            ALTER TABLE messages ADD COLUMN process_id TEXT;
        `,
    },
    {
        version: 10,
        name: "full-text search over messages",
        sql: `
            CREATE VIRTUAL TABLE messages_fts USING fts5(
                content, content='messages', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
            );
            INSERT INTO messages_fts(messages_fts) VALUES ('rebuild');
            CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
                INSERT INTO messages_fts(rowid, content) VALUES (new.rowid, new.content);
            END;
            CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
                INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
            END;
            CREATE TRIGGER messages_fts_update AFTER UPDATE OF content ON messages BEGIN
                INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
                INSERT INTO messages_fts(rowid, content) VALUES (new.rowid, new.content);
            END;
        `,
    },
    {
        version: 11,
        name: "messages as a tree: versions of an answer (regenerate) and branches (edit and resend)",
        sql: `
            ALTER TABLE messages ADD COLUMN parent_id TEXT;
            ALTER TABLE conversations ADD COLUMN head_id TEXT;
            UPDATE messages SET parent_id = (
                SELECT p.id FROM messages p
                 WHERE p.conversation_id = messages.conversation_id
                   AND (p.created_at < messages.created_at
                        OR (p.created_at = messages.created_at AND p.rowid < messages.rowid))
                 ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1
            );
            UPDATE conversations SET head_id = (
                SELECT m.id FROM messages m WHERE m.conversation_id = conversations.id
                 ORDER BY m.created_at DESC, m.rowid DESC LIMIT 1
            );
            CREATE INDEX messages_by_parent ON messages (parent_id);
        `,
    },
    {
        version: 12,
        name: "what a model thought before answering, kept apart from the answer",
        sql: `
            ALTER TABLE messages ADD COLUMN thought TEXT NOT NULL DEFAULT '';
            ALTER TABLE messages ADD COLUMN thought_ms INTEGER;
            ALTER TABLE messages ADD COLUMN thought_tokens INTEGER;
        `,
    },
    {
        version: 13,
        name: "tools switched off per conversation (a JSON list of tool names and mcp:<server> sources)",
        sql: `ALTER TABLE conversations ADD COLUMN tools_off TEXT;`,
    },
    {
        version: 14,
        name: "a workspace folder per conversation; what files held before a tool wrote them (undo)",
        sql: `
            ALTER TABLE conversations ADD COLUMN workspace TEXT;
            CREATE TABLE file_versions (
                tool_call_id TEXT PRIMARY KEY REFERENCES tool_calls(id) ON DELETE CASCADE,
                path TEXT NOT NULL,
                before BLOB,
                after_sha256 TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                undone_at INTEGER
            );
        `,
    },
    {
        version: 15,
        name: "tool telemetry: offers per day and tool, finished calls with outcome and duration",
        sql: `
            CREATE TABLE tool_offers (
                day INTEGER NOT NULL,
                tool TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (day, tool)
            );
            CREATE TABLE tool_call_stats (
                at INTEGER NOT NULL,
                tool TEXT NOT NULL,
                status TEXT NOT NULL,
                duration_ms REAL NOT NULL
            );
            CREATE INDEX tool_call_stats_by_time ON tool_call_stats (at);
        `,
    },
];
