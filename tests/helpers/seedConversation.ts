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

const DAY_MS = 86_400_000;

/**
 * `count` conversations without messages, titled "Conversation N", the newest last active now and each
 * older one `spacingMs` earlier: one transaction, for lists at scale (10,000 in about a second).
 */
export function seedManyConversations(dataDir: string, count: number, spacingMs = DAY_MS / 12): void {
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    try {
        const store = new ConversationStore(db);
        const touch = db.prepare("UPDATE conversations SET updated_at = ? WHERE id = ?");
        const now = Date.now();
        db.transaction(() => {
            for (let i = 0; i < count; i++) {
                const {id} = store.create(`Conversation ${i + 1}`);
                touch.run(now - i * spacingMs, id);
            }
        })();
    } finally {
        db.close();
    }
}
