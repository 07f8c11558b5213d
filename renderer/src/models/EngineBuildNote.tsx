import type {EngineBuildStatus} from "../../../shared/contract.js";
import {sayCore, useTranslation} from "../i18n/index.js";

/** The core's words (a clause, as the doctor's lines use them) as a sentence of their own. */
const sentence = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

const SAID = {prebuilt: "prebuilt", off: "off", building: "building", "built-here": "builtHere"} as const;

/**
 * Cairn's engine for this processor (main/llm/backgroundBuild.ts): the prebuilt binaries, a build under way
 * with its progress, built, or why it cannot be (no compiler, a failed build), in the window's language.
 */
export function EngineBuildNote({build}: {build: EngineBuildStatus | null}) {
    const {t} = useTranslation();
    if (!build) return null;
    const key = build.state === "failed" || build.state === "no-compiler" ? null : SAID[build.state];
    return (
        <section className="engine-build" aria-labelledby="engine-build-title" data-state={build.state}>
            <h2 id="engine-build-title">{t("modelsPanel.engineBuild.title")}</h2>
            <p className={build.state === "failed" ? "note" : undefined}>
                {key
                    ? t(`modelsPanel.engineBuild.${key}`, {percent: build.percent ?? 0})
                    : build.words && sentence(sayCore("", build.words))}
            </p>
            {build.state === "building" && (
                <progress
                    max={100}
                    value={build.percent ?? 0}
                    aria-label={t("modelsPanel.engineBuild.progress")}
                />
            )}
        </section>
    );
}
