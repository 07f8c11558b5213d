import {useEffect, useRef, useState, type FormEvent, type KeyboardEvent} from "react";
import type {CairnApi, MessageStatus} from "../../../shared/contract.js";
import {AnswerMarkdown} from "./Markdown.js";
import {expandPrompt, parseSlash} from "./slash.js";
import {sayCore, useTranslation} from "../i18n/index.js";
import {OPEN_CONVERSATION_KEY} from "./openConversation.js";
import {Segmented} from "../ui/Segmented.js";
import {shownTitle} from "../ui/titles.js";

type Answer = {conversationId: string; messageId: string; text: string; status: MessageStatus};

type Target = "new" | "current";

/** The conversation open in the main window (same origin: its localStorage), with its title, if any. */
function useOpenConversation(api: CairnApi): {id: string; title: string} | null {
    const [open, setOpen] = useState<{id: string; title: string} | null>(null);
    useEffect(() => {
        const read = async () => {
            const id = localStorage.getItem(OPEN_CONVERSATION_KEY);
            if (!id) return setOpen(null);
            const list = await api.invoke("conversations.list", {});
            const found = list.ok ? list.value.find((c) => c.id === id) : undefined;
            setOpen(found ? {id, title: found.title} : null);
        };
        void read();
        // The main window opened another conversation while this one waited.
        const onStorage = (e: StorageEvent) => e.key === OPEN_CONVERSATION_KEY && void read();
        addEventListener("storage", onStorage);
        return () => removeEventListener("storage", onStorage);
    }, [api]);
    return open;
}

/**
 * The quick-ask window (the desktop's global shortcut opens it over other apps; `?view=quick` in a browser):
 * one question to a new conversation or the one open in Cairn, its answer as it is written, and a way on
 * to the main window.
 */
export function QuickAsk({api}: {api: CairnApi}) {
    const {t} = useTranslation();
    const open = useOpenConversation(api);
    const [text, setText] = useState("");
    const [target, setTarget] = useState<Target>("new");
    const [answer, setAnswer] = useState<Answer | null>(null);
    const [error, setError] = useState<string | null>(null);
    const [sending, setSending] = useState(false);
    const box = useRef<HTMLTextAreaElement>(null);
    const messageId = answer?.messageId;

    useEffect(() => {
        if (!messageId) return;
        return api.onEvent((e) => {
            if (e.type === "chat.token" && e.messageId === messageId)
                setAnswer((a) => a && {...a, text: a.text + e.text});
            else if (e.type === "chat.done" && e.message.id === messageId)
                setAnswer((a) => a && {...a, text: e.message.content, status: e.message.status});
            else if (e.type === "chat.error" && e.messageId === messageId) {
                setAnswer((a) => a && {...a, status: "error"});
                setError(sayCore(e.message, e.words));
            }
        });
    }, [api, messageId]);

    const send = async (event?: FormEvent) => {
        event?.preventDefault();
        if (!text.trim() || sending) return;
        setSending(true);
        setError(null);
        try {
            const parsed = await expandPrompt(api, parseSlash(text));
            if ("error" in parsed) return setError(parsed.error);
            let conversationId = target === "current" && open ? open.id : null;
            if (!conversationId) {
                const made = await api.invoke("conversations.create", {});
                if (!made.ok) return setError(made.error.message);
                conversationId = made.value.id;
            }
            // /research here runs at once (no plan to edit in a quick ask), over what is on this computer.
            const {research, ...asked} = "research" in parsed ? parsed : {...parsed, research: false};
            const sent = await api.invoke("chat.send", {
                conversationId,
                ...asked,
                ...(research ? {research: {start: true, offline: true}} : {}),
            });
            if (!sent.ok) return setError(sent.error.message);
            setAnswer({conversationId, messageId: sent.value.messageId, text: "", status: "streaming"});
            setText("");
        } finally {
            setSending(false);
            box.current?.focus();
        }
    };

    const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
        if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) void send(e);
    };
    const close = () => window.cairnDesktop?.closeQuickAsk?.();
    const openInCairn = (conversationId: string) => {
        if (window.cairnDesktop?.openConversation)
            return window.cairnDesktop.openConversation(conversationId);
        // A browser: the main view of the same page, at the conversation (the served UI keeps its token).
        const params = new URLSearchParams(location.search);
        params.delete("view");
        params.set("c", conversationId);
        location.assign(`${location.pathname}?${params}`);
    };

    return (
        <main
            className="quick-ask"
            aria-labelledby="quick-ask-title"
            onKeyDown={(e) => e.key === "Escape" && close()}
        >
            <h1 id="quick-ask-title">{t("quick.title")}</h1>
            <form onSubmit={(e) => void send(e)}>
                <textarea
                    ref={box}
                    autoFocus
                    rows={3}
                    value={text}
                    aria-label={t("quick.box")}
                    placeholder={t("quick.placeholder")}
                    onChange={(e) => setText(e.target.value)}
                    onKeyDown={onKey}
                />
                <div className="quick-ask-row">
                    <Segmented<Target>
                        label={t("quick.sendTo")}
                        value={open ? target : "new"}
                        onChange={setTarget}
                        segments={[
                            {value: "new", label: t("quick.new")},
                            {
                                value: "current",
                                label: open
                                    ? t("quick.current", {title: shownTitle(open.title, t)})
                                    : t("quick.noCurrent"),
                                disabled: !open,
                                hint: open ? shownTitle(open.title, t) : undefined,
                            },
                        ]}
                    />
                    <button type="submit" className="primary" disabled={!text.trim() || sending}>
                        {t("quick.send")}
                    </button>
                </div>
            </form>
            {error && (
                <p role="alert" className="error">
                    {error}
                </p>
            )}
            {answer && (
                <section
                    className="quick-ask-answer"
                    aria-label={t("quick.answer")}
                    aria-busy={answer.status === "streaming"}
                    data-status={answer.status}
                >
                    <div className="content" dir="auto">
                        <AnswerMarkdown text={answer.text} citations={[]} />
                    </div>
                    <button type="button" onClick={() => openInCairn(answer.conversationId)}>
                        {t("quick.openInCairn")}
                    </button>
                </section>
            )}
        </main>
    );
}
