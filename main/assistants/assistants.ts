import type {Assistant, AssistantInput, Conversation, GenerationSettings} from "../../shared/contract.js";
import type {ConversationStart} from "../store/conversations.js";
import type {AssistantStore, StoredAssistant} from "./store.js";

/** What assistants need to know of the rest of Cairn: whether the things an assistant names exist. */
export type AssistantWorld = {
    toolKnown(name: string): boolean;
    collectionNames(): string[];
    providerKnown(name: string): boolean;
    /** An installed local model's path by its file name; null when none is installed by that name. */
    localModelPath(fileName: string): string | null;
    conversation(id: string): Pick<Conversation, "assistantId" | "provider"> | null;
};

/** An assistant's own model: a provider's (and its model, null: the provider's default), or a local file. */
export type AssistantModel = {provider: string; model: string | null} | {localPath: string} | null;

/** The scope of the memories an assistant's conversations keep and recall. */
export const EVERYWHERE = "everywhere";
export const assistantScope = (id: string) => `assistant:${id}`;

/**
 * Assistants in use: what a conversation started with one gets (its copy of the tools off and the model),
 * and what follows the assistant live (instructions, generation settings, pinned tools, collections,
 * memory scope), so that editing an assistant changes its conversations' next answers.
 */
export class Assistants {
    constructor(
        readonly store: AssistantStore,
        private readonly world: AssistantWorld,
    ) {}

    list(): Assistant[] {
        const collections = new Set(this.world.collectionNames());
        return this.store.list().map((a) => this.withMissing(a, collections));
    }

    get(id: string): Assistant | null {
        const found = this.store.get(id);
        return found ? this.withMissing(found) : null;
    }

    /** By id or name; null when there is none. */
    find(idOrName: string): Assistant | null {
        const found = this.store.find(idOrName);
        return found ? this.withMissing(found) : null;
    }

    save(input: AssistantInput, id: string | null = null): Assistant {
        return this.withMissing(this.store.save(input, id));
    }

    /**
     * What a new conversation starts with: the assistant asked for (null: none; undefined: the default).
     * A provider that is gone is left out: the local model answers, and the assistant lists it as missing.
     */
    startFor(requested: string | null | undefined): ConversationStart | null {
        const assistant =
            requested === undefined ? this.store.defaultOne() : requested && this.store.get(requested);
        if (!assistant) return null;
        const provider =
            assistant.provider && this.world.providerKnown(assistant.provider) ? assistant.provider : null;
        return {
            assistantId: assistant.id,
            toolsOff: [...assistant.toolsOff],
            provider,
            providerModel: provider ? assistant.providerModel : null,
        };
    }

    /** The assistant of a conversation, if it has one (and it still exists). */
    ofConversation(conversationId: string): StoredAssistant | null {
        const id = this.world.conversation(conversationId)?.assistantId;
        return id ? this.store.get(id) : null;
    }

    /**
     * The model an assistant answers with where no conversation keeps it (the local API): its provider when
     * that is known here, else its installed local model's path; null: whichever model is loaded.
     */
    modelOf(assistant: Pick<Assistant, "provider" | "providerModel" | "localModel">): AssistantModel {
        if (assistant.provider && this.world.providerKnown(assistant.provider))
            return {provider: assistant.provider, model: assistant.providerModel};
        const local = assistant.localModel ? this.world.localModelPath(assistant.localModel) : null;
        return local ? {localPath: local} : null;
    }

    /**
     * The local model a conversation's assistant answers with (its path), when the conversation is not
     * answered by a provider and the model is installed; null: whichever model is loaded.
     */
    localModelFor(conversationId: string): string | null {
        if (this.world.conversation(conversationId)?.provider) return null;
        const wanted = this.ofConversation(conversationId)?.localModel;
        return wanted ? this.world.localModelPath(wanted) : null;
    }

    /** The generation settings an assistant gives its conversations: its own, its instructions as the system prompt. */
    generationOf(conversation: Pick<Conversation, "assistantId">): Partial<GenerationSettings> {
        const assistant = conversation.assistantId ? this.store.get(conversation.assistantId) : null;
        if (!assistant) return {};
        return {
            ...(assistant.generation ?? {}),
            ...(assistant.instructions.trim() ? {systemPrompt: assistant.instructions} : {}),
        };
    }

    /** Tools always offered in a conversation because its assistant pins them. */
    pinnedFor(conversationId: string): readonly string[] {
        return this.ofConversation(conversationId)?.pinnedTools ?? [];
    }

    /** The collections a conversation's document searches read: its assistant's, or null for all. */
    collectionsFor(conversationId: string): string[] | null {
        const names = this.ofConversation(conversationId)?.collections ?? [];
        return names.length ? names : null;
    }

    /** Where a conversation's memories are kept, and the scopes it recalls from. */
    memoryScopes(conversationId: string): {keep: string; recall: string[]} {
        const assistant = this.ofConversation(conversationId);
        if (!assistant || assistant.memoryScope === "everywhere")
            return {keep: EVERYWHERE, recall: [EVERYWHERE]};
        const own = assistantScope(assistant.id);
        return {keep: own, recall: [EVERYWHERE, own]};
    }

    /** A free name like the one asked for: "Writer", else "Writer (2)", "Writer (3)"… */
    freeName(name: string): string {
        if (!this.store.byName(name)) return name;
        for (let n = 2; ; n++) {
            const candidate = `${name.slice(0, 90)} (${n})`;
            if (!this.store.byName(candidate)) return candidate;
        }
    }

    private withMissing(
        assistant: StoredAssistant,
        collections: ReadonlySet<string> = new Set(this.world.collectionNames()),
    ): Assistant {
        const missing = [
            ...new Set(
                [...assistant.toolsOff, ...assistant.pinnedTools].filter((t) => !this.world.toolKnown(t)),
            ),
        ].map((t) => `tool ${t}`);
        missing.push(
            ...assistant.collections.filter((c) => !collections.has(c)).map((c) => `collection ${c}`),
        );
        if (assistant.provider && !this.world.providerKnown(assistant.provider))
            missing.push(`provider ${assistant.provider}`);
        if (assistant.localModel && !this.world.localModelPath(assistant.localModel))
            missing.push(`model ${assistant.localModel}`);
        return {...assistant, missing};
    }
}
