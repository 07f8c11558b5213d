import type {TurnsSummary} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";

/**
 * Where a conversation was compacted: a folded "earlier turns summarized" block after the last message it
 * stands for; opened, the summary the model reads in their place, who wrote it and why.
 */
export function SummaryFold({summary}: {summary: TurnsSummary}) {
    const {t} = useTranslation();
    const model = summary.model ?? "Cairn";
    return (
        <details className="summary-fold">
            <summary>{t("message.summarized", {count: summary.covers})}</summary>
            <p className="summary-text" dir="auto">
                {summary.text}
            </p>
            <p className="summary-why">
                {t(summary.origin === "auto" ? "message.summaryAuto" : "message.summaryManual", {model})}
            </p>
        </details>
    );
}
