import {Cron} from "croner";
import type {Schedule} from "../../shared/contract.js";
import {wordsOf} from "../../shared/coreWords.js";
import {messageOf} from "../../shared/format.js";
import type {Words} from "../../shared/result.js";

const MINUTE_MS = 60_000;
const UNIT_MS = {minutes: MINUTE_MS, hours: 60 * MINUTE_MS, days: 24 * 60 * MINUTE_MS} as const;

/**
 * Why a schedule cannot be kept, in words; null: it can. A cron expression has five fields (a sixth, seconds,
 * would run more than once a minute), and must fire within the next years; a one-time run must be to come.
 */
export function scheduleProblem(schedule: Schedule, timeZone: string, now: number): Words | null {
    if (!isTimeZone(timeZone)) return wordsOf("scheduleTimeZone", {zone: timeZone});
    if (schedule.kind === "once" && schedule.at <= now)
        return wordsOf("schedulePast", {at: new Date(schedule.at).toISOString()});
    if (schedule.kind !== "cron") return null;
    const expression = schedule.expression.trim();
    if (expression.split(/\s+/).length !== 5) return wordsOf("scheduleFields", {expression});
    let next: number | null;
    try {
        next = nextAfter(schedule, timeZone, now);
    } catch (error) {
        return wordsOf("scheduleCron", {expression, reason: messageOf(error)});
    }
    return next === null ? wordsOf("scheduleNever", {expression}) : null;
}

/**
 * The schedule's first time strictly after `after` (ms since 1970), null when there is none (a one-time run
 * that has passed, a cron expression that never fires). Times of day are read in `timeZone`: a time that does
 * not exist on a spring-forward day runs at the first time after it, and one that exists twice runs once.
 */
export function nextAfter(schedule: Schedule, timeZone: string, after: number): number | null {
    switch (schedule.kind) {
        case "once":
            return schedule.at > after ? schedule.at : null;
        case "every":
            return schedule.unit === "days"
                ? everyDays(schedule.from, schedule.count, timeZone, after)
                : everyInterval(schedule.from, schedule.count * UNIT_MS[schedule.unit], after);
        case "weekdays": {
            const [hour, minute] = schedule.time.split(":").map(Number);
            return cronNext(`${minute} ${hour} * * 1-5`, timeZone, after);
        }
        case "cron":
            return cronNext(schedule.expression.trim(), timeZone, after);
    }
}

/** The schedule in a few words, for lists and the CLI ("every 2 hours", "weekdays at 09:00"). */
export function describeSchedule(schedule: Schedule): string {
    switch (schedule.kind) {
        case "once":
            return `once at ${new Date(schedule.at).toISOString()}`;
        case "every":
            return `every ${schedule.count} ${schedule.count === 1 ? schedule.unit.slice(0, -1) : schedule.unit}`;
        case "weekdays":
            return `weekdays at ${schedule.time}`;
        case "cron":
            return `cron ${schedule.expression}`;
    }
}

function cronNext(expression: string, timeZone: string, after: number): number | null {
    const cron = new Cron(expression, {timezone: timeZone, paused: true});
    return cron.nextRun(new Date(after))?.getTime() ?? null;
}

/** from, from + step, …: the first strictly after `after`. */
function everyInterval(from: number, step: number, after: number): number {
    if (after < from) return from;
    return from + (Math.floor((after - from) / step) + 1) * step;
}

/**
 * Every `count` days at the first run's time of day in the zone: counted in days of 24 hours, then moved by the
 * change of the zone's offset (so 09:00 stays 09:00 across a DST change).
 */
function everyDays(from: number, count: number, timeZone: string, after: number): number {
    if (after < from) return from;
    const step = count * UNIT_MS.days;
    let k = Math.floor((after - from) / step);
    for (;;) {
        const plain = from + k * step;
        const time = plain + offsetMs(timeZone, from) - offsetMs(timeZone, plain);
        if (time > after) return time;
        k++;
    }
}

/** The zone's offset from UTC at a moment, in ms (Berlin in summer: +2 h). */
export function offsetMs(timeZone: string, at: number): number {
    const parts = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
    }).formatToParts(new Date(at));
    const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const local = Date.UTC(
        value("year"),
        value("month") - 1,
        value("day"),
        value("hour"),
        value("minute"),
        value("second"),
    );
    return local - (at - (at % 1000));
}

export function isTimeZone(zone: string): boolean {
    try {
        new Intl.DateTimeFormat("en-US", {timeZone: zone});
        return true;
    } catch {
        return false;
    }
}

/** The time zone this computer is set to. */
export function localTimeZone(): string {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
