import {TODO_LIMITS, type TodoItem} from "../../../shared/contract.js";
import type {EventBus} from "../../events.js";
import {defineTool} from "../defineTool.js";

/** What the todo tool reads and writes: a conversation's task list, each change said to the windows. */
export type TodoAccess = {
    get(conversationId: string): TodoItem[];
    set(conversationId: string, items: Omit<TodoItem, "id">[]): TodoItem[];
};

export const TODO_TOOL = "todo";

/**
 * The task lists as the tool and the window change them: kept in `store`, each change said to every window
 * (todos.changed), whoever made it.
 */
export function announcedTodos(store: TodoAccess, bus: EventBus): TodoAccess {
    return {
        get: (conversationId) => store.get(conversationId),
        set: (conversationId, items) => {
            const kept = store.set(conversationId, items);
            bus.emit({type: "todos.changed", conversationId, items: kept});
            return kept;
        },
    };
}

const MARKS: Record<TodoItem["status"], string> = {pending: "[ ]", in_progress: "[~]", done: "[x]"};

/** The list as the model reads it: "1. [x] Find the sources" a line, and what is left. */
export function todoText(items: TodoItem[]): string {
    if (items.length === 0) return "The task list is empty.";
    const left = items.filter((i) => i.status !== "done").length;
    const lines = items.map((i) => `${i.id}. ${MARKS[i.status]} ${i.text}`);
    return `${lines.join("\n")}\n(${left} of ${items.length} left; [~] in progress, [x] done)`;
}

/**
 * todo: the task list the agent keeps while it works, shown above its answer (the person can edit it): add
 * tasks, update one (its text or status), complete one, or read the list. Cairn's own state, not the person's
 * files: no approval.
 */
export function createTodo(todos: TodoAccess) {
    return defineTool({
        name: TODO_TOOL,
        description:
            "Keep a task list for multi-step work, shown to the user: add tasks, update or complete one by its number, or list them.",
        sideEffect: "none",
        agentOnly: true,
        params: {
            type: "object",
            additionalProperties: false,
            required: ["action"],
            properties: {
                action: {enum: ["add", "update", "complete", "list"]},
                tasks: {
                    type: "array",
                    items: {type: "string", minLength: 1, maxLength: TODO_LIMITS.text},
                    maxItems: 20,
                },
                number: {type: "integer"},
                text: {type: "string", minLength: 1, maxLength: TODO_LIMITS.text},
                status: {enum: ["pending", "in_progress", "done"]},
            },
        },
        validate: {properties: {number: {minimum: 1}}},
        run(args, ctx) {
            const items = todos.get(ctx.conversationId);
            const changed = change(items, args);
            if (typeof changed === "string") return {text: "", error: changed};
            const kept = changed === items ? items : todos.set(ctx.conversationId, changed);
            return {text: todoText(kept), data: {items: kept}};
        },
    });
}

type Args = {
    action: "add" | "update" | "complete" | "list";
    tasks?: string[];
    number?: number;
    text?: string;
    status?: TodoItem["status"];
};

/** The list after an action, or why it cannot be done (in words the model can act on). */
function change(items: TodoItem[], args: Args): Omit<TodoItem, "id">[] | string {
    if (args.action === "list") return items;
    if (args.action === "add") {
        if (!args.tasks?.length) return "add needs tasks: a list of short task texts";
        const added = args.tasks.map((text) => ({text, status: "pending" as const}));
        if (items.length + added.length > TODO_LIMITS.items)
            return `the list holds at most ${TODO_LIMITS.items} tasks; complete or update the ones there`;
        return [...items, ...added];
    }
    const at = items.findIndex((i) => i.id === args.number);
    if (at < 0)
        return items.length === 0
            ? "the task list is empty: add tasks first"
            : `there is no task ${args.number ?? "(no number given)"}; the tasks are numbered 1 to ${items.length}`;
    if (args.action === "update" && !args.text && !args.status) return "update needs a new text or status";
    const next =
        args.action === "complete" ? {status: "done" as const} : {text: args.text, status: args.status};
    return items.map((item, i) =>
        i === at ? {text: next.text ?? item.text, status: next.status ?? item.status} : item,
    );
}
