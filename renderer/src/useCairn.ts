import {useCallback, useEffect, useRef, useState} from "react";
import {rememberOpenConversation} from "./chat/openConversation.js";
import type {AppEvent, CairnApi, Conversation} from "../../shared/contract.js";
import {autoReadOn, speak} from "./chat/speech.js";
import {applyEvent, type CairnCore, type CairnState} from "./cairnState.js";
import {useConversationActions} from "./conversations/useConversationActions.js";
import {useResearchActions} from "./chat/useResearchActions.js";
import {useChatActions} from "./chat/useChatActions.js";
import {sayCore} from "./i18n/index.js";

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
        queued: [],
        todos: [],
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
        offlineMode: false,
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
    const selectedRef = useRef({id: null as string | null, known: new Set<string>(), draft: false});
    useEffect(() => {
        selectedRef.current = {
            id: state.selectedId,
            known: new Set(state.messages.map((m) => m.id)),
            draft: state.conversations.some((c) => c.id === state.selectedId && c.draft),
        };
    }, [state.selectedId, state.messages, state.conversations]);

    /** A draft left: read again, it is listed if something was attached to it meanwhile (files, a resource). */
    const readAgain = useCallback(
        async (id: string) => {
            const res = await api.invoke("conversations.get", {id});
            if (res.ok && !res.value.draft)
                setState((s) => ({
                    ...s,
                    conversations: s.conversations.map((c) => (c.id === id ? res.value : c)),
                }));
        },
        [api],
    );

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

    /**
     * A conversation's work under way: the messages waiting and the task list, read when it is opened (or the
     * core is back); their events keep them current after that.
     */
    const loadWork = useCallback(
        async (conversationId: string) => {
            const [waiting, tasks] = await Promise.all([
                api.invoke("chat.queued", {conversationId}),
                api.invoke("todos.get", {conversationId}),
            ]);
            const queued = waiting.ok ? waiting.value : [];
            const todos = tasks.ok ? tasks.value : [];
            setState((s) => (s.selectedId === conversationId ? {...s, queued, todos} : s));
        },
        [api],
    );

    // Whether a conversation was chosen yet (by the person or the start-up): known at once, not after a render.
    const chosen = useRef(false);
    const select = useCallback(
        (id: string | null) => {
            chosen.current = true;
            const left = selectedRef.current;
            if (left.draft && left.id && left.id !== id) void readAgain(left.id);
            setState((s) => ({...s, selectedId: id, messages: [], messagesOf: null, queued: [], todos: []}));
            rememberOpenConversation(id);
            if (id) {
                history.replaceState(null, "", withConversation(id));
                void loadMessages(id);
                void loadWork(id);
            }
        },
        [loadMessages, loadWork, readAgain],
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
            patch({engine: status.value.engine, offlineMode: status.value.offline});
            const {warnings, warningWords} = status.value;
            if (warnings.length > 0)
                showError(warnings.map((w, i) => sayCore(w, warningWords[i])).join("\n"));
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
            // A turn started elsewhere (another window, the CLI, a client's call, a queued message): fetch its
            // messages.
            const started =
                event.type === "tool.request"
                    ? event.call
                    : event.type === "chat.token" || event.type === "tool.writing"
                      ? event
                      : // An answer that ended before its first token (failed at once): its question too.
                        event.type === "chat.done"
                        ? {conversationId: event.conversationId, messageId: event.message.id}
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
                if (selected) {
                    void loadMessages(selected);
                    void loadWork(selected);
                }
            }) ?? (() => {});
        const unsubscribe = () => {
            unsubscribeEvents();
            unsubscribeConnection();
            cancelAnimationFrame(frame);
        };
        loadAll();
        return unsubscribe;
    }, [api, loadAll, loadMessages, loadWork, patch]);

    const dismissError = useCallback(() => patch({error: null}), [patch]);
    const keepChoice = useCallback(() => {
        chosen.current = true;
    }, []);
    const core: CairnCore = {api, state, setState, patch, showError, loadMessages, select, keepChoice};
    const conversations = useConversationActions(core);
    const chat = useChatActions(core, conversations.create, conversations.creating);
    const research = useResearchActions(core);
    return {state, select, showError, dismissError, ...conversations, ...chat, ...research};
}

function withConversation(id: string): string {
    const params = new URLSearchParams(location.search);
    params.set("c", id);
    return `${location.pathname}?${params}`;
}
