import fs from "node:fs";
import type {Automation, AutomationInput, AutomationRun, Schedule} from "../../shared/contract.js";
import {wordsOf} from "../../shared/coreWords.js";
import {isTimeZone, localTimeZone, offsetMs, describeSchedule} from "../automations/schedule.js";
import {titleFrom} from "../chat/history.js";
import type {Core} from "../core.js";
import type {Approver} from "../tools/approvals.js";
import {inEnglish} from "../words.js";
import {UsageError, type AutomationFlags, type CliArgs} from "./args.js";

type Out = {write(text: string): void; fail(message: string): number; json: boolean};

export const AUTOMATIONS_USES = [
    "automations",
    "assistants",
    "projects",
    "loadConfiguredModel",
    "engine",
] as const;
type Parts = Pick<Core, (typeof AUTOMATIONS_USES)[number]>;

const USAGE =
    "usage: cairn automations add PROMPT (--every N | --at TIME | --cron EXPR | --in N) [options] | list | show NAME | remove NAME | pause NAME | resume NAME | run-now NAME | run-due   [--json]";

/** Defaults of a new automation's budget: a short run that sends nothing off this computer. */
const DEFAULT_BUDGET = {steps: 6, minutes: 10, network: "none"} as const;
const DEFAULT_APPROVAL_MINUTES = 60;

/**
 * Nobody answers approvals in a run started from the command line: each is denied, saying how to let the tool
 * run (its policy, or the window).
 */
export const NO_APPROVER: Approver = (request) => {
    const words = wordsOf("automationNoApprover", {tool: request.tool});
    return Promise.resolve({decision: "deny", by: "cli", message: inEnglish(words), words});
};

/** `cairn automations add|list|show|remove|pause|resume|run-now|run-due [--json]`. */
export async function automationsCommand(core: Parts, args: CliArgs, out: Out): Promise<number> {
    const [action, target] = args.positionals;
    const {automations} = core;
    if (action === "list")
        return print(automations.list(), out, (list) => list.map(line).join("") || "no automations\n");
    if (action === "add") return add(core, args, out);
    if (action === "run-due") {
        if (!(await modelReady(core, out))) return 1;
        const runs = await automations.runDue();
        return printRuns(runs, out);
    }
    if (!target || !["show", "remove", "pause", "resume", "run-now"].includes(action ?? ""))
        return out.fail(USAGE);
    const found = automations.find(target);
    if (!found) return out.fail(inEnglish(wordsOf("automationNotFound", {id: target})));
    if (action === "show") {
        const runs = historyOf(core, found.id);
        return print({...found, runs}, out, () => details(found, runs));
    }
    if (action === "remove")
        return result(automations.remove(found.id), out, () => `removed ${found.name}\n`);
    if (action === "pause" || action === "resume")
        return result(automations.setPaused(found.id, action === "pause"), out, (a) => line(a));
    return runNow(core, found, out);
}

/** Runs one now, in this process, and prints the run once it has ended. */
async function runNow(core: Parts, automation: Automation, out: Out): Promise<number> {
    if (!(await modelReady(core, out))) return 1;
    const started = core.automations.runNow(automation.id);
    if (!started.ok) return out.fail(started.error.message);
    await core.automations.settled();
    const ended = historyOf(core, automation.id).find((r) => r.id === started.value.id);
    return printRuns([ended ?? started.value], out);
}

function historyOf(core: Parts, id: string): AutomationRun[] {
    const runs = core.automations.history(id);
    return runs.ok ? runs.value : [];
}

