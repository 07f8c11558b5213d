import {useEffect, useRef, useState} from "react";
import type {EngineStatus, Message} from "../../shared/contract.js";
import {MessageView} from "./MessageView.js";

type Props = {
    messages: Message[];
    streaming: Record<string, string>;
    busy: boolean;
    engine: EngineStatus | null;
    onSend(text: string): Promise<boolean>;
    onStop(): void;
};

export function ChatView({messages, streaming, busy, engine, onSend, onStop}: Props) {
    const [draft, setDraft] = useState("");
    const end = useRef<HTMLDivElement>(null);
    const streamedLength = Object.values(streaming).reduce((n, t) => n + t.length, 0);
    useEffect(() => {
        // A block body: newer browsers return a Promise from scrollIntoView, which is not a cleanup function.
        end.current?.scrollIntoView({block: "end"});
    }, [messages.length, streamedLength]);

    const submit = async () => {
        const text = draft.trim();
        if (!text || busy) return;
        setDraft("");
        if (!(await onSend(text))) setDraft(text);
    };

    return (
        <>
            <section className="messages" aria-label="Messages" aria-live="polite">
                {messages.length === 0 && <EmptyState engine={engine} />}
                {messages.map((m) => (
                    <MessageView key={m.id} message={m} streamed={streaming[m.id]} />
                ))}
                <div ref={end} />
            </section>
            <form
                className="composer"
                onSubmit={(e) => {
                    e.preventDefault();
                    void submit();
                }}
            >
                <textarea
                    aria-label="Message"
                    placeholder="Ask anything. Enter sends, Shift+Enter adds a line."
                    value={draft}
                    rows={3}
                    onChange={(e) => setDraft(e.target.value)}
                    onKeyDown={(e) => {
                        if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                            e.preventDefault();
                            void submit();
                        }
                    }}
                />
                {busy ? (
                    <button type="button" className="stop" onClick={onStop}>
                        Stop
                    </button>
                ) : (
                    <button type="submit" disabled={!draft.trim()}>
                        Send
                    </button>
                )}
            </form>
        </>
    );
}

function EmptyState({engine}: {engine: EngineStatus | null}) {
    if (engine && (engine.state === "no-model" || engine.state === "error")) {
        return (
            <div className="empty">
                <h2>No model is ready</h2>
                <p>{engine.message}</p>
                <p>
                    Open <strong>Models</strong> to download or load one, or start Cairn with a GGUF model
                    file: <code>npm run serve -- --model /path/to/model.gguf</code> (or set{" "}
                    <code>CAIRN_MODEL</code>).
                </p>
            </div>
        );
    }
    return (
        <div className="empty">
            <h2>Cairn</h2>
            <p>Ask a question; the answer is written by the model on this computer.</p>
        </div>
    );
}
