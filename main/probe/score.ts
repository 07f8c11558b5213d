// The tool-use probe's scorer: a model's calls checked by meaning, as BFCL's AST checker does. The right
// function, each required argument equal to one of its accepted values after normalising, an optional one
// either left out or accepted, nothing unknown, and no call more or less than expected.

/** One argument's accepted values; OMITTED among them: it may be left out; ANY_VALUE: whatever it is. */
export type Accepted = readonly (AcceptedValue | typeof OMITTED | typeof ANY_VALUE)[];
/** A value as written, or free text that must hold each of these words (a search query, a message body). */
export type AcceptedValue =
    string | number | boolean | null | readonly unknown[] | {[key: string]: unknown} | Words;
export type Words = {readonly words: readonly string[]};
export const OMITTED = Symbol("omitted");
/** Any value is right (a timer's label: whatever the model names it). */
export const ANY_VALUE = Symbol("any value");

/** A call the case expects: its function and, for each argument it checks, the values accepted. */
export type ExpectedCall = {name: string; args: Readonly<Record<string, Accepted>>};

/**
 * What a step should do: these calls (in any order when there are several: parallel calls), or none at all
 * (no tool fits, or a required value is missing and the model should ask).
 */
export type Expectation = {calls: readonly ExpectedCall[]} | {none: "irrelevant" | "ask"};

/** A call as the model made it. */
export type MadeCall = {name: string; params: unknown};

export type Verdict = {pass: true} | {pass: false; reason: string};

const PASS: Verdict = {pass: true};
const failing = (reason: string): Verdict => ({pass: false, reason});

/** Checks one step's calls against what was expected. */
export function scoreStep(expected: Expectation, calls: readonly MadeCall[]): Verdict {
    if ("none" in expected) {
        if (calls.length === 0) return PASS;
        const what = expected.none === "ask" ? "asked for the missing value" : "answered without a tool";
        return failing(`it should have ${what}, but called ${calls.map((c) => c.name).join(", ")}`);
    }
    if (calls.length !== expected.calls.length)
        return failing(`${calls.length} call(s) where ${expected.calls.length} were expected`);
    return matchAll(expected.calls, calls);
}

/** Every expected call matched by a different made call, in any order. */
function matchAll(expected: readonly ExpectedCall[], calls: readonly MadeCall[]): Verdict {
    const left = [...calls];
    for (const want of expected) {
        const reasons: string[] = [];
        const found = left.findIndex((call) => {
            const verdict = scoreCall(want, call);
            if (!verdict.pass) reasons.push(verdict.reason);
            return verdict.pass;
        });
        if (found < 0) return failing(reasons[0] ?? `no call of ${want.name}`);
        left.splice(found, 1);
    }
    return PASS;
}

/** One made call against one expected call. */
export function scoreCall(expected: ExpectedCall, call: MadeCall): Verdict {
    if (call.name !== expected.name)
        return failing(`called ${call.name} where ${expected.name} was expected`);
    const params = call.params ?? {};
    if (typeof params !== "object" || Array.isArray(params))
        return failing(`${call.name}'s arguments are not an object`);
    const given = new Map<string, unknown>(Object.entries(params));
    for (const name of given.keys())
        if (!Object.hasOwn(expected.args, name))
            return failing(`${call.name} was given an unknown argument "${name}"`);
    for (const [name, accepted] of Object.entries(expected.args)) {
        if (!given.has(name)) {
            if (accepted.includes(OMITTED)) continue;
            return failing(`${call.name} is missing the required argument "${name}"`);
        }
        const value = given.get(name);
        if (!accepted.some((a) => a === ANY_VALUE || (a !== OMITTED && matches(a, value))))
            return failing(`${call.name}'s "${name}" is ${JSON.stringify(value)}, not ${describe(accepted)}`);
    }
    return PASS;
}

/** Whether a value the model wrote equals an accepted one, after normalising (see normalText). */
export function matches(accepted: AcceptedValue, value: unknown): boolean {
    if (isWords(accepted)) {
        if (typeof value !== "string") return false;
        const text = normalText(value);
        return accepted.words.every((w) => text.includes(normalText(w)));
    }
    if (typeof accepted === "string")
        return typeof value === "string" && normalText(value) === normalText(accepted);
    // 5 and 5.0 are one number; "5" is not a number.
    if (typeof accepted === "number") return typeof value === "number" && Math.abs(value - accepted) < 1e-9;
    if (accepted === null || typeof accepted === "boolean") return value === accepted;
    if (isList(accepted)) {
        const list: unknown = value;
        if (!Array.isArray(list) || list.length !== accepted.length) return false;
        const items: unknown[] = list;
        return accepted.every((a: unknown, i) => matchesUnknown(a, items[i]));
    }
    return matchesObject(accepted, value);
}

/** A nested object: every key of the accepted one equal, and no other key. */
function matchesObject(accepted: {[key: string]: unknown}, value: unknown): boolean {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const given = new Map<string, unknown>(Object.entries(value));
    if ([...given.keys()].some((k) => !Object.hasOwn(accepted, k))) return false;
    return Object.entries(accepted).every(([key, a]) => given.has(key) && matchesUnknown(a, given.get(key)));
}

function matchesUnknown(accepted: unknown, value: unknown): boolean {
    return isAcceptedValue(accepted) && matches(accepted, value);
}

function isAcceptedValue(value: unknown): value is AcceptedValue {
    return (
        value === null ||
        ["string", "number", "boolean"].includes(typeof value) ||
        (typeof value === "object" && value !== null)
    );
}

function isList(value: AcceptedValue): value is readonly unknown[] {
    return Array.isArray(value);
}

function isWords(value: AcceptedValue): value is Words {
    return typeof value === "object" && value !== null && !Array.isArray(value) && "words" in value;
}

/**
 * Text compared as BFCL compares it: case, spaces and punctuation left aside ("New York" = "new-york" =
 * "NEW YORK."). Letters and digits of any script stay.
 */
export function normalText(text: string): string {
    return text
        .normalize("NFKC")
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, "");
}

function describe(accepted: Accepted): string {
    const shown = accepted.map((a) => {
        if (a === OMITTED) return "left out";
        if (a === ANY_VALUE) return "anything";
        return isWords(a) ? `text with "${a.words.join('", "')}"` : JSON.stringify(a);
    });
    return shown.length === 1 ? shown[0]! : `one of ${shown.join(", ")}`;
}
