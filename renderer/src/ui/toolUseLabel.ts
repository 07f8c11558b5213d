import type {ToolUseScore} from "../../../shared/contract.js";
import type {TFunction} from "../i18n/index.js";

/** A model's tool-use score in a few words ("tool use 81%"), for the model list and the header's picker. */
export function toolUseLabel(score: ToolUseScore | undefined, t: TFunction): string | null {
    return score ? t("modelsPanel.toolUseBadge", {percent: Math.round(score.suite.overall * 100)}) : null;
}