function add(core: Parts, args: CliArgs, out: Out): number {
    const prompt = (args.file ? readPrompt(args.file) : args.positionals.slice(1).join(" ")).trim();
    if (!prompt) return out.fail(`nothing to run: ${USAGE}`);
    const flags = args.automation;
    const timeZone = flags.tz ?? localTimeZone();
    if (!isTimeZone(timeZone)) return out.fail(inEnglish(wordsOf("scheduleTimeZone", {zone: timeZone})));
    const assistant = args.assistant ? core.assistants.find(args.assistant) : null;
    if (args.assistant && !assistant)
        return out.fail(`no assistant named ${args.assistant}; cairn assistants list shows them`);
    const project = args.project ? core.projects.store.find(args.project) : null;
    if (args.project && !project)
        return out.fail(`no project named ${args.project}; cairn projects list shows them`);
    const input: AutomationInput = {
        name: flags.name ?? titleFrom(prompt),
        prompt,
        ...(flags.research ? {research: true} : {}),
        assistantId: assistant?.id ?? null,
        projectId: project?.id ?? null,
        tools: args.preflight.map((call) => call.name),
        schedule: scheduleOf(flags, timeZone, Date.now()),
        timeZone,
        budget: {
            steps: flags.steps ?? DEFAULT_BUDGET.steps,
            minutes: flags.minutes ?? DEFAULT_BUDGET.minutes,
            network: flags.network ?? DEFAULT_BUDGET.network,
        },
        missed: flags.missed ?? "skip",
        approvalMinutes: flags.approvalMinutes ?? DEFAULT_APPROVAL_MINUTES,
    };
    return result(core.automations.add(input), out, (a) => `added ${line(a)}`);
}

function readPrompt(file: string): string {
    try {
        return fs.readFileSync(file, "utf8");
    } catch (error) {
        throw new UsageError(`cannot read the prompt file ${file} (${String(error)})`);
    }
}

/**
 * The schedule the flags give: --in N (once, N from now; seconds allowed, for tests), --at with a date (once),
 * --at "weekdays HH:MM", --every N with an optional --at HH:MM (days: at that time), --at HH:MM alone (every
 * day), or --cron. Exactly one kind.
 */
export function scheduleOf(flags: AutomationFlags, timeZone: string, now: number): Schedule {
    const given = [flags.every, flags.cron, flags.in].filter((f) => f !== undefined).length;
    if (given > 1 || (flags.at !== undefined && (flags.cron !== undefined || flags.in !== undefined)))
        throw new UsageError("give one schedule: --every N [--at HH:MM], --at TIME, --cron EXPR or --in N");
    if (flags.cron !== undefined) return {kind: "cron", expression: flags.cron};
    if (flags.in !== undefined) return {kind: "once", at: now + duration("in", flags.in, true).ms};
    const at = flags.at?.trim();
    if (flags.every !== undefined) {
        const {count, unit, ms} = duration("every", flags.every, false);
        const from = at ? nextClock(clockOf(at), timeZone, now) : now + ms;
        return {kind: "every", count, unit, from};
    }
    if (at === undefined)
        throw new UsageError("when should it run? give --every N, --at TIME, --cron EXPR or --in N");
    const weekdays = /^weekdays\s+(\d{1,2}:\d{2})$/i.exec(at);
    if (weekdays) return {kind: "weekdays", time: pad(clockOf(weekdays[1]!))};
    const date = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})$/.exec(at);
    if (date) {
        const [y = 0, mo = 1, d = 1, h = 0, mi = 0] = date.slice(1).map(Number);
        return {kind: "once", at: localTime(Date.UTC(y, mo - 1, d, h, mi), timeZone)};
    }
    return {kind: "every", count: 1, unit: "days", from: nextClock(clockOf(at), timeZone, now)};
}

const UNITS: Record<string, {unit: "minutes" | "hours" | "days"; ms: number}> = {
    s: {unit: "minutes", ms: 1000},
    m: {unit: "minutes", ms: 60_000},
    h: {unit: "hours", ms: 3600_000},
    d: {unit: "days", ms: 86_400_000},
};

