import {useEffect, useState} from "react";
import type {BackendReport as Backends, DraftChoice, EngineStatus} from "../../../shared/contract.js";
import {DownloadBar, ModelFilePicker, RecommendedList} from "./ModelWidgets.js";
import {HubSearch} from "./HubSearch.js";
import {formatBytes} from "../../../shared/format.js";
import type {Models} from "./useModels.js";
import {Dialog} from "../ui/Dialog.js";
import {Confirm} from "../ui/Confirm.js";

type Props = {models: Models; engine: EngineStatus | null; onClose(): void};

/** Installed models, downloads, recommendations with fit badges, and what runs the loaded model. */
export function ModelsPanel({models, engine, onClose}: Props) {
    const overview = models.state.overview;
    const running = Object.values(models.state.downloads).filter((d) => d.state !== "done");
    // Removing asks first: a downloaded model's file is deleted with it.
    const [removing, setRemoving] = useState<string | null>(null);
    return (
        <Dialog label="Models" onClose={onClose} className="models">
            <h2>Running</h2>
            <BackendReport engine={engine} models={models} onUnload={() => void models.unload()} />
            <BackendList models={models} />
            <h2>Installed</h2>
            {!overview || overview.installed.length === 0 ? (
                <p className="muted">No models yet: download one below or load a GGUF file.</p>
            ) : (
                <table className="installed">
                    <tbody>
                        {overview.installed.map((m) => {
                            const loaded = engine?.modelPath === m.file;
                            const embedding = overview.embeddingModelPath === m.file;
                            return (
                                <tr key={m.id} data-model-id={m.id}>
                                    <td title={m.file}>
                                        <strong>{m.name}</strong>{" "}
                                        <span className="muted">{m.file.split(/[\\/]/).pop()}</span>
                                        <div className="muted">
                                            {[
                                                m.architecture,
                                                m.quantization,
                                                formatBytes(m.sizeBytes),
                                                m.contextLength && `ctx ${m.contextLength}`,
                                                m.chatWrapper && `${m.chatWrapper} chat format`,
                                                `tools: ${m.functionCalling}`,
                                            ]
                                                .filter(Boolean)
                                                .join(" · ")}
                                        </div>
                                    </td>
                                    <td className="actions">
                                        {loaded ? (
                                            <span className="badge">Loaded</span>
                                        ) : (
                                            <button onClick={() => void models.load(m.file)}>Load</button>
                                        )}
                                        <button
                                            aria-pressed={embedding}
                                            title="The model that turns documents into vectors for search"
                                            onClick={() =>
                                                void models.useForDocuments(embedding ? null : m.file)
                                            }
                                        >
                                            {embedding ? "Used for documents" : "Use for documents"}
                                        </button>
                                        {removing === m.id ? (
                                            <Confirm
                                                label={`Remove ${m.name}?`}
                                                confirm="Yes, remove"
                                                onConfirm={() => {
                                                    setRemoving(null);
                                                    void models.remove(m.id);
                                                }}
                                                onCancel={() => setRemoving(null)}
                                            >
                                                {m.ownsFile
                                                    ? "Remove it and delete its downloaded file?"
                                                    : "Remove it from the list? The file stays."}
                                            </Confirm>
                                        ) : (
                                            <button
                                                onClick={() => setRemoving(m.id)}
                                                aria-label={`Remove ${m.name}`}
                                            >
                                                Remove
                                            </button>
                                        )}
                                    </td>
                                </tr>
                            );
                        })}
                    </tbody>
                </table>
            )}
            {running.map((d) => (
                <DownloadBar key={d.id} progress={d} onCancel={() => void models.cancel(d.id)} />
            ))}
            {overview?.partial.map((p) => (
                <p key={p.fileName} className="partial">
                    Unfinished download: {p.fileName} ({formatBytes(p.downloadedBytes)}). Start the same
                    download again to resume it, or{" "}
                    <button onClick={() => void models.discard(p.fileName).then(models.reload)}>
                        discard it
                    </button>
                    .
                </p>
            ))}
            <h2>Load a file</h2>
            <ModelFilePicker onLoad={(path) => void models.load(path)} />
            <h2>Recommended chat models</h2>
            <RecommendedList models={models} kind="chat" />
            <h2>Recommended embedding models (Documents)</h2>
            <RecommendedList models={models} kind="embedding" />
            <h2>Search Hugging Face</h2>
            <HubSearch models={models} />
            <div className="choices">
                <button data-autofocus onClick={onClose}>
                    Close
                </button>
            </div>
        </Dialog>
    );
}

