import type {CairnApi, Message, Project, ProviderInfo, ToolMode} from "../../shared/contract.js";
import {Download, Paperclip, PanelLeft, SlidersHorizontal, Wrench, X} from "lucide-react";
import {useEffect, useState, type MouseEvent} from "react";
import {ApprovalDialog} from "./chat/ApprovalDialog.js";
import {McpAskDialog} from "./mcp/McpAskDialog.js";
import {ToolsDialog} from "./tools/ToolsDialog.js";
import {ApiContext, ProgressContext, WritingContext} from "./apiContext.js";
import {SettingsPanel} from "./settings/SettingsPanel.js";
import {SourceViewer, SourceViewerContext, type SourceTarget} from "./chat/SourceViewer.js";
import {ChatView} from "./chat/ChatView.js";
import {ConversationList} from "./conversations/ConversationList.js";
import {FirstRun} from "./FirstRun.js";
import {GenerationDialog} from "./settings/GenerationForm.js";
import {DocumentsPanel} from "./documents/DocumentsPanel.js";
import {ModelsPanel} from "./models/ModelsPanel.js";
import {useModels} from "./models/useModels.js";
import {StatusLine} from "./chat/StatusLine.js";
import {useCairn} from "./useCairn.js";
import {useAssistants} from "./assistants/useAssistants.js";
import {useProjects} from "./projects/useProjects.js";
import {ProjectDialog} from "./projects/ProjectDialog.js";
import {ProjectSelect} from "./projects/ProjectSelect.js";
import {AssistantBadge, AssistantPicker} from "./assistants/AssistantPicker.js";
import {ShortcutsSheet, useShortcuts} from "./shortcuts.js";
import {SearchDialog} from "./conversations/SearchDialog.js";
import {ExportDialog} from "./conversations/ExportDialog.js";
import {ImportDialog} from "./conversations/ImportDialog.js";
import {RememberDialog} from "./memory/MemorySettings.js";
import {HeaderStatus, ThemeSwitch, hostOf} from "./chat/HeaderStatus.js";

/** The skip link's jump: the message box takes the focus (a fragment alone would only scroll). */
function skipToMessageBox(event: MouseEvent<HTMLAnchorElement>): void {
    event.preventDefault();
    focusMessageBox();
}

/** The message box, focused where a conversation opens (chosen, new, or at start) without scrolling the page. */
function focusMessageBox(): void {
    document.getElementById("message-box")?.focus({preventScroll: true});
}

/** Said while the served window cannot reach the core (it reconnects by itself, backing off to 5 s). */
const OFFLINE =
    "Cairn is not reachable: its process stopped or the connection dropped. Reconnecting… Sending and Stop wait until it is back.";

