// Which model answers a conversation: a provider's, the embedded engine, an assistant's own local model (loaded
// in place of the one loaded), or a local model that sees images.

import type {Conversation} from "../../shared/contract.js";
import {ok, type Result, type Words} from "../../shared/result.js";
import type {Engine} from "../llm/engine/engine.js";
import type {Providers, RemoteEngine} from "../llm/providers.js";
import type {ConversationStore} from "../store/conversations.js";
import {failSaying, failWith} from "../words.js";

/**
 * The local models assistants answer with: the one a conversation's assistant names (its path; null: whichever
 * is loaded), and how it is loaded in place of the one loaded.
 */
export type LocalModels = {
    wanted(conversationId: string): string | null;
    /** The engine through which a local model sees images (local vision), or why it cannot, in words. */
    seeing(modelPath: string | null): RemoteEngine | Words;
};

export class AnswerModels {
    constructor(
        private readonly store: ConversationStore,
        private readonly engine: Engine,
        private readonly providers: Providers | null,
        private readonly localModels: LocalModels | null,
    ) {}

    /**
     * A conversation whose assistant answers with another installed model: that model is loaded in place of
     * the one loaded, and the answer waits for it in the engine's queue. Not while another local answer is
     * being written (`busy`: it would change models under it), nor while another model loads.
     */
    switchModel(conversationId: string, busy: boolean): Result<void> {
        const wanted = this.localModels?.wanted(conversationId);
        if (!wanted) return ok(undefined);
        const refused = this.engine.switchTo(wanted, busy);
        return refused ? failWith("DENIED", refused) : ok(undefined);
    }

    /** The model a conversation's answers come from: a provider's (remote), or the embedded engine. */
    remoteFor(conversation: Conversation): Result<RemoteEngine | null> {
        if (!conversation.provider) return {ok: true, value: null};
        if (!this.providers)
            return failSaying("NOT_FOUND", "providerGone", {provider: conversation.provider});
        return this.providers.engine(conversation.provider, conversation.id, conversation.providerModel);
    }

    /**
     * A local model asked with images (`asked` with this question, or earlier ones in the conversation) answers
     * through local vision when it has a projector; a question with images it cannot see is refused in words.
     * Null: the embedded engine answers (earlier images are then read as notes).
     */
    localSeeing(conversationId: string, asked: number): Result<RemoteEngine | null> {
        if (!this.localModels) return ok(null);
        if (asked === 0 && !this.hasImages(conversationId)) return ok(null);
        const model = this.localModels.wanted(conversationId) ?? this.engine.status().modelPath;
        const seeing = this.localModels.seeing(model);
        if ("step" in seeing) return ok(seeing);
        return asked > 0 ? failWith("UNAVAILABLE", seeing) : ok(null);
    }

    /** Whether the conversation's current branch holds a question with images. */
    private hasImages(conversationId: string): boolean {
        const head = this.store.head(conversationId);
        return this.store.branchTo(conversationId, head).some((m) => (m.attachments?.length ?? 0) > 0);
    }
}
