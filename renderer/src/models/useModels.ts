import {useCallback, useEffect, useState} from "react";
import type {
    CairnApi,
    DownloadProgress,
    EngineBuildStatus,
    EngineStatus,
    FitEstimate,
    ModelsOverview,
    ProbeProgress,
    Recommendation,
    ToolUseScore,
} from "../../../shared/contract.js";

export type ModelsState = {
    overview: ModelsOverview | null;
    recommended: Recommendation[] | null;
    /** Latest progress of each download this session, by id. */
    downloads: Record<string, DownloadProgress>;
    /** How each installed model fits this computer, by file (read from its header). */
    fits: Record<string, FitEstimate>;
    /** Each tested model's tool-use score, by file: its whole-suite test, else its quick look. */
    toolUse: Record<string, ToolUseScore>;
    /** The tool-use test running or last ended this session. */
    probe: ProbeProgress | null;
    /** Cairn's engine for this CPU, as the last backends report or engine.build event told it. */
    engineBuild: EngineBuildStatus | null;
};

/** Installed and recommended models, kept current by models.* events. */
export function useModels(api: CairnApi, onError: (message: string) => void) {
    const [state, setState] = useState<ModelsState>({
        overview: null,
        recommended: null,
        downloads: {},
        fits: {},
        toolUse: {},
        probe: null,
        engineBuild: null,
    });

    const reload = useCallback(async () => {
        const res = await api.invoke("models.list", {});
        if (!res.ok) return onError(res.error.message);
        setState((s) => ({...s, overview: res.value}));
        const files = res.value.installed.map((m) => m.file);
        const inspected = await Promise.all(files.map((path) => api.invoke("models.inspect", {path})));
        const fits = Object.fromEntries(
            inspected.flatMap((r, i) => (r.ok ? [[files[i]!, r.value.fit] as const] : [])),
        );
        setState((s) => ({...s, fits}));
        const scores = await api.invoke("models.toolUse", {});
        if (scores.ok)
            setState((s) => ({...s, toolUse: Object.fromEntries(scores.value.map((v) => [v.file, v]))}));
    }, [api, onError]);

    useEffect(() => {
        void reload();
        void api.invoke("models.listRecommended", {}).then((res) => {
            if (res.ok) setState((s) => ({...s, recommended: res.value}));
        });
        return api.onEvent((event) => {
            if (event.type === "models.changed") void reload();
            if (event.type === "engine.build") setState((s) => ({...s, engineBuild: event.build}));
            if (event.type === "probe.progress") {
                setState((s) => ({...s, probe: event.progress}));
                if (event.progress.state === "done") void reload();
            }
            if (event.type === "models.download") {
                const p = event.progress;
                setState((s) => ({...s, downloads: {...s.downloads, [p.id]: p}}));
                if (p.state === "done" || p.state === "failed" || p.state === "cancelled") void reload();
            }
        });
    }, [api, reload]);

    const call = useCallback(
        async <T>(promise: Promise<{ok: true; value: T} | {ok: false; error: {message: string}}>) => {
            const res = await promise;
            if (!res.ok) onError(res.error.message);
            return res.ok ? res.value : null;
        },
        [onError],
    );

    const load = useCallback((path: string) => call(api.invoke("models.load", {path})), [api, call]);
    return {
        state,
        reload,
        load,
        download: (uri: string) => call(api.invoke("models.download", {uri})),
        /** A failed download started again (it resumes from what it kept): the failed one is no longer listed. */
        retry: (failed: DownloadProgress) => {
            setState((s) => ({...s, downloads: withoutKey(s.downloads, failed.id)}));
            return call(api.invoke("models.download", {uri: failed.uri}));
        },
        cancel: (downloadId: string) => call(api.invoke("models.cancelDownload", {downloadId})),
        unload: () => call(api.invoke("models.unload", {})),
        backends: async () => {
            const report = await call(api.invoke("models.backends", {}));
            if (report) setState((s) => ({...s, engineBuild: report.engineBuild}));
            return report;
        },
        drafts: (modelPath: string) => call(api.invoke("models.drafts", {modelPath})),
        setDraft: (modelPath: string, draftPath: string | null) =>
            call(api.invoke("models.setDraft", {modelPath, draftPath})),
        remove: (id: string) => call(api.invoke("models.remove", {id})),
        /** Whether a model file sees images: installed with its vision projector (mmproj). */
        sees: (file: string | null | undefined) =>
            !!file && !!state.overview?.vision.some((v) => v.file === file),
        discard: (fileName: string) => call(api.invoke("models.discardPartial", {fileName})),
        searchHub: (query: string) => call(api.invoke("models.searchHub", {query})),
        hubFiles: (repo: string) => call(api.invoke("models.hubFiles", {repo})),
        hubToken: () => call(api.invoke("models.hubToken", {})),
        setHubToken: (token: string | null) => call(api.invoke("models.setHubToken", {token})),
        probe: (path: string, quick: boolean) => call(api.invoke("models.probe", {path, quick})),
        stopProbe: (probeId: string) => call(api.invoke("models.stopProbe", {probeId})),
        useForDocuments: async (path: string | null) => {
            await call(api.invoke("settings.set", {embeddingModelPath: path}));
            await reload();
        },
    };
}

export type Models = ReturnType<typeof useModels>;

/**
 * The first-run screen: shown while no model is loaded or installed (or a download from it is under way) and
 * the conversation's answers are not `elsewhere` (a provider's, or the Models screen open); a model
 * downloaded from it is loaded as soon as it is in. A file that failed to load keeps it, with the error on it.
 */
export function useFirstRun(models: Models, engine: EngineStatus | null, elsewhere: boolean) {
    const [download, setDownload] = useState<string | null>(null);
    const finished = download ? models.state.downloads[download] : undefined;
    const file =
        finished?.state === "done"
            ? models.state.overview?.installed.find((m) => m.id === finished.modelId)?.file
            : undefined;
    const {load} = models;
    useEffect(() => {
        if (!file) return;
        setDownload(null);
        void load(file);
    }, [file, load]);
    const shown =
        !elsewhere &&
        (engine?.state === "no-model" || engine?.state === "error") &&
        (models.state.overview?.installed.length === 0 || download !== null);
    return {shown, started: setDownload};
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
    const {[key]: _gone, ...rest} = record;
    return rest;
}
