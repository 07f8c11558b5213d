import {useCallback, useRef} from "react";
import type {Conversation, ToolMode} from "../../../shared/contract.js";
import type {CairnCore} from "../cairnState.js";
import {sayCore} from "../i18n/index.js";

/** What the window does to conversations: make one, rename, pin, delete, and set how it is answered. */
export function useConversationActions({
    api,
    state,
    setState,
    patch,
    select,
    showError,
    keepChoice,
}: CairnCore) {
    /**
     * The conversation being made now, and how it was asked for: a message sent before it is made goes to it
     * (see `creating`), and a second click asking the same while it is made adds none.
     */
    const making = useRef<{asked: string; made: Promise<string | void>} | null>(null);
    /** assistantId: the assistant to start with (null: none; undefined: the default one); projectId: its project. */
    const make = useCallback(
        async (assistantId?: string | null, projectId?: string) => {
            // A conversation nothing was asked in yet is the new conversation: clicking again adds none, and a
            // draft left earlier with the same start opens again. The open one whose messages are still on their
            // way is not known to be empty (a click then adds one).
            const sameStart = (c: Conversation) =>
                (assistantId === undefined || c.assistantId === assistantId) &&
                (c.projectId ?? undefined) === projectId;
            const current = state.conversations.find((c) => c.id === state.selectedId);
            const empty = current && state.messagesOf === current.id && state.messages.length === 0;
            if (empty && sameStart(current)) return current.id;
            const draft = state.conversations.find((c) => c.draft && c.id !== current?.id && sameStart(c));
            if (draft) {
                select(draft.id);
                return draft.id;
            }
            // Made while the start-up still reads the list: the window must not open the latest one meanwhile (it
            // did, and a question asked at once counted that conversation's answers).
            keepChoice();
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
            keepChoice,
            patch,
            select,
            setState,
            showError,
            state.conversations,
            state.messages.length,
            state.messagesOf,
            state.selectedId,
        ],
    );
    const create = useCallback(
        async (assistantId?: string | null, projectId?: string) => {
            const asked = JSON.stringify([
                assistantId === undefined ? "default" : assistantId,
                projectId ?? null,
            ]);
            if (making.current?.asked === asked) return making.current.made;
            const made = make(assistantId, projectId);
            making.current = {asked, made};
            try {
                return await made;
            } finally {
                if (making.current?.made === made) making.current = null;
            }
        },
        [make],
    );
    /** The conversation a click on New conversation is making, until it is made (null: none is). */
    const creating = useCallback(() => making.current?.made ?? null, []);

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
        [api, setState, showError, state.selectedId],
    );

    /**
     * Compact now: the status line says it is summarizing until the summary is written (it then shows as a
     * fold after the last message it stands for); what went wrong is said in the core's words.
     */
    const compact = useCallback(async () => {
        const id = state.selectedId;
        if (!id) return;
        patch({turnState: "SUMMARIZING"});
        const res = await api.invoke("conversations.compact", {id});
        setState((s) => (s.turnState === "SUMMARIZING" ? {...s, turnState: null} : s));
        if (!res.ok) showError(sayCore(res.error.message, res.error.words));
    }, [api, patch, setState, showError, state.selectedId]);

    return {
        compact,
        create,
        creating,
        rename,
        setPinned,
        remove,
        setMode,
        setProvider,
        setWebAccess,
        setProject,
        setIncognito,
    };
}
