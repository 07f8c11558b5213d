import {Download, Paperclip, SlidersHorizontal, Wrench} from "lucide-react";
import type {Conversation, Project, ProviderInfo, ToolMode} from "../../../shared/contract.js";
import {ProjectSelect} from "../projects/ProjectSelect.js";

type Props = {
    conversation: Conversation;
    projects: Project[];
    /** The provider answering this conversation, when a model served elsewhere does. */
    provider?: ProviderInfo;
    actions: {
        setMode(mode: ToolMode): Promise<void>;
        setProject(projectId: string | null): Promise<void>;
        setWebAccess(on: boolean): Promise<void>;
        setIncognito(on: boolean): Promise<void>;
    };
    /** Opens the conversation's dialogs. */
    open: {attach(): void; tools(): void; generation(): void; export(): void};
};

/** The header's controls for the open conversation: mode, project, web access, incognito, and its dialogs. */
export function ConversationControls({conversation, projects, provider, actions, open}: Props) {
    return (
        <>
            <label>
                Mode{" "}
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
            <ProjectSelect
                projects={projects}
                value={conversation.projectId}
                onChange={(projectId) => void actions.setProject(projectId)}
            />
            <WebSwitch
                on={conversation.webAccess}
                provider={provider}
                onChange={(on) => void actions.setWebAccess(on)}
            />
            <label title="Nothing is recalled from memory here, and nothing remembered">
                <input
                    type="checkbox"
                    checked={conversation.incognito}
                    onChange={(e) => void actions.setIncognito(e.target.checked)}
                />{" "}
                Incognito
            </label>
            <button onClick={open.attach} title="Documents only this conversation can search">
                <Paperclip aria-hidden size={16} /> Attach
            </button>
            <button
                onClick={open.tools}
                title="Which tools the model is offered here, and what they cost in its context"
            >
                <Wrench aria-hidden size={16} /> Tools
            </button>
            <button onClick={open.generation} title="System prompt, temperature, seed… for this conversation">
                <SlidersHorizontal aria-hidden size={16} /> Generation
            </button>
            <button onClick={open.export} title="Save as Markdown or JSON">
                <Download aria-hidden size={16} /> Export
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
            Web access
            {none && (
                <span id="web-unavailable" className="visually-hidden">
                    Not available for this provider yet
                </span>
            )}
        </label>
    );
}
