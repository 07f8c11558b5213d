import {Globe, Wrench} from "lucide-react";
import type {Conversation, ProviderInfo, ToolMode} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";
import {Hint} from "../ui/Hint.js";
import {Select} from "../ui/Select.js";
import {Switch} from "../ui/Switch.js";

type Props = {
    conversation: Conversation;
    /** The provider answering this conversation, when a model served elsewhere does. */
    provider?: ProviderInfo;
    actions: {
        setMode: (mode: ToolMode) => Promise<void>;
        setWebAccess: (on: boolean) => Promise<void>;
    };
    /** Opens the conversation's dialogs. */
    open: {tools: () => void};
};

/**
 * The header's controls for the open conversation used most: mode, web access and tools (the rest
 * are in the header's menu). In a narrow header their words are hidden from sight (still their names), icons
 * left.
 */
export function ConversationControls({conversation, provider, actions, open}: Props) {
    const {t} = useTranslation();
    return (
        <>
            <label>
                <span className="header-word">{t("header.mode")}</span>{" "}
                <Hint text={t("header.modeHint")} side="bottom">
                    <Select
                        aria-label={t("header.mode")}
                        value={conversation.mode}
                        onChange={(mode) => void actions.setMode(mode as ToolMode)}
                        choices={[
                            {value: "ask", label: t("header.modeAsk")},
                            {value: "plan", label: t("header.modePlan")},
                            {value: "agent", label: t("header.modeAgent")},
                        ]}
                    />
                </Hint>
            </label>
            <WebSwitch
                on={conversation.webAccess}
                provider={provider}
                onChange={(on) => void actions.setWebAccess(on)}
            />
            <Hint text={t("header.toolsHint")} side="bottom">
                <button onClick={open.tools}>
                    <Wrench aria-hidden size={16} /> <span className="header-word">{t("header.tools")}</span>
                </button>
            </Hint>
        </>
    );
}

/**
 * The conversation's web access. With a provider that cannot search the web here (Anthropic's API) it is
 * shown off and disabled, saying why; with one that searches on its own (OpenAI, Gemini), it says so.
 */
function WebSwitch({
    on,
    provider,
    onChange,
}: {
    on: boolean;
    provider?: ProviderInfo;
    onChange: (on: boolean) => void;
}) {
    const {t} = useTranslation();
    const none = provider?.webSearch === "none";
    const title = none
        ? t("header.webUnavailable")
        : provider?.webSearch === "provider"
          ? t("header.webByProvider", {name: provider.name})
          : t("header.webHint");
    return (
        <Hint text={title} side="bottom">
            <span className={none ? "header-switch disabled" : "header-switch"}>
                <Switch
                    checked={on && !none}
                    disabled={none}
                    describedBy={none ? "web-unavailable" : undefined}
                    onChange={onChange}
                >
                    <Globe aria-hidden size={16} className="header-icon" />
                    <span className="header-word">{t("header.web")}</span>
                </Switch>
                {none && (
                    <span id="web-unavailable" className="visually-hidden">
                        {t("header.webUnavailable")}
                    </span>
                )}
            </span>
        </Hint>
    );
}
