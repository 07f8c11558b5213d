import {useEffect, useState} from "react";
import type {HubFile, HubRepo, HubRepoFiles} from "../../../shared/contract.js";
import {formatBytes} from "../../../shared/format.js";
import {DownloadBar} from "./ModelWidgets.js";
import {FitBadge, fitSummary} from "../ui/FitBadge.js";
import type {Models} from "./useModels.js";
import {useTranslation} from "../i18n/index.js";
import {useOfflineNote} from "../ui/offlineNote.js";

/** Searching Hugging Face for GGUF models: repositories, then one's quantizations with their fit here. */
export function HubSearch({models}: {models: Models}) {
    const [query, setQuery] = useState("");
    const [results, setResults] = useState<HubRepo[] | null>(null);
    const [searching, setSearching] = useState(false);
    const [open, setOpen] = useState<string | null>(null);
    const offline = useOfflineNote();
    const {t, i18n} = useTranslation();
    const search = async () => {
        setSearching(true);
        setOpen(null);
        setResults(await models.searchHub(query.trim()));
        setSearching(false);
    };
    return (
        <section aria-label={t("modelsPanel.searchHub")}>
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
                    aria-label={t("hubSearch.inputLabel")}
                    placeholder={t("hubSearch.placeholder")}
                    value={query}
                    onChange={(e) => setQuery(e.target.value)}
                />
                <button type="submit" disabled={!query.trim() || searching} {...offline.off}>
                    {t(searching ? "hubSearch.searching" : "hubSearch.search")}
                </button>
            </form>
            {results && results.length === 0 && <p className="muted">{t("hubSearch.noResults")}</p>}
            {results && results.length > 0 && (
                <ul className="hub-results" aria-label={t("hubSearch.results")}>
                    {results.map((r) => (
                        <li key={r.repo} data-repo={r.repo}>
                            <div className="rec-head">
                                <strong>{r.repo}</strong>{" "}
                                {r.vision && <span className="badge">{t("hubSearch.vision")}</span>}{" "}
                                {r.gated && <span className="badge">{t("hubSearch.gated")}</span>}
                            </div>
                            <div className="muted">
                                {t("hubSearch.stats", {
                                    downloads: r.downloads.toLocaleString(i18n.language),
                                    likes: r.likes.toLocaleString(i18n.language),
                                    date: new Date(r.updatedAt).toLocaleDateString(i18n.language),
                                })}
                            </div>
                            <button
                                aria-expanded={open === r.repo}
                                onClick={() => setOpen(open === r.repo ? null : r.repo)}
                            >
                                {t(open === r.repo ? "hubSearch.hideFiles" : "hubSearch.showFiles")}
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
    const {t} = useTranslation();
    const [files, setFiles] = useState<HubRepoFiles | null | "failed">(null);
    useEffect(() => {
        void models.hubFiles(repo).then((f) => setFiles(f ?? "failed"));
        // Once per opening of the repository.
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [repo]);
    if (files === null) return <p className="muted">{t("hubSearch.readingFiles")}</p>;
    if (files === "failed") return <p className="muted">{t("hubSearch.filesFailed")}</p>;
    return (
        <div className="hub-files">
            {files.notes.map((note) => (
                <p key={note} className="note">
                    {note}
                </p>
            ))}
            {files.license && <p className="muted">{t("hubSearch.licence", {license: files.license})}</p>}
            {files.files.length > 0 && (
                <table aria-label={t("hubSearch.filesOf", {repo})}>
                    <thead>
                        <tr>
                            <th scope="col">{t("hubSearch.quantization")}</th>
                            <th scope="col">{t("hubSearch.size")}</th>
                            <th scope="col">{t("hubSearch.fit")}</th>
                            <th scope="col">{t("hubSearch.context")}</th>
                            <th scope="col">
                                <span className="visually-hidden">{t("hubSearch.download")}</span>
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
    const {t} = useTranslation();
    const [started, setStarted] = useState<string[]>([]);
    const start = async (uri: string) => {
        const res = await models.download(uri);
        if (res) setStarted((s) => [...s, res.downloadId]);
    };
    const parts = file.files.length > 1 ? ` ${t("hubSearch.parts", {count: file.files.length})}` : "";
    return (
        <tr data-quantization={file.quantization}>
            <td>
                {file.quantization}
                {file.recommended && <span className="badge">{t("hubSearch.recommended")}</span>}
            </td>
            <td>
                {formatBytes(file.sizeBytes)}
                {parts}
            </td>
            <td>
                <FitBadge fit={file.fit} />
            </td>
            <td>{file.contextTokens ? t("hubSearch.upTo", {size: file.contextTokens / 1024}) : "—"}</td>
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
                        title={fitSummary(file.fit, t)}
                        aria-label={t(
                            projector ? "hubSearch.downloadWithProjector" : "hubSearch.downloadOne",
                            {
                                quantization: file.quantization,
                            },
                        )}
                        onClick={() => {
                            void start(file.uri);
                            if (projector) void start(projector);
                        }}
                    >
                        {t("hubSearch.download")}
                    </button>
                )}
            </td>
        </tr>
    );
}

/** How a Hugging Face token starts (the same in every language). */
const TOKEN_SHAPE = "hf_…";

/** The Hugging Face token for gated repositories: stored encrypted, never shown again. */
function HubTokenForm({models}: {models: Models}) {
    const [where, setWhere] = useState<{set: boolean; from: string | null} | null>(null);
    const [token, setToken] = useState("");
    const {t} = useTranslation();
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
                {t("hubSearch.tokenLabel")}{" "}
                <input
                    type="password"
                    autoComplete="off"
                    placeholder={TOKEN_SHAPE}
                    value={token}
                    onChange={(e) => setToken(e.target.value)}
                />
            </label>
            <button type="submit" disabled={!token.trim()}>
                {t("hubSearch.saveToken")}
            </button>
            {where?.from === "stored" && (
                <button type="button" onClick={() => void save(null)}>
                    {t("hubSearch.forgetToken")}
                </button>
            )}
            <span className="muted" role="status">
                {where?.from === "stored" && t("hubSearch.tokenStored")}
                {where?.from === "HF_TOKEN" && t("hubSearch.tokenFromEnv")}
            </span>
        </form>
    );
}
