import {useCallback, useEffect, useState} from "react";
import type {
    CairnApi,
    Collection,
    Conversation,
    DocumentInfo,
    IngestProgress,
} from "../../../shared/contract.js";
import type {AppError} from "../../../shared/result.js";
import {Confirm} from "../ui/Confirm.js";
import {Dialog} from "../ui/Dialog.js";
import {WatchedFolders} from "./WatchedFolders.js";
import {IngestBar} from "./IngestBar.js";
import {sendDocuments, type DocumentScope} from "./sendDocuments.js";
import {sayCore, sayError, useTranslation} from "../i18n/index.js";

type Props = {
    api: CairnApi;
    /** Given: the documents attached to this conversation only; otherwise the collections. */
    conversation?: Conversation;
    /** The collection shown first (a project's files); "Documents" otherwise. */
    initialCollection?: string;
    /** Whether an embedding model is chosen: without one, files added wait for it. */
    embeddingModel: boolean;
    /** Opens Models, to choose an embedding model. */
    onChooseModel: () => void;
    onClose: () => void;
    onError: (message: string) => void;
};

/**
 * Collections and documents: add files and folders (by path, a file picker or a drop), watch the ingest, retry
 * what failed, remove. What goes wrong is said here, beside what was done.
 */
export function DocumentsPanel(props: Props) {
    const {api, conversation, initialCollection, embeddingModel, onChooseModel, onClose, onError} = props;
    const {t} = useTranslation();
    const [collections, setCollections] = useState<Collection[]>([]);
    const [collection, setCollection] = useState(initialCollection ?? "Documents");
    // Deleting a collection asks first.
    const [deleting, setDeleting] = useState<string | null>(null);
    const [docs, setDocs] = useState<DocumentInfo[]>([]);
    const [jobs, setJobs] = useState<Record<string, IngestProgress>>({});
    const [paths, setPaths] = useState("");
    const [problem, setProblem] = useState<string | null>(null);
    const [sending, setSending] = useState<{name: string; share: number} | null>(null);
    const scope: DocumentScope = conversation ? {conversationId: conversation.id} : {collection};

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

    const said = (error: Pick<AppError, "message" | "words"> | null) => setProblem(error && sayError(error));
    const add = async (list: string[]) => {
        if (list.length === 0) return;
        const res = await api.invoke("docs.ingest", {paths: list, ...scope});
        said(res.ok ? null : res.error);
        if (res.ok) setPaths("");
    };
    // Files the window has but not their paths (a browser): their bytes are sent, and kept by the core.
    const send = async (files: File[]) => {
        if (files.length === 0) return;
        said(await sendDocuments(api, files, scope, (name, share) => setSending({name, share})));
        setSending(null);
    };
    const onDrop = (event: React.DragEvent) => {
        event.preventDefault();
        const files = [...event.dataTransfer.files];
        // The desktop app gives dropped files their paths (a folder too); a browser gives their bytes.
        const pathOf = window.cairnDesktop?.pathForFile;
        const dropped = pathOf ? files.map((f) => pathOf(f)).filter(Boolean) : [];
        if (dropped.length > 0) void add(dropped);
        else void send(files);
    };
    const remove = async (doc: DocumentInfo) => {
        const res = await api.invoke("docs.remove", {documentId: doc.id});
        said(res.ok ? null : res.error);
        await reload();
    };
    // A document that could not be read is read again from its file (moved back, unlocked, fixed).
    const retry = async (doc: DocumentInfo) => {
        const res = await api.invoke("docs.ingest", {paths: [doc.path], ...scope});
        said(res.ok ? null : res.error);
    };
    const resume = async () => {
        const res = await api.invoke("docs.resume", {});
        said(res.ok ? null : res.error);
    };
    const running = Object.values(jobs).filter(
        (j) =>
            (j.state === "running" || j.errors.length > 0 || j.message) &&
            !(waitsForModel(j) && !embeddingModel),
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
            {!embeddingModel && (
                <div className="notice" role="note">
                    <p>{t("documentsPanel.needsModel")}</p>
                    <button onClick={onChooseModel}>{t("documentsPanel.chooseModel")}</button>
                </div>
            )}
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
                <button type="submit" className="primary" disabled={!paths.trim()}>
                    {t("documentsPanel.add")}
                </button>
                <label className="file-button">
                    {t("documentsPanel.chooseFiles")}
                    <input
                        type="file"
                        multiple
                        className="visually-hidden"
                        disabled={sending !== null}
                        onChange={(e) => {
                            void send([...(e.target.files ?? [])]);
                            e.target.value = "";
                        }}
                    />
                </label>
            </form>
            {sending && (
                <p className="muted" role="status">
                    {t("documentsPanel.sending", {
                        name: sending.name,
                        percent: Math.round(sending.share * 100),
                    })}
                </p>
            )}
            {problem && (
                <p className="problem" role="alert">
                    {problem}
                </p>
            )}
            {!conversation && collection.trim() && (
                <WatchedFolders api={api} collection={collection.trim()} onError={onError} />
            )}
            {running.map((job) => (
                <IngestBar
                    key={job.jobId}
                    job={job}
                    onCancel={() => void api.invoke("docs.cancel", {jobId: job.jobId})}
                    onRetry={() => void resume()}
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
                                {d.status === "pending" && !embeddingModel && (
                                    <div className="muted">{t("documentsPanel.waitsForModel")}</div>
                                )}
                                {d.error && <div className="problem">{sayCore(d.error, d.errorWords)}</div>}
                            </td>
                            <td className="actions">
                                {d.status === "error" && (
                                    <button
                                        onClick={() => void retry(d)}
                                        aria-label={t("documentsPanel.retryOf", {title: d.title})}
                                    >
                                        {t("documentsPanel.retry")}
                                    </button>
                                )}
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
                    <button className="danger" onClick={() => setDeleting(selected.id)}>
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

/** A job that could not run for want of an embedding model: the note above says so while none is chosen. */
function waitsForModel(job: IngestProgress): boolean {
    return job.state === "failed" && job.messageWords?.key === "noEmbeddingModel";
}