/** "30m", "2h", "1d" (and "45s" where seconds are allowed: --in). */
function duration(option: string, text: string, seconds: boolean) {
    const match = /^(\d+)\s*(s|m|h|d)$/.exec(text.trim());
    if (!match || Number(match[1]) < 1)
        throw new UsageError(`--${option} takes a number and m, h or d (30m, 2h, 1d), got "${text}"`);
    const count = Number(match[1]);
    const letter = match[2]!;
    if (letter === "s" && !seconds)
        throw new UsageError(`--${option} ${text}: an automation runs at most once a minute (30m, 2h, 1d)`);
    const {unit, ms: each} = UNITS[letter] ?? UNITS.m!;
    const ms = count * each;
    return {count, unit, ms};
}

function clockOf(text: string): {hour: number; minute: number} {
    const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
    const hour = Number(match?.[1]);
    const minute = Number(match?.[2]);
    if (!match || hour > 23 || minute > 59)
        throw new UsageError(`--at takes HH:MM, "weekdays HH:MM" or YYYY-MM-DDTHH:MM, got "${text}"`);
    return {hour, minute};
}

const pad = ({hour, minute}: {hour: number; minute: number}) =>
    `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;

/** The next time the zone's clock shows hour:minute, after now. */
function nextClock({hour, minute}: {hour: number; minute: number}, timeZone: string, now: number): number {
    const today = new Date(now + offsetMs(timeZone, now));
    const wall = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hour, minute);
    const time = localTime(wall, timeZone);
    return time > now ? time : localTime(wall + 86_400_000, timeZone);
}

/** A wall-clock time in the zone (given as if it were UTC) as the moment it is. */
function localTime(wall: number, timeZone: string): number {
    const guess = wall - offsetMs(timeZone, wall);
    return wall - offsetMs(timeZone, guess);
}

async function modelReady(core: Parts, out: Out): Promise<boolean> {
    await core.loadConfiguredModel();
    const status = core.engine.status();
    if (status.state === "ready") return true;
    out.fail(
        status.state === "no-model"
            ? "no model to run with: pass --model PATH or set CAIRN_MODEL to a GGUF file (Cairn then remembers it)"
            : (status.message ?? "the model could not be loaded"),
    );
    return false;
}

function line(a: Automation): string {
    const next = a.paused ? "paused" : a.nextAt ? `next ${new Date(a.nextAt).toISOString()}` : "no next run";
    const last = a.lastRun ? `last ${a.lastRun.status}` : "never run";
    return `${a.name}\t${describeSchedule(a.schedule)} (${a.timeZone})\t${next}\t${last}\n`;
}

function details(a: Automation, runs: AutomationRun[]): string {
    const tools = a.tools.length ? a.tools.join(", ") : "none";
    const {steps, minutes, network} = a.budget;
    const history = runs.map((r) => `  ${runLine(r)}`).join("") || "  none yet\n";
    return `${line(a)}${a.research ? "research question" : "prompt"}: ${a.prompt}\ntools: ${tools}\nbudget: ${steps} steps, ${minutes} minutes, network ${network}\nmissed runs: ${a.missed}; approvals wait ${a.approvalMinutes} minutes\nruns:\n${history}`;
}

function runLine(r: AutomationRun): string {
    const why = r.error ? `: ${r.error}` : "";
    const where = r.conversationId ? ` (conversation ${r.conversationId})` : "";
    return `${new Date(r.dueAt).toISOString()}\t${r.trigger}\t${r.status}${why}${where}\n`;
}

function printRuns(runs: AutomationRun[], out: Out): number {
    print(runs, out, (list) => list.map(runLine).join("") || "nothing is due\n");
    return runs.some((r) => r.status === "failed") ? 1 : 0;
}

function print<T>(value: T, out: Out, text: (value: T) => string): number {
    out.write(out.json ? `${JSON.stringify(value)}\n` : text(value));
    return 0;
}

function result<T>(
    res: {ok: true; value: T} | {ok: false; error: {message: string}},
    out: Out,
    text: (value: T) => string,
): number {
    if (!res.ok) return out.fail(res.error.message);
    return print(res.value, out, text);
}
