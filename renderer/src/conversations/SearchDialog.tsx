import {useEffect, useMemo, useState, type KeyboardEvent, type ReactNode} from "react";
import type {CairnApi, Conversation, MessageHit, Project} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";
import {Dialog} from "../ui/Dialog.js";
import {Select} from "../ui/Select.js";
import {shownTitle} from "../ui/titles.js";
import {titleMatches} from "./titleSearch.js";

/** Who wrote an answer (a name: the same in every language). */
const APP_NAME = "Cairn";

type Props = {
    api: CairnApi;
    /** The conversations whose titles are searched (the window's list). */
    conversations: Conversation[];
    /** Projects to search within (the search can be limited to one). */
    projects?: Project[];
    /** Opens a result: a conversation, at a message when the result is one. */
    onOpen: (found: {conversationId: string; messageId?: string}) => void;
    onClose: () => void;
    onError: (message: string) => void;
};

/** A result, as the list offers it: a conversation found by its title, or a message. */
type Found = {id: string; conversationId: string; messageId?: string};

/**
 * Searches conversations' titles and every message (full text, ranked) as you type. The field is a combobox:
 * Up and Down move through the results, Enter opens the one marked, Esc closes.
 */
export function SearchDialog({api, conversations, projects = [], onOpen, onClose, onError}: Props) {
    const {t, i18n} = useTranslation();
    const [query, setQuery] = useState("");
    const [projectId, setProjectId] = useState("");
    const [hits, setHits] = useState<MessageHit[] | null>(null);
    const [active, setActive] = useState(0);
    const titles = useMemo(
        () => titleMatches(conversations, query, projectId),
        [conversations, query, projectId],
    );
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
    const found: Found[] = [
        ...titles.map((c) => ({id: `found-c-${c.id}`, conversationId: c.id})),
        ...(hits ?? []).map((h) => ({id: `found-m-${h.messageId}`, ...h})),
    ];
    const current = found[Math.min(active, found.length - 1)];
    useEffect(() => setActive(0), [titles, hits]);
    const currentId = current?.id;
    useEffect(() => {
        if (currentId) document.getElementById(currentId)?.scrollIntoView({block: "nearest"});
    }, [currentId]);
    const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
        // A search field's Esc would only clear it: here it closes the dialog, as everywhere else.
        if (e.key === "Escape") onClose();
        else if (e.key === "Enter" && current) onOpen(current);
        else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            const step = e.key === "ArrowDown" ? 1 : -1;
            setActive((at) => Math.max(0, Math.min(found.length - 1, at + step)));
        }
    };
    const option = (item: Found, children: ReactNode) => (
        <div
            key={item.id}
            id={item.id}
            role="option"
            aria-selected={item === current}
            className="search-result"
            onClick={() => onOpen(item)}
            onMouseMove={() => item !== current && setActive(found.indexOf(item))}
        >
            {children}
        </div>
    );
    const day = (time: number) => new Date(time).toLocaleDateString(i18n.language);
    return (
        <Dialog label={t("searchDialog.title")} onClose={onClose} className="search">
            <h2>{t("searchDialog.title")}</h2>
            <input
                type="search"
                role="combobox"
                data-autofocus
                aria-label={t("searchDialog.title")}
                aria-expanded={found.length > 0}
                aria-controls="search-results"
                aria-autocomplete="list"
                aria-activedescendant={currentId}
                placeholder={t("searchDialog.placeholder")}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={onKey}
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
                    {hits.length > 0
                        ? t("searchDialog.found", {count: hits.length})
                        : titles.length > 0
                          ? t("searchDialog.titlesOnly")
                          : t("searchDialog.nothing")}
                </p>
            )}
            <div
                id="search-results"
                role="listbox"
                aria-label={t("searchDialog.results")}
                className="search-results"
            >
                {titles.length > 0 && (
                    <ResultGroup label={t("searchDialog.conversations")}>
                        {titles.map((c, i) =>
                            option(
                                found[i]!,
                                <>
                                    <bdi className="hit-title">{shownTitle(c.title, t)}</bdi>{" "}
                                    <span className="muted">{day(c.updatedAt)}</span>
                                </>,
                            ),
                        )}
                    </ResultGroup>
                )}
                {hits && hits.length > 0 && (
                    <ResultGroup label={t("searchDialog.messages")}>
                        {hits.map((hit, i) =>
                            option(
                                found[titles.length + i]!,
                                <>
                                    <bdi className="hit-title">{hit.conversationTitle}</bdi>{" "}
                                    <span className="muted">
                                        <bdi>{hit.role === "user" ? t("searchDialog.you") : APP_NAME}</bdi> ·{" "}
                                        <bdi>{day(hit.createdAt)}</bdi>
                                    </span>
                                    <span className="hit-snippet" dir="auto">
                                        {marked(hit.snippet)}
                                    </span>
                                </>,
                            ),
                        )}
                    </ResultGroup>
                )}
            </div>
        </Dialog>
    );
}

/** A group of results under its heading (the heading is its name; seen, not read twice). */
function ResultGroup({label, children}: {label: string; children: ReactNode}) {
    return (
        <div role="group" aria-label={label}>
            <div className="results-heading" aria-hidden>
                {label}
            </div>
            {children}
        </div>
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
