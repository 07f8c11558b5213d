import type {Conversation} from "../../../shared/contract.js";
import {en, type Words} from "../i18n/locales/en.js";

// The sidebar's conversations in groups, as chat apps show them: pinned first, then by last activity.

export type ConversationGroup = {label: string; conversations: Conversation[]};

const DAY_MS = 86_400_000;

/** The fixed groups' names, in the window's language (English's by default). */
export type GroupNames = Words["groups"];

/**
 * Pinned, Today, Yesterday, Previous 7 days, Previous 30 days, then one group per month ("March 2026", in
 * `locale`), by each conversation's last activity in local time; empty groups are left out. Within a group the
 * order of `conversations` is kept (the list comes newest first).
 */
export function groupByDate(
    conversations: Conversation[],
    now: Date,
    locale?: string,
    names: GroupNames = en.groups,
): ConversationGroup[] {
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
    const format = new Intl.DateTimeFormat(locale, {month: "long", year: "numeric"});
    // One name per month, not one formatting per conversation (10,000 of them in a long history).
    const months = new Map<number, string>();
    const month = (at: number) => {
        const date = new Date(at);
        const key = date.getFullYear() * 12 + date.getMonth();
        let name = months.get(key);
        if (name === undefined) months.set(key, (name = format.format(date)));
        return name;
    };
    const groups = new Map<string, Conversation[]>();
    const add = (label: string, c: Conversation) => {
        const list = groups.get(label);
        if (list) list.push(c);
        else groups.set(label, [c]);
    };
    for (const c of conversations.filter((c) => c.pinned)) add(names.pinned, c);
    for (const c of conversations) {
        if (c.pinned) continue;
        const at = c.updatedAt;
        if (at >= today) add(names.today, c);
        else if (at >= today - DAY_MS) add(names.yesterday, c);
        else if (at >= today - 7 * DAY_MS) add(names.previous7, c);
        else if (at >= today - 30 * DAY_MS) add(names.previous30, c);
        else add(month(at), c);
    }
    return [...groups].map(([label, list]) => ({label, conversations: list}));
}
