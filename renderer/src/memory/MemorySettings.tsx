import {useCallback, useEffect, useState} from "react";
import type {Assistant, CairnApi, Memory, Message, Project} from "../../../shared/contract.js";
import {Dialog} from "../ui/Dialog.js";
import {download} from "../ui/download.js";
import {Trans, useTranslation} from "../i18n/index.js";
import {Switch} from "../ui/Switch.js";

type Props = {
    api: CairnApi;
    onError: (message: string) => void;
    /** The assistants and projects a memory may belong to, to say whose it is. */
    assistants: Assistant[];
    projects: Project[];
};

/** The most characters a memory keeps (the core refuses more, in words). */
const MEMORY_CHARS = 2000;
/** Memories listed at once: thousands would make the dialog slow; Find narrows them. */
const SHOWN = 200;

/**
 * Settings' "Memory": what Cairn keeps across conversations, each memory with where it came from; on or
 * off; add, find, edit, turn off, delete, export.
 */
export function MemorySettings({api, onError, assistants, projects}: Props) {
    const {t} = useTranslation();
    const [state, setState] = useState<{enabled: boolean; memories: Memory[]} | null>(null);
    const [adding, setAdding] = useState("");
    const [filter, setFilter] = useState("");
    /** Whose a memory is, when it is not everyone's: "for the project Boat". */
    const scopeOf = (scope: string) => {
        const [kind, id] = scope.split(":");
        const deleted = t("memorySettings.deleted");
        if (kind === "project")
            return t("memorySettings.forProject", {name: projects.find((p) => p.id === id)?.name ?? deleted});
        if (kind === "assistant")
            return t("memorySettings.forAssistant", {
                name: assistants.find((a) => a.id === id)?.name ?? deleted,
            });
        return null;
    };
    const reload = useCallback(async () => {
        const res = await api.invoke("memories.list", {});
        if (!res.ok) return onError(res.error.message);
        setState(res.value);
    }, [api, onError]);
    useEffect(() => void reload(), [reload]);
    // Without an embedding model recall matches words only: said, with where to choose one. Shown with the
    // memories, so that the page does not move when it comes.
    const [wordsOnly, setWordsOnly] = useState<boolean | null>(null);
    useEffect(() => {
        void api.invoke("models.list", {}).then((res) => {
            setWordsOnly(res.ok ? res.value.embeddingModelPath === null : false);
        });
    }, [api]);
    if (!state || wordsOnly === null) return null;
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
                <Trans i18nKey="memorySettings.intro" components={{b: <strong />}} />
            </p>
            {wordsOnly && (
                <p className="hint">
                    <Trans i18nKey="memorySettings.wordsOnly" components={{b: <strong />}} />
                </p>
            )}
            <Switch
                checked={state.enabled}
                onChange={(on) => void run(api.invoke("memories.setEnabled", {enabled: on}))}
            >
                {t("memorySettings.use")}
            </Switch>
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
                    {t("memorySettings.add")}
                    <input
                        type="text"
                        value={adding}
                        maxLength={MEMORY_CHARS}
                        onChange={(e) => setAdding(e.target.value)}
                    />
                </label>
                <button type="submit">{t("memorySettings.addButton")}</button>
            </form>
            <div className="memory-tools">
                <label>
                    {t("memorySettings.find")}
                    <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
                </label>
                <button onClick={exportAll} disabled={state.memories.length === 0}>
                    {t("memorySettings.export")}
                </button>
            </div>
            {state.memories.length === 0 ? (
                <p>{t("memorySettings.none")}</p>
            ) : (
                <>
                    <ul className="memories" aria-label={t("memorySettings.list")}>
                        {shown.slice(0, SHOWN).map((m) => (
                            <MemoryRow key={m.id} memory={m} api={api} run={run} scope={scopeOf(m.scope)} />
                        ))}
                    </ul>
                    {shown.length > SHOWN && (
                        <p className="hint">{t("memorySettings.more", {count: shown.length - SHOWN})}</p>
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
    run: (call: Promise<{ok: boolean; error?: {message: string}}>) => Promise<boolean>;
}) {
    const {t, i18n} = useTranslation();
    const [editing, setEditing] = useState<string | null>(null);
    const from =
        memory.origin === "user" && !memory.sourceMessageId
            ? t("memorySettings.addedByYou")
            : t("memorySettings.fromConversation");
    const when = new Date(memory.updatedAt).toLocaleDateString(i18n.language);
    return (
        <li className={memory.enabled ? undefined : "off"}>
            {editing === null ? (
                <span className="memory-text">{memory.text}</span>
            ) : (
                <input
                    type="text"
                    aria-label={t("memorySettings.memory")}
                    value={editing}
                    maxLength={MEMORY_CHARS}
                    onChange={(e) => setEditing(e.target.value)}
                />
            )}
            <span className="muted">
                {" "}
                {scope
                    ? t("memorySettings.originScoped", {from, when, scope})
                    : t("memorySettings.origin", {from, when})}
            </span>
            <span className="memory-actions">
                {editing === null ? (
                    <button
                        aria-label={t("memorySettings.editOf", {text: memory.text})}
                        onClick={() => setEditing(memory.text)}
                    >
                        {t("memorySettings.edit")}
                    </button>
                ) : (
                    <button
                        onClick={() =>
                            void run(api.invoke("memories.update", {id: memory.id, text: editing})).then(
                                (done) => done && setEditing(null),
                            )
                        }
                    >
                        {t("memorySettings.save")}
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
                    {t("memorySettings.on")}
                </label>
                <button
                    aria-label={t("memorySettings.deleteOf", {text: memory.text})}
                    onClick={() => void run(api.invoke("memories.delete", {id: memory.id}))}
                >
                    {t("memorySettings.delete")}
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
    onClose: () => void;
    onError: (message: string) => void;
}) {
    const {t} = useTranslation();
    const [text, setText] = useState(message.content.slice(0, MEMORY_CHARS));
    const save = async () => {
        const res = await api.invoke("memories.add", {text, sourceMessageId: message.id});
        if (!res.ok) return onError(res.error.message);
        onClose();
    };
    return (
        <Dialog label={t("memorySettings.remember")} onClose={onClose}>
            <h2>{t("memorySettings.remember")}</h2>
            <p>{t("memorySettings.rememberIntro")}</p>
            <label className="remember-text">
                {t("memorySettings.whatToRemember")}
                <textarea
                    data-autofocus
                    value={text}
                    maxLength={MEMORY_CHARS}
                    rows={4}
                    onChange={(e) => setText(e.target.value)}
                />
            </label>
            <div className="choices">
                <button className="primary" disabled={!text.trim()} onClick={() => void save()}>
                    {t("memorySettings.remember")}
                </button>
                <button onClick={onClose}>{t("memorySettings.cancel")}</button>
            </div>
        </Dialog>
    );
}
