import {useCallback, useEffect, useState} from "react";
import type {CairnApi, FolderRules, WatchedFolder} from "../../../shared/contract.js";

type Props = {api: CairnApi; collection: string; onError(message: string): void};

/** The folders a collection follows, and its rules for them (ignore patterns, hidden files, a size limit). */
export function WatchedFolders({api, collection, onError}: Props) {
    const [folders, setFolders] = useState<WatchedFolder[]>([]);
    const [folder, setFolder] = useState("");
    const [rules, setRules] = useState<FolderRules>({ignore: "", includeHidden: false, maxFileMb: null});
    const [saved, setSaved] = useState(false);

    const reload = useCallback(async () => {
        const [f, r] = await Promise.all([
            api.invoke("docs.folders", {}),
            api.invoke("docs.getRules", {collection}),
        ]);
        if (f.ok) setFolders(f.value.filter((w) => w.collection === collection));
        if (r.ok) setRules(r.value);
    }, [api, collection]);
    useEffect(() => void reload(), [reload]);

    const watch = async () => {
        const res = await api.invoke("docs.watch", {collection, path: folder.trim()});
        if (!res.ok) return onError(res.error.message);
        setFolder("");
        await reload();
    };
    const unwatch = async (path: string) => {
        const res = await api.invoke("docs.unwatch", {collection, path});
        if (!res.ok) onError(res.error.message);
        await reload();
    };
    const save = async () => {
        const res = await api.invoke("docs.setRules", {collection, rules});
        if (!res.ok) return onError(res.error.message);
        setSaved(true);
    };

    return (
        <section className="watched-folders" aria-labelledby="watched-heading">
            <h3 id="watched-heading">Watched folders</h3>
            <p className="muted">
                New, changed, renamed and deleted files in these folders are indexed as they change, and when
                Cairn starts.
            </p>
            <ul>
                {folders.map((f) => (
                    <li key={f.path}>
                        <span className="folder-path">{f.path}</span>{" "}
                        <span className="muted">
                            {f.watching ? "watching" : "not watching (folder missing?)"}
                        </span>{" "}
                        <button onClick={() => void unwatch(f.path)} aria-label={`Stop watching ${f.path}`}>
                            Stop watching
                        </button>
                    </li>
                ))}
            </ul>
            <form
                className="watch-folder"
                onSubmit={(e) => {
                    e.preventDefault();
                    void watch();
                }}
            >
                <input
                    aria-label="Folder to watch"
                    placeholder="A folder's path, e.g. ~/Documents/notes"
                    value={folder}
                    onChange={(e) => setFolder(e.target.value)}
                />
                <button type="submit" disabled={!folder.trim()}>
                    Watch
                </button>
            </form>
            <details className="folder-rules">
                <summary>Rules for “{collection}”</summary>
                <label>
                    Leave out (one pattern a line, as in .gitignore)
                    <textarea
                        rows={3}
                        value={rules.ignore}
                        placeholder={"*.log\nbuild/"}
                        onChange={(e) => {
                            setSaved(false);
                            setRules({...rules, ignore: e.target.value});
                        }}
                    />
                </label>
                <label>
                    <input
                        type="checkbox"
                        checked={rules.includeHidden}
                        onChange={(e) => {
                            setSaved(false);
                            setRules({...rules, includeHidden: e.target.checked});
                        }}
                    />{" "}
                    Include hidden files and folders
                </label>
                <label>
                    Size limit (MB, at most 50){" "}
                    <input
                        type="number"
                        min={1}
                        max={50}
                        value={rules.maxFileMb ?? ""}
                        placeholder="50"
                        onChange={(e) => {
                            setSaved(false);
                            const mb = e.target.value ? Math.round(Number(e.target.value)) : null;
                            setRules({...rules, maxFileMb: mb});
                        }}
                    />
                </label>
                <button onClick={() => void save()}>Save rules</button>
                {saved && <span role="status"> Saved; the folders are scanned again under these rules.</span>}
            </details>
        </section>
    );
}
