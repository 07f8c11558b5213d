import type {HandlerSlice} from "../contract/dispatcher.js";
import {ok} from "../../shared/result.js";
import type {ConversationStore} from "../store/conversations.js";
import type {TodoAccess} from "../tools/builtin/todo.js";
import {failSaying} from "../words.js";

/**
 * A conversation's task list: read, and the person's edits (`todos` says them to every window; the model reads
 * them next).
 */
export function todoHandlers(todos: TodoAccess, conversations: ConversationStore): HandlerSlice<"todos."> {
    const known = (id: string) =>
        conversations.get(id) ? null : failSaying("NOT_FOUND", "conversationNotFound", {id});
    return {
        "todos.get": (req) => known(req.conversationId) ?? ok(todos.get(req.conversationId)),
        "todos.set": (req) => {
            const missing = known(req.conversationId);
            if (missing) return missing;
            return ok(todos.set(req.conversationId, req.items));
        },
    };
}
