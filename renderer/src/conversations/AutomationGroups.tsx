import type {ReactNode} from "react";
import type {Conversation} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";
import {Folder, useTurned} from "./Folder.js";

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
    const [opened, toggle] = useTurned();
    const withRuns = automations
        .map((a) => ({...a, runs: runs.filter((c) => c.automationId === a.id)}))
        .filter((a) => a.runs.length > 0);
    if (withRuns.length === 0) return null;
    return (
        <div className="projects automation-folders">
            <div className="projects-heading">
                <span>{t("sidebar.automations")}</span>
            </div>
            {withRuns.map((a) => {
                const more = a.runs.length - SHOWN_RUNS;
                return (
                    <Folder
                        key={a.id}
                        label={t("sidebar.automationRuns", {name: a.name})}
                        name={a.name}
                        after={<span className="folder-count">{a.runs.length}</span>}
                        open={opened.has(a.id) || a.runs.some((c) => c.id === selectedId)}
                        onToggle={() => toggle(a.id)}
                    >
                        {a.runs.slice(0, SHOWN_RUNS).map(row)}
                        {more > 0 && <li className="hint">{t("sidebar.olderRuns", {count: more})}</li>}
                    </Folder>
                );
            })}
        </div>
    );
}
