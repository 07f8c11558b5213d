import type {
    BackupSchedule,
    DesktopSettings,
    EngineSettings,
    GenerationSettings,
    SettingsValues,
} from "../../shared/contract.js";
import type {Db} from "./db.js";
import {fromStoredJson} from "./db.js";

export const DEFAULT_ENGINE_SETTINGS: EngineSettings = {
    forceCpu: false,
    gpuLayers: null,
    threads: null,
    contextSize: null,
    batchSize: null,
    speculativeDecoding: true,
    flashAttention: "auto",
    toolCalls: "auto",
    buildEngine: true,
};

export const DEFAULT_GENERATION: GenerationSettings = {
    systemPrompt:
        "You are Cairn, a helpful assistant running on this computer. Answer clearly and briefly, in the language the user writes in.",
    temperature: 0.7,
    topP: 0.95,
    topK: 40,
    minP: 0.05,
    repeatPenalty: 1.1,
    maxTokens: 1024,
    seed: null,
    thinking: true,
    thinkingBudget: null,
};

/** The most steps a plan may have unless Settings says otherwise. */
export const DEFAULT_PLAN_STEPS = 6;

/** Typed settings known to the core; values are stored as JSON. */
export type Settings = {
    modelPath: string | null;
    threads: number | null;
    /** Tool policies chosen in Settings; they win over tools.yaml. */
    toolPolicies: Record<string, "ask" | "allow" | "deny">;
    webAccessDefault: boolean;
    /** Offline mode: no request leaves this computer (loopback stays open). */
    offline: boolean;
    /** Stored partially: missing fields follow the defaults above. */
    engine: Partial<EngineSettings>;
    generation: Partial<GenerationSettings>;
    embeddingModelPath: string | null;
    /** The whisper.cpp model dictation uses (chosen on the Models screen); null: the newest found. */
    speechModelPath: string | null;
    /** Each model's draft model for speculative decoding, by the model's file. */
    draftModels: Record<string, string>;
    workspaceRoot: string | null;
    planMaxSteps: number;
    toolShare: number;
    /** run_code's wall-clock limit in seconds (Settings → Tools); unset: tools.yaml's option, else 30. */
    runCodeSeconds: number;
    /** Tools offered in every step, however many there are (pinned in the tools menu). */
    pinnedTools: string[];
    /** Agent Skills switched off, by name (Settings → Skills). */
    skillsOff: string[];
    /** The local API's key, made on first use. */
    apiKey: string;
    apiEnabled: boolean;
    apiPort: number;
    /** Browser origins allowed to call the local API (CORS). */
    apiCorsOrigins: string[];
    /** Automatic backups (see store/backupSchedule.ts for the default). */
    backups: BackupSchedule;
    /** Memory across conversations (recall before each turn, remember): on unless turned off. */
    memoryEnabled: boolean;
    /** The desktop app's tray, quick-ask shortcut, start at login, notifications and update feed. */
    desktop: DesktopSettings;
};

/** A program's wall-clock limit in run_code (the sandbox) when the person has not chosen one, in seconds. */
export const DEFAULT_RUN_CODE_SECONDS = 30;

/** The tools' share of the context when the person has not chosen one, in percent. */
export const DEFAULT_TOOL_SHARE = 25;

export class SettingsStore {
    /** Defaults that depend on the loaded model (its family's published sampling), over DEFAULT_GENERATION. */
    private generationDefaults: () => Partial<GenerationSettings> = () => ({});

    /** The library is open read-only (it comes from a newer Cairn): nothing is remembered. */
    get readOnly(): boolean {
        return this.db.readonly;
    }

    constructor(private readonly db: Db) {}

    useGenerationDefaults(defaults: () => Partial<GenerationSettings>): void {
        this.generationDefaults = defaults;
    }

    get<K extends keyof Settings>(key: K): Settings[K] | undefined {
        const row = this.db
            .prepare<unknown[], {value: string}>("SELECT value FROM settings WHERE key = ?")
            .get(key);
        return row ? fromStoredJson<Settings[K]>(row.value) : undefined;
    }

    set<K extends keyof Settings>(key: K, value: Settings[K]): void {
        this.db
            .prepare(
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            )
            .run(key, JSON.stringify(value));
    }

    /** Every user-facing setting with its defaults filled in. */
    values(): SettingsValues {
        return {
            webAccessDefault: this.get("webAccessDefault") ?? false,
            offline: this.get("offline") ?? false,
            engine: this.engine(),
            generation: {...DEFAULT_GENERATION, ...this.generationDefaults(), ...this.get("generation")},
            embeddingModelPath: this.get("embeddingModelPath") ?? null,
            workspaceRoot: this.get("workspaceRoot") ?? null,
            planMaxSteps: this.get("planMaxSteps") ?? DEFAULT_PLAN_STEPS,
            toolShare: this.get("toolShare") ?? DEFAULT_TOOL_SHARE,
            runCodeSeconds: this.get("runCodeSeconds") ?? DEFAULT_RUN_CODE_SECONDS,
        };
    }

    engine(): EngineSettings {
        // "threads" was its own key before the engine settings existed.
        const legacyThreads = this.get("threads") ?? null;
        return {...DEFAULT_ENGINE_SETTINGS, threads: legacyThreads, ...this.get("engine")};
    }
}
