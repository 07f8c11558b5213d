import {useMemo, useRef, useState, type KeyboardEvent, type ReactNode} from "react";
import {
    CalendarClock,
    Cpu,
    FileText,
    Pencil,
    Pin,
    PinOff,
    Plus,
    Search,
    Settings,
    Trash2,
    Upload,
} from "lucide-react";
import type {Conversation, Project} from "../../../shared/contract.js";
import {ProjectGroups} from "./ProjectGroups.js";
import {DateGroups, type RowPlace} from "./DateGroups.js";
import {groupByDate} from "./dateGroups.js";
import {shownTitle} from "../ui/titles.js";
import {useTranslation} from "../i18n/index.js";
import {Hint} from "../ui/Hint.js";
import {IconButton} from "../ui/IconButton.js";

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
    projects: Project[];
    /** A new conversation in a project. */
    onCreateIn: (projectId: string) => void;
    /** A project's settings (name, instructions, files, archive, delete); null: a new project. */
    onOpenProject: (project: Project | null) => void;
};

export function ConversationList(props: Props) {
    const {t, i18n} = useTranslation();
    const groups = useMemo(
        () =>
            groupByDate(
                props.conversations.filter((c) => c.pinned || !c.projectId),
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
        [props.conversations, t, i18n.language],
    );
    const [editing, setEditing] = useState<string | null>(null);
    const [confirming, setConfirming] = useState<string | null>(null);
    const scroller = useRef<HTMLDivElement>(null);
    /** Whether a conversation's title is cut at the sidebar's edge (its full title is then its hint). */
    const titleIsCut = (id: string) => {
        const span = scroller.current?.querySelector(`button.title[data-id="${CSS.escape(id)}"] span`);
        return span ? span.scrollWidth > span.clientWidth : false;
    };
    const row = (c: Conversation, place?: RowPlace) => {
        const title = shownTitle(c.title, t);
        return (
            <li
                key={c.id}
                className={c.id === props.selectedId ? "selected" : ""}
                data-index={place?.index}
                ref={place?.measure}
                style={place ? {top: place.top} : undefined}
            >
                {editing === c.id ? (
                    <RenameField
                        title={title}
                        onDone={(typed) => {
                            setEditing(null);
                            if (typed && typed !== title) props.onRename(c.id, typed);
                        }}
                    />
                ) : (
                    <Hint text={title} side="right" when={() => titleIsCut(c.id)}>
                        <button
                            className="title"
                            data-id={c.id}
                            onClick={() => props.onSelect(c.id)}
                            aria-current={c.id === props.selectedId ? "true" : undefined}
                        >
                            {/* A button centres what overflows it: the span cuts a long title at its end. */}
                            {c.automationId && (
                                <CalendarClock aria-label={t("sidebar.automationRun")} role="img" size={14} />
                            )}
                            <span dir="auto">{title}</span>
                        </button>
                    </Hint>
                )}
                {confirming === c.id ? (
                    <span className="actions">
                        <button onClick={() => props.onDelete(c.id)}>{t("sidebar.confirmDelete")}</button>
                        <button onClick={() => setConfirming(null)}>{t("sidebar.keep")}</button>
                    </span>
                ) : (
                    <span className="actions">
                        <IconButton
                            label={t(c.pinned ? "sidebar.unpin" : "sidebar.pin", {title})}
                            aria-pressed={c.pinned}
                            onClick={() => props.onPin(c.id, !c.pinned)}
                        >
                            {c.pinned ? <PinOff aria-hidden size={14} /> : <Pin aria-hidden size={14} />}
                        </IconButton>
                        <IconButton label={t("sidebar.rename", {title})} onClick={() => setEditing(c.id)}>
                            <Pencil aria-hidden size={14} />
                        </IconButton>
                        <IconButton label={t("sidebar.delete", {title})} onClick={() => setConfirming(c.id)}>
                            <Trash2 aria-hidden size={14} />
                        </IconButton>
                    </span>
                )}
            </li>
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
            <button className="new" onClick={props.onCreate}>
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
                    conversations={props.conversations}
                    onCreateIn={props.onCreateIn}
                    onOpen={props.onOpenProject}
                    onNew={() => props.onOpenProject(null)}
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

function RenameField({title, onDone}: {title: string; onDone: (title: string) => void}) {
    const {t} = useTranslation();
    const [value, setValue] = useState(title);
    return (
        <input
            aria-label={t("sidebar.titleField")}
            autoFocus
            value={value}
            maxLength={200}
            onChange={(e) => setValue(e.target.value)}
            onBlur={() => onDone(value.trim())}
            onKeyDown={(e) => {
                if (e.key === "Enter") onDone(value.trim());
                if (e.key === "Escape") onDone(title);
            }}
        />
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
