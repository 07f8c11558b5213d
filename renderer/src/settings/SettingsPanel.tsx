import {useCallback, useEffect, useState, type ReactNode} from "react";
import type {
    CairnApi,
    CallReq,
    Conversation,
    EngineSettings,
    Grant,
    SettingsValues,
    ToolInfo,
    ToolPolicy,
    ToolUsage,
} from "../../../shared/contract.js";
import {ApiSettings} from "./ApiSettings.js";
import {NetworkSettings} from "../network/NetworkSettings.js";
import {ProviderSettings} from "../providers/ProviderSettings.js";
import {McpSettings} from "../mcp/McpSettings.js";
import {BackupSettings} from "./BackupSettings.js";
import {DesktopSettings} from "./DesktopSettings.js";
import {MemorySettings} from "../memory/MemorySettings.js";
import {AssistantSettings} from "../assistants/AssistantSettings.js";
import {GenerationForm} from "./GenerationForm.js";
import {SettingsLayout, type SectionId, type SettingsSection} from "./SettingsLayout.js";
import {useTranslation} from "../i18n/index.js";
import {LanguageSetting} from "./LanguageSetting.js";
import {useAutoRead} from "../chat/speech.js";
import {IntegerSetting, UsageTable} from "./SettingsFields.js";

const ENGINE_FIELDS: {
    key: Exclude<keyof EngineSettings, "forceCpu" | "speculativeDecoding">;
    label: string;
    hint: string;
}[] = [
    {key: "gpuLayers", label: "GPU layers", hint: "automatic: as many as fit"},
    {key: "threads", label: "CPU threads", hint: "automatic: cores − 1"},
    {
        key: "contextSize",
        label: "Context size (tokens)",
        hint: "automatic: from the fit estimate, at most 8192",
    },
    {key: "batchSize", label: "Batch size", hint: "automatic"},
];

type Props = {api: CairnApi; conversations: Conversation[]; onClose(): void; onError(message: string): void};

