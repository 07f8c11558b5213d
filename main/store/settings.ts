import type {Db} from "./db.js";

/** Typed settings known to the core; values are stored as JSON. */
export type Settings = {
    modelPath: string | null;
    threads: number | null;
    /** Tool policies chosen in Settings; they win over tools.yaml. */
    toolPolicies: Record<string, "ask" | "allow" | "deny">;
    webAccessDefault: boolean;
};

export class SettingsStore {
    constructor(private readonly db: Db) {}

    get<K extends keyof Settings>(key: K): Settings[K] | undefined {
        const row = this.db.prepare("SELECT value FROM settings WHERE key = ?").get(key) as
            {value: string} | undefined;
        return row ? (JSON.parse(row.value) as Settings[K]) : undefined;
    }

    set<K extends keyof Settings>(key: K, value: Settings[K]): void {
        this.db
            .prepare(
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            )
            .run(key, JSON.stringify(value));
    }
}
