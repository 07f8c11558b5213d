import {useCallback, useEffect, useRef, useState} from "react";
import {rememberOpenConversation} from "./quick/openConversation.js";
import type {
    AppEvent,
    ApprovalDecision,
    CairnApi,
    Conversation,
    McpAnswerAction,
    PlanStepInput,
    ToolMode,
} from "../../shared/contract.js";
import {expandPrompt, parseSlash} from "./chat/slash.js";
import {autoReadOn, speak} from "./chat/speech.js";
import {applyEvent, type CairnState} from "./cairnState.js";

export type {CairnState, ToolProgress, WritingCall} from "./cairnState.js";

/** Conversations drawn at start, before the rest are read: a screenful many times over. */
const FIRST_LISTED = 100;

/** All UI state that mirrors the core, kept up to date from call results and events. */
export function useCairn(api: CairnApi) {
    const [state, setState] = useState<CairnState>({
        conversations: [],
        selectedId: null,
        messages: [],
        messagesOf: null,
        streaming: {},
        thinking: {},
        engine: null,
        error: null,
        approvals: [],
        asks: [],
        progress: {},
        writing: {},
        turnState: null,
        connected: true,
    });
    const patch = useCallback((p: Partial<CairnState>) => setState((s) => ({...s, ...p})), []);
    // While the core is lost its banner says so: the calls that failed with it say nothing more.
    const connectedRef = useRef(true);
    const showError = useCallback(
        (message: string) => {
            if (connectedRef.current) patch({error: message});
        },
        [patch],
    );

    // What the event handler needs to know without re-subscribing on every change.
    const selectedRef = useRef({id: null as string | null, known: new Set<string>()});
    useEffect(() => {
        selectedRef.current = {id: state.selectedId, known: new Set(state.messages.map((m) => m.id))};
    }, [state.selectedId, state.messages]);

    const loadMessages = useCallback(
        async (conversationId: string) => {
            const res = await api.invoke("messages.list", {conversationId});
            if (!res.ok) return showError(res.error.message);
            setState((s) =>
                s.selectedId === conversationId ? {...s, messages: res.value, messagesOf: conversationId} : s,
            );
        },
        [api, showError],
    );

    // Whether a conversation was chosen yet (by the person or the start-up): known at once, not after a render.
    const chosen = useRef(false);
    const select = useCallback(
        (id: string | null) => {
            chosen.current = true;
            setState((s) => ({...s, selectedId: id, messages: [], messagesOf: null}));
            rememberOpenConversation(id);
            if (id) {
                history.replaceState(null, "", withConversation(id));
                void loadMessages(id);
            }
        },
        [loadMessages],
    );

    /**
     * Conversations read from the core, in place of those listed before; one made while the list was on its
     * way (New, or a first message) stays listed.
     */
    const listed = useCallback((list: Conversation[]) => {
        const ids = new Set(list.map((c) => c.id));
        setState((s) => ({...s, conversations: [...s.conversations.filter((c) => !ids.has(c.id)), ...list]}));
    }, []);

    /** Everything the window mirrors of the core, read at start and again after a lost connection. */
    const loadAll = useCallback(() => {
        // Each answer is shown as it comes: the engine's state does not wait for a long list of conversations.
        void api.invoke("app.getStatus", {}).then((status) => {
            if (!status.ok) return;
            patch({engine: status.value.engine});
            if (status.value.warnings.length > 0) showError(status.value.warnings.join("\n"));
        });
        void api
            .invoke("tools.listPending", {})
            .then((pending) => pending.ok && patch({approvals: pending.value}));
        void api.invoke("mcp.listAsks", {}).then((asks) => asks.ok && patch({asks: asks.value}));
        void (async () => {
            // The first conversations (pinned first) are drawn at once; the rest follow a frame later.
            const head = await api.invoke("conversations.list", {limit: FIRST_LISTED});
            if (!head.ok) return showError(head.error.message);
            listed(head.value);
            const wanted = new URLSearchParams(location.search).get("c");
            const open = (list: Conversation[]) => {
                if (chosen.current) return true;
                const first = list.find((c) => c.id === wanted) ?? list[0];
                if (first) select(first.id);
                return first !== undefined;
            };
            const opened = (!wanted || head.value.some((c) => c.id === wanted)) && open(head.value);
            if (head.value.length < FIRST_LISTED) return;
            // After the first drawing is on screen, when the window is idle: reading and grouping 10,000 must
            // not delay it.
            await new Promise((resolve) =>
                requestAnimationFrame(() => requestIdleCallback(resolve, {timeout: 500})),
            );
            const all = await api.invoke("conversations.list", {});
            if (!all.ok) return showError(all.error.message);
            listed(all.value);
            if (!opened) open(all.value);
        })();
    }, [api, listed, patch, select, showError]);

    useEffect(() => {
        // Tokens can arrive hundreds per second: apply them once per frame, in order with other events.
        let pending: AppEvent[] = [];
        let frame = 0;
        const flush = () => {
            frame = 0;
            const events = pending;
            pending = [];
            setState((s) => events.reduce(applyEvent, s));
        };
        const unsubscribeEvents = api.onEvent((event) => {
            pending.push(event);
            frame ||= requestAnimationFrame(flush);
            // A turn started elsewhere (another window, the CLI, a client's call): fetch its messages.
            const started =
                event.type === "tool.request"
                    ? event.call
                    : event.type === "chat.token" || event.type === "tool.writing"
                      ? event
                      : null;
            // An import is over (here or in another window): the list has new conversations.
            if (event.type === "imports.progress" && event.share === null) {
                void api.invoke("conversations.list", {}).then((res) => {
                    if (res.ok) setState((s) => ({...s, conversations: res.value}));
                });
            }
            const current = selectedRef.current;
            // Read aloud, when asked, each answer of the open conversation once it is complete.
            if (
                event.type === "chat.done" &&
                event.conversationId === current.id &&
                event.message.status === "complete" &&
                autoReadOn()
            )
                speak(event.message.id, event.message.content);
            if (started && started.conversationId === current.id && !current.known.has(started.messageId)) {
                current.known.add(started.messageId);
                void loadMessages(started.conversationId);
            }
        });
        // The core lost: the answers it was writing stop here (their state comes back with it); back: all is read again.
        const unsubscribeConnection =
            api.onConnection?.((connected) => {
                connectedRef.current = connected;
                // What was on screen stays there; the questions waiting for an answer went with the core.
                if (!connected) return patch({connected, turnState: null, approvals: [], asks: []});
                patch({connected});
                loadAll();
                const selected = selectedRef.current.id;
                if (selected) void loadMessages(selected);
            }) ?? (() => {});
        const unsubscribe = () => {
            unsubscribeEvents();
            unsubscribeConnection();
            cancelAnimationFrame(frame);
        };
        loadAll();
        return unsubscribe;
    }, [api, loadAll, loadMessages, patch]);

    /** assistantId: the assistant to start with (null: none; undefined: the default one); projectId: its project. */
    const create = useCallback(
        async (assistantId?: string | null, projectId?: string) => {
            // A conversation nothing was asked in yet is the new conversation: clicking again adds none. One
            // whose messages are still on their way is not known to be empty (a click then adds one).
            const current = state.conversations.find((c) => c.id === state.selectedId);
            const sameStart =
                (assistantId === undefined || current?.assistantId === assistantId) &&
                (current?.projectId ?? undefined) === projectId;
            const empty = current && state.messagesOf === current.id && state.messages.length === 0;
            if (empty && sameStart) return current.id;
            const res = await api.invoke("conversations.create", {
                ...(assistantId === undefined ? {} : {assistantId}),
                ...(projectId ? {projectId} : {}),
            });
            if (!res.ok) return showError(res.error.message);
            setState((s) => ({...s, conversations: [res.value, ...s.conversations]}));
            select(res.value.id);
            // Made now, it is known to be empty.
            patch({messagesOf: res.value.id});
            return res.value.id;
        },
        [
            api,
            patch,
            select,
            showError,
            state.conversations,
            state.messages.length,
            state.messagesOf,
            state.selectedId,
        ],
    );

    const rename = useCallback(
        async (id: string, title: string) => {
            const res = await api.invoke("conversations.rename", {id, title});
            if (!res.ok) showError(res.error.message);
        },
        [api, showError],
    );

    const setPinned = useCallback(
        async (id: string, pinned: boolean) => {
            const res = await api.invoke("conversations.setPinned", {id, pinned});
            if (!res.ok) showError(res.error.message);
        },
        [api, showError],
    );

    const remove = useCallback(
        async (id: string) => {
            const res = await api.invoke("conversations.delete", {id});
            if (!res.ok) showError(res.error.message);
        },
        [api, showError],
    );

    /** Sends a message (with editOf, as the next version of that question); false keeps the draft. */
    const sendTo = useCallback(
        async (
            conversationId: string,
            text: string,
            editOf?: string,
            attachments?: string[],
        ): Promise<boolean> => {
            const slash = await expandPrompt(api, parseSlash(text));
            if ("error" in slash) {
                showError(slash.error);
                return false;
            }
            const res = await api.invoke("chat.send", {
                conversationId,
                ...slash,
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
        [api, loadMessages, patch, showError],
    );

    /** Sends a message, in a new conversation when none is open. */
    const send = useCallback(
        async (text: string, attachments?: string[]): Promise<boolean> => {
            const conversationId = state.selectedId ?? (await create());
            return conversationId ? sendTo(conversationId, text, undefined, attachments) : false;
        },
        [create, sendTo, state.selectedId],
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
        [api, showError],
    );

    const stop = useCallback(async () => {
        if (!state.selectedId) return;
        const res = await api.invoke("chat.stop", {conversationId: state.selectedId});
        if (!res.ok) showError(res.error.message);
    }, [api, showError, state.selectedId]);

    const dismissError = useCallback(() => patch({error: null}), [patch]);

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

    const setMode = useCallback(
        async (mode: ToolMode) => {
            if (!state.selectedId) return;
            const res = await api.invoke("conversations.setMode", {id: state.selectedId, mode});
            if (!res.ok) showError(res.error.message);
        },
        [api, showError, state.selectedId],
    );

    /** Which model answers here: a provider's (served elsewhere; `model` among its models), or null for the local one. */
    const setProvider = useCallback(
        async (provider: string | null, model: string | null = null) => {
            if (!state.selectedId) return;
            const res = await api.invoke("conversations.setProvider", {
                id: state.selectedId,
                provider,
                model,
            });
            if (!res.ok) showError(res.error.message);
        },
        [api, showError, state.selectedId],
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

    const setWebAccess = useCallback(
        async (webAccess: boolean) => {
            if (!state.selectedId) return;
            const res = await api.invoke("conversations.setWebAccess", {id: state.selectedId, webAccess});
            if (!res.ok) showError(res.error.message);
        },
        [api, showError, state.selectedId],
    );

    const setProject = useCallback(
        async (projectId: string | null) => {
            const id = state.selectedId;
            if (!id) return;
            const res = await api.invoke("conversations.setProject", {id, projectId});
            if (!res.ok) showError(res.error.message);
        },
        [api, showError, state.selectedId],
    );

    const setIncognito = useCallback(
        async (incognito: boolean) => {
            const id = state.selectedId;
            if (!id) return;
            // Shown at once; the core's answer (conversation.updated) confirms it, or the error puts it back.
            const mark = (on: boolean) =>
                setState((s) => ({
                    ...s,
                    conversations: s.conversations.map((c) => (c.id === id ? {...c, incognito: on} : c)),
                }));
            mark(incognito);
            const res = await api.invoke("conversations.setIncognito", {id, incognito});
            if (!res.ok) {
                mark(!incognito);
                showError(res.error.message);
            }
        },
        [api, showError, state.selectedId],
    );

    return {
        state,
        select,
        create,
        setIncognito,
        setPinned,
        setProject,
        rename,
        remove,
        send,
        stop,
        dismissError,
        decide,
        answerAsk,
        setMode,
        setWebAccess,
        deleteMessage,
        regenerate,
        resend,
        showVersion,
        showError,
        runPlan,
        cancelPlan,
        setProvider,
    };
}

function withConversation(id: string): string {
    const params = new URLSearchParams(location.search);
    params.set("c", id);
    return `${location.pathname}?${params}`;
}
