import type {ReactNode} from "react";
import {FolderPlus, Plus, Settings2} from "lucide-react";
import type {Conversation, Project} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";
import {IconButton} from "../ui/IconButton.js";
import {Folder, useTurned} from "./Folder.js";

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
    const [folded, toggle] = useTurned();
    const active = projects.filter((p) => !p.archived);
    const archived = projects.filter((p) => p.archived);
    return (
        <div className="projects">
            <div className="projects-heading">
                <span>{t("projects.heading")}</span>
                <IconButton label={t("projects.new")} onClick={onNew}>
                    <FolderPlus aria-hidden size={14} />
                </IconButton>
            </div>
            {active.map((p) => (
                <Folder
                    key={p.id}
                    label={t("projects.project", {name: p.name})}
                    name={p.name}
                    open={!folded.has(p.id)}
                    onToggle={() => toggle(p.id)}
                    actions={
                        <>
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
                        </>
                    }
                >
                    {conversations.filter((c) => c.projectId === p.id).map(row)}
                </Folder>
            ))}
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
