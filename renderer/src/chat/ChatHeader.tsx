import {PanelLeft} from "lucide-react";
import {useRef, type ComponentProps} from "react";
import type {Assistant, Conversation, Project, ProviderInfo} from "../../../shared/contract.js";
import {AssistantBadge} from "../ui/AssistantBadge.js";
import {useTranslation} from "../i18n/index.js";
import {Hint} from "../ui/Hint.js";
import {useOneRow} from "../ui/useOneRow.js";
import {ConversationControls} from "./ConversationControls.js";
import {HeaderMenu} from "./HeaderMenu.js";
import {HeaderStatus} from "./HeaderStatus.js";

/** The model's name shrinks to about 25 characters before the header gives up anything else (answers.css). */
const HEADER_FIT = {
    steps: ["extras", "words", "count"],
    shrinking: ".model-picker .select-trigger > span:first-child",
    minPx: 200,
};

type Props = {
    sidebarHidden: boolean;
    onToggleSidebar: () => void;
    /** The open conversation and what answers it: its assistant, its provider (a model served elsewhere). */
    conversation: Conversation | undefined;
    assistant: Assistant | undefined;
    provider: ProviderInfo | undefined;
    projects: Project[];
    /** The model picker, the context meter and the speed. */
    status: ComponentProps<typeof HeaderStatus>;
    actions: ComponentProps<typeof ConversationControls>["actions"] &
        ComponentProps<typeof HeaderMenu>["actions"];
    /** Opens the conversation's dialogs. */
    open: ComponentProps<typeof ConversationControls>["open"] & ComponentProps<typeof HeaderMenu>["open"];
};

/**
 * The chat's header, one row in every language: the sidebar's toggle, the assistant, the model and its use, the
 * conversation's controls and the menu of the rest. Only when space runs out does the model's name shrink, and
 * then the row give up its extras and its words, as far as it must.
 */
export function ChatHeader({
    sidebarHidden,
    onToggleSidebar,
    conversation,
    assistant,
    provider,
    ...rest
}: Props) {
    const {t, i18n} = useTranslation();
    const header = useRef<HTMLElement>(null);
    useOneRow(header, i18n.language, HEADER_FIT);
    return (
        <header className="chat-header" ref={header}>
            <Hint text={t("app.sidebarKeys")} side="bottom">
                <button
                    className="sidebar-toggle"
                    aria-expanded={!sidebarHidden}
                    aria-label={t(sidebarHidden ? "app.showConversations" : "app.hideConversations")}
                    onClick={onToggleSidebar}
                >
                    <PanelLeft aria-hidden size={16} />
                    {sidebarHidden && ` ${t("sidebar.label")}`}
                </button>
            </Hint>
            <AssistantBadge assistant={assistant} />
            <HeaderStatus {...rest.status} />
            {conversation && (
                <ConversationControls
                    conversation={conversation}
                    provider={provider}
                    actions={rest.actions}
                    open={rest.open}
                />
            )}
            <HeaderMenu
                conversation={conversation}
                projects={rest.projects}
                actions={rest.actions}
                open={rest.open}
            />
        </header>
    );
}
