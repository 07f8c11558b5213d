import {useState} from "react";
import * as Tabs from "@radix-ui/react-tabs";
import type {EngineStatus} from "../../../shared/contract.js";
import {RecommendedList} from "./ModelWidgets.js";
import {HubSearch} from "./HubSearch.js";
import {InstalledModels} from "./InstalledModels.js";
import {EngineTab} from "./EngineTab.js";
import type {Models} from "./useModels.js";
import {useTranslation} from "../i18n/index.js";
import {useOfflineNote} from "../ui/offlineNote.js";
import {Page} from "../ui/Page.js";

type Props = {
    models: Models;
    engine: EngineStatus | null;
    /** The tab it opens on. */
    tab?: ModelsTab;
    onClose: () => void;
};

/** The Models screen's tabs, in their order. */
const TABS = ["installed", "find", "engine"] as const;
export type ModelsTab = (typeof TABS)[number];

/**
 * Models as a screen over the window, in three tabs: the models installed, finding more (Hugging Face search and
 * recommendations with their fit here), and the engine that runs them. Every tab stays mounted while the screen
 * is open, so that a search, a download's progress or a test is still there after a look at another tab.
 */
export function ModelsPanel({models, engine, tab: opening = "installed", onClose}: Props) {
    const {t} = useTranslation();
    const [tab, setTab] = useState<ModelsTab>(opening);
    const offline = useOfflineNote().note;
    return (
        <Page
            title={t("modelsPanel.title")}
            close={t("modelsPanel.close")}
            onClose={onClose}
            className="models"
        >
            <Tabs.Root
                className="tabs"
                value={tab}
                onValueChange={(value) => setTab(TABS.find((id) => id === value) ?? "installed")}
            >
                <Tabs.List className="tab-list" aria-label={t("modelsPanel.tabs")}>
                    {TABS.map((id) => (
                        <Tabs.Trigger
                            key={id}
                            value={id}
                            className="tab"
                            data-autofocus={id === tab || undefined}
                        >
                            {t(`modelsPanel.tab.${id}`)}
                        </Tabs.Trigger>
                    ))}
                </Tabs.List>
                <div className="tab-panels">
                    <Tabs.Content value="installed" forceMount hidden={tab !== "installed"}>
                        <InstalledModels models={models} engine={engine} onFind={() => setTab("find")} />
                    </Tabs.Content>
                    <Tabs.Content value="find" forceMount hidden={tab !== "find"}>
                        {offline}
                        <h2>{t("modelsPanel.searchHub")}</h2>
                        <HubSearch models={models} />
                        <h2>{t("modelsPanel.recommendedChat")}</h2>
                        <RecommendedList models={models} kind="chat" />
                        <h2>{t("modelsPanel.recommendedEmbedding")}</h2>
                        <RecommendedList models={models} kind="embedding" />
                        <h2>{t("modelsPanel.recommendedSpeech")}</h2>
                        <RecommendedList models={models} kind="speech" />
                    </Tabs.Content>
                    <Tabs.Content value="engine" forceMount hidden={tab !== "engine"}>
                        <EngineTab models={models} engine={engine} />
                    </Tabs.Content>
                </div>
            </Tabs.Root>
        </Page>
    );
}
