import path from "node:path";
import {ConversationStore} from "../../main/store/conversations.js";
import {DB_FILE_NAME, openDatabase} from "../../main/store/db.js";

/** Writes a conversation with the given answers into a data directory's real database (before serving it). */
export function seedConversation(
    dataDir: string,
    title: string,
    turns: {question: string; answer: string}[],
): string {
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    try {
        const store = new ConversationStore(db);
        const conversation = store.create(title);
        for (const {question, answer} of turns) {
            store.addMessage({
                conversationId: conversation.id,
                role: "user",
                content: question,
                status: "complete",
            });
            const reply = store.addMessage({
                conversationId: conversation.id,
                role: "assistant",
                content: "",
                status: "streaming",
            });
            store.finish(reply.id, {content: answer, status: "complete", stats: null});
        }
        return conversation.id;
    } finally {
        db.close();
    }
}
