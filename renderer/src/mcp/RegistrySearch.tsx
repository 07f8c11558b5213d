import {useState} from "react";
import type {CairnApi, CallRes, RegistryServer} from "../../../shared/contract.js";
import {sayError, useTranslation} from "../i18n/index.js";
import {freeName} from "../../../shared/mcpNames.js";
import {filledIn, SettingFields, type SettingValues} from "./SettingFields.js";

type Props = {
    api: CairnApi;
    /** The names of the servers already set up: a server found is added beside them, never over one. */
    taken: string[];
    onStatus: (res: CallRes<"mcp.list">) => void;
};

/**
 * The official MCP registry, searched from Settings (online only: offline, the core says so): each server
 * found with what it is and an Add button; one whose package asks for settings (an API key) asks first.
 */
export function RegistrySearch({api, taken, onStatus}: Props) {
    const {t} = useTranslation();
    const [query, setQuery] = useState("");
    const [found, setFound] = useState<RegistryServer[] | null>(null);
    const [problem, setProblem] = useState<string | null>(null);
    const [searching, setSearching] = useState(false);
    const search = async () => {
        setSearching(true);
        const res = await api.invoke("mcp.registry", {query: query.trim()});
        setSearching(false);
        setFound(res.ok ? res.value : null);
        setProblem(res.ok ? null : sayError(res.error));
    };
    return (
        <details className="mcp-registry">
            <summary>{t("mcpSettings.registry")}</summary>
            <form
                role="search"
                className="mcp-add"
                onSubmit={(e) => {
                    e.preventDefault();
                    void search();
                }}
            >
                <input
                    type="search"
                    value={query}
                    maxLength={200}
                    aria-label={t("mcpSettings.registryQuery")}
                    onChange={(e) => setQuery(e.target.value)}
                />
                <button type="submit" disabled={searching}>
                    {searching ? t("mcpSettings.registrySearching") : t("mcpSettings.registrySearch")}
                </button>
            </form>
            {problem && (
                <p className="problem" role="alert">
                    {problem}
                </p>
            )}
            {found &&
                (found.length === 0 ? (
                    <p role="status">{t("mcpSettings.registryNone")}</p>
                ) : (
                    <ul className="mcp-found" aria-label={t("mcpSettings.registryFound")}>
                        {found.map((server) => (
                            <Found
                                key={server.name}
                                api={api}
                                taken={taken}
                                server={server}
                                onStatus={onStatus}
                            />
                        ))}
                    </ul>
                ))}
        </details>
    );
}

/** One server found: added at once, or after its settings are filled in; added, it shows in the list above. */
function Found({api, taken, server, onStatus}: Props & {server: RegistryServer}) {
    const {t} = useTranslation();
    const [asking, setAsking] = useState(false);
    const [values, setValues] = useState<SettingValues>({});
    const [problem, setProblem] = useState<string | null>(null);
    /** The name it was added under. */
    const [added, setAdded] = useState<string | null>(null);
    const add = async () => {
        // mcp.add replaces a server given again under its name: one already set up (its settings, its
        // secrets) is kept, and the one found takes a free name beside it.
        const name = freeName(server.local, taken);
        const res = await api.invoke("mcp.add", {json: entryJson(server, name, filledIn(values))});
        setProblem(res.ok ? null : sayError(res.error));
        if (!res.ok) return;
        setAdded(name);
        setAsking(false);
        onStatus(res);
    };
    return (
        <li className="mcp-found-server" data-server={server.name}>
            <div className="mcp-head">
                <strong>{server.name}</strong>
                <span className="mcp-state">{server.version}</span>
            </div>
            <p>{server.description}</p>
            {problem && (
                <p className="problem" role="alert">
                    {problem}
                </p>
            )}
            {!server.entry ? (
                <p className="hint">{t("mcpSettings.registryNoWay")}</p>
            ) : added ? (
                <p role="status">{t("mcpSettings.registryAdded", {name: added})}</p>
            ) : asking ? (
                <form
                    className="mcp-bundle"
                    aria-label={t("mcpSettings.registrySettingsOf", {name: server.local})}
                    onSubmit={(e) => {
                        e.preventDefault();
                        void add();
                    }}
                >
                    <SettingFields settings={server.settings} values={values} onChange={setValues} />
                    <div className="mcp-add">
                        <button type="submit" className="primary">
                            {t("mcpSettings.registryAdd")}
                        </button>
                        <button type="button" onClick={() => setAsking(false)}>
                            {t("mcpSettings.cancel")}
                        </button>
                    </div>
                </form>
            ) : (
                <button
                    aria-label={t("mcpSettings.registryAddOf", {name: server.name})}
                    onClick={() => (server.settings.length ? setAsking(true) : void add())}
                >
                    {t("mcpSettings.registryAdd")}
                </button>
            )}
        </li>
    );
}

/** What mcp.add gets: the server's entry under `name`, the settings given as its environment. */
function entryJson(server: RegistryServer, name: string, values: SettingValues): string {
    const entry = {...server.entry, ...(Object.keys(values).length ? {env: values} : {})};
    return JSON.stringify({mcpServers: {[name]: entry}});
}
