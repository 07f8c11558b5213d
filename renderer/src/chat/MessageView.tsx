import {memo} from "react";
import {
    Bookmark,
    Check,
    ChevronLeft,
    ChevronRight,
    Copy,
    Pencil,
    RefreshCw,
    Square,
    Trash2,
    Volume2,
} from "lucide-react";
import type {Message} from "../../../shared/contract.js";
import {StatsDetails, Thought} from "./AnswerDetails.js";
import {SourcesList} from "./citations.js";
import {AnswerMarkdown} from "./Markdown.js";
import {useCopy} from "./useCopy.js";
import {MessageImages} from "./attachments.js";
import {speak, stopSpeaking, useReading} from "./speech.js";
import {TraceSteps} from "./TraceSteps.js";
import {PlanCard, type PlanActions} from "./PlanCard.js";
import {ResearchCard, type ResearchActions} from "./ResearchCard.js";
import {sayCore, useTranslation} from "../i18n/index.js";
import {IconButton} from "../ui/IconButton.js";
import type {TFunction} from "i18next";
import {EditForm} from "./EditForm.js";

/**
 * The note under an ended answer: why it failed; for an interrupted one, whether the person stopped it or
 * Cairn itself stopped (its process ended while writing: the error says so, see main/store/processes.ts).
 */
function noteOf(message: Message, t: TFunction): string | null {
    if (message.status === "interrupted")
        return t(message.error ? "message.interruptedByCairn" : "message.stopped");
    if (message.status !== "error") return null;
    return message.error
        ? `${t("message.failed")}: ${sayCore(message.error, message.errorWords)}`
        : t("message.failed");
}

/** What can be done to a message; one stable object for the whole list, so that memo() holds. */
export type MessageHandlers = {
    onDelete: (id: string) => void;
    onRegenerate: (id: string) => void;
    /** Starts editing a question (null: stops). */
    onEdit: (id: string | null) => void;
    /** Sends the edited question as its next version. */
    onResend: (id: string, text: string) => void;
    onShowVersion: (id: string) => void;
    /** Keeps (part of) the message as a memory, after the person has read and edited it. */
    onRemember?: (message: Message) => void;
} & Partial<PlanActions> &
    Partial<ResearchActions>;

type Props = {
    message: Message;
    streamed: string | undefined;
    /** What the model thought so far, while the answer is written. */
    streamedThought?: string;
    /** The answer before this one already said that older turns were left out. */
    shiftNoted?: boolean;
    handlers?: MessageHandlers;
    /** This question is being edited. */
    editing?: boolean;
    /** No answer is being written: regenerate and resend may start one. */
    idle?: boolean;
};

/** One message; memoized, so that a conversation's other messages do not render again as one streams. */
export const MessageView = memo(function MessageView({
    message,
    streamed,
    streamedThought,
    shiftNoted = false,
    handlers,
    editing = false,
    idle = true,
}: Props) {
    // One subscription to the language per message; its parts take `t` from here.
    const {t, i18n} = useTranslation();
    const text = streamed && streamed.length > message.content.length ? streamed : message.content;
    const note = noteOf(message, t);
    return (
        <article
            id={`message-${message.id}`}
            className={`message ${message.role} ${message.status}`}
            data-status={message.status}
        >
            {/* Who and when, each isolated: a right-to-left window keeps a name and a date in their own order. */}
            <div className="role">
                <bdi>{t(message.role === "user" ? "message.you" : "message.assistant")}</bdi>{" "}
                <time className="when" dateTime={new Date(message.createdAt).toISOString()}>
                    <bdi>{new Date(message.createdAt).toLocaleString(i18n.language)}</bdi>
                </time>
            </div>
            <Thought
                text={
                    streamedThought && streamedThought.length > message.thought.length
                        ? streamedThought
                        : message.thought
                }
                ms={message.thoughtMs}
                thinking={message.status === "streaming" && !text}
            />
            {message.plan && (
                <PlanCard
                    message={message}
                    idle={idle}
                    actions={handlers?.onRun && handlers.onCancel ? (handlers as PlanActions) : undefined}
                />
            )}
            {message.research && <ResearchCard message={message} idle={idle} actions={handlers} />}
            <TraceSteps
                calls={message.toolCalls}
                messageId={message.id}
                offered={message.stats?.toolsOffered}
            />
            {editing && handlers ? (
                <EditForm
                    text={message.content}
                    onCancel={() => handlers.onEdit(null)}
                    onSave={(edited) => handlers.onResend(message.id, edited)}
                />
            ) : (
                // Each message reads in its own text's direction (an English answer in an Arabic window too).
                <div className="content" dir="auto">
                    {message.attachments && <MessageImages attachments={message.attachments} />}
                    {message.role === "user" ? (
                        <p className="plain">{text}</p>
                    ) : (
                        <AnswerMarkdown text={text} citations={message.citations} />
                    )}
                    {message.status === "streaming" && (
                        <span className="cursor" role="img" aria-label={t("message.writing")} />
                    )}
                </div>
            )}
            <SourcesList citations={message.citations} />
            {note && <div className="note">{note}</div>}
            {message.stats?.contextShifted && !shiftNoted && (
                <div className="note" role="note">
                    {t("message.contextShifted")}
                </div>
            )}
            {message.stats && <StatsDetails stats={message.stats} model={message.model} />}
            {message.status !== "streaming" && !editing && (
                <MessageActions message={message} text={text} handlers={handlers} idle={idle} t={t} />
            )}
            {message.role === "assistant" && <SpeechNote id={message.id} />}
        </article>
    );
});

