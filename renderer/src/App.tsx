import type {CairnApi} from "../../shared/contract.js";
import {useState} from "react";
import {ApprovalDialog} from "./ApprovalDialog.js";
import {SettingsPanel} from "./SettingsPanel.js";
import {SourceViewer, SourceViewerContext} from "./SourceViewer.js";
import {ChatView} from "./ChatView.js";
import {ConversationList} from "./ConversationList.js";
import {StatusLine} from "./StatusLine.js";
import {useCairn} from "./useCairn.js";

export function App({api}: {api: CairnApi}) {
    const cairn = useCairn(api);
    const {state} = cairn;
    const busy = state.messages.some((m) => m.status === "streaming" && m.role === "assistant");
    const selected = state.conversations.find((c) => c.id === state.selectedId);
    const approval = state.approvals[0];
    const [settingsOpen, setSettingsOpen] = useState(false);
    const [archiveId, setArchiveId] = useState<string | null>(null);
    return (
        <SourceViewerContext.Provider value={setArchiveId}>
            <div className="app">
                <ConversationList
                    conversations={state.conversations}
                    selectedId={state.selectedId}
                    onSelect={cairn.select}
                    onCreate={cairn.create}
                    onRename={cairn.rename}
                    onDelete={cairn.remove}
                    onSettings={() => setSettingsOpen(true)}
                />
                {settingsOpen && (
                    <SettingsPanel
                        api={api}
                        conversations={state.conversations}
                        onClose={() => setSettingsOpen(false)}
                        onError={cairn.showError}
                    />
                )}
                <main className="chat">
                    {selected && (
                        <header className="chat-header">
                            <label>
                                Mode{" "}
                                <select
                                    aria-label="Mode"
                                    value={selected.mode}
                                    onChange={(e) => void cairn.setMode(e.target.value as "ask" | "agent")}
                                    title="Ask: only tools that read. Agent: all tools, each with its approval policy."
                                >
                                    <option value="ask">Ask</option>
                                    <option value="agent">Agent</option>
                                </select>
                            </label>
                            <label title="Lets the model send search queries and page addresses to the internet.">
                                <input
                                    type="checkbox"
                                    checked={selected.webAccess}
                                    onChange={(e) => void cairn.setWebAccess(e.target.checked)}
                                />{" "}
                                Web access
                            </label>
                        </header>
                    )}
                    {state.error && (
                        <div className="alert" role="alert">
                            <span>{state.error}</span>
                            <button onClick={cairn.dismissError} aria-label="Dismiss">
                                ×
                            </button>
                        </div>
                    )}
                    <ChatView
                        messages={state.messages}
                        streaming={state.streaming}
                        busy={busy}
                        engine={state.engine}
                        onSend={cairn.send}
                        onStop={cairn.stop}
                    />
                    <StatusLine engine={state.engine} busy={busy} turnState={state.turnState} />
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
                {archiveId && (
                    <SourceViewer api={api} archiveId={archiveId} onClose={() => setArchiveId(null)} />
                )}
            </div>
        </SourceViewerContext.Provider>
    );
}
