import {useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject} from "react";
import {Page} from "../ui/Page.js";
import {useTranslation} from "../i18n/index.js";
import type {Words} from "../i18n/locales/en.js";

/** A section's id: its words are settings.section.<id>. */
export type SectionId = keyof Words["settings"]["section"];

/** One part of Settings: its place in the side list (named by its id's words), and what it shows. */
export type SettingsSection = {id: SectionId; content: ReactNode};

type Props = {sections: SettingsSection[]; onClose: () => void};

/**
 * Settings as a page over the whole window: its title, a search box and Close at the top; the sections in a side
 * list that jumps to each (the one in view marked); every section on one scrolling page, so that a search shows
 * each section whose words match and hides the others.
 */
export function SettingsLayout({sections, onClose}: Props) {
    const {t} = useTranslation();
    const [query, setQuery] = useState("");
    const [matches, setMatches] = useState<Set<string> | null>(null);
    const [current, setCurrent] = useState(sections[0]?.id ?? "");
    const content = useRef<HTMLDivElement>(null);
    const parts = useRef(new Map<string, HTMLElement>());
    // Searched in what each section shows now (its labels, hints, lists and choices), not in a list of words
    // kept beside it that would drift from the page.
    useLayoutEffect(() => {
        const update = () => setMatches((before) => sameMatches(before, matching(query, parts.current)));
        update();
        const root = content.current;
        if (!root || query.trim() === "") return;
        // A section that fills in later (its settings read, its list loaded or changed in another window) is
        // searched again as it does: the count and the sections shown follow what the page says now.
        const observer = new MutationObserver(update);
        // Only what is searched: the sections shown or hidden by the search itself do not count again.
        observer.observe(root, {
            subtree: true,
            childList: true,
            characterData: true,
            attributeFilter: SEARCHED_ATTRIBUTES,
        });
        return () => observer.disconnect();
    }, [query]);
    useSectionInView(content, parts, sections, setCurrent);
    const shown = sections.filter((s) => !matches || matches.has(s.id));
    const jump = (id: string) => {
        const part = parts.current.get(id);
        if (!part) return;
        part.scrollIntoView({block: "start"});
        const heading = part.querySelector<HTMLElement>("h2");
        if (heading) {
            heading.tabIndex = -1;
            heading.focus({preventScroll: true});
        }
        setCurrent(id);
    };
    return (
        <Page
            title={t("settings.title")}
            close={t("settings.close")}
            onClose={onClose}
            className="settings-page"
            tools={
                <input
                    type="search"
                    aria-label={t("settings.search")}
                    placeholder={t("settings.search")}
                    value={query}
                    onChange={(e) => setQuery(e.target.value)}
                    onKeyDown={(e) => {
                        // Esc clears a search first; in an empty box it closes Settings.
                        if (e.key !== "Escape" || query === "") return;
                        e.preventDefault();
                        e.stopPropagation();
                        setQuery("");
                    }}
                    data-autofocus
                />
            }
        >
            <div className="settings-body">
                <nav aria-label={t("settings.sections")}>
                    <ul>
                        {shown.map((s) => (
                            <li key={s.id}>
                                <a
                                    href={`#settings-${s.id}`}
                                    aria-current={s.id === current ? "true" : undefined}
                                    onClick={(e) => {
                                        e.preventDefault();
                                        jump(s.id);
                                    }}
                                >
                                    {t(`settings.section.${s.id}`)}
                                </a>
                            </li>
                        ))}
                    </ul>
                </nav>
                <div className="settings-content" ref={content}>
                    {/* Always in the page, so that a screen reader hears each new count. */}
                    <p className="muted settings-found" role="status">
                        {query.trim() === ""
                            ? ""
                            : shown.length === 0
                              ? t("settings.noMatch", {query: query.trim()})
                              : t("settings.matches", {
                                    count: shown.length,
                                    total: sections.length,
                                    query: query.trim(),
                                })}
                    </p>
                    {sections.map((s) => (
                        <div
                            key={s.id}
                            id={`settings-${s.id}`}
                            className="settings-section"
                            hidden={matches !== null && !matches.has(s.id)}
                            ref={(element) => {
                                if (element) parts.current.set(s.id, element);
                                else parts.current.delete(s.id);
                            }}
                        >
                            {s.content}
                        </div>
                    ))}
                </div>
            </div>
        </Page>
    );
}

/** The attributes whose words a search finds besides the text: placeholders, titles, names, select choices. */
const SEARCHED_ATTRIBUTES = ["placeholder", "title", "aria-label", "data-choices"];

/** The matches before when they are the same sections (nothing drawn again), else the new ones. */
function sameMatches(before: Set<string> | null, after: Set<string> | null): Set<string> | null {
    if (before === null || after === null) return after;
    return before.size === after.size && [...after].every((id) => before.has(id)) ? before : after;
}

/** The sections whose text holds every word of the query (any case); null when there is no query. */
export function matching(query: string, parts: Map<string, HTMLElement>): Set<string> | null {
    const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return null;
    const found = new Set<string>();
    for (const [id, part] of parts) {
        const text = searchableText(part).toLocaleLowerCase();
        if (words.every((w) => text.includes(w))) found.add(id);
    }
    return found;
}

/**
 * What a section says: its text, and the words of its controls that are not text (placeholders, titles, a
 * select's choices while its list is closed).
 */
function searchableText(part: HTMLElement): string {
    const extra = [
        ...part.querySelectorAll<HTMLElement>(SEARCHED_ATTRIBUTES.map((a) => `[${a}]`).join(", ")),
    ].map((el) => SEARCHED_ATTRIBUTES.map((a) => el.getAttribute(a)).join(" "));
    return `${part.textContent ?? ""} ${extra.join(" ")}`;
}

/** Marks the section at the top of the scrolling page as the current one, as the page scrolls. */
function useSectionInView(
    content: RefObject<HTMLDivElement | null>,
    parts: RefObject<Map<string, HTMLElement>>,
    sections: SettingsSection[],
    setCurrent: (id: string) => void,
) {
    const order = sections.map((s) => s.id).join(" ");
    useEffect(() => {
        const root = content.current;
        if (!root || typeof IntersectionObserver === "undefined") return;
        const ids = order.split(" ");
        const visible = new Set<string>();
        // The top third of the page: the section that reaches it is the one being read.
        const observer = new IntersectionObserver(
            (entries) => {
                for (const entry of entries) {
                    const id = (entry.target as HTMLElement).id.replace(/^settings-/, "");
                    if (entry.isIntersecting) visible.add(id);
                    else visible.delete(id);
                }
                const first = ids.find((id) => visible.has(id));
                if (first) setCurrent(first);
            },
            {root, rootMargin: "0px 0px -66% 0px"},
        );
        for (const part of parts.current.values()) observer.observe(part);
        return () => observer.disconnect();
    }, [content, parts, order, setCurrent]);
}

/** A section of Settings made here: a region named by its heading. */
export function Section({id, children}: {id: SectionId; children: ReactNode}) {
    const {t} = useTranslation();
    return (
        <section aria-labelledby={`${id}-heading`}>
            <h2 id={`${id}-heading`}>{t(`settings.section.${id}`)}</h2>
            {children}
        </section>
    );
}
