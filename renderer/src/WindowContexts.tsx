import {useMemo, type ReactNode} from "react";
import {WindowErrorContext} from "./ui/dialogStack.js";
import type {Artifact, CairnApi} from "../../shared/contract.js";
import {ArtifactContext} from "./chat/ArtifactPanel.js";
import {ApiContext, OfflineModeContext, ProgressContext, WritingContext} from "./apiContext.js";
import type {CairnState} from "./cairnState.js";
import {SourceViewerContext, type SourceTarget} from "./chat/SourceViewer.js";

type Props = {
    api: CairnApi;
    state: Pick<CairnState, "progress" | "writing" | "offlineMode" | "error">;
    /** Dismisses the window's last error. */
    dismissError: () => void;
    /** Opens a cited source in the viewer. */
    openSource: (target: SourceTarget | null) => void;
    /** Opens an artifact (an answer's page, drawing or diagram) in the side panel. */
    openArtifact: (artifact: Artifact) => void;
    children: ReactNode;
};

/**
 * What components deep in the window read without props: the client, tool calls' progress, Offline mode, the
 * window's last error, the source viewer and the artifacts' panel.
 */
export function WindowContexts({api, state, dismissError, openSource, openArtifact, children}: Props) {
    const windowError = useMemo(
        () => ({error: state.error, dismiss: dismissError}),
        [state.error, dismissError],
    );
    return (
        <ApiContext.Provider value={api}>
            <ProgressContext.Provider value={state.progress}>
                <WritingContext.Provider value={state.writing}>
                    <SourceViewerContext.Provider value={openSource}>
                        <ArtifactContext.Provider value={openArtifact}>
                            <OfflineModeContext.Provider value={state.offlineMode}>
                                <WindowErrorContext.Provider value={windowError}>
                                    {children}
                                </WindowErrorContext.Provider>
                            </OfflineModeContext.Provider>
                        </ArtifactContext.Provider>
                    </SourceViewerContext.Provider>
                </WritingContext.Provider>
            </ProgressContext.Provider>
        </ApiContext.Provider>
    );
}
