import {useCallback, useEffect, useState} from "react";
import type {
    CairnApi,
    Collection,
    Conversation,
    DocumentInfo,
    IngestProgress,
} from "../../../shared/contract.js";
import {Confirm} from "../ui/Confirm.js";
import {Dialog} from "../ui/Dialog.js";
import {WatchedFolders} from "./WatchedFolders.js";
import {sayCore, useTranslation, type TFunction} from "../i18n/index.js";

type Props = {
    api: CairnApi;
    /** Given: the documents attached to this conversation only; otherwise the collections. */
    conversation?: Conversation;
    /** The collection shown first (a project's files); "Documents" otherwise. */
    initialCollection?: string;
    onClose: () => void;
    onError: (message: string) => void;
};

/** Collections and documents: add files and folders (by path or drop), watch the ingest, remove. */
export function DocumentsPanel({api, conversation, initialCollection, onClose, onError}: Props) {
    const {t} = useTranslation();
    const [collections, setCollections] = useState<Collection[]>([]);
    const [collection, setCollection] = useState(initialCollection ?? "Documents");
    // Deleting a collection asks first.
    const [deleting, setDeleting] = useState<string | null>(null);
    const [docs, setDocs] = useState<DocumentInfo[]>([]);
    const [jobs, setJobs] = useState<Record<string, IngestProgress>>({});
    const [paths, setPaths] = useState("");

    const selected = collections.find((c) => c.name === collection);
    const reload = useCallback(async () => {
        const [c, d] = await Promise.all([
            api.invoke("docs.listCollections", {}),
            api.invoke(
                "docs.list",
                conversation
                    ? {conversationId: conversation.id}
                    : selected
                      ? {collectionId: selected.id}
                      : {},
            ),
        ]);
        if (c.ok) setCollections(c.value);
        if (d.ok) setDocs(conversation || selected ? d.value : []);
    }, [api, conversation, selected]);

    useEffect(() => {
        void reload();
        return api.onEvent((e) => {
            if (e.type !== "docs.progress") return;
            setJobs((j) => ({...j, [e.progress.jobId]: e.progress}));
            if (e.progress.state !== "running" || e.progress.filesDone % 5 === 0) void reload();
        });
    }, [api, reload]);

    const add = async (list: string[]) => {
        if (list.length === 0) return;
        const res = await api.invoke(
            "docs.ingest",
            conversation ? {paths: list, conversationId: conversation.id} : {paths: list, collection},
        );
        if (!res.ok) onError(res.error.message);
        else setPaths("");
    };
    const onDrop = (event: React.DragEvent) => {
        event.preventDefault();
        // The desktop app gives dropped files their paths; a browser does not.
        const pathOf = window.cairnDesktop?.pathForFile;
        const dropped = pathOf ? [...event.dataTransfer.files].map((f) => pathOf(f)).filter(Boolean) : [];
        if (dropped.length === 0) onError(t("documentsPanel.dropNeedsDesktop"));
        else void add(dropped);
    };
    const remove = async (doc: DocumentInfo) => {
        const res = await api.invoke("docs.remove", {documentId: doc.id});
        if (!res.ok) onError(res.error.message);
        await reload();
    };
    const running = Object.values(jobs).filter(
        (j) => j.state === "running" || j.errors.length > 0 || j.message,
    );

    return (
        <Dialog
            label={conversation ? t("documentsPanel.attached") : t("documentsPanel.title")}
            onClose={onClose}
            className="documents"
            contentProps={{onDragOver: (e) => e.preventDefault(), onDrop}}
        >
            <h2>
                {conversation
                    ? t("documentsPanel.attachedTo", {title: conversation.title})
                    : t("documentsPanel.title")}
            </h2>
            {!conversation && (
                <label>
                    {t("documentsPanel.collection")}{" "}
                    <input
                        aria-label={t("documentsPanel.collection")}
                        list="collection-names"
                        value={collection}
                        onChange={(e) => setCollection(e.target.value)}
                    />
                    <datalist id="collection-names">
                        {collections.map((c) => (
                            <option key={c.id} value={c.name}>
                                {t("documentsPanel.documents", {count: c.documentCount})}
                            </option>
                        ))}
                    </datalist>
                </label>
            )}
            <form
                className="add-documents"
                onSubmit={(e) => {
                    e.preventDefault();
                    void add(
                        paths
                            .split("\n")
                            .map((p) => p.trim())
                            .filter(Boolean),
                    );
                }}
            >
                <textarea
                    aria-label={t("documentsPanel.paths")}
                    rows={2}
                    placeholder={t("documentsPanel.pathsHint")}
                    value={paths}
                    onChange={(e) => setPaths(e.target.value)}
                />
                <button type="submit" disabled={!paths.trim()}>
                    {t("documentsPanel.add")}
                </button>
            </form>
            {!conversation && collection.trim() && (
                <WatchedFolders api={api} collection={collection.trim()} onError={onError} />
            )}
            {running.map((job) => (
                <IngestBar
                    key={job.jobId}
                    job={job}
                    onCancel={() => void api.invoke("docs.cancel", {jobId: job.jobId})}
                />
            ))}
            <table className="documents-list">
                <tbody>
                    {docs.map((d) => (
                        <tr key={d.id} data-status={d.status}>
                            <td title={d.path}>
                                <strong>{d.title}</strong>
                                <div className="muted">{d.path}</div>
                            </td>
                            <td>{d.kind}</td>
                            <td className="doc-status">
                                {d.status === "indexed"
                                    ? t("documentsPanel.passages", {count: d.chunkCount})
                                    : t(`documentsPanel.status.${d.status}`)}
                                {d.error && <div className="problem">{sayCore(d.error, d.errorWords)}</div>}
                            </td>
                            <td>
                                <button
                                    onClick={() => void remove(d)}
                                    aria-label={t("documentsPanel.removeOf", {title: d.title})}
                                >
                                    {t("documentsPanel.remove")}
                                </button>
                            </td>
                        </tr>
                    ))}
                </tbody>
            </table>
            {docs.length === 0 && <p className="muted">{t("documentsPanel.none")}</p>}
            <div className="choices">
                {!conversation && selected && deleting !== selected.id && (
                    <button onClick={() => setDeleting(selected.id)}>
                        {t("documentsPanel.deleteCollection", {name: selected.name})}
                    </button>
                )}
                {!conversation && selected && deleting === selected.id && (
                    <Confirm
                        label={t("documentsPanel.deleteQuestion", {name: selected.name})}
                        confirm={t("documentsPanel.yesDelete")}
                        onConfirm={() => {
                            setDeleting(null);
                            void api.invoke("docs.deleteCollection", {id: selected.id}).then(reload);
                        }}
                        onCancel={() => setDeleting(null)}
                    >
                        {t("documentsPanel.deleteExplain", {
                            name: selected.name,
                            count: selected.documentCount,
                        })}
                    </Confirm>
                )}
                <button data-autofocus onClick={onClose}>
                    {t("documentsPanel.close")}
                </button>
            </div>
        </Dialog>
    );
}

