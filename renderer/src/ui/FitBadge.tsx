import type {FitEstimate} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";

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
        <span className={`fit fit-${fit.verdict}`} title={fit.summary + basis} data-fit={fit.verdict}>
            {t(FIT_KEY[fit.verdict])}
        </span>
    );
}
