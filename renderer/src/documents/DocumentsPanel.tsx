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

type Props = {
    api: CairnApi;
    /** Given: the documents attached to this conversation only; otherwise the collections. */
    conversation?: Conversation;
    /** The collection shown first (a project's files); "Documents" otherwise. */
    initialCollection?: string;
    onClose(): void;
    onError(message: string): void;
};

/** Collections and documents: add files and folders (by path or drop), watch the ingest, remove. */
export function DocumentsPanel({api, conversation, initialCollection, onClose, onError}: Props) {
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
        if (dropped.length === 0)
            onError("Dropping files works in the desktop app; here, type or paste their paths.");
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
            label={conversation ? "Attached documents" : "Documents"}
            onClose={onClose}
            className="documents"
            contentProps={{onDragOver: (e) => e.preventDefault(), onDrop}}
        >
            <h2>{conversation ? `Documents attached to “${conversation.title}”` : "Documents"}</h2>
            {!conversation && (
                <label>
                    Collection{" "}
                    <input
                        aria-label="Collection"
                        list="collection-names"
                        value={collection}
                        onChange={(e) => setCollection(e.target.value)}
                    />
                    <datalist id="collection-names">
                        {collections.map((c) => (
                            <option key={c.id} value={c.name}>
                                {c.documentCount} documents
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
                    aria-label="Files or folders to add"
                    rows={2}
                    placeholder="Drop files or folders here, or type their paths (one per line)"
                    value={paths}
                    onChange={(e) => setPaths(e.target.value)}
                />
                <button type="submit" disabled={!paths.trim()}>
                    Add
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
                                {d.status === "indexed" ? `${d.chunkCount} passages` : d.status}
                                {d.error && <div className="problem">{d.error}</div>}
                            </td>
                            <td>
                                <button onClick={() => void remove(d)} aria-label={`Remove ${d.title}`}>
                                    Remove
                                </button>
                            </td>
                        </tr>
                    ))}
                </tbody>
            </table>
            {docs.length === 0 && <p className="muted">No documents here yet.</p>}
            <div className="choices">
                {!conversation && selected && deleting !== selected.id && (
                    <button onClick={() => setDeleting(selected.id)}>
                        Delete collection “{selected.name}”
                    </button>
                )}
                {!conversation && selected && deleting === selected.id && (
                    <Confirm
                        label={`Delete collection ${selected.name}?`}
                        confirm="Yes, delete"
                        onConfirm={() => {
                            setDeleting(null);
                            void api.invoke("docs.deleteCollection", {id: selected.id}).then(reload);
                        }}
                        onCancel={() => setDeleting(null)}
                    >
                        Delete “{selected.name}” and its {selected.documentCount} documents from Cairn? The
                        files stay.
                    </Confirm>
                )}
                <button data-autofocus onClick={onClose}>
                    Close
                </button>
            </div>
        </Dialog>
    );
}

function IngestBar({job, onCancel}: {job: IngestProgress; onCancel(): void}) {
    // The rate is measured from the first progress this window saw of the job.
    const [first] = useState(() => ({at: Date.now(), done: job.filesDone}));
    const pace = job.state === "running" ? paceOf(first, job) : "";
    return (
        <div className="ingest" data-state={job.state} aria-label="Ingest progress">
            <progress max={job.filesTotal || 1} value={job.filesDone} />
            <span className="ingest-text">
                {job.message ??
                    `${job.filesDone} of ${job.filesTotal} files · ${job.chunks} passages${pace}${job.currentFile ? ` · ${job.currentFile}` : ""}${job.state !== "running" ? ` · ${job.state}` : ""}`}
            </span>
            {job.state === "running" && <button onClick={onCancel}>Cancel</button>}
            {job.errors.length > 0 && (
                <details>
                    <summary>{job.errors.length} file(s) could not be added</summary>
                    <ul>
                        {job.errors.map((e) => (
                            <li key={e.path}>
                                {e.path}: {e.error}
                            </li>
                        ))}
                    </ul>
                </details>
            )}
        </div>
    );
}

/** " · 3.2 files/s · about 2 min left", once a file is done and a second has passed. */
export function paceOf(first: {at: number; done: number}, job: IngestProgress, now = Date.now()): string {
    const seconds = (now - first.at) / 1000;
    const done = job.filesDone - first.done;
    if (seconds < 1 || done <= 0) return "";
    const rate = done / seconds;
    const left = (job.filesTotal - job.filesDone) / rate;
    const time = left < 60 ? `${Math.ceil(left)} s` : `${Math.round(left / 60)} min`;
    return ` · ${rate < 10 ? rate.toFixed(1) : Math.round(rate)} files/s · about ${time} left`;
}
