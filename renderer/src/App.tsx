import type {Artifact, CairnApi, Message, Project} from "../../shared/contract.js";
import {useState} from "react";
import {PendingQuestions} from "./chat/PendingQuestions.js";
import {ToolsDialog} from "./tools/ToolsDialog.js";
import {SettingsPanel} from "./SettingsPanel.js";
import {SourceViewer, type SourceTarget} from "./chat/SourceViewer.js";
import {ArtifactPanel} from "./chat/ArtifactPanel.js";
import {WindowContexts} from "./WindowContexts.js";
import {ChatView} from "./chat/ChatView.js";
import {ConversationList} from "./conversations/ConversationList.js";
import {FirstRun} from "./FirstRun.js";
import {GenerationDialog} from "./ui/GenerationForm.js";
import {DocumentsPanel} from "./documents/DocumentsPanel.js";
import {ModelsPanel, type ModelsTab} from "./models/ModelsPanel.js";
import {useFirstRun, useModels} from "./models/useModels.js";
import {WindowAlerts} from "./ui/WindowAlerts.js";
import {skipToMessageBox, useMessageBoxFocus} from "./chat/messageBox.js";
import {StatusLine, remoteLabel} from "./chat/StatusLine.js";
import {useCairn} from "./useCairn.js";
import {useAssistants, useStartWith} from "./assistants/useAssistants.js";
import {useProjects} from "./projects/useProjects.js";
import {ProjectDialog} from "./projects/ProjectDialog.js";
import {AssistantPicker} from "./assistants/AssistantPicker.js";
import {ShortcutsSheet, useShortcuts} from "./shortcuts.js";
import {SearchDialog} from "./conversations/SearchDialog.js";
import {ExportDialog} from "./conversations/ExportDialog.js";
import {ImportDialog} from "./conversations/ImportDialog.js";
import {RememberDialog} from "./memory/MemorySettings.js";
import {ChatHeader} from "./chat/ChatHeader.js";
import {useProviders} from "./providers/useProviders.js";
import {useTranslation} from "./i18n/index.js";
import {AutomationsButton} from "./automations/AutomationsButton.js";
import {useAutomations} from "./automations/useAutomations.js";