function BackendReport({
    engine,
    models,
    onUnload,
}: {
    engine: EngineStatus | null;
    models: Models;
    onUnload(): void;
}) {
    if (!engine || engine.state === "no-model" || !engine.modelPath) {
        return <p className="muted">{engine?.message ?? "No model is loaded."}</p>;
    }
    const gpu = engine.gpu;
    return (
        <div className="backend-report" aria-label="Backend report">
            <p>
                <strong>{engine.modelName}</strong> on{" "}
                <strong data-backend={engine.backend}>{(engine.backend ?? "?").toUpperCase()}</strong>
                {gpu ? ` (${gpu.devices.join(", ") || "GPU"})` : ""} · {engine.threads} CPU thread(s) ·
                context {engine.contextSize ?? "?"} tokens
                {engine.weights === "memory" && " · weights read into memory"}
                {engine.weights === "mapped" && " · weights mapped from the file"}
            </p>
            {gpu && (
                <p>
                    {gpu.gpuLayers} of {gpu.totalLayers} layers on the GPU · VRAM{" "}
                    {formatBytes(gpu.vramUsedBytes)} used of {formatBytes(gpu.vramTotalBytes)}
                </p>
            )}
            {engine.message && <p className="note">{engine.message}</p>}
            <DraftPicker models={models} engine={engine} />
            <button onClick={onUnload}>Unload</button>
        </div>
    );
}

const SPECULATION_NAMES = {
    draft: "a draft model guesses ahead",
    lookup: "the answer's own text guesses ahead (input lookup)",
} as const;

/**
 * The loaded model's draft model for speculative decoding: none (input lookup) or an installed model of its
 * vocabulary, smallest first. Choosing one loads the model again with it.
 */
function DraftPicker({models, engine}: {models: Models; engine: EngineStatus}) {
    const modelPath = engine.modelPath!;
    const [choice, setChoice] = useState<DraftChoice | null>(null);
    useEffect(() => {
        void models.drafts(modelPath).then(setChoice);
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [modelPath]);
    const state = engine.speculation ? SPECULATION_NAMES[engine.speculation] : "off (Settings → Engine)";
    return (
        <div className="draft-picker">
            <p>
                Speculative decoding: {state}
                {engine.draftModel && ` (${engine.draftModel.split(/[\\/]/).pop()})`}
            </p>
            {choice && (
                <label>
                    Draft model{" "}
                    <select
                        value={choice.draftPath ?? ""}
                        onChange={(e) =>
                            void models.setDraft(modelPath, e.target.value || null).then(setChoice)
                        }
                    >
                        <option value="">None: input lookup</option>
                        {choice.candidates.map((c, i) => (
                            <option key={c.file} value={c.file}>
                                {c.name} ({formatBytes(c.sizeBytes)}){i === 0 ? ", suggested" : ""}
                            </option>
                        ))}
                        {choice.draftPath && !choice.candidates.some((c) => c.file === choice.draftPath) && (
                            <option value={choice.draftPath}>{choice.draftPath.split(/[\\/]/).pop()}</option>
                        )}
                    </select>
                </label>
            )}
            {choice && (choice.candidates.length > 0 || choice.draftPath) && (
                <p className="muted">
                    A draft model is not always faster: compare the tokens/s in an answer&apos;s details with
                    and without it. Measured with Cairn&apos;s engine (README, Speculative decoding): slower
                    on an H100 GPU even with every guess right, about even on a 2-core CPU.
                </p>
            )}
            {choice && choice.candidates.length === 0 && (
                <p className="muted">
                    No installed model can draft for it: a draft is a smaller model of the same family (the
                    same tokenizer), such as a 0.5B or 1B model beside a 7B one.
                </p>
            )}
        </div>
    );
}

const BACKEND_NAMES = {cpu: "CPU", cuda: "CUDA", vulkan: "Vulkan", metal: "Metal"} as const;

/** The llama.cpp backends this computer can use, the one in use, and how to build a missing one. */
function BackendList({models}: {models: Models}) {
    const [report, setReport] = useState<Backends | null>(null);
    useEffect(() => {
        void models.backends().then(setReport);
        // Once per opening of the screen.
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    if (!report) return null;
    return (
        <ul className="backends" aria-label="Backends">
            {report.backends.map((b) => (
                <li key={b.backend} data-state={b.state}>
                    <strong>{BACKEND_NAMES[b.backend]}</strong> {b.state}
                    {b.reason && <span className="muted">: {b.reason}.</span>}
                    {b.buildCommand && (
                        <>
                            {" "}
                            To build it from source: <code>{b.buildCommand}</code>
                        </>
                    )}
                </li>
            ))}
        </ul>
    );
}
