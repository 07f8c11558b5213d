import {useMemo} from "react";
import Markdown from "react-markdown";
import type {Message} from "../../shared/contract.js";
import {linkMarkers, markdownComponents, SourcesList} from "./citations.js";
import {TraceSteps} from "./TraceSteps.js";

const STATUS_LABEL: Partial<Record<Message["status"], string>> = {
    interrupted: "stopped before the end",
    error: "failed",
};

export function MessageView({message, streamed}: {message: Message; streamed: string | undefined}) {
    const text = streamed && streamed.length > message.content.length ? streamed : message.content;
    const label = STATUS_LABEL[message.status];
    // Links leave the app (Electron sends http(s) links to the system browser); [n] opens its source.
    const components = useMemo(() => markdownComponents(message.citations), [message.citations]);
    return (
        <article className={`message ${message.role} ${message.status}`} data-status={message.status}>
            <div className="role">{message.role === "user" ? "You" : "Cairn"}</div>
            <TraceSteps calls={message.toolCalls} />
            <div className="content">
                {message.role === "user" ? (
                    <p className="plain">{text}</p>
                ) : (
                    <Markdown components={components}>{linkMarkers(text)}</Markdown>
                )}
                {message.status === "streaming" && <span className="cursor" aria-label="writing" />}
            </div>
            <SourcesList citations={message.citations} />
            {label && <div className="note">{message.error ? `${label}: ${message.error}` : label}</div>}
            {message.stats && (
                <div className="stats">
                    {message.stats.completionTokens} tokens
                    {message.stats.tokensPerSecond !== null &&
                        ` · ${message.stats.tokensPerSecond.toFixed(1)} tok/s`}
                    {message.stats.timeToFirstTokenMs !== null &&
                        ` · first token ${Math.round(message.stats.timeToFirstTokenMs)} ms`}
                </div>
            )}
        </article>
    );
}
