// The task list an agent keeps while it works (the todo tool), shown above its answer; the person can edit it.
import {Type, type Static} from "@sinclair/typebox";
import {Id, call, closed, oneOf, req} from "./base.js";

import {TODO_LIMITS} from "../todoLimits.js";

export {TODO_LIMITS};

export const TodoItem = Type.Object(
    {
        /** Its number in the list, from 1: what the model names it by. */
        id: Type.Integer({minimum: 1}),
        text: Type.String({minLength: 1, maxLength: TODO_LIMITS.text}),
        status: oneOf(["pending", "in_progress", "done"]),
    },
    closed,
);

export type TodoItem = Static<typeof TodoItem>;

export const TodoList = Type.Array(TodoItem, {maxItems: TODO_LIMITS.items});

export const todosCalls = {
    /** A conversation's task list (empty: none yet). */
    "todos.get": call(req({conversationId: Id}), TodoList),
    /** The person's edit of the list: the whole list as it should be (numbered again from 1 in its order). */
    "todos.set": call(req({conversationId: Id, items: TodoList}), TodoList),
};
