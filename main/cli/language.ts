// The terminal's language: the core's refusals that carry words are printed in it, as the window says them in
// its own. Everything else the CLI prints (usage lines, tables, JSON) stays English.
import type {CairnApi} from "../../shared/contract.js";
import {resolveLanguage, type LanguageCode} from "../../shared/languages.js";
import type {Words} from "../../shared/result.js";
import {createMemoryClient, type Core} from "../core.js";
import {sayIn} from "../words.js";

/** LC_ALL, then LC_MESSAGES, then LANG, as POSIX programs read them: one of the ten languages, else English. */
export function terminalLanguage(env: NodeJS.ProcessEnv = process.env): LanguageCode {
    const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value?.trim());
    return locale ? resolveLanguage([locale]) : "en";
}

/** A refusal's words in the terminal's language, or its English message where it has none. */
export function sayInTerminal(message: string, words: Words | null | undefined): string {
    return words ? sayIn(terminalLanguage(), words) : message;
}

/** The core's API for a command, its refusals said in the terminal's language. */
export function terminalClient(core: Pick<Core, "dispatcher" | "bus">): CairnApi {
    const api = createMemoryClient(core);
    return {
        ...api,
        invoke: async (name, req) => {
            const res = await api.invoke(name, req);
            if (res.ok || !res.error.words) return res;
            return {
                ...res,
                error: {...res.error, message: sayInTerminal(res.error.message, res.error.words)},
            };
        },
    };
}
