import {Fragment, useEffect, useMemo, useRef, useState, type ReactNode} from "react";
import type {
    Assistant,
    EngineStatus,
    Message,
    PlanStepInput,
    QueuedMessage,
    TodoItem,
} from "../../../shared/contract.js";
import {MessageView, type MessageHandlers} from "./MessageView.js";
import {SummaryFold} from "./SummaryFold.js";
import {sayCore, Trans, useTranslation} from "../i18n/index.js";
import {useUndoableDelete} from "./undoableDelete.js";
import {Composer} from "./Composer.js";
import {QueuedList} from "./QueuedList.js";
import {TodoPanel} from "./TodoPanel.js";
import type {ResearchActions} from "./ResearchCard.js";

type Props = {
    messages: Message[];
    streaming: Record<string, string>;
    thinking: Record<string, string>;
    busy: boolean;
    /** Why nothing can be sent or stopped now (the core is not reachable), or null. */
    offline?: string | null;
    engine: EngineStatus | null;
    /** The conversation's assistant: its name and starter prompts greet an empty conversation. */
    assistant?: Assistant;
    /** attachments: kept images' ids (attachments.finish), sent with the text. */
    onSend: (text: string, attachments?: string[], research?: boolean) => Promise<boolean>;
    onStop: () => void;
    /**
     * The work under way: messages written while the answer runs (steer or queue), those waiting and how to add
     * or remove one; the task list the agent keeps, and the person's edit of it.
     */
    work?: Partial<ResearchActions> & {
        queued: QueuedMessage[];
        queue: (text: string, steer: boolean) => Promise<boolean>;
        unqueue: (id: string) => Promise<void>;
        todos: TodoItem[];
        setTodos: (items: TodoItem[]) => Promise<void>;
    };
    /** Deletes a message for good (after the undo window). */
    onDelete?: (id: string) => void;
    onRegenerate?: (id: string) => void;
    /** Sends an edited question as the next version of `id`. */
    onResend?: (id: string, text: string) => Promise<boolean>;
    onShowVersion?: (id: string) => void;
    onRemember?: (message: Message) => void;
    onRunPlan?: (messageId: string, steps: PlanStepInput[]) => Promise<boolean>;
    onCancelPlan?: (messageId: string) => void;
    /** A message to scroll to and mark (a search result). */
    focusId?: string | null;
    /** The first-run screen (choose a model), shown first, in place of what an empty conversation says. */
    welcome?: ReactNode;
    /** Whether the model answering here sees images (a local one with its projector, or a provider's). */
    seesImages?: boolean;
    /** Opens the conversation's attached documents. */
    onAttachDocuments?: () => void;
};

/** How long a deleted message can be brought back. */
/** Messages rendered at first, and added by each "Show earlier messages". */
const PAGE = 60;

