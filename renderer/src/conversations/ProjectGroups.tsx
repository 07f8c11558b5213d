import {useState, type ReactNode} from "react";
import {ChevronDown, ChevronRight, FolderPlus, Plus, Settings2} from "lucide-react";
import type {Conversation, Project} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";
import {IconButton} from "../ui/IconButton.js";

type Props = {
    projects: Project[];
    conversations: Conversation[];
    onCreateIn: (projectId: string) => void;
    onOpen: (project: Project) => void;
    onNew: () => void;
    /** A conversation's row, as the list draws it. */
    row: (conversation: Conversation) => ReactNode;
};

/** The sidebar's projects: each a group of its conversations, folded or open; the archived ones apart. */
export function ProjectGroups({projects, conversations, onCreateIn, onOpen, onNew, row}: Props) {
    const {t} = useTranslation();
    const [folded, setFolded] = useState<Set<string>>(new Set());
    const active = projects.filter((p) => !p.archived);
    const archived = projects.filter((p) => p.archived);
    const toggle = (id: string) =>
        setFolded((f) => {
            const next = new Set(f);
            if (!next.delete(id)) next.add(id);
            return next;
        });
    return (
        <div className="projects">
            <div className="projects-heading">
                <span>{t("projects.heading")}</span>
                <IconButton label={t("projects.new")} onClick={onNew}>
                    <FolderPlus aria-hidden size={14} />
                </IconButton>
            </div>
            {active.map((p) => {
                const open = !folded.has(p.id);
                const Chevron = open ? ChevronDown : ChevronRight;
                return (
                    <section
                        key={p.id}
                        className="project"
                        aria-label={t("projects.project", {name: p.name})}
                    >
                        <div className="project-row">
                            <button
                                className="project-name"
                                aria-expanded={open}
                                onClick={() => toggle(p.id)}
                            >
                                <Chevron aria-hidden size={14} /> <span dir="auto">{p.name}</span>
                            </button>
                            <span className="actions">
                                <button
                                    aria-label={t("projects.newIn", {name: p.name})}
                                    onClick={() => onCreateIn(p.id)}
                                >
                                    <Plus aria-hidden size={14} />
                                </button>
                                <button
                                    aria-label={t("projects.settingsOf", {name: p.name})}
                                    onClick={() => onOpen(p)}
                                >
                                    <Settings2 aria-hidden size={14} />
                                </button>
                            </span>
                        </div>
                        {open && <ul>{conversations.filter((c) => c.projectId === p.id).map(row)}</ul>}
                    </section>
                );
            })}
            {archived.length > 0 && (
                <details className="archived-projects">
                    <summary>{t("projects.archived", {count: archived.length})}</summary>
                    <ul>
                        {archived.map((p) => (
                            <li key={p.id}>
                                <button className="title" onClick={() => onOpen(p)}>
                                    <span>{p.name}</span>
                                </button>
                            </li>
                        ))}
                    </ul>
                </details>
            )}
        </div>
    );
}
