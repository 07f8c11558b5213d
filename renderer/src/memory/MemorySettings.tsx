import {useCallback, useEffect, useState} from "react";
import type {CairnApi, Memory, Message} from "../../../shared/contract.js";
import {Dialog} from "../ui/Dialog.js";
import {download} from "../ui/download.js";
import {useAssistants} from "../assistants/useAssistants.js";
import {useProjects} from "../projects/useProjects.js";
import {useTranslation} from "../i18n/index.js";

type Props = {api: CairnApi; onError(message: string): void};

/** The most characters a memory keeps (the core refuses more, in words). */
const MEMORY_CHARS = 2000;
/** Memories listed at once: thousands would make the dialog slow; Find narrows them. */
const SHOWN = 200;

/**
 * Settings' "Memory": what Cairn keeps across conversations, each memory with where it came from; on or
 * off; add, find, edit, turn off, delete, export.
 */
export function MemorySettings({api, onError}: Props) {
    const {t} = useTranslation();
    const [state, setState] = useState<{enabled: boolean; memories: Memory[]} | null>(null);
    const [adding, setAdding] = useState("");
    const [filter, setFilter] = useState("");
    const assistants = useAssistants(api);
    const projects = useProjects(api);
    /** Whose a memory is, when it is not everyone's: "for the project Boat". */
    const scopeOf = (scope: string) => {
        const [kind, id] = scope.split(":");
        if (kind === "project")
            return `for the project ${projects.find((p) => p.id === id)?.name ?? "(deleted)"}`;
        if (kind === "assistant")
            return `for the assistant ${assistants.find((a) => a.id === id)?.name ?? "(deleted)"}`;
        return null;
    };
    const reload = useCallback(async () => {
        const res = await api.invoke("memories.list", {});
        if (!res.ok) return onError(res.error.message);
        setState(res.value);
    }, [api, onError]);
    useEffect(() => void reload(), [reload]);
    if (!state) return null;
    const run = async (call: Promise<{ok: boolean; error?: {message: string}}>) => {
        const res = await call;
        if (!res.ok) onError(res.error!.message);
        await reload();
        return res.ok;
    };
    const words = filter.trim().toLowerCase();
    const shown = words ? state.memories.filter((m) => m.text.toLowerCase().includes(words)) : state.memories;
    const exportAll = () => {
        const json = JSON.stringify(
            {format: "cairn.memories", version: 1, memories: state.memories},
            null,
            2,
        );
        download(new Blob([json], {type: "application/json"}), "cairn-memories.json");
    };
    return (
        <section aria-labelledby="memory-heading">
            <h2 id="memory-heading">{t("settings.section.memory")}</h2>
            <p className="hint">
                What Cairn keeps across conversations. Before each answer it recalls the memories that match
                the question and cites them; “remember that …” or <strong>Remember</strong> on a message keeps
                one (you approve what the model asks to keep). Incognito conversations recall and keep
                nothing.
            </p>
            <label>
                <input
                    type="checkbox"
                    checked={state.enabled}
                    onChange={(e) => void run(api.invoke("memories.setEnabled", {enabled: e.target.checked}))}
                />{" "}
                Use memory
            </label>
            <form
                className="memory-add"
                onSubmit={(e) => {
                    e.preventDefault();
                    if (!adding.trim()) return;
                    void run(api.invoke("memories.add", {text: adding})).then(
                        (done) => done && setAdding(""),
                    );
                }}
            >
                <label>
                    Add a memory
                    <input
                        type="text"
                        value={adding}
                        maxLength={MEMORY_CHARS}
                        onChange={(e) => setAdding(e.target.value)}
                    />
                </label>
                <button type="submit">Add</button>
            </form>
            <div className="memory-tools">
                <label>
                    Find
                    <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
                </label>
                <button onClick={exportAll} disabled={state.memories.length === 0}>
                    Export
                </button>
            </div>
            {state.memories.length === 0 ? (
                <p>No memory yet.</p>
            ) : (
                <>
                    <ul className="memories" aria-label="Memories">
                        {shown.slice(0, SHOWN).map((m) => (
                            <MemoryRow key={m.id} memory={m} api={api} run={run} scope={scopeOf(m.scope)} />
                        ))}
                    </ul>
                    {shown.length > SHOWN && (
                        <p className="hint">
                            {shown.length - SHOWN} more (newest first): use Find, or Export for all of them.
                        </p>
                    )}
                </>
            )}
        </section>
    );
}

function MemoryRow({
    memory,
    api,
    run,
    scope,
}: {
    memory: Memory;
    /** Whose it is when not everyone's ("for the project Boat"); null: everywhere. */
    scope: string | null;
    api: CairnApi;
    run(call: Promise<{ok: boolean; error?: {message: string}}>): Promise<boolean>;
}) {
    const [editing, setEditing] = useState<string | null>(null);
    const from = memory.origin === "user" && !memory.sourceMessageId ? "added by you" : "from a conversation";
    const when = new Date(memory.updatedAt).toLocaleDateString();
    return (
        <li className={memory.enabled ? undefined : "off"}>
            {editing === null ? (
                <span className="memory-text">{memory.text}</span>
            ) : (
                <input
                    type="text"
                    aria-label="Memory"
                    value={editing}
                    maxLength={MEMORY_CHARS}
                    onChange={(e) => setEditing(e.target.value)}
                />
            )}
            <span className="muted">
                {" "}
                — {from}, {when}
                {scope && `, ${scope}`}
            </span>
            <span className="memory-actions">
                {editing === null ? (
                    <button aria-label={`Edit “${memory.text}”`} onClick={() => setEditing(memory.text)}>
                        Edit
                    </button>
                ) : (
                    <button
                        onClick={() =>
                            void run(api.invoke("memories.update", {id: memory.id, text: editing})).then(
                                (done) => done && setEditing(null),
                            )
                        }
                    >
                        Save
                    </button>
                )}
                <label>
                    <input
                        type="checkbox"
                        checked={memory.enabled}
                        onChange={(e) =>
                            void run(
                                api.invoke("memories.update", {id: memory.id, enabled: e.target.checked}),
                            )
                        }
                    />{" "}
                    On
                </label>
                <button
                    aria-label={`Delete “${memory.text}”`}
                    onClick={() => void run(api.invoke("memories.delete", {id: memory.id}))}
                >
                    Delete
                </button>
            </span>
        </li>
    );
}

/** Remember on a message: its text, to read and shorten, kept as a memory with the message as its source. */
export function RememberDialog({
    api,
    message,
    onClose,
    onError,
}: {
    api: CairnApi;
    message: Message;
    onClose(): void;
    onError(message: string): void;
}) {
    const [text, setText] = useState(message.content.slice(0, MEMORY_CHARS));
    const save = async () => {
        const res = await api.invoke("memories.add", {text, sourceMessageId: message.id});
        if (!res.ok) return onError(res.error.message);
        onClose();
    };
    return (
        <Dialog label="Remember" onClose={onClose}>
            <h2>Remember</h2>
            <p>Kept across conversations and recalled when a question matches it. Keep it short: one fact.</p>
            <label className="remember-text">
                What to remember
                <textarea
                    data-autofocus
                    value={text}
                    maxLength={MEMORY_CHARS}
                    rows={4}
                    onChange={(e) => setText(e.target.value)}
                />
            </label>
            <div className="choices">
                <button disabled={!text.trim()} onClick={() => void save()}>
                    Remember
                </button>
                <button onClick={onClose}>Cancel</button>
            </div>
        </Dialog>
    );
}