export function ChatView(props: Props) {
    const {t} = useTranslation();
    const {messages, streaming, thinking, busy, offline = null, engine, onSend, onStop, focusId} = props;
    // A deleted message is hidden at once and deleted when its toast goes without an Undo.
    const deleting = useUndoableDelete(props.onDelete);
    const remove = useRef<(id: string) => void>(() => {});
    remove.current = deleting.remove;
    const [editing, setEditing] = useState<string | null>(null);
    // The agent's task list stands above its newest answer.
    const taskListAt = messages.findLast((m) => m.role === "assistant")?.id;
    // The handlers read the latest props through a ref: one stable object, so that messages stay memoized.
    const latest = useRef(props);
    latest.current = props;
    const handlers = useMemo<MessageHandlers>(
        () => ({
            onDelete: (id) => remove.current(id),
            onRegenerate: (id) => latest.current.onRegenerate?.(id),
            onEdit: setEditing,
            onResend: (id, text) => {
                setEditing(null);
                void latest.current.onResend?.(id, text);
            },
            onShowVersion: (id) => latest.current.onShowVersion?.(id),
            onRemember: (message) => latest.current.onRemember?.(message),
            onRun: (id, steps) => latest.current.onRunPlan?.(id, steps) ?? Promise.resolve(false),
            onCancel: (id) => latest.current.onCancelPlan?.(id),
            onRunResearch: (id, questions, budget) =>
                latest.current.work?.onRunResearch?.(id, questions, budget) ?? Promise.resolve(false),
            onPauseResearch: (id) => latest.current.work?.onPauseResearch?.(id),
            onResumeResearch: (id) => latest.current.work?.onResumeResearch?.(id),
            onCancelResearch: (id) => latest.current.work?.onCancelResearch?.(id),
        }),
        [],
    );
    const editLast = () => {
        const last = messages.findLast((m) => m.role === "user");
        if (last) setEditing(last.id);
    };
    // A long conversation opens at its latest messages; earlier ones come a page at a time.
    const first = messages[0]?.id;
    const [shown, setShown] = useState(PAGE);
    useEffect(() => setShown(PAGE), [first]);
    const focusIndex = focusId ? messages.findIndex((m) => m.id === focusId) : -1;
    const hidden = Math.max(0, Math.min(messages.length - shown, focusIndex >= 0 ? focusIndex : Infinity));
    const list = useRef<HTMLElement>(null);
    // The list follows new text while it is scrolled to the bottom; scrolled up, it stays put.
    const [following, setFollowing] = useState(true);
    const streamedLength = [...Object.values(streaming), ...Object.values(thinking)].reduce(
        (n, t) => n + t.length,
        0,
    );
    const toLatest = () => {
        const el = list.current;
        if (el) el.scrollTop = el.scrollHeight;
        setFollowing(true);
    };
    useEffect(() => {
        if (following && list.current) list.current.scrollTop = list.current.scrollHeight;
    }, [messages.length, streamedLength, following]);

    const focusLoaded = focusId ? messages.some((m) => m.id === focusId) : false;
    // With no model the list holds only words (nothing to focus): it takes focus itself, so that a keyboard
    // can scroll it where it is taller than the window (800x600).
    const onlyWords = messages.length === 0 && modelMissing(engine);
    useEffect(() => {
        if (!focusId || !focusLoaded) return;
        setFollowing(false);
        const element = document.getElementById(`message-${focusId}`);
        element?.scrollIntoView({block: "center"});
        element?.classList.add("found");
    }, [focusId, focusLoaded]);

    return (
        <>
            <section
                className="messages"
                aria-label={t("chat.messages")}
                aria-live="polite"
                tabIndex={onlyWords ? 0 : undefined}
                ref={list}
                onScroll={(e) => {
                    const el = e.currentTarget;
                    setFollowing(el.scrollHeight - el.scrollTop - el.clientHeight < 48);
                }}
            >
                {props.welcome}
                {messages.length === 0 && !props.welcome && (
                    <EmptyState
                        engine={engine}
                        assistant={props.assistant}
                        onStart={(text) => void onSend(text)}
                    />
                )}
                {hidden > 0 && (
                    <button type="button" className="earlier" onClick={() => setShown((n) => n + PAGE)}>
                        {t("chat.showEarlier", {count: Math.min(PAGE, hidden), hidden})}
                    </button>
                )}
                {messages.slice(hidden).map((m, i) =>
                    m.id === deleting.hidden ? null : (
                        <Fragment key={m.id}>
                            {m.id === taskListAt && props.work && (
                                <TodoPanel
                                    items={props.work.todos}
                                    onChange={(items) => void props.work?.setTodos(items)}
                                />
                            )}
                            <MessageView
                                message={m}
                                streamed={streaming[m.id]}
                                streamedThought={thinking[m.id]}
                                shiftNoted={shiftedBefore(messages, hidden + i)}
                                handlers={handlers}
                                editing={m.id === editing}
                                idle={!busy}
                            />
                            {m.summary && <SummaryFold summary={m.summary} />}
                        </Fragment>
                    ),
                )}
            </section>
            {deleting.toast}
            {!following && (
                <button type="button" className="jump-latest" onClick={toLatest}>
                    {t("chat.jumpLatest")}
                </button>
            )}
            {props.work && (
                <QueuedList items={props.work.queued} onRemove={(id) => void props.work?.unqueue(id)} />
            )}
            <Composer
                busy={busy}
                onQueue={props.work?.queue}
                offline={offline}
                onSend={onSend}
                onStop={onStop}
                onSent={toLatest}
                onEditLast={editLast}
                cannotSee={props.seesImages === false ? t("composer.cannotSee") : null}
                onAttachDocuments={props.onAttachDocuments}
            />
        </>
    );
}

function EmptyState({
    engine,
    assistant,
    onStart,
}: {
    engine: EngineStatus | null;
    assistant?: Assistant;
    onStart?: (text: string) => void;
}) {
    const {t} = useTranslation();
    if (modelMissing(engine)) {
        return (
            <div className="empty">
                <h2>{t("chat.noModel")}</h2>
                <p>{engine.message && sayCore(engine.message, engine.words)}</p>
                <p>
                    <Trans i18nKey="chat.noModelHelp" components={{b: <strong />, code: <code />}} />
                </p>
            </div>
        );
    }
    // Ways in for a first question, one per kind of thing Cairn does (answer, tools, documents), in the window's
    // language (a slash command's name stays).
    const starters = assistant?.starters.length
        ? assistant.starters
        : [t("chat.starterExplain"), "/stats", t("chat.starterCode"), t("chat.starterDocs")];
    return (
        <div className="empty">
            <h2>
                {assistant
                    ? `${assistant.icon ? `${assistant.icon} ` : ""}${assistant.name}`
                    : t("message.assistant")}
            </h2>
            <p>{t("chat.intro")}</p>
            {onStart && (
                <ul className="starters" aria-label={t("chat.starters")}>
                    {starters.map((starter) => (
                        <li key={starter}>
                            {/* dir="auto": "/stats" reads as written in a right-to-left window too. */}
                            <button type="button" dir="auto" onClick={() => onStart(starter)}>
                                {starter}
                            </button>
                        </li>
                    ))}
                </ul>
            )}
        </div>
    );
}

/** Whether an earlier answer already said that the conversation no longer fits: the note is shown once. */
export function shiftedBefore(messages: Message[], index: number): boolean {
    for (let i = index - 1; i >= 0; i--) {
        const m = messages[i]!;
        if (m.role === "assistant") return m.stats?.contextShifted ?? false;
    }
    return false;
}

/** No model answers: none is loaded, or the one chosen failed to load. */
function modelMissing(engine: EngineStatus | null): engine is EngineStatus {
    return engine !== null && (engine.state === "no-model" || engine.state === "error");
}
