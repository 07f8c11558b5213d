// What the suite's cases are made of: their categories and shapes, and the helpers that write them.
import {PROBE_CATEGORIES} from "../../shared/choices.js";
import {ANY_VALUE, OMITTED, type Accepted, type Expectation, type ExpectedCall} from "./score.js";

export {ANY_VALUE};

export const CATEGORIES = PROBE_CATEGORIES;
export type ProbeCategory = (typeof CATEGORIES)[number];

/** One step of a case: what its calls should be, and what each call returns for the next step. */
export type ProbeStep = {expect: Expectation; result?: string};

export type ProbeCase = {
    id: string;
    category: ProbeCategory;
    /** The tools offered: the probe's own (tools.ts) or Cairn's (CAIRN_TOOLS), by name. */
    tools: readonly string[];
    /** The same request, asked three ways. */
    phrasings: readonly [string, string, string];
    steps: readonly ProbeStep[];
};

export const call = (name: string, args: Record<string, Accepted> = {}): ExpectedCall => ({name, args});
export const calls = (...list: ExpectedCall[]): ProbeStep => ({expect: {calls: list}});
export const one = (...values: Accepted[number][]): Accepted => values;
export const optional = (...values: Accepted[number][]): Accepted => [OMITTED, ...values];
export const words = (...list: string[]): Accepted => [{words: list}];
export const ANY_UNIT = optional("celsius", "fahrenheit");
/** Distractors offered beside the tool a "multiple" case needs (5 to 20 tools in all). */
export const MANY = [
    "get_weather",
    "set_timer",
    "send_email",
    "search_flights",
    "add_todo",
    "get_stock_price",
    "define_word",
    "track_package",
    "order_pizza",
    "set_thermostat",
];
/**
 * `count` tools holding `name`: the others in MANY's one order, `name` among them at a place that changes from
 * case to case (never always first or last). One order lets a case's prompt reuse most of the one before it.
 */
export const offeredWith = (name: string, count: number): string[] => {
    const others = MANY.filter((t) => t !== name).slice(0, count - 1);
    const at = (name.length * 3 + count) % count;
    return [...others.slice(0, at), name, ...others.slice(at)];
};

export const none = (why: "irrelevant" | "ask"): ProbeStep => ({expect: {none: why}});

/** A step whose calls return `result` before the next step. */
export const thenReturns = (step: ProbeStep, result: string): ProbeStep => ({...step, result});
