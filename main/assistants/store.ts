import {randomUUID} from "node:crypto";
import type Database from "better-sqlite3";
import type {Assistant, AssistantInput} from "../../shared/contract.js";
import {refusal} from "../words.js";
import {StatementCache, type Db, fromStoredJson, writeTransaction} from "../store/db.js";

type AssistantRow = {
    id: string;
    name: string;
    icon: string;
    instructions: string;
    settings: string;
    is_default: 0 | 1;
    created_at: number;
    updated_at: number;
};

/** An assistant as stored: everything but what is found missing when it is read. */
export type StoredAssistant = Omit<Assistant, "missing">;

/** The fields kept in the settings column (JSON): the lists and settings an assistant sets. */
const SETTINGS_FIELDS = [
    "toolsOff",
    "pinnedTools",
    "collections",
    "memoryScope",
    "provider",
    "providerModel",
    "localModel",
    "generation",
    "starters",
] as const;

/** Assistants: saved instructions and settings that a new conversation starts with. */
export class AssistantStore {
    private readonly statements: StatementCache;

    constructor(private readonly db: Db) {
        this.statements = new StatementCache(db);
    }

    private sql<R = unknown>(text: string): Database.Statement<unknown[], R> {
        return this.statements.get<R>(text);
    }

    list(): StoredAssistant[] {
        const rows = this.sql<AssistantRow>(
            "SELECT * FROM assistants ORDER BY is_default DESC, name COLLATE NOCASE",
        ).all();
        return rows.map(toAssistant);
    }

    get(id: string): StoredAssistant | null {
        const row = this.sql<AssistantRow>("SELECT * FROM assistants WHERE id = ?").get(id);
        return row ? toAssistant(row) : null;
    }

    byName(name: string): StoredAssistant | null {
        const row = this.sql<AssistantRow>("SELECT * FROM assistants WHERE name = ? COLLATE NOCASE").get(
            name,
        );
        return row ? toAssistant(row) : null;
    }

    /** By id, else by name (the CLI and the local API name them). */
    find(idOrName: string): StoredAssistant | null {
        return this.get(idOrName) ?? this.byName(idOrName);
    }

    defaultOne(): StoredAssistant | null {
        const row = this.sql<AssistantRow>("SELECT * FROM assistants WHERE is_default = 1").get();
        return row ? toAssistant(row) : null;
    }

    /** Adds one, or replaces the one with `id`. Throws (in words) when another has the same name. */
    save(input: AssistantInput, id: string | null = null): StoredAssistant {
        const clash = this.byName(input.name);
        if (clash && clash.id !== id) throw refusal("assistantNameTaken", {name: clash.name});
        const now = Date.now();
        const settings = JSON.stringify(Object.fromEntries(SETTINGS_FIELDS.map((f) => [f, input[f]])));
        const saved = writeTransaction(this.db, () => {
            if (input.isDefault) this.sql("UPDATE assistants SET is_default = 0 WHERE is_default = 1").run();
            if (id && this.get(id)) {
                this.sql(
                    `UPDATE assistants SET name = ?, icon = ?, instructions = ?, settings = ?,
                         is_default = coalesce(?, is_default), updated_at = ? WHERE id = ?`,
                ).run(input.name, input.icon, input.instructions, settings, flag(input.isDefault), now, id);
                return id;
            }
            const newId = randomUUID();
            this.sql(
                `INSERT INTO assistants (id, name, icon, instructions, settings, is_default, created_at, updated_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            ).run(
                newId,
                input.name,
                input.icon,
                input.instructions,
                settings,
                input.isDefault ? 1 : 0,
                now,
                now,
            );
            return newId;
        });
        return this.get(saved)!;
    }

    /** Deletes one; its conversations stay without an assistant, its own memories become shared. */
    delete(id: string): boolean {
        return writeTransaction(this.db, () => {
            if (this.sql("DELETE FROM assistants WHERE id = ?").run(id).changes === 0) return false;
            this.sql("UPDATE memories SET scope = 'everywhere' WHERE scope = ?").run(`assistant:${id}`);
            return true;
        });
    }

    /** Makes one the default (null: none); false when there is no such assistant. */
    setDefault(id: string | null): boolean {
        if (id !== null && !this.get(id)) return false;
        writeTransaction(this.db, () => {
            this.sql("UPDATE assistants SET is_default = 0 WHERE is_default = 1").run();
            if (id) this.sql("UPDATE assistants SET is_default = 1 WHERE id = ?").run(id);
        });
        return true;
    }
}

function flag(value: boolean | undefined): 0 | 1 | null {
    return value === undefined ? null : value ? 1 : 0;
}

function toAssistant(r: AssistantRow): StoredAssistant {
    const settings = fromStoredJson<Partial<AssistantInput>>(r.settings);
    return {
        id: r.id,
        name: r.name,
        icon: r.icon,
        instructions: r.instructions,
        toolsOff: settings.toolsOff ?? [],
        pinnedTools: settings.pinnedTools ?? [],
        collections: settings.collections ?? [],
        memoryScope: settings.memoryScope ?? "everywhere",
        provider: settings.provider ?? null,
        providerModel: settings.providerModel ?? null,
        localModel: settings.localModel ?? null,
        generation: settings.generation ?? null,
        starters: settings.starters ?? [],
        isDefault: r.is_default === 1,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
    };
}
