import {useState, type ReactNode} from "react";
import {ChevronDown, ChevronRight} from "lucide-react";
import type {Conversation} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";

/** Runs listed in an open folder, newest first; the rest are in the Automations page's history. */
const SHOWN_RUNS = 30;

type Props = {
    /** The automations that have runs here, by id: their names head their folders. */
    automations: {id: string; name: string}[];
    /** The runs' conversations (not pinned, in no project), newest first. */
    runs: Conversation[];
    selectedId: string | null;
    row: (conversation: Conversation) => ReactNode;
};

/**
 * The sidebar's automation folders: each automation's runs in a folder of its own, folded until opened (a run
 * every few minutes would bury the conversations), and open while one of its runs is the one shown.
 */
export function AutomationGroups({automations, runs, selectedId, row}: Props) {
    const {t} = useTranslation();
    const [opened, setOpened] = useState<Set<string>>(new Set());
    const withRuns = automations
        .map((a) => ({...a, runs: runs.filter((c) => c.automationId === a.id)}))
        .filter((a) => a.runs.length > 0);
    if (withRuns.length === 0) return null;
    const toggle = (id: string) =>
        setOpened((o) => {
            const next = new Set(o);
            if (!next.delete(id)) next.add(id);
            return next;
        });
    return (
        <div className="projects automation-folders">
            <div className="projects-heading">
                <span>{t("sidebar.automations")}</span>
            </div>
            {withRuns.map((a) => {
                const open = opened.has(a.id) || a.runs.some((c) => c.id === selectedId);
                const Chevron = open ? ChevronDown : ChevronRight;
                const more = a.runs.length - SHOWN_RUNS;
                return (
                    <section
                        key={a.id}
                        className="project"
                        aria-label={t("sidebar.automationRuns", {name: a.name})}
                    >
                        <div className="project-row">
                            <button
                                className="project-name"
                                aria-expanded={open}
                                onClick={() => toggle(a.id)}
                            >
                                <Chevron aria-hidden size={14} /> <span dir="auto">{a.name}</span>
                                <span className="folder-count">{a.runs.length}</span>
                            </button>
                        </div>
                        {open && (
                            <ul>
                                {a.runs.slice(0, SHOWN_RUNS).map(row)}
                                {more > 0 && (
                                    <li className="hint">{t("sidebar.olderRuns", {count: more})}</li>
                                )}
                            </ul>
                        )}
                    </section>
                );
            })}
        </div>
    );
}
