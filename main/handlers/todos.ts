import type {HandlerSlice} from "../contract/dispatcher.js";
import {ok} from "../../shared/result.js";
import type {EventBus} from "../events.js";
import type {ConversationStore} from "../store/conversations.js";
import type {TodoStore} from "../store/todos.js";
import {failSaying} from "../words.js";

/** A conversation's task list: read, and the person's edits (said to every window, the model reads it next). */
export function todoHandlers(
    todos: TodoStore,
    conversations: ConversationStore,
    bus: EventBus,
): HandlerSlice<"todos."> {
    const known = (id: string) =>
        conversations.get(id) ? null : failSaying("NOT_FOUND", "conversationNotFound", {id});
    return {
        "todos.get": (req) => known(req.conversationId) ?? ok(todos.get(req.conversationId)),
        "todos.set": (req) => {
            const missing = known(req.conversationId);
            if (missing) return missing;
            const items = todos.set(req.conversationId, req.items);
            bus.emit({type: "todos.changed", conversationId: req.conversationId, items});
            return ok(items);
        },
    };
}
