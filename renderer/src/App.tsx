import type {CairnApi} from "../../shared/contract.js";
import {ChatView} from "./ChatView.js";
import {ConversationList} from "./ConversationList.js";
import {StatusLine} from "./StatusLine.js";
import {useCairn} from "./useCairn.js";

export function App({api}: {api: CairnApi}) {
    const cairn = useCairn(api);
    const {state} = cairn;
    const busy = state.messages.some((m) => m.status === "streaming" && m.role === "assistant");
    return (
        <div className="app">
            <ConversationList
                conversations={state.conversations}
                selectedId={state.selectedId}
                onSelect={cairn.select}
                onCreate={cairn.create}
                onRename={cairn.rename}
                onDelete={cairn.remove}
            />
            <main className="chat">
                {state.error && (
                    <div className="error" role="alert">
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
                <StatusLine engine={state.engine} busy={busy} />
            </main>
        </div>
    );
}
