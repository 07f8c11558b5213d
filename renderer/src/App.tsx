import type {CairnApi, Message, Project, ProviderInfo} from "../../shared/contract.js";
import {PanelLeft, X} from "lucide-react";
import {useEffect, useRef, useState, type MouseEvent} from "react";
import {ApprovalDialog} from "./chat/ApprovalDialog.js";
import {ConversationControls} from "./chat/ConversationControls.js";
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
import {AssistantBadge, AssistantPicker} from "./assistants/AssistantPicker.js";
import {ShortcutsSheet, useShortcuts} from "./shortcuts.js";
import {SearchDialog} from "./conversations/SearchDialog.js";
import {ExportDialog} from "./conversations/ExportDialog.js";
import {ImportDialog} from "./conversations/ImportDialog.js";
import {RememberDialog} from "./memory/MemorySettings.js";
import {HeaderMenu} from "./chat/HeaderMenu.js";
import {HeaderStatus, hostOf} from "./chat/HeaderStatus.js";
import {useOneRow} from "./ui/useOneRow.js";
import {useTranslation} from "./i18n/index.js";
import {Hint} from "./ui/Hint.js";

/** The skip link's jump: the message box takes the focus (a fragment alone would only scroll). */
function skipToMessageBox(event: MouseEvent<HTMLAnchorElement>): void {
    event.preventDefault();
    focusMessageBox();
}

/**
 * The message box, focused where a conversation opens (chosen, new, or at start) without scrolling the page;
 * not while a menu or a dialog has the focus (a conversation opening at start must not close the menu the
 * person just opened).
 */
function focusMessageBox(): void {
    if (document.activeElement?.closest('[role="menu"], dialog')) return;
    document.getElementById("message-box")?.focus({preventScroll: true});
}

export function App({api}: {api: CairnApi}) {
    const {t, i18n} = useTranslation();
    const cairn = useCairn(api);
    const {state} = cairn;
    const busy = state.messages.some((m) => m.status === "streaming" && m.role === "assistant");
    // The served window lost the core: nothing can be sent or stopped until it is back.
    // (It reconnects by itself, backing off to 5 s.)
    const offline = state.connected ? null : t("app.offline");
    const selected = state.conversations.find((c) => c.id === state.selectedId);
    // The header stays one row in every language: words give way to icons when they would wrap it.
    const header = useRef<HTMLElement>(null);
    useOneRow(header, i18n.language);
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
                                {t("app.skip")}
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
                                onPin={(id, pinned) => void cairn.setPinned(id, pinned)}
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
                                <h1 className="visually-hidden">
                                    {selected?.title ?? t("message.assistant")}
                                </h1>
                                <header className="chat-header" ref={header}>
                                    <Hint text={t("app.sidebarKeys")} side="bottom">
                                        <button
                                            className="sidebar-toggle"
                                            aria-expanded={!sidebarHidden}
                                            aria-label={t(
                                                sidebarHidden
                                                    ? "app.showConversations"
                                                    : "app.hideConversations",
                                            )}
                                            onClick={() => setSidebarHidden((hidden) => !hidden)}
                                        >
                                            <PanelLeft aria-hidden size={16} />
                                            {sidebarHidden && ` ${t("sidebar.label")}`}
                                        </button>
                                    </Hint>
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
                                        <ConversationControls
                                            conversation={selected}
                                            provider={provider}
                                            actions={cairn}
                                            open={{
                                                attach: () => setDocumentsOpen("conversation"),
                                                tools: () => setToolsOpen(true),
                                            }}
                                        />
                                    )}
                                    <HeaderMenu
                                        conversation={selected}
                                        projects={projects}
                                        actions={cairn}
                                        open={{
                                            generation: () => setGenerationOpen(true),
                                            export: () => setExportOpen(true),
                                        }}
                                    />
                                </header>
                                {offline && (
                                    <div className="alert" role="alert" id="offline-reason">
                                        <span>{offline}</span>
                                    </div>
                                )}
                                {state.error && (
                                    <div className="alert" role="alert">
                                        <span>{state.error}</span>
                                        <button onClick={cairn.dismissError} aria-label={t("app.dismiss")}>
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

/** The models served elsewhere (providers.json), read once. */
function useProviders(api: CairnApi): ProviderInfo[] {
    const [providers, setProviders] = useState<ProviderInfo[]>([]);
    useEffect(() => {
        void api.invoke("providers.list", {}).then((res) => res.ok && setProviders(res.value));
    }, [api]);
    return providers;
}
