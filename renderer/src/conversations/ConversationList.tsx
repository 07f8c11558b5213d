import {useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode} from "react";
import {Cpu, FileText, Plus, Search, Settings, Upload} from "lucide-react";
import type {Conversation, Project} from "../../../shared/contract.js";
import {ProjectGroups} from "./ProjectGroups.js";
import {AutomationGroups} from "./AutomationGroups.js";
import {DateGroups, type RowPlace} from "./DateGroups.js";
import {groupByDate} from "./dateGroups.js";
import {shownTitle} from "../ui/titles.js";
import {useTranslation} from "../i18n/index.js";
import {Hint} from "../ui/Hint.js";
import {ConversationRow, type RowState} from "./ConversationRow.js";

type Props = {
    conversations: Conversation[];
    selectedId: string | null;
    onSelect: (id: string) => void;
    onCreate: () => void;
    onRename: (id: string, title: string) => void;
    onPin: (id: string, pinned: boolean) => void;
    onDelete: (id: string) => void;
    onSettings: () => void;
    onModels: () => void;
    onDocuments: () => void;
    onSearch: () => void;
    /** Files chosen or dropped to import (other apps' exports, Cairn's JSON files). */
    onImport: (files: File[]) => void;
    /** What a new conversation starts with (the assistant picker), under New conversation. */
    startWith?: ReactNode;
    /** The Automations entry (its badge and page), above Documents. */
    automations?: ReactNode;
    /** The automations by name: their runs are listed in a folder each, not among the dates. */
    automationNames?: {id: string; name: string}[];
    projects: Project[];
    /** A new conversation in a project. */
    onCreateIn: (projectId: string) => void;
    /** A project's settings (name, instructions, files, archive, delete); null: a new project. */
    onOpenProject: (project: Project | null) => void;
};

