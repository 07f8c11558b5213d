// The app's status and Settings.
import {Type, type Static} from "@sinclair/typebox";
import {Empty, FilePath, WordsValue, call, closed, nullable, req} from "./base.js";
import {GenerationSettings, PartialGeneration} from "./conversations.js";
import {EngineSettings, EngineStatus} from "./models.js";

export const SettingsValues = Type.Object(
    {
        webAccessDefault: Type.Boolean(),
        /** Offline mode: every request off this computer is refused (providers, web tools, downloads, MCP). */
        offline: Type.Boolean(),
        /** Offline mode for this run whatever `offline` says (started with --offline); absent: not. */
        offlineRun: Type.Optional(Type.Boolean()),
        engine: EngineSettings,
        generation: GenerationSettings,
        /** The model used only for document embeddings (the embedding slot); null: none chosen. */
        embeddingModelPath: nullable(Type.String()),
        /** The folder file tools work in when a conversation has none of its own; null: <data>/workspace. */
        workspaceRoot: nullable(Type.String()),
        /** The most steps a plan may have (plan mode). */
        planMaxSteps: Type.Integer({minimum: 1, maximum: 12}),
        /** The share of the context tool definitions may take, in percent: past it, tools are chosen per question. */
        toolShare: Type.Integer({minimum: 5, maximum: 75}),
        /** The wall-clock limit of a program run_code runs, in seconds. */
        runCodeSeconds: Type.Integer({minimum: 1, maximum: 600}),
    },
    closed,
);

export type SettingsValues = Static<typeof SettingsValues>;

/** The settings calls: each one's request and its result's value. */
export const settingsCalls = {
    /** warnings: problems a person should fix, such as a malformed tools.yaml (file:line: what). */
    "app.getStatus": call(
        Empty,
        Type.Object(
            {
                engine: EngineStatus,
                dataDir: Type.String(),
                version: Type.String(),
                /** Offline mode is on (its switch, or a run started with --offline): nothing leaves this computer. */
                offline: Type.Boolean(),
                warnings: Type.Array(Type.String()),
                /** Each warning's words where Cairn wrote it (null where not), for the window's language. */
                warningWords: Type.Array(nullable(WordsValue)),
            },
            closed,
        ),
    ),
    "settings.get": call(Empty, SettingsValues),
    /** Only the fields given change; engine and generation merge field by field. */
    "settings.set": call(
        req({
            webAccessDefault: Type.Optional(Type.Boolean()),
            offline: Type.Optional(Type.Boolean()),
            engine: Type.Optional(Type.Partial(EngineSettings, closed)),
            generation: Type.Optional(PartialGeneration),
            embeddingModelPath: Type.Optional(nullable(FilePath)),
            workspaceRoot: Type.Optional(nullable(FilePath)),
            planMaxSteps: Type.Optional(Type.Integer({minimum: 1, maximum: 12})),
            toolShare: Type.Optional(Type.Integer({minimum: 5, maximum: 75})),
            runCodeSeconds: Type.Optional(Type.Integer({minimum: 1, maximum: 600})),
        }),
        SettingsValues,
    ),
};