export function IngestBar({job, onCancel}: {job: IngestProgress; onCancel: () => void}) {
    const {t, i18n} = useTranslation();
    // The rate is measured from the first progress this window saw of the job.
    const [first] = useState(() => ({at: Date.now(), done: job.filesDone}));
    const parts = [
        t("documentsPanel.filesDone", {done: job.filesDone, count: job.filesTotal}),
        t("documentsPanel.passages", {count: job.chunks}),
        ...(job.state === "running"
            ? paceOf(t, i18n.language, first, job)
            : [t(`documentsPanel.job.${job.state}`)]),
    ];
    if (job.currentFile) parts.push(job.currentFile);
    return (
        <div className="ingest" data-state={job.state} aria-label={t("documentsPanel.progress")}>
            <progress max={job.filesTotal || 1} value={job.filesDone} />
            <span className="ingest-text">{job.message ?? parts.join(" · ")}</span>
            {job.state === "running" && <button onClick={onCancel}>{t("documentsPanel.cancel")}</button>}
            {job.errors.length > 0 && (
                <details>
                    <summary>{t("documentsPanel.failedFiles", {count: job.errors.length})}</summary>
                    <ul>
                        {job.errors.map((e) => (
                            <li key={e.path}>
                                {e.path}: {sayCore(e.error, e.words)}
                            </li>
                        ))}
                    </ul>
                </details>
            )}
        </div>
    );
}

/**
 * ["3.2 files/s", "about 2 min left"] in the window's language, once a file is done and a second has passed;
 * nothing before.
 */
export function paceOf(
    t: TFunction,
    language: string,
    first: {at: number; done: number},
    job: IngestProgress,
    now = Date.now(),
): string[] {
    const seconds = (now - first.at) / 1000;
    const done = job.filesDone - first.done;
    if (seconds < 1 || done <= 0) return [];
    const rate = done / seconds;
    const left = (job.filesTotal - job.filesDone) / rate;
    const time =
        left < 60
            ? t("documentsPanel.seconds", {n: Math.ceil(left)})
            : t("documentsPanel.minutes", {n: Math.round(left / 60)});
    const digits = rate < 10 ? 1 : 0;
    const shown = rate.toLocaleString(language, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
    });
    return [t("documentsPanel.rate", {rate: shown}), t("documentsPanel.left", {time})];
}
