// Memories, assistants and projects.
import {Type, type Static} from "@sinclair/typebox";
import {Count, Empty, Id, Name, Nothing, Timestamp, call, closed, nullable, oneOf, req} from "./base.js";
import {PartialGeneration} from "./conversations.js";

/**
 * A memory: a short statement kept across conversations, with where it came from (the message it was taken
 * from, or the person: origin "user" with no message) and its scope ("everywhere" for now).
 */
export const Memory = Type.Object(
    {
        id: Type.String(),
        text: Type.String(),
        scope: Type.String(),
        origin: oneOf(["user", "model"]),
        sourceMessageId: nullable(Type.String()),
        sourceConversationId: nullable(Type.String()),
        enabled: Type.Boolean(),
        createdAt: Timestamp,
        updatedAt: Timestamp,
    },
    closed,
);

export type Memory = Static<typeof Memory>;

/** Where an assistant's memories go: kept for every conversation, or only for its own conversations. */
export const MemoryScope = oneOf(["everywhere", "assistant"]);

export type MemoryScope = Static<typeof MemoryScope>;

/**
 * What an assistant sets for the conversations started with it: its instructions (the system prompt),
 * which tools are off and which always offered, the document collections its searches read (none: all),
 * where its memories go, the model that answers (a provider of providers.json; null: a local model, the one it
 * names or else the one loaded), its generation settings and the prompts a new conversation offers. The same
 * object is its JSON file.
 */
export const AssistantFields = {
    name: Name,
    /** An emoji (or any short text) shown beside the name. */
    icon: Type.String({maxLength: 16}),
    instructions: Type.String({maxLength: 20_000}),
    toolsOff: Type.Array(Type.String({minLength: 1, maxLength: 200}), {maxItems: 2_000}),
    pinnedTools: Type.Array(Type.String({minLength: 1, maxLength: 200}), {maxItems: 64}),
    collections: Type.Array(Type.String({minLength: 1, maxLength: 200}), {maxItems: 64}),
    memoryScope: MemoryScope,
    provider: nullable(Name),
    providerModel: nullable(Type.String({minLength: 1, maxLength: 200})),
    /**
     * The installed local model it answers with, by file name ("qwen2.5-coder-7b-q4_k_m.gguf"), loaded in
     * place of the one loaded when its conversation is sent to; null: whichever is loaded. A file name, not a
     * path, so that its JSON file works on another computer that has the model.
     */
    localModel: nullable(Type.String({minLength: 1, maxLength: 255, pattern: "^[^/\\\\]+$"})),
    generation: nullable(PartialGeneration),
    starters: Type.Array(Type.String({minLength: 1, maxLength: 500}), {maxItems: 8}),
};

export const AssistantInput = Type.Object(
    {...AssistantFields, isDefault: Type.Optional(Type.Boolean())},
    closed,
);

export type AssistantInput = Static<typeof AssistantInput>;

export const Assistant = Type.Object(
    {
        id: Type.String(),
        ...AssistantFields,
        /** New conversations start with this one unless another is picked. */
        isDefault: Type.Boolean(),
        /** What it names that is not here (a tool, a collection, a provider): said, and left out when it runs. */
        missing: Type.Array(Type.String()),
        createdAt: Timestamp,
        updatedAt: Timestamp,
    },
    closed,
);

export type Assistant = Static<typeof Assistant>;

/**
 * A project: conversations grouped together, with instructions added to their system prompt, files of its
 * own (a collection only its conversations search) and memories kept for it.
 */
export const Project = Type.Object(
    {
        id: Type.String(),
        name: Type.String(),
        instructions: Type.String(),
        /** The collection that holds its files (Documents shows it as "Project · <name>"). */
        collection: Type.String(),
        archived: Type.Boolean(),
        conversationCount: Count,
        createdAt: Timestamp,
        updatedAt: Timestamp,
    },
    closed,
);

export type Project = Static<typeof Project>;

/** The knowledge calls: each one's request and its result's value. */
export const knowledgeCalls = {
    /** Projects, archived ones too. */
    "projects.list": call(Empty, Type.Array(Project)),
    /** Adds a project, or with `id` renames it and changes its instructions. */
    "projects.save": call(
        req({
            id: Type.Optional(Id),
            name: Name,
            instructions: Type.Optional(Type.String({maxLength: 20_000})),
        }),
        Project,
    ),
    "projects.setArchived": call(req({id: Id, archived: Type.Boolean()}), Project),
    /** Its conversations stay, outside any project; its files go with it; its memories stay, shared. */
    "projects.delete": call(req({id: Id}), Nothing),
    "assistants.list": call(Empty, Type.Array(Assistant)),
    /** Adds an assistant, or with `id` changes one (its conversations follow its instructions at once). */
    "assistants.save": call(req({id: Type.Optional(Id), assistant: AssistantInput}), Assistant),
    /** Its conversations stay, without an assistant. */
    "assistants.delete": call(req({id: Id}), Nothing),
    /** The assistant new conversations start with; null: none. */
    "assistants.setDefault": call(req({id: nullable(Id)}), Type.Array(Assistant)),
    /** An assistant as a JSON file (its settings; nothing of its conversations or memories). */
    "assistants.export": call(
        req({id: Id}),
        Type.Object({fileName: Type.String(), content: Type.String()}, closed),
    ),
    /** An assistant's JSON file (as exported): checked whole before anything is added. */
    "assistants.import": call(req({content: Type.String({minLength: 1, maxLength: 200_000})}), Assistant),
    /** Memories, newest first, and whether memory is on (Settings). */
    "memories.list": call(
        Empty,
        Type.Object({enabled: Type.Boolean(), memories: Type.Array(Memory)}, closed),
    ),
    /** A memory the person adds (the Memory page) or takes from a message (Remember). */
    "memories.add": call(
        req({text: Type.String({minLength: 1, maxLength: 100_000}), sourceMessageId: Type.Optional(Id)}),
        Type.Object({memory: Memory, updated: Type.Boolean()}, closed),
    ),
    "memories.update": call(
        req({
            id: Id,
            text: Type.Optional(Type.String({minLength: 1, maxLength: 100_000})),
            enabled: Type.Optional(Type.Boolean()),
        }),
        Memory,
    ),
    "memories.delete": call(req({id: Id}), Nothing),
    /** Memory on or off everywhere: off, nothing is recalled or remembered. */
    "memories.setEnabled": call(
        req({enabled: Type.Boolean()}),
        Type.Object({enabled: Type.Boolean()}, closed),
    ),
};
