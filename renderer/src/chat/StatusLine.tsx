import type {EngineStatus, TurnState} from "../../../shared/contract.js";

type Props = {
    engine: EngineStatus | null;
    busy: boolean;
    turnState: TurnState | null;
    /** Where the conversation's model runs when it is served elsewhere ("qwen3 · 10.0.0.5:8080"). */
    remote?: string | null;
    /** The window cannot reach the core now (the banner says why). */
    offline?: boolean;
};

function gpuTitle(engine: EngineStatus): string {
    if (!engine.gpu) return engine.backend === "cpu" ? "Running on the CPU" : "";
    return `${engine.gpu.devices.join(", ")}: ${engine.gpu.gpuLayers} of ${engine.gpu.totalLayers} layers on the GPU`;
}

export function StatusLine({engine, busy, turnState, remote, offline = false}: Props) {
    if (!engine) return <footer className="status">Connecting…</footer>;
    if (offline)
        return (
            <footer className="status" data-state="unreachable">
                <span className="model">{remote ?? engine.modelName ?? "no model"}</span>
                <span className="state">not reachable</span>
            </footer>
        );
    if (remote)
        return (
            <footer className="status" data-state={busy ? "generating" : "ready"}>
                <span className="model">{remote}</span>
                <span className="where">runs elsewhere: questions and tool results are sent there</span>
                <span className="state">{busy ? "generating" : "ready"}</span>
            </footer>
        );
    const state = busy && engine.state === "ready" ? "generating" : engine.state;
    // The turn's own state says more only when it is not the engine's ("awaiting approval", "waiting for tool").
    const turn = turnState?.toLowerCase().replace(/_/g, " ");
    return (
        <footer className="status" data-state={state}>
            <span className="model">{engine.modelName ?? "no model"}</span>
            <span className="backend" title={gpuTitle(engine)}>
                {engine.backend ?? "—"}
                {engine.gpu && ` · ${engine.gpu.gpuLayers}/${engine.gpu.totalLayers} layers on GPU`}
            </span>
            <span className="state">{state}</span>
            {engine.state === "loading" && typeof engine.loadProgress === "number" && (
                <progress
                    className="load-progress"
                    aria-label="Loading the model"
                    max={1}
                    value={engine.loadProgress}
                />
            )}
            {turn && turn !== state && <span className="turn">{turn}</span>}
            {engine.state === "error" && <span className="why">{engine.message}</span>}
        </footer>
    );
}
