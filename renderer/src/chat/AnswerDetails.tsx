import type {TurnStats} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";

// An answer's details under it: what the model thought, and the counters of the answer.

/** What the model thought before answering: folded, "Thinking…" while it thinks, then "Thought for 12 s". */
export function Thought({text, ms, thinking}: {text: string; ms: number | null; thinking: boolean}) {
    const {t, i18n} = useTranslation();
    if (!text) return null;
    const label = thinking
        ? t("answer.thinking")
        : ms === null
          ? t("answer.thought")
          : t("answer.thoughtFor", {seconds: formatSeconds(ms, i18n.language)});
    return (
        <details className="thought">
            <summary>{label}</summary>
            <p className="plain">{text.trim()}</p>
        </details>
    );
}

/** Seconds with one decimal under 10 s, whole above, as the language writes numbers (4.2, 4,2). */
function formatSeconds(ms: number, language: string): string {
    const digits = ms < 10_000 ? 1 : 0;
    return new Intl.NumberFormat(language, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
    }).format(ms / 1000);
}

export function StatsDetails({stats, model}: {stats: TurnStats; model: string | null}) {
    const {t} = useTranslation();
    const speed = stats.tokensPerSecond?.toFixed(1);
    const firstMs = stats.timeToFirstTokenMs === null ? null : Math.round(stats.timeToFirstTokenMs);
    const drafted = stats.draftedTokens;
    const kept = stats.acceptedTokens ?? 0;
    return (
        <details className="stats">
            <summary>
                {t("answer.tokens", {count: stats.completionTokens})}
                {stats.thoughtTokens > 0 && ` · ${t("answer.thinkingTokens", {count: stats.thoughtTokens})}`}
                {speed !== undefined && ` · ${t("answer.speed", {speed})}`}
                {firstMs !== null && ` · ${t("answer.firstToken", {ms: firstMs})}`}
            </summary>
            <dl>
                <dt>{t("answer.model")}</dt>
                <dd data-stat="model">{model ?? "—"}</dd>
                <dt>{t("answer.prompt")}</dt>
                <dd data-stat="prompt">{stats.promptTokens}</dd>
                <dt>{t("answer.reused")}</dt>
                <dd data-stat="reused">{stats.reusedTokens}</dd>
                <dt>{t("answer.generated")}</dt>
                <dd data-stat="generated">{stats.completionTokens}</dd>
                <dt>{t("answer.thoughtTokens")}</dt>
                <dd data-stat="thought">{stats.thoughtTokens}</dd>
                <dt>{t("answer.ttft")}</dt>
                <dd>{firstMs === null ? "—" : `${firstMs} ms`}</dd>
                <dt>{t("answer.speedLabel")}</dt>
                <dd>{speed === undefined ? "—" : t("answer.speedValue", {speed})}</dd>
                {drafted !== undefined && (
                    <>
                        <dt>{t("answer.drafted")}</dt>
                        <dd data-stat="drafted">
                            {t("answer.draftedValue", {
                                kept,
                                drafted,
                                percent: Math.round((100 * kept) / Math.max(1, drafted)),
                            })}
                        </dd>
                    </>
                )}
                {stats.toolsOffered && (
                    <>
                        <dt>{t("answer.tools")}</dt>
                        <dd data-stat="tools">{stats.toolsOffered}</dd>
                    </>
                )}
            </dl>
        </details>
    );
}
