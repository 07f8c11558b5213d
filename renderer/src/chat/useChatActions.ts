import {useCallback} from "react";
import type {ApprovalDecision, McpAnswerAction, PlanStepInput, TodoItem} from "../../../shared/contract.js";
import type {CairnCore} from "../cairnState.js";
import {expandPrompt, parseSlash} from "./slash.js";
import {sayCore} from "../i18n/index.js";

/**
 * What the window does in a conversation: send, edit and regenerate, stop, versions and deletions, plans, and
 * the answers to approvals and MCP servers' questions. `create` makes a conversation when none is open.
 */
export function useChatActions(
    {api, state, setState, patch, showError, loadMessages}: CairnCore,
    create: () => Promise<string | void>,
    creating: () => Promise<string | void> | null,
) {
    /** Sends a message (with editOf, as the next version of that question); false keeps the draft. */
    const sendTo = useCallback(
        async (
            conversationId: string,
            text: string,
            editOf?: string,
            attachments?: string[],
            research = false,
        ): Promise<boolean> => {
            const slash = await expandPrompt(api, parseSlash(text));
            if ("error" in slash) {
                showError(slash.error);
                return false;
            }
            // Research reads the web where the conversation may use it, else what is on this computer.
            const webAccess = state.conversations.find((c) => c.id === conversationId)?.webAccess ?? false;
            const {research: asked, ...sent} = "research" in slash ? slash : {...slash, research: false};
            const res = await api.invoke("chat.send", {
                conversationId,
                ...sent,
                ...(research || asked ? {research: {offline: !webAccess}} : {}),
                ...(editOf ? {editOf} : {}),
                ...(attachments?.length ? {attachments} : {}),
            });
            if (!res.ok) {
                showError(res.error.message);
                return false;
            }
            patch({error: null});
            await loadMessages(conversationId);
            return true;
        },
        [api, loadMessages, patch, showError, state.conversations],
    );

    /**
     * Sends a message, in a new conversation when none is open. Typed right after New conversation, it goes to
     * the conversation being made, not to the one still shown while it is made.
     */
    const send = useCallback(
        async (text: string, attachments?: string[], research = false): Promise<boolean> => {
            const pending = creating();
            const conversationId = pending ? await pending : (state.selectedId ?? (await create()));
            return conversationId ? sendTo(conversationId, text, undefined, attachments, research) : false;
        },
        [create, creating, sendTo, state.selectedId],
    );

    /** Sends an edited question as the next version of `id`; the turns after the old one stay on its branch. */
    const resend = useCallback(
        (id: string, text: string): Promise<boolean> => {
            if (!state.selectedId) return Promise.resolve(false);
            // The edited question keeps its images.
            const images = state.messages.find((m) => m.id === id)?.attachments?.map((a) => a.id);
            return sendTo(state.selectedId, text, id, images);
        },
        [sendTo, state.messages, state.selectedId],
    );

    /** A new version of an answer, asked as its question was (a slash command runs its tool again). */
    const regenerate = useCallback(
        async (id: string) => {
            const conversationId = state.selectedId;
            const answer = state.messages.find((m) => m.id === id);
            const question = state.messages.find((m) => m.id === answer?.parentId);
            if (!conversationId || !question) return;
            const slash = await expandPrompt(api, parseSlash(question.content));
            const {text: _, ...options} = "error" in slash ? {text: ""} : slash;
            const res = await api.invoke("chat.regenerate", {conversationId, messageId: id, ...options});
            if (!res.ok) return showError(res.error.message);
            patch({error: null});
            await loadMessages(conversationId);
        },
        [api, loadMessages, patch, showError, state.messages, state.selectedId],
    );

    /** Runs a plan as edited (a plan that ran already runs again as a new version); false when refused. */
    const runPlan = useCallback(
        async (messageId: string, steps: PlanStepInput[]) => {
            const conversationId = state.selectedId;
            const res = await api.invoke("plans.run", {messageId, steps});
            if (!res.ok) {
                showError(res.error.message);
                return false;
            }
            patch({error: null});
            if (conversationId) await loadMessages(conversationId);
            return true;
        },
        [api, loadMessages, patch, showError, state.selectedId],
    );

    const cancelPlan = useCallback(
        async (messageId: string) => {
            const res = await api.invoke("plans.cancel", {messageId});
            if (!res.ok) showError(res.error.message);
        },
        [api, showError],
    );

    const showVersion = useCallback(
        async (id: string) => {
            const res = await api.invoke("messages.showVersion", {id});
            if (!res.ok) return showError(res.error.message);
            const shown = res.value[0]?.conversationId;
            setState((s) => (shown === s.selectedId ? {...s, messages: res.value} : s));
        },
        [api, setState, showError],
    );

    /** A message written while the answer runs: queued for after it, or steering it at its next step. */
    const queue = useCallback(
        async (text: string, steer: boolean): Promise<boolean> => {
            if (!state.selectedId) return false;
            const res = await api.invoke("chat.queue", {conversationId: state.selectedId, text, steer});
            if (!res.ok) showError(sayCore(res.error.message, res.error.words));
            return res.ok;
        },
        [api, showError, state.selectedId],
    );

    /** The person's edit of the task list (the whole list). */
    const setTodos = useCallback(
        async (items: TodoItem[]) => {
            if (!state.selectedId) return;
            // Shown at once (numbered again, as the core keeps it); the core's todos.changed confirms it, and a
            // refused edit puts back the list shown before.
            const before = state.todos;
            setState((s) => ({...s, todos: items.map((item, i) => ({...item, id: i + 1}))}));
            const res = await api.invoke("todos.set", {conversationId: state.selectedId, items});
            if (!res.ok) {
                showError(res.error.message);
                setState((s) => ({...s, todos: before}));
            }
        },
        [api, setState, showError, state.selectedId, state.todos],
    );

    const unqueue = useCallback(
        async (queuedId: string) => {
            if (!state.selectedId) return;
            const res = await api.invoke("chat.unqueue", {conversationId: state.selectedId, queuedId});
            if (!res.ok) showError(res.error.message);
        },
        [api, showError, state.selectedId],
    );

    const stop = useCallback(async () => {
        if (!state.selectedId) return;
        const res = await api.invoke("chat.stop", {conversationId: state.selectedId});
        if (!res.ok) showError(res.error.message);
    }, [api, showError, state.selectedId]);

    const answerAsk = useCallback(
        async (
            askId: string,
            action: McpAnswerAction,
            content?: Record<string, string | number | boolean>,
        ) => {
            const res = await api.invoke("mcp.answer", {askId, action, ...(content ? {content} : {})});
            if (!res.ok) showError(res.error.message);
        },
        [api, showError],
    );

    const decide = useCallback(
        async (approvalId: string, decision: ApprovalDecision, args?: Record<string, unknown>) => {
            const res = await api.invoke("tools.decide", {
                approvalId,
                decision,
                ...(args === undefined ? {} : {args}),
            });
            if (!res.ok) showError(res.error.message);
            return res.ok;
        },
        [api, showError],
    );

    /** Deletes a message: really, once the deletion was not undone. */
    const deleteMessage = useCallback(
        async (id: string) => {
            const res = await api.invoke("messages.delete", {id});
            if (!res.ok) return showError(res.error.message);
            // The branch shown may change: another version takes a deleted one's place.
            if (state.selectedId) await loadMessages(state.selectedId);
        },
        [api, loadMessages, showError, state.selectedId],
    );

    return {
        send,
        resend,
        regenerate,
        runPlan,
        cancelPlan,
        showVersion,
        stop,
        queue,
        unqueue,
        setTodos,
        answerAsk,
        decide,
        deleteMessage,
    };
}
