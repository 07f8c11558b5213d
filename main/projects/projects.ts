import type {Conversation, Project} from "../../shared/contract.js";
import type {ProjectStore} from "./store.js";

/** The memory scope of a project: memories kept in its conversations, recalled only there. */
export const projectScope = (id: string) => `project:${id}`;

/**
 * Projects in use: what a project gives its conversations when they answer (instructions after the system
 * prompt, its collection of files, its memories) and what it hides from every other conversation.
 */
export class Projects {
    constructor(
        readonly store: ProjectStore,
        private readonly conversation: (id: string) => Pick<Conversation, "projectId"> | null,
    ) {}

    ofConversation(conversationId: string): Project | null {
        const id = this.conversation(conversationId)?.projectId;
        return id ? this.store.get(id) : null;
    }

    /** The system prompt with the project's instructions after it, when the conversation has a project. */
    withInstructions(systemPrompt: string, conversation: Pick<Conversation, "projectId">): string {
        const project = conversation.projectId ? this.store.get(conversation.projectId) : null;
        const instructions = project?.instructions.trim();
        if (!project || !instructions) return systemPrompt;
        return `${systemPrompt}\n\nThis conversation belongs to the project "${project.name}". ${instructions}`;
    }

    /** The project's collection (read by its conversations), and the other projects' (hidden from them). */
    collectionsFor(conversationId: string): {own: string | null; hidden: string[]} {
        const own = this.ofConversation(conversationId);
        const hidden = this.store
            .list()
            .filter((p) => p.id !== own?.id)
            .map((p) => p.collection);
        return {own: own?.collection ?? null, hidden};
    }
}
