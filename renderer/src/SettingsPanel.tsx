import {useCallback, useEffect, useState} from "react";
import type {
    CairnApi,
    CallReq,
    Conversation,
    Grant,
    SettingsValues,
    ToolInfo,
    ToolPolicy,
    ToolUsage,
} from "../../shared/contract.js";
import {ApiSettings} from "./settings/ApiSettings.js";
import {NetworkSettings} from "./network/NetworkSettings.js";
import {ProviderSettings} from "./providers/ProviderSettings.js";
import {McpSettings} from "./mcp/McpSettings.js";
import {BackupSettings} from "./settings/BackupSettings.js";
import {DesktopSettings} from "./settings/DesktopSettings.js";
import {MemorySettings} from "./memory/MemorySettings.js";
import {AssistantSettings} from "./assistants/AssistantSettings.js";
import {GenerationForm} from "./ui/GenerationForm.js";
import {Section, SettingsLayout, type SettingsSection} from "./settings/SettingsLayout.js";
import {EngineSettingsSection} from "./settings/EngineSection.js";
import {ToolPolicies} from "./settings/ToolPolicies.js";
import {SkillSettings} from "./settings/SkillSettings.js";
import {useTranslation} from "./i18n/index.js";
import {LanguageSetting} from "./settings/LanguageSetting.js";
import {useAutoRead} from "./chat/speech.js";
import {IntegerSetting, UsageTable} from "./settings/SettingsFields.js";
import {Switch} from "./ui/Switch.js";
import {WorkspaceField} from "./ui/WorkspaceField.js";
import {useAssistants} from "./assistants/useAssistants.js";
import {useProjects} from "./projects/useProjects.js";

type Props = {
    api: CairnApi;
    conversations: Conversation[];
    onClose: () => void;
    onError: (message: string) => void;
};

/** Settings: each part of Cairn that can be set, as one page of sections (SettingsLayout). */
export function SettingsPanel({api, conversations, onClose, onError}: Props) {
    const {t} = useTranslation();
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
            ? t("settingsPanel.grantEverywhere")
            : t("settingsPanel.grantIn", {
                  where:
                      conversations.find((c) => c.id === id)?.title ?? t("settingsPanel.deletedConversation"),
              });

    const sections: SettingsSection[] = [
        {
            id: "general",
            content: (
                <Section id="general">
                    <h3>{t("settingsPanel.webAccess")}</h3>
                    <Switch
                        title={t("settingsPanel.webHint")}
                        checked={webDefault}
                        onChange={(on) =>
                            void api.invoke("settings.set", {webAccessDefault: on}).then((res) => {
                                if (res.ok) setWebDefault(res.value.webAccessDefault);
                                else onError(res.error.message);
                            })
                        }
                    >
                        {t("settingsPanel.webDefault")}
                    </Switch>
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
                                  label={t("settingsPanel.planSteps")}
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
                                label={t("settingsPanel.toolShare")}
                                min={5}
                                max={75}
                                value={values.toolShare}
                                onSave={(toolShare) => void saveSettings({toolShare})}
                            />
                            <p className="hint">{t("settingsPanel.toolShareHint")}</p>
                            <IntegerSetting
                                label={t("settingsPanel.runCodeSeconds")}
                                min={1}
                                max={600}
                                value={values.runCodeSeconds}
                                onSave={(runCodeSeconds) => void saveSettings({runCodeSeconds})}
                            />
                        </>
                    )}
                    <ToolPolicies tools={tools} onPolicy={(tool, policy) => void setPolicy(tool, policy)} />
                    <h3>{t("settingsPanel.usage")}</h3>
                    <UsageTable usage={usage} />
                    <h3>{t("settingsPanel.grants")}</h3>
                    {grants.length === 0 ? (
                        <p className="muted">{t("settingsPanel.none")}</p>
                    ) : (
                        <ul className="grants">
                            {grants.map((g) => (
                                <li key={`${g.tool}-${g.conversationId ?? "*"}`}>
                                    <code>{g.tool}</code> {conversationTitle(g.conversationId)}{" "}
                                    <button
                                        onClick={() => void revoke(g)}
                                        aria-label={t("settingsPanel.revokeTool", {tool: g.tool})}
                                    >
                                        {t("settingsPanel.revoke")}
                                    </button>
                                </li>
                            ))}
                        </ul>
                    )}
                </Section>
            ),
        },
        {id: "skills", content: <SkillSettings api={api} onError={onError} />},
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
        {id: "memory", content: <MemoryPane api={api} onError={onError} />},
        {id: "backups", content: <BackupSettings api={api} onError={onError} />},
        {id: "desktop", content: <DesktopSettings api={api} />},
    ];
    return <SettingsLayout sections={sections} onClose={onClose} />;
}

/** Reading answers aloud as they end: this window's choice (the system's voices speak it). */
function ReadAloudSetting() {
    const {t} = useTranslation();
    const [auto, setAuto] = useAutoRead();
    return (
        <>
            <h3>{t("settingsPanel.readAloud")}</h3>
            <Switch title={t("settingsPanel.readAloudHint")} checked={auto} onChange={setAuto}>
                {t("settingsPanel.readAloudAuto")}
            </Switch>
        </>
    );
}

/** Settings' "Memory", with the assistants and projects its memories may belong to. */
function MemoryPane({api, onError}: {api: CairnApi; onError: (message: string) => void}) {
    const assistants = useAssistants(api);
    const projects = useProjects(api);
    return <MemorySettings api={api} onError={onError} assistants={assistants} projects={projects} />;
}
