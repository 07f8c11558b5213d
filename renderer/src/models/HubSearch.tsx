import {useEffect, useState} from "react";
import type {HubFile, HubRepo, HubRepoFiles} from "../../../shared/contract.js";
import {formatBytes} from "../../../shared/format.js";
import {DownloadBar, FitBadge} from "./ModelWidgets.js";
import type {Models} from "./useModels.js";

/** Searching Hugging Face for GGUF models: repositories, then one's quantizations with their fit here. */
export function HubSearch({models}: {models: Models}) {
    const [query, setQuery] = useState("");
    const [results, setResults] = useState<HubRepo[] | null>(null);
    const [searching, setSearching] = useState(false);
    const [open, setOpen] = useState<string | null>(null);
    const search = async () => {
        setSearching(true);
        setOpen(null);
        setResults(await models.searchHub(query.trim()));
        setSearching(false);
    };
    return (
        <section aria-label="Search Hugging Face">
            <form
                className="hub-search"
                role="search"
                onSubmit={(e) => {
                    e.preventDefault();
                    if (query.trim()) void search();
                }}
            >
                <input
                    type="search"
                    aria-label="Search Hugging Face for GGUF models"
                    placeholder="e.g. qwen3, llama 3.2, gemma"
                    value={query}
                    onChange={(e) => setQuery(e.target.value)}
                />
                <button type="submit" disabled={!query.trim() || searching}>
                    {searching ? "Searching…" : "Search"}
                </button>
            </form>
            {results && results.length === 0 && (
                <p className="muted">No GGUF models on Hugging Face match these words.</p>
            )}
            {results && results.length > 0 && (
                <ul className="hub-results" aria-label="Hugging Face results">
                    {results.map((r) => (
                        <li key={r.repo} data-repo={r.repo}>
                            <div className="rec-head">
                                <strong>{r.repo}</strong> {r.vision && <span className="badge">Vision</span>}{" "}
                                {r.gated && <span className="badge">Gated</span>}
                            </div>
                            <div className="muted">
                                {r.downloads.toLocaleString()} downloads · {r.likes} likes · updated{" "}
                                {new Date(r.updatedAt).toLocaleDateString()}
                            </div>
                            <button
                                aria-expanded={open === r.repo}
                                onClick={() => setOpen(open === r.repo ? null : r.repo)}
                            >
                                {open === r.repo ? "Hide files" : "Show files"}
                            </button>
                            {open === r.repo && <RepoFiles models={models} repo={r.repo} />}
                        </li>
                    ))}
                </ul>
            )}
            <HubTokenForm models={models} />
        </section>
    );
}

function RepoFiles({models, repo}: {models: Models; repo: string}) {
    const [files, setFiles] = useState<HubRepoFiles | null | "failed">(null);
    useEffect(() => {
        void models.hubFiles(repo).then((f) => setFiles(f ?? "failed"));
        // Once per opening of the repository.
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [repo]);
    if (files === null) return <p className="muted">Reading the repository's files…</p>;
    if (files === "failed")
        return <p className="muted">The files could not be read (see the message above).</p>;
    return (
        <div className="hub-files">
            {files.notes.map((note) => (
                <p key={note} className="note">
                    {note}
                </p>
            ))}
            {files.license && <p className="muted">Licence: {files.license}</p>}
            {files.files.length > 0 && (
                <table aria-label={`Files of ${repo}`}>
                    <thead>
                        <tr>
                            <th scope="col">Quantization</th>
                            <th scope="col">Size</th>
                            <th scope="col">Fit here</th>
                            <th scope="col">Context</th>
                            <th scope="col">
                                <span className="visually-hidden">Download</span>
                            </th>
                        </tr>
                    </thead>
                    <tbody>
                        {files.files.map((f) => (
                            <FileRow
                                key={f.uri}
                                models={models}
                                file={f}
                                projector={files.projectors[0]?.uri}
                            />
                        ))}
                    </tbody>
                </table>
            )}
        </div>
    );
}

function FileRow({models, file, projector}: {models: Models; file: HubFile; projector?: string}) {
    const [started, setStarted] = useState<string[]>([]);
    const start = async (uri: string) => {
        const res = await models.download(uri);
        if (res) setStarted((s) => [...s, res.downloadId]);
    };
    const parts = file.files.length > 1 ? ` (${file.files.length} parts)` : "";
    return (
        <tr data-quantization={file.quantization}>
            <td>
                {file.quantization}
                {file.recommended && <span className="badge">Recommended</span>}
            </td>
            <td>
                {formatBytes(file.sizeBytes)}
                {parts}
            </td>
            <td>
                <FitBadge fit={file.fit} />
            </td>
            <td>{file.contextTokens ? `up to ${file.contextTokens / 1024}k` : "—"}</td>
            <td>
                {started.length > 0 ? (
                    started.map((id) => {
                        const progress = models.state.downloads[id];
                        return progress ? (
                            <DownloadBar
                                key={id}
                                progress={progress}
                                onCancel={() => void models.cancel(id)}
                            />
                        ) : null;
                    })
                ) : (
                    <button
                        disabled={file.fit.verdict === "too-large"}
                        title={file.fit.summary}
                        aria-label={`Download ${file.quantization}${projector ? " with its projector" : ""}`}
                        onClick={() => {
                            void start(file.uri);
                            if (projector) void start(projector);
                        }}
                    >
                        Download
                    </button>
                )}
            </td>
        </tr>
    );
}

/** The Hugging Face token for gated repositories: stored encrypted, never shown again. */
function HubTokenForm({models}: {models: Models}) {
    const [where, setWhere] = useState<{set: boolean; from: string | null} | null>(null);
    const [token, setToken] = useState("");
    useEffect(() => {
        void models.hubToken().then(setWhere);
        // Once per opening of the screen.
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    const save = async (value: string | null) => {
        if ((await models.setHubToken(value)) === null) return;
        setToken("");
        setWhere(await models.hubToken());
    };
    return (
        <form
            className="hub-token"
            onSubmit={(e) => {
                e.preventDefault();
                void save(token.trim());
            }}
        >
            <label>
                Hugging Face token (for gated models){" "}
                <input
                    type="password"
                    autoComplete="off"
                    placeholder="hf_…"
                    value={token}
                    onChange={(e) => setToken(e.target.value)}
                />
            </label>
            <button type="submit" disabled={!token.trim()}>
                Save token
            </button>
            {where?.from === "stored" && (
                <button type="button" onClick={() => void save(null)}>
                    Forget token
                </button>
            )}
            <span className="muted" role="status">
                {where?.from === "stored" && "A token is stored, encrypted."}
                {where?.from === "HF_TOKEN" && "Using the token in HF_TOKEN."}
            </span>
        </form>
    );
}
