import Markdown, {type Components} from "react-markdown";
import type {Message} from "../../shared/contract.js";
import {TraceSteps} from "./TraceSteps.js";

// Links leave the app: the browser opens a new tab; Electron sends http(s) links to the system browser.
const components: Components = {
    a: ({href, children}) => (
        <a href={href} target="_blank" rel="noopener noreferrer">
            {children}
        </a>
    ),
};

const STATUS_LABEL: Partial<Record<Message["status"], string>> = {
    interrupted: "stopped before the end",
    error: "failed",
};

export function MessageView({message, streamed}: {message: Message; streamed: string | undefined}) {
    const text = streamed && streamed.length > message.content.length ? streamed : message.content;
    const label = STATUS_LABEL[message.status];
    return (
        <article className={`message ${message.role} ${message.status}`} data-status={message.status}>
            <div className="role">{message.role === "user" ? "You" : "Cairn"}</div>
            <TraceSteps calls={message.toolCalls} />
            <div className="content">
                {message.role === "user" ? (
                    <p className="plain">{text}</p>
                ) : (
                    <Markdown components={components}>{text}</Markdown>
                )}
                {message.status === "streaming" && <span className="cursor" aria-label="writing" />}
            </div>
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