/** Settings: each part of Cairn that can be set, as one page of sections (SettingsLayout). */
export function SettingsPanel({api, conversations, onClose, onError}: Props) {
    const [tools, setTools] = useState<ToolInfo[]>([]);
    const [grants, setGrants] = useState<Grant[]>([]);
    const [usage, setUsage] = useState<ToolUsage[]>([]);
    const [webDefault, setWebDefault] = useState(false);
    const [values, setValues] = useState<SettingsValues | null>(null);
    const saveSettings = async (req: CallReq<"settings.set">) => {
        const res = await api.invoke("settings.set", req);
        if (res.ok) setValues(res.value);
        else onError(res.error.message);
    };

    const reload = useCallback(async () => {
        const [t, g, s, u] = await Promise.all([
            api.invoke("tools.list", {}),
            api.invoke("grants.list", {}),
            api.invoke("settings.get", {}),
            api.invoke("tools.usage", {}),
        ]);
        if (u.ok) setUsage(u.value);
        if (s.ok) {
            setWebDefault(s.value.webAccessDefault);
            setValues(s.value);
        }
        if (t.ok) setTools(t.value);
        else onError(t.error.message);
        if (g.ok) setGrants(g.value);
        else onError(g.error.message);
    }, [api, onError]);

    useEffect(() => {
        void reload();
        // An MCP server's tools come and go as it starts, stops or changes them.
        return api.onEvent((e) => {
            if (e.type === "mcp.changed") void reload();
        });
    }, [api, reload]);

    const setPolicy = async (tool: string, policy: ToolPolicy | null) => {
        const res = await api.invoke("tools.setPolicy", {tool, policy});
        if (res.ok) setTools(res.value);
        else onError(res.error.message);
    };
    const revoke = async (grant: Grant) => {
        const res = await api.invoke("grants.revoke", {
            tool: grant.tool,
            conversationId: grant.conversationId,
        });
        if (!res.ok) onError(res.error.message);
        await reload();
    };
    const conversationTitle = (id: string | null) =>
        id === null
            ? "all conversations"
            : (conversations.find((c) => c.id === id)?.title ?? "a deleted conversation");

    const sections: SettingsSection[] = [
        {
            id: "general",
            content: (
                <Section id="general">
                    <h3>Web access</h3>
                    <label title="Lets the model send search queries and page addresses to the internet.">
                        <input
                            type="checkbox"
                            checked={webDefault}
                            onChange={(e) =>
                                void api
                                    .invoke("settings.set", {webAccessDefault: e.target.checked})
                                    .then((res) => {
                                        if (res.ok) setWebDefault(res.value.webAccessDefault);
                                        else onError(res.error.message);
                                    })
                            }
                        />{" "}
                        On by default for conversations without their own switch
                    </label>
                    <ReadAloudSetting />
                    <LanguageSetting />
                </Section>
            ),
        },
        ...(values
            ? ([
                  {
                      id: "network",
                      content: (
                          <NetworkSettings api={api} values={values} onChange={setValues} onError={onError} />
                      ),
                  },
                  {
                      id: "engine",
                      content: <EngineSettingsSection values={values} onSave={saveSettings} />,
                  },
                  {
                      id: "generation",
                      content: (
                          <Section id="generation">
                              <GenerationForm
                                  value={values.generation}
                                  defaults={values.generation}
                                  onChange={(next) => void saveSettings({generation: next})}
                              />
                          </Section>
                      ),
                  },
                  {
                      id: "workspace",
                      content: (
                          <Section id="workspace">
                              <WorkspaceField
                                  value={values.workspaceRoot}
                                  onSave={(folder) => void saveSettings({workspaceRoot: folder})}
                              />
                              <IntegerSetting
                                  label="Steps a plan may have, at most"
                                  min={1}
                                  max={12}
                                  value={values.planMaxSteps}
                                  onSave={(planMaxSteps) => void saveSettings({planMaxSteps})}
                              />
                          </Section>
                      ),
                  },
              ] satisfies SettingsSection[])
            : []),
        {
            id: "tools",
            content: (
                <Section id="tools">
                    {values && (
                        <>
                            <IntegerSetting
                                label="Share of the context for tool definitions, in percent"
                                min={5}
                                max={75}
                                value={values.toolShare}
                                onSave={(toolShare) => void saveSettings({toolShare})}
                            />
                            <p className="hint">
                                When the tools on in a conversation take more, each question is offered
                                Cairn&apos;s own tools, the pinned ones and the most relevant; the model finds
                                the others with find_tools.
                            </p>
                        </>
                    )}
                    <ToolPolicies tools={tools} onPolicy={(tool, policy) => void setPolicy(tool, policy)} />
                    <h3>Tool use, last 30 days</h3>
                    <UsageTable usage={usage} />
                    <h3>Approvals you granted</h3>
                    {grants.length === 0 ? (
                        <p className="muted">None.</p>
                    ) : (
                        <ul className="grants">
                            {grants.map((g) => (
                                <li key={`${g.tool}-${g.conversationId ?? "*"}`}>
                                    <code>{g.tool}</code> in {conversationTitle(g.conversationId)}{" "}
                                    <button onClick={() => void revoke(g)} aria-label={`Revoke ${g.tool}`}>
                                        Revoke
                                    </button>
                                </li>
                            ))}
                        </ul>
                    )}
                </Section>
            ),
        },
        {id: "mcp", content: <McpSettings api={api} onError={onError} />},
        {id: "api", content: <ApiSettings api={api} onError={onError} />},
        {
            id: "providers",
            content: <ProviderSettings api={api} onError={onError} />,
        },
        {
            id: "assistants",
            content: <AssistantSettings api={api} onError={onError} />,
        },
        {id: "memory", content: <MemorySettings api={api} onError={onError} />},
        {id: "backups", content: <BackupSettings api={api} onError={onError} />},
        {id: "desktop", content: <DesktopSettings api={api} />},
    ];
    return <SettingsLayout sections={sections} onClose={onClose} />;
}

/** A section of Settings made here: a region named by its heading. */
function Section({id, children}: {id: SectionId; children: ReactNode}) {
    const {t} = useTranslation();
    return (
        <section aria-labelledby={`${id}-heading`}>
            <h2 id={`${id}-heading`}>{t(`settings.section.${id}`)}</h2>
            {children}
        </section>
    );
}

