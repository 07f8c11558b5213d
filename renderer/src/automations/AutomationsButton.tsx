import {CalendarClock} from "lucide-react";
import {useState} from "react";
import {createPortal} from "react-dom";
import type {CairnApi} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";
import {AutomationsPanel} from "./AutomationsPanel.js";
import type {useAutomations} from "./useAutomations.js";

/** select: opens a run's conversation; showError: says what failed; state: the automations (useAutomations). */
type Props = {
    api: CairnApi;
    actions: {select: (conversationId: string) => void; showError: (message: string) => void};
    state: ReturnType<typeof useAutomations>;
};

/** The sidebar's Automations entry: a badge counts runs that ended or wait since it was last opened. */
export function AutomationsButton({api, actions, state}: Props) {
    const {t} = useTranslation();
    const {automations, unseen, seen} = state;
    const [open, setOpen] = useState(false);
    const label = unseen > 0 ? t("automations.buttonNews", {count: unseen}) : t("sidebar.automations");
    return (
        <>
            <button
                className="settings-button"
                aria-label={label}
                onClick={() => {
                    seen();
                    setOpen(true);
                }}
            >
                <CalendarClock aria-hidden size={16} /> {t("sidebar.automations")}
                {unseen > 0 && (
                    <span className="badge" aria-hidden>
                        {unseen}
                    </span>
                )}
            </button>
            {/* Drawn beside the app, not in the sidebar: the sidebar's list and button styles are not the page's. */}
            {open &&
                createPortal(
                    <AutomationsPanel
                        api={api}
                        automations={automations}
                        onOpenConversation={(id) => {
                            setOpen(false);
                            actions.select(id);
                        }}
                        onClose={() => {
                            seen();
                            setOpen(false);
                        }}
                        onError={actions.showError}
                    />,
                    document.body,
                )}
        </>
    );
}
