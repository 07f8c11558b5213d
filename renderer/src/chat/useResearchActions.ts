import {useCallback} from "react";
import type {ResearchBudget} from "../../../shared/contract.js";
import type {CairnCore} from "../cairnState.js";
import {sayCore} from "../i18n/index.js";
import type {ResearchActions} from "./ResearchCard.js";

/** What the window does with a research run: start its plan as edited, pause, resume and cancel it. */
export function useResearchActions({api, state, patch, showError, loadMessages}: CairnCore): ResearchActions {
    const refused = useCallback(
        (res: {ok: boolean; error?: {message: string; words?: Parameters<typeof sayCore>[1]}}) => {
            if (res.ok || !res.error) return false;
            showError(sayCore(res.error.message, res.error.words));
            return true;
        },
        [showError],
    );
    const onRunResearch = useCallback(
        async (messageId: string, questions: string[], budget: Partial<ResearchBudget>) => {
            const res = await api.invoke("research.run", {messageId, questions, budget});
            if (refused(res)) return false;
            patch({error: null});
            if (state.selectedId) await loadMessages(state.selectedId);
            return true;
        },
        [api, loadMessages, patch, refused, state.selectedId],
    );
    const onResumeResearch = useCallback(
        async (messageId: string) => {
            if (refused(await api.invoke("research.resume", {messageId}))) return;
            if (state.selectedId) await loadMessages(state.selectedId);
        },
        [api, loadMessages, refused, state.selectedId],
    );
    const onPauseResearch = useCallback(
        async (messageId: string) => void refused(await api.invoke("research.pause", {messageId})),
        [api, refused],
    );
    const onCancelResearch = useCallback(
        async (messageId: string) => void refused(await api.invoke("research.cancel", {messageId})),
        [api, refused],
    );
    return {
        onRunResearch,
        onResumeResearch: (id) => void onResumeResearch(id),
        onPauseResearch: (id) => void onPauseResearch(id),
        onCancelResearch: (id) => void onCancelResearch(id),
    };
}
