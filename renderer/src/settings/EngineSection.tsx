import {FLASH_ATTENTION_MODES, TOOL_CALL_SETTINGS} from "../../../shared/choices.js";
import type {CallReq, EngineSettings, FlashAttention, SettingsValues} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";
import {Select} from "../ui/Select.js";
import {Switch} from "../ui/Switch.js";
import {Section} from "./SettingsLayout.js";

/** The engine's sizes, each with its words (settingsPanel.engineField.<key> and <key>Hint). */
const ENGINE_FIELDS: Exclude<
    keyof EngineSettings,
    "forceCpu" | "speculativeDecoding" | "flashAttention" | "toolCalls" | "buildEngine"
>[] = ["gpuLayers", "threads", "contextSize", "batchSize"];

/** How the model runs: CPU only, speculative decoding, and the engine's sizes (automatic when empty). */
export function EngineSettingsSection({
    values,
    onSave,
}: {
    values: SettingsValues;
    onSave: (req: CallReq<"settings.set">) => Promise<void>;
}) {
    const {t} = useTranslation();
    return (
        <Section id="engine">
            <p className="muted">{t("settingsPanel.engineApplies")}</p>
            <Switch checked={values.engine.forceCpu} onChange={(on) => void onSave({engine: {forceCpu: on}})}>
                {t("settingsPanel.cpuOnly")}
            </Switch>
            <Switch
                checked={values.engine.buildEngine}
                onChange={(on) => void onSave({engine: {buildEngine: on}})}
            >
                {t("settingsPanel.buildEngine")}
            </Switch>
            <Switch
                title={t("settingsPanel.speculativeHint")}
                checked={values.engine.speculativeDecoding}
                onChange={(on) => void onSave({engine: {speculativeDecoding: on}})}
            >
                {t("settingsPanel.speculative")}
            </Switch>
            {/* Its own line: after the switches above, not run on after their words. */}
            <div>
                <label title={t("settingsPanel.flashAttentionHint")}>
                    {t("settingsPanel.flashAttention")}{" "}
                    <Select
                        value={values.engine.flashAttention}
                        onChange={(mode) => void onSave({engine: {flashAttention: mode as FlashAttention}})}
                        choices={FLASH_ATTENTION_MODES.map((mode) => ({
                            value: mode,
                            label: t(`settingsPanel.flashAttentionMode.${mode}`),
                        }))}
                    />
                </label>
            </div>
            <div>
                <label title={t("settingsPanel.toolCallsHint")}>
                    {t("settingsPanel.toolCalls")}{" "}
                    <Select
                        value={values.engine.toolCalls}
                        onChange={(way) => {
                            const toolCalls = TOOL_CALL_SETTINGS.find((choice) => choice === way);
                            if (toolCalls) void onSave({engine: {toolCalls}});
                        }}
                        choices={TOOL_CALL_SETTINGS.map((way) => ({
                            value: way,
                            label: t(`settingsPanel.toolCallsMode.${way}`),
                        }))}
                    />
                </label>
            </div>
            <div className="generation-grid">
                {ENGINE_FIELDS.map((key) => (
                    <label key={key}>
                        {t(`settingsPanel.engineField.${key}`)}
                        <input
                            type="number"
                            aria-label={t(`settingsPanel.engineField.${key}`)}
                            placeholder={t(`settingsPanel.engineField.${key}Hint`)}
                            title={t(`settingsPanel.engineField.${key}Hint`)}
                            value={values.engine[key] ?? ""}
                            onChange={(e) =>
                                void onSave({
                                    engine: {[key]: e.target.value === "" ? null : Number(e.target.value)},
                                })
                            }
                        />
                    </label>
                ))}
            </div>
        </Section>
    );
}
