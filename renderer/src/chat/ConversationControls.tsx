import {Globe, Paperclip, Wrench} from "lucide-react";
import type {Conversation, ProviderInfo, ToolMode} from "../../../shared/contract.js";

type Props = {
    conversation: Conversation;
    /** The provider answering this conversation, when a model served elsewhere does. */
    provider?: ProviderInfo;
    actions: {
        setMode(mode: ToolMode): Promise<void>;
        setWebAccess(on: boolean): Promise<void>;
    };
    /** Opens the conversation's dialogs. */
    open: {attach(): void; tools(): void};
};

/**
 * The header's controls for the open conversation used most: mode, web access, documents and tools (the rest
 * are in the header's menu). In a narrow header their words are hidden from sight (still their names), icons
 * left.
 */
export function ConversationControls({conversation, provider, actions, open}: Props) {
    return (
        <>
            <label>
                <span className="header-word">Mode </span>
                <select
                    aria-label="Mode"
                    value={conversation.mode}
                    onChange={(e) => void actions.setMode(e.target.value as ToolMode)}
                    title="Ask: only tools that read. Plan: a plan to read and edit first, then tools that read. Agent: all tools, each with its approval policy."
                >
                    <option value="ask">Ask</option>
                    <option value="plan">Plan</option>
                    <option value="agent">Agent</option>
                </select>
            </label>
            <WebSwitch
                on={conversation.webAccess}
                provider={provider}
                onChange={(on) => void actions.setWebAccess(on)}
            />
            <button onClick={open.attach} title="Documents only this conversation can search">
                <Paperclip aria-hidden size={16} /> <span className="header-word">Attach</span>
            </button>
            <button
                onClick={open.tools}
                title="Which tools the model is offered here, and what they cost in its context"
            >
                <Wrench aria-hidden size={16} /> <span className="header-word">Tools</span>
            </button>
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
    onChange(on: boolean): void;
}) {
    const none = provider?.webSearch === "none";
    const title = none
        ? "Not available for this provider yet"
        : provider?.webSearch === "provider"
          ? `${provider.name} searches the web with its own search: your questions go to it, and it chooses the pages.`
          : "Lets the model send search queries and page addresses to the internet.";
    return (
        <label title={title} className={none ? "disabled" : undefined}>
            <input
                type="checkbox"
                checked={on && !none}
                disabled={none}
                aria-describedby={none ? "web-unavailable" : undefined}
                onChange={(e) => onChange(e.target.checked)}
            />{" "}
            <Globe aria-hidden size={16} className="header-icon" />
            <span className="header-word">Web access</span>
            {none && (
                <span id="web-unavailable" className="visually-hidden">
                    Not available for this provider yet
                </span>
            )}
        </label>
    );
}