export function ConversationList(props: Props) {
    const {t, i18n} = useTranslation();
    // A draft (nothing sent yet) is listed only while it is open: New conversation adds no row that stays.
    const listed = useMemo(
        () => props.conversations.filter((c) => !c.draft || c.pinned || c.id === props.selectedId),
        [props.conversations, props.selectedId],
    );
    // An automation's runs go in its folder (a pinned one stays pinned, one in a project stays there).
    const runs = useMemo(() => {
        const known = new Set((props.automationNames ?? []).map((a) => a.id));
        return listed.filter((c) => c.automationId && known.has(c.automationId) && !c.pinned && !c.projectId);
    }, [listed, props.automationNames]);
    const groups = useMemo(
        () =>
            groupByDate(
                listed.filter((c) => (c.pinned || !c.projectId) && !runs.includes(c)),
                new Date(),
                i18n.language,
                {
                    pinned: t("groups.pinned"),
                    today: t("groups.today"),
                    yesterday: t("groups.yesterday"),
                    previous7: t("groups.previous7"),
                    previous30: t("groups.previous30"),
                },
            ),
        [listed, runs, t, i18n.language],
    );
    // The one row renaming or asking before a delete.
    const [acting, setActing] = useState<{id: string; state: RowState} | null>(null);
    // The title to focus (null: New conversation) once the list shows what was done.
    const [focusAfter, setFocusAfter] = useState<{
        id: string | null;
        done: (list: Conversation[]) => boolean;
    }>();
    const scroller = useRef<HTMLDivElement>(null);
    const newButton = useRef<HTMLButtonElement>(null);
    const titleOf = (id: string | null) =>
        id ? scroller.current?.querySelector<HTMLElement>(`button.title[data-id="${CSS.escape(id)}"]`) : null;
    useEffect(() => {
        if (!focusAfter?.done(listed)) return;
        (titleOf(focusAfter.id) ?? newButton.current)?.focus();
        setFocusAfter(undefined);
    }, [focusAfter, listed]);
    const focusTitle = (id: string) => setFocusAfter({id, done: () => true});
    /** Deletes a conversation; the focus goes to the title after it (or before it), else to New conversation. */
    const remove = (id: string) => {
        const titles = [...(scroller.current?.querySelectorAll<HTMLElement>("button.title") ?? [])];
        const at = titles.findIndex((el) => el.dataset.id === id);
        setActing(null);
        const next = titles[at + 1]?.dataset.id ?? titles[at - 1]?.dataset.id ?? null;
        setFocusAfter({id: next, done: (list) => !list.some((c) => c.id === id)});
        props.onDelete(id);
    };
    const row = (c: Conversation, place?: RowPlace) => {
        const title = shownTitle(c.title, t);
        const state = acting?.id === c.id ? acting.state : "shown";
        return (
            <ConversationRow
                key={c.id}
                conversation={c}
                title={title}
                selected={c.id === props.selectedId}
                place={place}
                state={state}
                titleIsCut={() => {
                    const span = titleOf(c.id)?.querySelector("span");
                    return span ? span.scrollWidth > span.clientWidth : false;
                }}
                onSelect={() => props.onSelect(c.id)}
                onPin={(pinned) => {
                    // Pinned, the row moves to its group: its title keeps the focus there.
                    setFocusAfter({
                        id: c.id,
                        done: (list) => list.some((x) => x.id === c.id && x.pinned === pinned),
                    });
                    props.onPin(c.id, pinned);
                }}
                onState={(next) => {
                    setActing(next === "shown" ? null : {id: c.id, state: next});
                    if (next === "shown") focusTitle(c.id);
                }}
                onRenamed={(typed) => {
                    setActing(null);
                    const renamed = typed && typed !== title;
                    // Renamed, the row moves to the top of today's conversations: its title is focused there.
                    setFocusAfter({
                        id: c.id,
                        done: (list) => !renamed || list.some((x) => x.id === c.id && x.title === typed),
                    });
                    if (renamed) props.onRename(c.id, typed);
                }}
                onDelete={() => remove(c.id)}
            />
        );
    };
    return (
        <nav
            className="sidebar"
            aria-label={t("sidebar.label")}
            onKeyDown={(e) => moveBetweenTitles(e, scroller.current)}
            onDragOver={(e) => {
                if (e.dataTransfer.types.includes("Files")) e.preventDefault();
            }}
            onDrop={(e) => {
                const files = [...e.dataTransfer.files];
                if (files.length === 0) return;
                e.preventDefault();
                props.onImport(files);
            }}
        >
            <button ref={newButton} className="new" onClick={props.onCreate}>
                <Plus aria-hidden size={16} /> {t("sidebar.new")}
            </button>
            {props.startWith}
            <Hint text={t("sidebar.searchKeys")} side="right">
                <button className="search-button" onClick={props.onSearch}>
                    <Search aria-hidden size={16} /> {t("sidebar.search")}
                </button>
            </Hint>
            <div className="conversation-scroll" ref={scroller}>
                <ProjectGroups
                    projects={props.projects}
                    conversations={listed}
                    onCreateIn={props.onCreateIn}
                    onOpen={props.onOpenProject}
                    onNew={() => props.onOpenProject(null)}
                    row={row}
                />
                <AutomationGroups
                    automations={props.automationNames ?? []}
                    runs={runs}
                    selectedId={props.selectedId}
                    row={row}
                />
                <DateGroups groups={groups} row={row} scroller={scroller} />
            </div>
            <label className="import-button">
                <Upload aria-hidden size={16} /> {t("sidebar.import")}
                <input
                    type="file"
                    multiple
                    accept="application/json,application/zip,.json,.jsonl,.zip"
                    className="visually-hidden"
                    title={t("sidebar.importHint")}
                    onChange={(e) => {
                        const files = [...(e.target.files ?? [])];
                        if (files.length > 0) props.onImport(files);
                        e.target.value = "";
                    }}
                />
            </label>
            {props.automations}
            <button className="settings-button" onClick={props.onDocuments}>
                <FileText aria-hidden size={16} /> {t("sidebar.documents")}
            </button>
            <button className="settings-button" onClick={props.onModels}>
                <Cpu aria-hidden size={16} /> {t("sidebar.models")}
            </button>
            <button className="settings-button" onClick={props.onSettings}>
                <Settings aria-hidden size={16} /> {t("sidebar.settings")}
            </button>
        </nav>
    );
}

/**
 * Up and Down move between the conversations' titles (in the order shown), Home and End to the first and last.
 * The list draws only the rows in view and a few either side, so Up and Down always find their next title in
 * the page; Home and End scroll to the list's edge first and take the title drawn there.
 */
function moveBetweenTitles(e: KeyboardEvent<HTMLElement>, scroller: HTMLElement | null): void {
    const target = e.target as HTMLElement;
    if (!target.classList.contains("title") || !["ArrowDown", "ArrowUp", "Home", "End"].includes(e.key))
        return;
    e.preventDefault();
    const nav = e.currentTarget;
    const titles = () => [...nav.querySelectorAll<HTMLElement>(".conversation-scroll button.title")];
    const key = e.key;
    if ((key === "Home" || key === "End") && scroller) {
        scroller.scrollTop = key === "Home" ? 0 : scroller.scrollHeight;
        // The rows at that edge are drawn once the list has seen the scroll: two frames.
        requestAnimationFrame(() =>
            requestAnimationFrame(() => (key === "Home" ? titles()[0] : titles().at(-1))?.focus()),
        );
        return;
    }
    const all = titles();
    const at = all.indexOf(target);
    all[Math.max(0, Math.min(all.length - 1, at + (key === "ArrowDown" ? 1 : -1)))]?.focus();
}
