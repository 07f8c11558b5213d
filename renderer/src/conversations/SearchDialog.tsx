import {useEffect, useState, type ReactNode} from "react";
import type {CairnApi, MessageHit, Project} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";
import {Dialog} from "../ui/Dialog.js";
import {Select} from "../ui/Select.js";

/** Who wrote an answer (a name: the same in every language). */
const APP_NAME = "Cairn";

type Props = {
    api: CairnApi;
    /** Projects to search within (the search can be limited to one). */
    projects?: Project[];
    onOpen: (hit: MessageHit) => void;
    onClose: () => void;
    onError: (message: string) => void;
};

/** Searches every conversation's messages (full text, ranked) as you type; a result opens at its message. */
export function SearchDialog({api, projects = [], onOpen, onClose, onError}: Props) {
    const {t, i18n} = useTranslation();
    const [query, setQuery] = useState("");
    const [projectId, setProjectId] = useState("");
    const [hits, setHits] = useState<MessageHit[] | null>(null);
    useEffect(() => {
        const words = query.trim();
        if (!words) return setHits(null);
        let current = true;
        const timer = setTimeout(() => {
            const within = projectId ? {projectId} : {};
            void api
                .invoke("conversations.search", {query: words.slice(0, 200), limit: 30, ...within})
                .then((res) => {
                    if (!current) return;
                    if (res.ok) setHits(res.value);
                    else onError(res.error.message);
                });
        }, 120);
        return () => {
            current = false;
            clearTimeout(timer);
        };
    }, [api, onError, query, projectId]);
    return (
        <Dialog label={t("searchDialog.title")} onClose={onClose} className="search">
            <h2>{t("searchDialog.title")}</h2>
            <input
                type="search"
                data-autofocus
                aria-label={t("searchDialog.title")}
                placeholder={t("searchDialog.placeholder")}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                // A search field's Esc would only clear it: here it closes the dialog, as everywhere else.
                onKeyDown={(e) => e.key === "Escape" && onClose()}
            />
            {projects.length > 0 && (
                <label>
                    {t("searchDialog.in")}{" "}
                    <Select
                        value={projectId}
                        onChange={setProjectId}
                        choices={[
                            {value: "", label: t("searchDialog.all")},
                            ...projects.map((p) => ({
                                value: p.id,
                                label: t("searchDialog.project", {name: p.name}),
                            })),
                        ]}
                    />
                </label>
            )}
            {hits && (
                <p className="muted" role="status">
                    {hits.length === 0
                        ? t("searchDialog.nothing")
                        : t("searchDialog.found", {count: hits.length})}
                </p>
            )}
            <ul className="search-results">
                {hits?.map((hit) => (
                    <li key={hit.messageId}>
                        <button onClick={() => onOpen(hit)}>
                            <span className="hit-title">{hit.conversationTitle}</span>{" "}
                            <span className="muted">
                                {hit.role === "user" ? t("searchDialog.you") : APP_NAME} ·{" "}
                                {new Date(hit.createdAt).toLocaleDateString(i18n.language)}
                            </span>
                            <span className="hit-snippet">{marked(hit.snippet)}</span>
                        </button>
                    </li>
                ))}
            </ul>
        </Dialog>
    );
}

/** The snippet's matches (between \u0002 and \u0003) as <mark>; everything else stays text. */
export function marked(snippet: string): ReactNode[] {
    return snippet.split("\u0002").flatMap((part, i) => {
        if (i === 0) return [part];
        const [hit = "", rest = ""] = part.split("\u0003");
        return [<mark key={i}>{hit}</mark>, rest];
    });
}
