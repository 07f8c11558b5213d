import type {Migration} from "./migration.js";

/** The schema's versions from 16 on: a new migration goes at the end. */
export const FROM_16: readonly Migration[] = [
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
    {
        version: 35,
        name: "each model's tool-use test, quick and whole, kept with its file's size and time to see it change",
        sql: `
            CREATE TABLE tool_use_scores (
                file TEXT NOT NULL,
                quick INTEGER NOT NULL,
                size_bytes INTEGER NOT NULL,
                modified_ms REAL NOT NULL,
                score TEXT NOT NULL,
                tested_at INTEGER NOT NULL,
                PRIMARY KEY (file, quick)
            );
        `,
    },
    {
        version: 36,
        name: "automations: prompts run on a schedule, each run a conversation of its own, and their runs",
        sql: `
            CREATE TABLE automations (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                definition TEXT NOT NULL,
                paused INTEGER NOT NULL DEFAULT 0,
                next_at INTEGER,
                created_at INTEGER NOT NULL
            );
            CREATE INDEX automations_by_next ON automations (next_at) WHERE paused = 0;
            CREATE TABLE automation_runs (
                id TEXT PRIMARY KEY,
                automation_id TEXT NOT NULL REFERENCES automations(id) ON DELETE CASCADE,
                due_at INTEGER NOT NULL,
                trigger TEXT NOT NULL,
                started_at INTEGER,
                ended_at INTEGER,
                status TEXT NOT NULL,
                conversation_id TEXT,
                process_id TEXT,
                error TEXT,
                error_words TEXT
            );
            CREATE INDEX automation_runs_by_automation ON automation_runs (automation_id, due_at);
            ALTER TABLE conversations ADD COLUMN automation_id TEXT;
        `,
    },
    {
        version: 37,
        name: "a message may carry the summary of the conversation up to it (compaction): what a model reads in its place",
        sql: `
            ALTER TABLE messages ADD COLUMN summary TEXT;
        `,
    },
    {
        version: 38,
        name: "each conversation's task list (the todo tool), kept apart from the conversation's own row",
        sql: `
            CREATE TABLE todos (
                conversation_id TEXT PRIMARY KEY REFERENCES conversations(id) ON DELETE CASCADE,
                items TEXT NOT NULL,
                updated_at INTEGER NOT NULL
            );
        `,
    },
    {
        version: 39,
        name: "research runs: a message may be a run's report (its plan, budget and progress), and each step it saved",
        sql: `
            ALTER TABLE messages ADD COLUMN research TEXT;
            CREATE TABLE research_steps (
                message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
                seq INTEGER NOT NULL,
                kind TEXT NOT NULL,
                data TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (message_id, seq)
            );
        `,
    },
    {
        version: 40,
        name: "how long a tool call waited for the person's approval: the trace's duration is its run alone",
        sql: `
            ALTER TABLE tool_calls ADD COLUMN waited_ms INTEGER;
        `,
    },
    {
        version: 41,
        name: "the local API's stored responses (the Responses API's store and previous_response_id), kept 30 days",
        sql: `
            CREATE TABLE api_responses (
                id TEXT PRIMARY KEY,
                created_at INTEGER NOT NULL,
                response TEXT NOT NULL,
                context TEXT NOT NULL
            );
            CREATE INDEX api_responses_created ON api_responses(created_at);
        `,
    },
];