/** How the model runs: CPU only, speculative decoding, and the engine's sizes (automatic when empty). */
function EngineSettingsSection({
    values,
    onSave,
}: {
    values: SettingsValues;
    onSave(req: CallReq<"settings.set">): Promise<void>;
}) {
    return (
        <Section id="engine">
            <p className="muted">Applies the next time a model is loaded.</p>
            <label>
                <input
                    type="checkbox"
                    checked={values.engine.forceCpu}
                    onChange={(e) => void onSave({engine: {forceCpu: e.target.checked}})}
                />{" "}
                Run on the CPU only (no GPU)
            </label>
            <label title="A draft model (chosen per model in Models) or the answer's own text guesses the next tokens, and the model checks them in one go: the same answer, sooner when the guesses are right.">
                <input
                    type="checkbox"
                    checked={values.engine.speculativeDecoding}
                    onChange={(e) => void onSave({engine: {speculativeDecoding: e.target.checked}})}
                />{" "}
                Speculative decoding (guess ahead, then check)
            </label>
            <div className="generation-grid">
                {ENGINE_FIELDS.map((f) => (
                    <label key={f.key}>
                        {f.label}
                        <input
                            type="number"
                            aria-label={f.label}
                            placeholder={f.hint}
                            title={f.hint}
                            value={values.engine[f.key] ?? ""}
                            onChange={(e) =>
                                void onSave({
                                    engine: {[f.key]: e.target.value === "" ? null : Number(e.target.value)},
                                })
                            }
                        />
                    </label>
                ))}
            </div>
        </Section>
    );
}

/** Each tool's policy: ask first, allow, or deny. */
function ToolPolicies({
    tools,
    onPolicy,
}: {
    tools: ToolInfo[];
    onPolicy(tool: string, policy: ToolPolicy): void;
}) {
    return (
        <table>
            <thead>
                <tr>
                    <th>Tool</th>
                    <th>Source</th>
                    <th>Side effect</th>
                    <th>Policy</th>
                </tr>
            </thead>
            <tbody>
                {tools.map((t) => (
                    <tr key={t.name} data-tool={t.name}>
                        <td title={t.description}>
                            <code>{t.name}</code>
                            {!t.enabled && " (disabled)"}
                        </td>
                        <td>{t.source}</td>
                        <td>{t.sideEffect}</td>
                        <td>
                            <select
                                aria-label={`Policy for ${t.name}`}
                                value={t.policy}
                                onChange={(e) => onPolicy(t.name, e.target.value as ToolPolicy)}
                            >
                                <option value="ask">Ask first</option>
                                <option value="allow">Allow</option>
                                <option value="deny">Deny</option>
                            </select>
                        </td>
                    </tr>
                ))}
            </tbody>
        </table>
    );
}

/** The folder the file tools work in when a conversation has none of its own (agent mode). */
export function WorkspaceField({
    value,
    onSave,
    label = "Workspace folder for file tools (agent mode)",
}: {
    value: string | null;
    onSave(folder: string | null): void;
    label?: string;
}) {
    const [text, setText] = useState(value ?? "");
    useEffect(() => setText(value ?? ""), [value]);
    return (
        <div className="workspace-field">
            <label>
                {label}
                <input
                    type="text"
                    value={text}
                    placeholder="default: the workspace folder in Cairn's data folder"
                    onChange={(e) => setText(e.target.value)}
                    spellCheck={false}
                />
            </label>
            <button onClick={() => onSave(text.trim() || null)} disabled={(value ?? "") === text.trim()}>
                Use this folder
            </button>
            {value && <button onClick={() => onSave(null)}>Use the default</button>}
        </div>
    );
}

/** Reading answers aloud as they end: this window's choice (the system's voices speak it). */
function ReadAloudSetting() {
    const [auto, setAuto] = useAutoRead();
    return (
        <>
            <h3>Read aloud</h3>
            <label title="Uses the system's own voices; code blocks are skipped. Each answer has its own Read aloud button too.">
                <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} /> Read each
                answer aloud when it is done (in this window)
            </label>
        </>
    );
}
