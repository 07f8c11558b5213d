import type {Schedule} from "../../../shared/contract.js";
import type {TFunction} from "../i18n/index.js";

/** A schedule in the window's words: "every 2 hours", "weekdays at 09:00", "cron 0 9 * * 1-5". */
export function scheduleText(schedule: Schedule, t: TFunction, language: string): string {
    switch (schedule.kind) {
        case "once":
            return t("automations.once", {when: new Date(schedule.at).toLocaleString(language)});
        case "every":
            return t(`automations.every.${schedule.unit}`, {count: schedule.count});
        case "weekdays":
            return t("automations.weekdaysAt", {time: schedule.time});
        case "cron":
            return t("automations.cronText", {expression: schedule.expression});
    }
}
