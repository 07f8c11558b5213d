import {useCallback, useEffect, useState} from "react";
import type {CairnApi, FolderRules, WatchedFolder} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";

/** What a rule's box shows before anything is typed: patterns as in .gitignore. */
const IGNORE_EXAMPLE = "*.log\nbuild/";

type Props = {api: CairnApi; collection: string; onError: (message: string) => void};

/** The folders a collection follows, and its rules for them (ignore patterns, hidden files, a size limit). */
export function WatchedFolders({api, collection, onError}: Props) {
    const {t} = useTranslation();
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
            <h3 id="watched-heading">{t("watchedFolders.heading")}</h3>
            <p className="muted">{t("watchedFolders.intro")}</p>
            <ul>
                {folders.map((f) => (
                    <li key={f.path}>
                        <span className="folder-path">{f.path}</span>{" "}
                        <span className="muted">
                            {f.watching ? t("watchedFolders.watching") : t("watchedFolders.notWatching")}
                        </span>{" "}
                        <button
                            onClick={() => void unwatch(f.path)}
                            aria-label={t("watchedFolders.stopOf", {path: f.path})}
                        >
                            {t("watchedFolders.stop")}
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
                    aria-label={t("watchedFolders.folder")}
                    placeholder={t("watchedFolders.folderHint")}
                    value={folder}
                    onChange={(e) => setFolder(e.target.value)}
                />
                <button type="submit" disabled={!folder.trim()}>
                    {t("watchedFolders.watch")}
                </button>
            </form>
            <details className="folder-rules">
                <summary>{t("watchedFolders.rulesFor", {collection})}</summary>
                <label>
                    {t("watchedFolders.leaveOut")}
                    <textarea
                        className="code"
                        rows={3}
                        value={rules.ignore}
                        placeholder={IGNORE_EXAMPLE}
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
                    {t("watchedFolders.hidden")}
                </label>
                <label>
                    {t("watchedFolders.sizeLimit")}{" "}
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
                <button onClick={() => void save()}>{t("watchedFolders.saveRules")}</button>
                {saved && <span role="status"> {t("watchedFolders.saved")}</span>}
            </details>
        </section>
    );
}
