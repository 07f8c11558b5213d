import path from "node:path";
import {ConversationStore} from "../../main/store/conversations.js";
import {DB_FILE_NAME, openDatabase} from "../../main/store/db.js";

/** Writes a conversation with the given answers into a data directory's real database (before serving it). */
export function seedConversation(
    dataDir: string,
    title: string,
    turns: {question: string; answer: string; thought?: string; earlier?: string[]}[],
): string {
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    try {
        const store = new ConversationStore(db);
        const conversation = store.create(title);
        for (const {question, answer, thought, earlier = []} of turns) {
            const asked = store.addMessage({
                conversationId: conversation.id,
                role: "user",
                content: question,
                status: "complete",
            });
            // Earlier versions of the answer first (regenerated), then the one shown.
            for (const content of [...earlier, answer]) {
                const reply = store.addMessage({
                    conversationId: conversation.id,
                    role: "assistant",
                    content: "",
                    status: "streaming",
                    parentId: asked.id,
                });
                store.finish(reply.id, {content, status: "complete", stats: null, thought, thoughtMs: 1200});
            }
        }
        return conversation.id;
    } finally {
        db.close();
    }
}
