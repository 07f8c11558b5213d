import type {Conversation, EngineStatus, ProviderInfo, TurnState} from "../../../shared/contract.js";
import {hostOf} from "../ui/hostOf.js";
import {sayCore, useTranslation} from "../i18n/index.js";
import type {TFunction} from "i18next";
import {useContext} from "react";
import {WifiOff} from "lucide-react";
import {OfflineModeContext} from "../apiContext.js";
import {Hint} from "../ui/Hint.js";

type Props = {
    engine: EngineStatus | null;
    busy: boolean;
    turnState: TurnState | null;
    /** Where the conversation's model runs when it is served elsewhere ("qwen3 · 10.0.0.5:8080"). */
    remote?: string | null;
    /** The window cannot reach the core now (the banner says why). */
    offline?: boolean;
};

function gpuTitle(engine: EngineStatus, t: TFunction): string {
    if (!engine.gpu) return engine.backend === "cpu" ? t("status.cpu") : "";
    const {devices, gpuLayers: layers, totalLayers: total} = engine.gpu;
    return t("status.gpu", {devices: devices.join(", "), layers, total});
}

export function StatusLine({engine, busy, turnState, remote, offline = false}: Props) {
    const {t} = useTranslation();
    if (!engine) return <footer className="status">{t("status.connecting")}</footer>;
    if (offline)
        return (
            <footer className="status" data-state="unreachable">
                <span className="model">{remote ?? engine.modelName ?? t("status.noModel")}</span>
                <span className="state">{t("status.unreachable")}</span>
            </footer>
        );
    if (remote)
        return (
            <footer className="status" data-state={busy ? "generating" : "ready"}>
                <OfflineMark />
                <span className="model">{remote}</span>
                <span className="where">{t("status.elsewhere")}</span>
                <span className="state">{t(busy ? "status.state.generating" : "status.state.ready")}</span>
            </footer>
        );
    const state = busy && engine.state === "ready" ? "generating" : engine.state;
    // The turn's own state says more only when it is not the engine's ("awaiting approval", "waiting for tool").
    const turn = turnState ? (turnState.toLowerCase() as Lowercase<TurnState>) : null;
    return (
        <footer className="status" data-state={state}>
            <OfflineMark />
            <span className="model">{engine.modelName ?? t("status.noModel")}</span>
            <span className="backend" title={gpuTitle(engine, t)}>
                {engine.backend ?? "—"}
                {engine.gpu &&
                    ` · ${t("status.layersOnGpu", {layers: engine.gpu.gpuLayers, total: engine.gpu.totalLayers})}`}
            </span>
            <span className="state">{t(`status.state.${state}`)}</span>
            {engine.state === "loading" && typeof engine.loadProgress === "number" && (
                <progress
                    className="load-progress"
                    aria-label={t("status.loadingModel")}
                    max={1}
                    value={engine.loadProgress}
                />
            )}
            {turn && turn !== state && <span className="turn">{t(`status.turn.${turn}`)}</span>}
            {engine.state === "error" && engine.message && (
                <span className="why">{sayCore(engine.message, engine.words)}</span>
            )}
        </footer>
    );
}

/** The provider that answers here, as the status line names it: its name, the model and its host. */
export function remoteLabel(
    provider: ProviderInfo | undefined,
    conversation: Conversation | undefined,
    t: TFunction,
): string | null {
    if (!provider) return null;
    const model = conversation?.providerModel ?? provider.model ?? t("header.firstModel");
    return `${provider.name} · ${model} · ${hostOf(provider.baseUrl)}`;
}

/** Offline mode's mark, first in the status line while it is on; its hint says what it means. */
function OfflineMark() {
    const {t} = useTranslation();
    if (!useContext(OfflineModeContext)) return null;
    return (
        <Hint text={t("status.offlineHint")} side="top">
            <span className="offline-mark" tabIndex={0}>
                <WifiOff aria-hidden size={12} /> {t("status.offline")}
            </span>
        </Hint>
    );
}