export function App({api}: {api: CairnApi}) {
    const cairn = useCairn(api);
    const {state} = cairn;
    const busy = state.messages.some((m) => m.status === "streaming" && m.role === "assistant");
    // The served window lost the core: nothing can be sent or stopped until it is back.
    const offline = state.connected ? null : OFFLINE;
    const selected = state.conversations.find((c) => c.id === state.selectedId);
    const approval = state.approvals[0];
    const [settingsOpen, setSettingsOpen] = useState(false);
    const [modelsOpen, setModelsOpen] = useState(false);
    const [generationOpen, setGenerationOpen] = useState(false);
    const [toolsOpen, setToolsOpen] = useState(false);
    // Documents open on every collection, on this conversation's attachments, or on one collection (a project's).
    const [documentsOpen, setDocumentsOpen] = useState<"all" | "conversation" | {collection: string} | null>(
        null,
    );
    const models = useModels(api, cairn.showError);
    const providers = useProviders(api);
    const assistants = useAssistants(api);
    // The assistant the next new conversation starts with: picked here, else the default one.
    const [picked, setPicked] = useState<string | undefined>(undefined);
    const startWith = picked ?? assistants.find((a) => a.isDefault)?.id ?? "";
    const startingAssistant = picked === undefined ? undefined : picked || null;
    const createNew = () => void cairn.create(startingAssistant);
    const projects = useProjects(api);
    // The project whose settings are open (null: a new project); undefined: none open.
    const [projectOpen, setProjectOpen] = useState<Project | null | undefined>(undefined);
    const assistant = assistants.find((a) => a.id === selected?.assistantId);
    const provider = providers.find((p) => p.name === selected?.provider);
    // A model downloaded from the first-run screen is loaded as soon as it is in.
    const [firstDownload, setFirstDownload] = useState<string | null>(null);
    const finished = firstDownload ? models.state.downloads[firstDownload] : undefined;
    const downloadedFile =
        finished?.state === "done"
            ? models.state.overview?.installed.find((m) => m.id === finished.modelId)?.file
            : undefined;
    const {load} = models;
    // A conversation opened (chosen, new with Ctrl+N, or at start): the message box is where to type next.
    useEffect(() => {
        if (state.selectedId) focusMessageBox();
    }, [state.selectedId]);
    useEffect(() => {
        if (!downloadedFile) return;
        setFirstDownload(null);
        void load(downloadedFile);
    }, [downloadedFile, load]);
    // A file that failed to load (a mistyped path) keeps the welcome screen, with the error on it.
    // Not when the conversation's answers come from a model served elsewhere.
    const firstRun =
        !selected?.provider &&
        (state.engine?.state === "no-model" || state.engine?.state === "error") &&
        (models.state.overview?.installed.length === 0 || firstDownload !== null) &&
        !modelsOpen;
    const [source, setSource] = useState<SourceTarget | null>(null);
    const [sidebarHidden, setSidebarHidden] = useState(false);
    const [shortcutsOpen, setShortcutsOpen] = useState(false);
    const [searchOpen, setSearchOpen] = useState(false);
    const [exportOpen, setExportOpen] = useState(false);
    // A message to show (a search result): the list scrolls to it once it is loaded.
    const [focusMessage, setFocusMessage] = useState<string | null>(null);
    const [importing, setImporting] = useState<File[] | null>(null);
    const [remembering, setRemembering] = useState<Message | null>(null);
    useShortcuts({
        toggleSidebar: () => setSidebarHidden((hidden) => !hidden),
        stop: () => busy && void cairn.stop(),
        create: createNew,
        copyLastAnswer: () => {
            const last = state.messages.findLast((m) => m.role === "assistant");
            if (last) void navigator.clipboard?.writeText(last.content);
        },
        showShortcuts: () => setShortcutsOpen(true),
        search: () => setSearchOpen(true),
    });
    return (
        <ApiContext.Provider value={api}>
            <ProgressContext.Provider value={state.progress}>
                <WritingContext.Provider value={state.writing}>
                    <SourceViewerContext.Provider value={setSource}>
                        <div className={sidebarHidden ? "app sidebar-hidden" : "app"}>
                            <a className="skip-link" href="#message-box" onClick={skipToMessageBox}>
                                Skip to the message box
                            </a>
                            <ConversationList
                                conversations={state.conversations}
                                selectedId={state.selectedId}
                                onSelect={cairn.select}
                                onCreate={createNew}
                                projects={projects}
                                onCreateIn={(projectId) => void cairn.create(startingAssistant, projectId)}
                                onOpenProject={setProjectOpen}
                                startWith={
                                    <AssistantPicker
                                        assistants={assistants}
                                        value={startWith}
                                        onChange={setPicked}
                                    />
                                }
                                onRename={(id, title) => void cairn.rename(id, title)}
                                onDelete={(id) => void cairn.remove(id)}
                                onSettings={() => setSettingsOpen(true)}
                                onModels={() => setModelsOpen(true)}
                                onDocuments={() => setDocumentsOpen("all")}
                                onSearch={() => setSearchOpen(true)}
                                onImport={setImporting}
                            />
                            {projectOpen !== undefined && (
                                <ProjectDialog
                                    api={api}
                                    project={projectOpen}
                                    conversationCount={
                                        state.conversations.filter(
                                            (c) => projectOpen && c.projectId === projectOpen.id,
                                        ).length
                                    }
                                    onFiles={(collection) => {
                                        setProjectOpen(undefined);
                                        setDocumentsOpen({collection});
                                    }}
                                    onClose={() => setProjectOpen(undefined)}
                                    onError={cairn.showError}
                                />
                            )}
                            {documentsOpen && (
                                <DocumentsPanel
                                    api={api}
                                    conversation={documentsOpen === "conversation" ? selected : undefined}
                                    initialCollection={
                                        typeof documentsOpen === "object"
                                            ? documentsOpen.collection
                                            : undefined
                                    }
                                    onClose={() => setDocumentsOpen(null)}
                                    onError={cairn.showError}
                                />
                            )}
                            {modelsOpen && (
                                <ModelsPanel
                                    models={models}
                                    engine={state.engine}
                                    onClose={() => setModelsOpen(false)}
                                />
                            )}
                            {generationOpen && selected && (
                                <GenerationDialog
                                    api={api}
                                    conversation={selected}
                                    onClose={() => setGenerationOpen(false)}
                                    onError={cairn.showError}
                                />
                            )}
                            {toolsOpen && selected && (
                                <ToolsDialog
                                    api={api}
                                    conversation={selected}
                                    onClose={() => setToolsOpen(false)}
                                    onError={cairn.showError}
                                />
                            )}
                            {settingsOpen && (
                                <SettingsPanel
                                    api={api}
                                    conversations={state.conversations}
                                    onClose={() => setSettingsOpen(false)}
                                    onError={cairn.showError}
                                />
                            )}
                            <main className="chat">
                                <h1 className="visually-hidden">{selected?.title ?? "Cairn"}</h1>
                                <header className="chat-header">
                                    <button
                                        className="sidebar-toggle"
                                        aria-expanded={!sidebarHidden}
                                        aria-label={
                                            sidebarHidden ? "Show conversations" : "Hide conversations"
                                        }
                                        title="Ctrl+B"
                                        onClick={() => setSidebarHidden((hidden) => !hidden)}
                                    >
                                        <PanelLeft aria-hidden size={16} />
                                        {sidebarHidden && " Conversations"}
                                    </button>
                                    <AssistantBadge assistant={assistant} />
                                    <HeaderStatus
                                        engine={state.engine}
                                        models={models}
                                        messages={state.messages}
                                        conversation={selected}
                                        providers={providers}
                                        onProvider={(name, model) => void cairn.setProvider(name, model)}
                                    />
                                    {selected && (
                                        <>
                                            <label>
                                                Mode{" "}
                                                <select
                                                    aria-label="Mode"
                                                    value={selected.mode}
                                                    onChange={(e) =>
                                                        void cairn.setMode(e.target.value as ToolMode)
                                                    }
                                                    title="Ask: only tools that read. Plan: a plan to read and edit first, then tools that read. Agent: all tools, each with its approval policy."
                                                >
                                                    <option value="ask">Ask</option>
                                                    <option value="plan">Plan</option>
                                                    <option value="agent">Agent</option>
                                                </select>
                                            </label>
                                            <ProjectSelect
                                                projects={projects}
                                                value={selected.projectId}
                                                onChange={(projectId) => void cairn.setProject(projectId)}
                                            />
                                            <WebSwitch
                                                on={selected.webAccess}
                                                provider={provider}
                                                onChange={(on) => void cairn.setWebAccess(on)}
                                            />
                                            <label title="Nothing is recalled from memory here, and nothing remembered">
                                                <input
                                                    type="checkbox"
                                                    checked={selected.incognito}
                                                    onChange={(e) =>
                                                        void cairn.setIncognito(e.target.checked)
                                                    }
                                                />{" "}
                                                Incognito
                                            </label>
                                            <button
                                                onClick={() => setDocumentsOpen("conversation")}
                                                title="Documents only this conversation can search"
                                            >
                                                <Paperclip aria-hidden size={16} /> Attach
                                            </button>
                                            <button
                                                onClick={() => setToolsOpen(true)}
                                                title="Which tools the model is offered here, and what they cost in its context"
                                            >
                                                <Wrench aria-hidden size={16} /> Tools
                                            </button>
                                            <button
                                                onClick={() => setGenerationOpen(true)}
                                                title="System prompt, temperature, seed… for this conversation"
                                            >
                                                <SlidersHorizontal aria-hidden size={16} /> Generation
                                            </button>
                                            <button
                                                onClick={() => setExportOpen(true)}
                                                title="Save as Markdown or JSON"
                                            >
                                                <Download aria-hidden size={16} /> Export
                                            </button>
                                        </>
                                    )}
                                    <ThemeSwitch />
                                </header>
                                {offline && (
                                    <div className="alert" role="alert" id="offline-reason">
                                        <span>{offline}</span>
                                    </div>
                                )}
                                {state.error && (
                                    <div className="alert" role="alert">
                                        <span>{state.error}</span>
                                        <button onClick={cairn.dismissError} aria-label="Dismiss">
                                            <X aria-hidden size={16} />
                                        </button>
                                    </div>
                                )}
                                {firstRun && (
                                    <FirstRun
                                        models={models}
                                        problem={
                                            state.engine?.state === "error" ? state.engine.message : null
                                        }
                                        onStarted={setFirstDownload}
                                    />
                                )}
                                <ChatView
                                    messages={state.messages}
                                    streaming={state.streaming}
                                    thinking={state.thinking}
                                    busy={busy}
                                    offline={offline}
                                    engine={state.engine}
                                    assistant={assistant}
                                    onSend={cairn.send}
                                    onStop={() => void cairn.stop()}
                                    onDelete={(id) => void cairn.deleteMessage(id)}
                                    onRegenerate={(id) => void cairn.regenerate(id)}
                                    onResend={cairn.resend}
                                    onShowVersion={(id) => void cairn.showVersion(id)}
                                    onRemember={setRemembering}
                                    onRunPlan={cairn.runPlan}
                                    onCancelPlan={(id) => void cairn.cancelPlan(id)}
                                    focusId={focusMessage}
                                />
                                <StatusLine
                                    engine={state.engine}
                                    busy={busy}
                                    turnState={state.turnState}
                                    offline={offline !== null}
                                    remote={
                                        provider
                                            ? `${provider.name} · ${selected?.providerModel ?? provider.model ?? "first model"} · ${hostOf(provider.baseUrl)}`
                                            : null
                                    }
                                />
                                {!approval && state.asks[0] && (
                                    <McpAskDialog
                                        key={state.asks[0].askId}
                                        ask={state.asks[0]}
                                        onAnswer={(action, content) =>
                                            void cairn.answerAsk(state.asks[0]!.askId, action, content)
                                        }
                                    />
                                )}
                                {approval && (
                                    <ApprovalDialog
                                        key={approval.approvalId}
                                        request={approval}
                                        onDecide={(decision, args) =>
                                            void cairn.decide(approval.approvalId, decision, args)
                                        }
                                    />
                                )}
                            </main>
                            {source && (
                                <SourceViewer api={api} target={source} onClose={() => setSource(null)} />
                            )}
                            {shortcutsOpen && <ShortcutsSheet onClose={() => setShortcutsOpen(false)} />}
                            {searchOpen && (
                                <SearchDialog
                                    api={api}
                                    projects={projects}
                                    onClose={() => setSearchOpen(false)}
                                    onError={cairn.showError}
                                    onOpen={(hit) => {
                                        setSearchOpen(false);
                                        setFocusMessage(hit.messageId);
                                        cairn.select(hit.conversationId);
                                    }}
                                />
                            )}
                            {remembering && (
                                <RememberDialog
                                    api={api}
                                    message={remembering}
                                    onClose={() => setRemembering(null)}
                                    onError={cairn.showError}
                                />
                            )}
                            {importing && (
                                <ImportDialog
                                    api={api}
                                    files={importing}
                                    onDone={(open) => open && cairn.select(open)}
                                    onClose={() => setImporting(null)}
                                />
                            )}
                            {exportOpen && selected && (
                                <ExportDialog
                                    api={api}
                                    conversation={selected}
                                    onClose={() => setExportOpen(false)}
                                    onError={cairn.showError}
                                />
                            )}
                        </div>
                    </SourceViewerContext.Provider>
                </WritingContext.Provider>
            </ProgressContext.Provider>
        </ApiContext.Provider>
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

/** The models served elsewhere (providers.json), read once. */
function useProviders(api: CairnApi): ProviderInfo[] {
    const [providers, setProviders] = useState<ProviderInfo[]>([]);
    useEffect(() => {
        void api.invoke("providers.list", {}).then((res) => res.ok && setProviders(res.value));
    }, [api]);
    return providers;
}
