import type {EngineStatus} from "../../shared/contract.js";

type Props = {engine: EngineStatus | null; busy: boolean; turnState: string | null};

export function StatusLine({engine, busy, turnState}: Props) {
    if (!engine) return <footer className="status">Connecting…</footer>;
    const state = busy && engine.state === "ready" ? "generating" : engine.state;
    return (
        <footer className="status" data-state={state}>
            <span className="model">{engine.modelName ?? "no model"}</span>
            <span className="backend">{engine.backend ?? "—"}</span>
            <span className="state">{state}</span>
            {turnState && <span className="turn">{turnState.toLowerCase().replace(/_/g, " ")}</span>}
            {engine.state === "error" && <span className="why">{engine.message}</span>}
        </footer>
    );
}
