import {memo} from "react";
import type {Message, TurnStats} from "../../shared/contract.js";
import {SourcesList} from "./citations.js";
import {AnswerMarkdown} from "./Markdown.js";
import {useCopy} from "./useCopy.js";
import {TraceSteps} from "./TraceSteps.js";

const STATUS_LABEL: Partial<Record<Message["status"], string>> = {
    interrupted: "stopped before the end",
    error: "failed",
};

function StatsDetails({stats}: {stats: TurnStats}) {
    return (
        <details className="stats">
            <summary>
                {stats.completionTokens} tokens
                {stats.tokensPerSecond !== null && ` · ${stats.tokensPerSecond.toFixed(1)} tok/s`}
                {stats.timeToFirstTokenMs !== null &&
                    ` · first token ${Math.round(stats.timeToFirstTokenMs)} ms`}
            </summary>
            <dl>
                <dt>Prompt tokens evaluated</dt>
                <dd data-stat="prompt">{stats.promptTokens}</dd>
                <dt>Tokens reused from the cache</dt>
                <dd data-stat="reused">{stats.reusedTokens}</dd>
                <dt>Tokens generated</dt>
                <dd data-stat="generated">{stats.completionTokens}</dd>
                <dt>Time to first token</dt>
                <dd>
                    {stats.timeToFirstTokenMs === null ? "—" : `${Math.round(stats.timeToFirstTokenMs)} ms`}
                </dd>
                <dt>Speed</dt>
                <dd>
                    {stats.tokensPerSecond === null ? "—" : `${stats.tokensPerSecond.toFixed(1)} tokens/s`}
                </dd>
            </dl>
        </details>
    );
}

type Props = {
    message: Message;
    streamed: string | undefined;
    /** The answer before this one already said that older turns were left out. */
    shiftNoted?: boolean;
    onDelete?(id: string): void;
};

/** One message; memoized, so that a conversation's other messages do not render again as one streams. */
export const MessageView = memo(function MessageView({
    message,
    streamed,
    shiftNoted = false,
    onDelete,
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
            <TraceSteps calls={message.toolCalls} />
            <div className="content">
                {message.role === "user" ? (
                    <p className="plain">{text}</p>
                ) : (
                    <AnswerMarkdown text={text} citations={message.citations} />
                )}
                {message.status === "streaming" && (
                    <span className="cursor" role="img" aria-label="writing" />
                )}
            </div>
            <SourcesList citations={message.citations} />
            {label && <div className="note">{message.error ? `${label}: ${message.error}` : label}</div>}
            {message.stats?.contextShifted && !shiftNoted && (
                <div className="note" role="note">
                    The conversation no longer fitted in the model&apos;s context: the oldest turns were left
                    out of this answer (the system prompt and recent turns were kept).
                </div>
            )}
            {message.stats && <StatsDetails stats={message.stats} />}
            {message.status !== "streaming" && (
                <MessageActions text={text} onDelete={onDelete && (() => onDelete(message.id))} />
            )}
        </article>
    );
});

/** Copy (the markdown) and Delete, shown on hover and focus. */
function MessageActions({text, onDelete}: {text: string; onDelete?: () => void}) {
    const {copied, copy} = useCopy();
    return (
        <div className="message-actions">
            <button type="button" onClick={() => copy(text)}>
                {copied ? "Copied" : "Copy"}
            </button>
            {onDelete && (
                <button type="button" onClick={onDelete}>
                    Delete
                </button>
            )}
        </div>
    );
}