/** Versions, Copy, Regenerate or Edit, Delete: shown on hover and focus. */
/** Reads the answer aloud with the system's voices (code blocks skipped), or stops. */
function ReadAloud({id, text, t}: {id: string; text: string; t: TFunction}) {
    const on = useReading().messageId === id;
    const name = t(on ? "message.stopReading" : "message.readAloud");
    return (
        <IconButton label={name} aria-pressed={on} onClick={() => (on ? stopSpeaking() : speak(id, text))}>
            {on ? <Square aria-hidden size={16} /> : <Volume2 aria-hidden size={16} />}
        </IconButton>
    );
}

/** Why this answer could not be read aloud, under it, once. */
function SpeechNote({id}: {id: string}) {
    const reading = useReading();
    if (!reading.error || reading.lastId !== id) return null;
    return (
        <div className="note speech-error" role="alert">
            {reading.error}
        </div>
    );
}

function MessageActions({
    message,
    text,
    handlers,
    idle,
    t,
}: {
    message: Message;
    text: string;
    handlers?: MessageHandlers;
    idle: boolean;
    t: TFunction;
}) {
    const {copied, copy} = useCopy();
    const {id, role} = message;
    return (
        <div className="message-actions">
            {handlers && <Versions message={message} onShow={handlers.onShowVersion} t={t} />}
            <IconButton label={t(copied ? "message.copied" : "message.copy")} onClick={() => copy(text)}>
                {copied ? <Check aria-hidden size={16} /> : <Copy aria-hidden size={16} />}
            </IconButton>
            {role === "assistant" && <ReadAloud id={id} text={text} t={t} />}
            {handlers && role === "assistant" && (
                <IconButton
                    label={t("message.regenerate")}
                    disabled={!idle}
                    onClick={() => handlers.onRegenerate(id)}
                >
                    <RefreshCw aria-hidden size={16} />
                </IconButton>
            )}
            {handlers && role === "user" && (
                <IconButton label={t("message.edit")} disabled={!idle} onClick={() => handlers.onEdit(id)}>
                    <Pencil aria-hidden size={16} />
                </IconButton>
            )}
            {handlers?.onRemember && (
                <IconButton
                    label={t("message.remember")}
                    hint={t("message.rememberHint")}
                    onClick={() => handlers.onRemember?.(message)}
                >
                    <Bookmark aria-hidden size={16} />
                </IconButton>
            )}
            {handlers && (
                <IconButton
                    label={t("message.delete")}
                    data-action="delete"
                    onClick={() => handlers.onDelete(id)}
                >
                    <Trash2 aria-hidden size={16} />
                </IconButton>
            )}
        </div>
    );
}

/** "‹ 2 / 3 ›": the versions of a message (regenerated answers, edited questions). */
function Versions({message, onShow, t}: {message: Message; onShow: (id: string) => void; t: TFunction}) {
    const {versions} = message;
    if (versions.length < 2) return null;
    const index = versions.indexOf(message.id);
    return (
        <span className="versions" role="group" aria-label={t("message.versions")}>
            <IconButton
                label={t("message.previousVersion")}
                disabled={index <= 0}
                onClick={() => onShow(versions[index - 1]!)}
            >
                <ChevronLeft aria-hidden size={16} />
            </IconButton>
            <span className="version-count">
                {index + 1} / {versions.length}
            </span>
            <IconButton
                label={t("message.nextVersion")}
                disabled={index >= versions.length - 1}
                onClick={() => onShow(versions[index + 1]!)}
            >
                <ChevronRight aria-hidden size={16} />
            </IconButton>
        </span>
    );
}
