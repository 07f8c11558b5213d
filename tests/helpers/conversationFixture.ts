import type {Conversation} from "../../shared/contract.js";

/** A conversation as the core lists it, for tests of what the window does with one: `more` sets its fields. */
export function aConversation(more: Partial<Conversation> & {title: string}): Conversation {
    return {
        id: more.title,
        mode: "ask",
        webAccess: false,
        generation: null,
        toolsOff: [],
        incognito: false,
        pinned: false,
        workspace: null,
        provider: null,
        providerModel: null,
        assistantId: null,
        projectId: null,
        createdAt: 1,
        updatedAt: 1,
        ...more,
    };
}
