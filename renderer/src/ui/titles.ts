import type {TFunction} from "i18next";
import {DEFAULT_TITLE} from "../../../shared/titles.js";

/** A conversation's title as the window shows it: an untitled one's in the window's language. */
export function shownTitle(title: string, t: TFunction): string {
    return title === DEFAULT_TITLE ? t("sidebar.untitled") : title;
}
