import type {EngineStatus} from "../../shared/contract.js";

export function StatusLine({engine, busy}: {engine: EngineStatus | null; busy: boolean}) {
    if (!engine) return <footer className="status">Connecting…</footer>;
    const state = busy && engine.state === "ready" ? "generating" : engine.state;
    return (
        <footer className="status" data-state={state}>
            <span className="model">{engine.modelName ?? "no model"}</span>
            <span className="backend">{engine.backend ?? "—"}</span>
            <span className="state">{state}</span>
            {engine.state === "error" && <span className="why">{engine.message}</span>}
        </footer>
    );
}