export function App({api}: {api: CairnApi}) {
    const {t} = useTranslation();
    const cairn = useCairn(api);
    const {state} = cairn;
    // An answer being written, or earlier turns being summarized (Compact now): Stop ends either.
    const busy =
        state.turnState === "SUMMARIZING" ||
        state.messages.some((m) => m.status === "streaming" && m.role === "assistant");
    // The served window lost the core: nothing can be sent or stopped until it is back (it reconnects by itself).
    const offline = state.connected ? null : t("app.offline");
    const selected = state.conversations.find((c) => c.id === state.selectedId);
    const automations = useAutomations(api);
    const [settingsOpen, setSettingsOpen] = useState(false);
    // The Models screen open on one of its tabs, or closed.
    const [modelsOpen, setModelsOpen] = useState<ModelsTab | null>(null);
    const [generationOpen, setGenerationOpen] = useState(false);
    const [toolsOpen, setToolsOpen] = useState(false);
    // Documents open on every collection, on this conversation's attachments, or on one collection (a project's).
    const [documentsOpen, setDocumentsOpen] = useState<"all" | "conversation" | {collection: string} | null>(
        null,
    );
    const models = useModels(api, cairn.showError);
    const providers = useProviders(api);
    const assistants = useAssistants(api);
    const {startWith, setPicked, startingAssistant} = useStartWith(assistants);
    const createNew = () => void cairn.create(startingAssistant);
    const projects = useProjects(api);
    // The project whose settings are open (null: a new project); undefined: none open.
    const [projectOpen, setProjectOpen] = useState<Project | null | undefined>(undefined);
    const assistant = assistants.find((a) => a.id === selected?.assistantId);
    const provider = providers.find((p) => p.name === selected?.provider);
    useMessageBoxFocus(state.selectedId);
    const firstRun = useFirstRun(models, state.engine, selected?.provider != null || modelsOpen !== null);
    const welcome = firstRun.shown && (
        <FirstRun models={models} engine={state.engine} onStarted={firstRun.started} />
    );
    const [source, setSource] = useState<SourceTarget | null>(null);
    // The artifact shown beside the conversation it was opened in (an answer's page, drawing or diagram; a
    // program's file): another conversation shown closes it.
    const [opened, setOpened] = useState<{in: string | null; artifact: Artifact} | null>(null);
    const artifact = opened?.in === state.selectedId ? opened.artifact : null;
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
        <WindowContexts
            api={api}
            state={state}
            dismissError={cairn.dismissError}
            openSource={setSource}
            openArtifact={(shown) => setOpened({in: state.selectedId, artifact: shown})}
        >
            <div className={appClass(sidebarHidden, artifact !== null)}>
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
                        <AssistantPicker assistants={assistants} value={startWith} onChange={setPicked} />
                    }
                    automations={<AutomationsButton api={api} actions={cairn} state={automations} />}
                    automationNames={automations.automations}
                    onRename={(id, title) => void cairn.rename(id, title)}
                    onPin={(id, pinned) => void cairn.setPinned(id, pinned)}
                    onDelete={(id) => void cairn.remove(id)}
                    onSettings={() => setSettingsOpen(true)}
                    onModels={() => setModelsOpen("installed")}
                    onDocuments={() => setDocumentsOpen("all")}
                    onSearch={() => setSearchOpen(true)}
                    onImport={setImporting}
                />
                {projectOpen !== undefined && (
                    <ProjectDialog
                        api={api}
                        project={projectOpen}
                        conversationCount={
                            state.conversations.filter((c) => c.projectId === projectOpen?.id).length
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
                            typeof documentsOpen === "object" ? documentsOpen.collection : undefined
                        }
                        embeddingModel={Boolean(models.state.overview?.embeddingModelPath)}
                        onChooseModel={() => {
                            setDocumentsOpen(null);
                            // Where the recommended embedding models are, or where an installed one is chosen.
                            setModelsOpen(models.state.overview?.installed.length ? "installed" : "find");
                        }}
                        onClose={() => setDocumentsOpen(null)}
                        onError={cairn.showError}
                    />
                )}
                {modelsOpen && (
                    <ModelsPanel
                        models={models}
                        engine={state.engine}
                        tab={modelsOpen}
                        onClose={() => setModelsOpen(null)}
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
                    <h1 className="visually-hidden">{selected?.title ?? t("message.assistant")}</h1>
                    <ChatHeader
                        sidebarHidden={sidebarHidden}
                        onToggleSidebar={() => setSidebarHidden((hidden) => !hidden)}
                        conversation={selected}
                        assistant={assistant}
                        provider={provider}
                        projects={projects}
                        status={{
                            engine: state.engine,
                            models,
                            messages: state.messages,
                            conversation: selected,
                            providers,
                            onProvider: (name, model) => void cairn.setProvider(name, model),
                        }}
                        actions={cairn}
                        open={{
                            tools: () => setToolsOpen(true),
                            generation: () => setGenerationOpen(true),
                            export: () => setExportOpen(true),
                        }}
                    />
                    <WindowAlerts offline={offline} error={state.error} onDismiss={cairn.dismissError} />
                    <ChatView
                        welcome={welcome}
                        seesImages={selected?.provider != null || models.sees(state.engine?.modelPath)}
                        onAttachDocuments={selected && (() => setDocumentsOpen("conversation"))}
                        messages={state.messages}
                        streaming={state.streaming}
                        thinking={state.thinking}
                        busy={busy}
                        offline={offline}
                        engine={state.engine}
                        assistant={assistant}
                        onSend={cairn.send}
                        onStop={() => void cairn.stop()}
                        work={{...cairn, queued: state.queued, todos: state.todos}}
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
                        remote={remoteLabel(provider, selected, t)}
                    />
                    <PendingQuestions approval={state.approvals[0]} ask={state.asks[0]} actions={cairn} />
                </main>
                {artifact && <ArtifactPanel artifact={artifact} onClose={() => setOpened(null)} />}
                {source && <SourceViewer api={api} target={source} onClose={() => setSource(null)} />}
                {shortcutsOpen && <ShortcutsSheet onClose={() => setShortcutsOpen(false)} />}
                {searchOpen && (
                    <SearchDialog
                        api={api}
                        conversations={state.conversations}
                        projects={projects}
                        onClose={() => setSearchOpen(false)}
                        onError={cairn.showError}
                        onOpen={(found) => {
                            setSearchOpen(false);
                            setFocusMessage(found.messageId ?? null);
                            cairn.select(found.conversationId);
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
        </WindowContexts>
    );
}

/** The window's columns: the conversations (unless hidden), the conversation, an artifact beside it. */
function appClass(sidebarHidden: boolean, artifact: boolean): string {
    return ["app", sidebarHidden && "sidebar-hidden", artifact && "with-artifact"].filter(Boolean).join(" ");
}
