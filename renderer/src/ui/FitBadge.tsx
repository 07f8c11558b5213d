import type {FitEstimate} from "../../../shared/contract.js";
import {formatBytes} from "../../../shared/format.js";
import {useTranslation, type TFunction} from "../i18n/index.js";

/** The words of each fit verdict (t(FIT_KEY[verdict])). */
export const FIT_KEY = {
    vram: "modelWidgets.fit.vram",
    ram: "modelWidgets.fit.ram",
    "too-large": "modelWidgets.fit.tooLarge",
} as const satisfies Record<FitEstimate["verdict"], string>;

export function FitBadge({fit}: {fit: FitEstimate}) {
    const {t} = useTranslation();
    const basis = fit.basis === "size" ? t("modelWidgets.estimated") : "";
    return (
        <span className={`fit fit-${fit.verdict}`} title={fitSummary(fit, t) + basis} data-fit={fit.verdict}>
            {t(FIT_KEY[fit.verdict])}
        </span>
    );
}

/**
 * A fit in one line, in the window's language, from its numbers: where the model fits, what it needs at which
 * context, and what is free ("fits in RAM (CPU): needs 5.9 MiB RAM at 2048 tokens of context; 22.5 GiB RAM free").
 */
export function fitSummary(fit: FitEstimate, t: TFunction): string {
    const where =
        fit.verdict === "vram"
            ? t("modelWidgets.fitWhereVram")
            : fit.verdict === "too-large"
              ? t("modelWidgets.fitWhereTooLarge")
              : fit.gpuLayers > 0
                ? t("modelWidgets.fitWhereSplit", {layers: fit.gpuLayers, total: fit.totalLayers ?? "?"})
                : t("modelWidgets.fitWhereRam");
    const ram = formatBytes(fit.ramBytes);
    const need =
        fit.vramBytes > 0
            ? t("modelWidgets.fitRamVram", {ram, vram: formatBytes(fit.vramBytes)})
            : t("modelWidgets.fitRam", {ram});
    const freeRam = formatBytes(fit.freeRamBytes);
    const free =
        fit.freeVramBytes > 0
            ? t("modelWidgets.fitFreeBoth", {ram: freeRam, vram: formatBytes(fit.freeVramBytes)})
            : t("modelWidgets.fitRam", {ram: freeRam});
    return t("modelWidgets.fitSummary", {where, need, tokens: fit.contextSize, free});
}
