/** rebuildsTables: the SQL rebuilds a table that others refer to (foreign keys are off while it runs). */
export type Migration = {version: number; name: string; sql: string; rebuildsTables?: boolean};

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
    {
        version: 16,
        name: "a composite tool's inner calls name the call they ran inside",
        sql: `ALTER TABLE tool_calls ADD COLUMN parent_id TEXT;`,
    },
    {
        version: 17,
        name: "plan mode: a third conversation mode; a plan and its steps' statuses kept with the answer",
        rebuildsTables: true,
        sql: `
            CREATE TABLE conversations_new (
                id TEXT PRIMARY KEY,
                title TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                mode TEXT NOT NULL DEFAULT 'ask' CHECK (mode IN ('ask', 'plan', 'agent')),
                web_access INTEGER CHECK (web_access IN (0, 1)),
                generation TEXT,
                head_id TEXT,
                tools_off TEXT,
                workspace TEXT
            );
            INSERT INTO conversations_new (id, title, created_at, updated_at, mode, web_access, generation, head_id,
                tools_off, workspace)
            SELECT id, title, created_at, updated_at, mode, web_access, generation, head_id, tools_off, workspace
            FROM conversations;
            DROP TABLE conversations;
            ALTER TABLE conversations_new RENAME TO conversations;
            ALTER TABLE messages ADD COLUMN plan TEXT;
        `,
    },
    {
        version: 18,
        name: "remote providers: which one answers a conversation; every request sent to one",
        sql: `
            ALTER TABLE conversations ADD COLUMN provider TEXT;
            CREATE TABLE egress_log (
                at INTEGER NOT NULL,
                provider TEXT NOT NULL,
                host TEXT NOT NULL,
                bytes_sent INTEGER NOT NULL,
                bytes_received INTEGER NOT NULL,
                status INTEGER,
                conversation_id TEXT
            );
            CREATE INDEX egress_log_by_time ON egress_log (at);
        `,
    },
    {
        version: 19,
        name: "a conversation's model among its provider's (null: the provider's default)",
        sql: `ALTER TABLE conversations ADD COLUMN provider_model TEXT;`,
    },
    {
        version: 20,
        name: "which tools an answer was offered and why, when too many to offer all",
        sql: `ALTER TABLE messages ADD COLUMN tools_offered TEXT;`,
    },
    {
        version: 21,
        name: "tool texts' vectors by embedding model, for tool search by meaning",
        sql: `
            CREATE TABLE tool_vectors (
                model TEXT NOT NULL,
                text_hash TEXT NOT NULL,
                vector BLOB NOT NULL,
                PRIMARY KEY (model, text_hash)
            ) WITHOUT ROWID;
        `,
    },
    {
        version: 22,
        name: "conversations imported from other apps, by the app and its own id (importing twice adds nothing)",
        sql: `
            CREATE TABLE imported_conversations (
                source TEXT NOT NULL,
                source_id TEXT NOT NULL,
                conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                imported_at INTEGER NOT NULL,
                PRIMARY KEY (source, source_id)
            ) WITHOUT ROWID;
            CREATE INDEX imported_by_conversation ON imported_conversations (conversation_id);
        `,
    },
    {
        version: 23,
        name: "memories (short statements kept across conversations, full-text indexed); incognito conversations",
        sql: `
            CREATE TABLE memories (
                id TEXT PRIMARY KEY,
                text TEXT NOT NULL,
                scope TEXT NOT NULL DEFAULT 'everywhere',
                origin TEXT NOT NULL CHECK (origin IN ('user', 'model')),
                source_message_id TEXT,
                source_conversation_id TEXT,
                enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE VIRTUAL TABLE memories_fts USING fts5(
                text, content='memories', content_rowid='rowid', tokenize='porter unicode61 remove_diacritics 2'
            );
            CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
                INSERT INTO memories_fts(rowid, text) VALUES (new.rowid, new.text);
            END;
            CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
                INSERT INTO memories_fts(memories_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
            END;
            CREATE TRIGGER memories_fts_update AFTER UPDATE OF text ON memories BEGIN
                INSERT INTO memories_fts(memories_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
                INSERT INTO memories_fts(rowid, text) VALUES (new.rowid, new.text);
            END;
            ALTER TABLE conversations ADD COLUMN incognito INTEGER NOT NULL DEFAULT 0 CHECK (incognito IN (0, 1));
        `,
    },
    {
        version: 24,
        name: "assistants (saved instructions and settings a conversation starts with); a conversation's assistant",
        sql: `
            CREATE TABLE assistants (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                icon TEXT NOT NULL DEFAULT '',
                instructions TEXT NOT NULL DEFAULT '',
                settings TEXT NOT NULL DEFAULT '{}',
                is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE UNIQUE INDEX one_default_assistant ON assistants (is_default) WHERE is_default = 1;
            ALTER TABLE conversations ADD COLUMN assistant_id TEXT REFERENCES assistants(id) ON DELETE SET NULL;
        `,
    },
    {
        version: 25,
        name: "projects (conversations grouped, with instructions, a collection of files and memories of their own)",
        sql: `
            CREATE TABLE projects (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                instructions TEXT NOT NULL DEFAULT '',
                collection_id TEXT NOT NULL REFERENCES collections(id),
                archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            ALTER TABLE conversations ADD COLUMN project_id TEXT REFERENCES projects(id) ON DELETE SET NULL;
            CREATE INDEX conversations_by_project ON conversations (project_id) WHERE project_id IS NOT NULL;
        `,
    },
    {
        version: 26,
        name: "the egress log records every feature's requests (what for), not only providers'",
        sql: `
            ALTER TABLE egress_log RENAME COLUMN provider TO detail;
            ALTER TABLE egress_log ADD COLUMN purpose TEXT NOT NULL DEFAULT 'provider';
        `,
    },
    {
        version: 27,
        name: "watched folders: a collection follows folders, with its ignore rules; a document's file time",
        sql: `
            CREATE TABLE watched_folders (
                collection_id TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
                path TEXT NOT NULL,
                added_at INTEGER NOT NULL,
                PRIMARY KEY (collection_id, path)
            );
            ALTER TABLE collections ADD COLUMN ignore_rules TEXT NOT NULL DEFAULT '';
            ALTER TABLE collections ADD COLUMN include_hidden INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE collections ADD COLUMN max_file_bytes INTEGER;
            ALTER TABLE documents ADD COLUMN mtime_ms INTEGER;
        `,
    },
    {
        version: 28,
        name: "vector codes for search in three stages: binary and 4-bit codes in a block per document, int8 per chunk, and a log of the blocks changed",
        sql: `
            DROP INDEX chunks_codes;
            DROP TRIGGER chunks_count_insert;
            DROP TRIGGER chunks_count_delete;
            DROP TRIGGER chunks_count_recode;
            DROP TABLE chunk_changes;
            ALTER TABLE chunks DROP COLUMN code;
            CREATE TABLE vector_codes (
                chunk_id INTEGER PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
                code BLOB NOT NULL
            );
            CREATE TABLE document_codes (
                document_id TEXT PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
                ids BLOB NOT NULL,
                codes BLOB NOT NULL
            );
            CREATE TABLE vector_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, document_id TEXT NOT NULL);
            CREATE TRIGGER document_codes_added AFTER INSERT ON document_codes BEGIN
                INSERT INTO vector_log (document_id) VALUES (new.document_id);
            END;
            CREATE TRIGGER document_codes_removed AFTER DELETE ON document_codes BEGIN
                INSERT INTO vector_log (document_id) VALUES (old.document_id);
            END;
        `,
    },
    {
        version: 29,
        name: "speculative decoding's guesses in an answer: drafted, and kept",
        sql: `
            ALTER TABLE messages ADD COLUMN drafted_tokens INTEGER;
            ALTER TABLE messages ADD COLUMN accepted_tokens INTEGER;
        `,
    },
    {
        version: 30,
        name: "pinned conversations, kept at the top of the list",
        sql: `ALTER TABLE conversations ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;`,
    },
    {
        version: 31,
        name: "images sent with messages, kept once by content hash (thumbnail beside the kept copy)",
        sql: `
            CREATE TABLE attachments (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                mime TEXT NOT NULL,
                width INTEGER NOT NULL,
                height INTEGER NOT NULL,
                data BLOB NOT NULL,
                thumb BLOB NOT NULL,
                created_at INTEGER NOT NULL,
                used INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE message_attachments (
                message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                attachment_id TEXT NOT NULL REFERENCES attachments(id),
                name TEXT NOT NULL,
                PRIMARY KEY (message_id, position)
            );
            CREATE INDEX message_attachments_by_attachment ON message_attachments (attachment_id);
        `,
    },
    {
        version: 32,
        name: "a failed answer's error in words (key and values, JSON), said in the window's language",
        sql: `ALTER TABLE messages ADD COLUMN error_words TEXT;`,
    },
    {
        version: 33,
        name: "a tool call's error in words (key and values, JSON), said in the window's language",
        sql: `ALTER TABLE tool_calls ADD COLUMN error_words TEXT;`,
    },
    {
        version: 34,
        name: "a document's error in words (key and values, JSON), said in the window's language",
        sql: `ALTER TABLE documents ADD COLUMN error_words TEXT;`,
    },
];
