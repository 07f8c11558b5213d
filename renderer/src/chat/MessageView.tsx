import {memo, useState} from "react";
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
import {PlanCard, type PlanActions} from "../plan/PlanCard.js";

const STATUS_LABEL: Partial<Record<Message["status"], string>> = {
    interrupted: "stopped before the end",
    error: "failed",
};

/**
 * The note under an ended answer: why it failed; for an interrupted one, whether the person stopped it or
 * Cairn itself stopped (its process ended while writing: the error says so, see main/store/processes.ts).
 */
function noteOf(message: Message, label: string): string {
    if (message.status === "interrupted") return message.error ? "interrupted (Cairn stopped)" : label;
    return message.error ? `${label}: ${message.error}` : label;
}

/** What can be done to a message; one stable object for the whole list, so that memo() holds. */
export type MessageHandlers = {
    onDelete(id: string): void;
    onRegenerate(id: string): void;
    /** Starts editing a question (null: stops). */
    onEdit(id: string | null): void;
    /** Sends the edited question as its next version. */
    onResend(id: string, text: string): void;
    onShowVersion(id: string): void;
    /** Keeps (part of) the message as a memory, after the person has read and edited it. */
    onRemember?(message: Message): void;
} & Partial<PlanActions>;

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
    const text = streamed && streamed.length > message.content.length ? streamed : message.content;
    const label = STATUS_LABEL[message.status];
    return (
        <article
            id={`message-${message.id}`}
            className={`message ${message.role} ${message.status}`}
            data-status={message.status}
        >
            <div className="role">
                {message.role === "user" ? "You" : "Cairn"}{" "}
                <time className="when" dateTime={new Date(message.createdAt).toISOString()}>
                    {new Date(message.createdAt).toLocaleString()}
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
                        <span className="cursor" role="img" aria-label="writing" />
                    )}
                </div>
            )}
            <SourcesList citations={message.citations} />
            {label && <div className="note">{noteOf(message, label)}</div>}
            {message.stats?.contextShifted && !shiftNoted && (
                <div className="note" role="note">
                    The conversation no longer fitted in the model&apos;s context: the oldest turns were left
                    out of this answer (the system prompt and recent turns were kept).
                </div>
            )}
            {message.stats && <StatsDetails stats={message.stats} model={message.model} />}
            {message.status !== "streaming" && !editing && (
                <MessageActions message={message} text={text} handlers={handlers} idle={idle} />
            )}
            {message.role === "assistant" && <SpeechNote id={message.id} />}
        </article>
    );
});

/** Versions, Copy, Regenerate or Edit, Delete: shown on hover and focus. */
/** Reads the answer aloud with the system's voices (code blocks skipped), or stops. */
function ReadAloud({id, text}: {id: string; text: string}) {
    const on = useReading().messageId === id;
    return (
        <button
            type="button"
            aria-label={on ? "Stop reading" : "Read aloud"}
            title={on ? "Stop reading" : "Read aloud"}
            aria-pressed={on}
            onClick={() => (on ? stopSpeaking() : speak(id, text))}
        >
            {on ? <Square aria-hidden size={16} /> : <Volume2 aria-hidden size={16} />}
        </button>
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
}: {
    message: Message;
    text: string;
    handlers?: MessageHandlers;
    idle: boolean;
}) {
    const {copied, copy} = useCopy();
    const {id, role} = message;
    return (
        <div className="message-actions">
            {handlers && <Versions message={message} onShow={handlers.onShowVersion} />}
            <button
                type="button"
                aria-label={copied ? "Copied" : "Copy"}
                title="Copy"
                onClick={() => copy(text)}
            >
                {copied ? <Check aria-hidden size={16} /> : <Copy aria-hidden size={16} />}
            </button>
            {role === "assistant" && <ReadAloud id={id} text={text} />}
            {handlers && role === "assistant" && (
                <button
                    type="button"
                    aria-label="Regenerate"
                    title="Regenerate"
                    disabled={!idle}
                    onClick={() => handlers.onRegenerate(id)}
                >
                    <RefreshCw aria-hidden size={16} />
                </button>
            )}
            {handlers && role === "user" && (
                <button
                    type="button"
                    aria-label="Edit"
                    title="Edit"
                    disabled={!idle}
                    onClick={() => handlers.onEdit(id)}
                >
                    <Pencil aria-hidden size={16} />
                </button>
            )}
            {handlers?.onRemember && (
                <button
                    type="button"
                    aria-label="Remember"
                    title="Remember (kept across conversations)"
                    onClick={() => handlers.onRemember?.(message)}
                >
                    <Bookmark aria-hidden size={16} />
                </button>
            )}
            {handlers && (
                <button
                    type="button"
                    aria-label="Delete"
                    title="Delete"
                    onClick={() => handlers.onDelete(id)}
                >
                    <Trash2 aria-hidden size={16} />
                </button>
            )}
        </div>
    );
}

/** "‹ 2 / 3 ›": the versions of a message (regenerated answers, edited questions). */
function Versions({message, onShow}: {message: Message; onShow(id: string): void}) {
    const {versions} = message;
    if (versions.length < 2) return null;
    const index = versions.indexOf(message.id);
    return (
        <span className="versions" role="group" aria-label="Versions">
            <button
                type="button"
                aria-label="Previous version"
                disabled={index <= 0}
                onClick={() => onShow(versions[index - 1]!)}
            >
                <ChevronLeft aria-hidden size={16} />
            </button>
            <span className="version-count">
                {index + 1} / {versions.length}
            </span>
            <button
                type="button"
                aria-label="Next version"
                disabled={index >= versions.length - 1}
                onClick={() => onShow(versions[index + 1]!)}
            >
                <ChevronRight aria-hidden size={16} />
            </button>
        </span>
    );
}

/** A question rewritten in place: Enter (or Save and send) sends it as a new version, Esc cancels. */
function EditForm({text, onSave, onCancel}: {text: string; onSave(text: string): void; onCancel(): void}) {
    const [draft, setDraft] = useState(text);
    const save = () => {
        if (draft.trim()) onSave(draft.trim());
    };
    return (
        <form
            className="edit-form"
            onSubmit={(e) => {
                e.preventDefault();
                save();
            }}
        >
            <textarea
                aria-label="Edit message"
                autoFocus
                value={draft}
                rows={Math.min(10, draft.split("\n").length + 1)}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => {
                    if (e.key === "Escape") {
                        e.stopPropagation();
                        onCancel();
                    } else if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                        e.preventDefault();
                        save();
                    }
                }}
            />
            <div className="choices">
                <button type="button" onClick={onCancel}>
                    Cancel
                </button>
                <button type="submit" className="primary" disabled={!draft.trim()}>
                    Save and send
                </button>
            </div>
        </form>
    );
}
