import type {Conversation, ToolBudget} from "../../shared/contract.js";
import type {Engine} from "../llm/engine.js";
import {modelFunction} from "./defineTool.js";
import {decide, isOff} from "./policy.js";
import type {ToolRegistry} from "./registry.js";

/** Past this share of the context, the tools' definitions leave too little room: the menu says so. */
const WARN_SHARE = 0.25;

/**
 * Every enabled tool with whether it is on in this conversation, why it cannot be offered now if so, and
 * what its definition costs in the loaded model's tokens; the total of those offered, and a warning when
 * that total takes more than a quarter of the context. Nothing is dropped silently: the person chooses.
 */
export function toolBudget(registry: ToolRegistry, engine: Engine, conversation: Conversation): ToolBudget {
    const {mode, webAccess, toolsOff} = conversation;
    const all = registry.enabled();
    const offered = registry.offered(mode, {webAccess, off: toolsOff});
    const measured = engine.functionTokens(all.map(modelFunction));
    // Only their sum: what each costs is measured above.
    const total = engine.functionTokens(offered.map(modelFunction), {each: false});
    const contextSize = measured?.contextSize ?? null;
    const offeredTokens = total?.total ?? null;
    const share = contextSize && offeredTokens !== null ? offeredTokens / contextSize : null;
    return {
        contextSize,
        offeredTokens,
        warning:
            share !== null && share > WARN_SHARE
                ? `the ${offered.length} tools offered take ${offeredTokens} of the context's ${contextSize} tokens (${Math.round(share * 100)}%), leaving little room for the conversation: switch off the tools this conversation does not need`
                : null,
        tools: all.map((t, i) => {
            const verdict = decide(t, {mode, webAccess, policy: registry.policy(t)});
            return {
                name: t.name,
                source: t.source ?? "built-in",
                description: t.description,
                sideEffect: t.sideEffect,
                on: !isOff(t, toolsOff),
                unavailable: verdict.verdict === "deny" ? verdict.message : null,
                tokens: measured?.each[i] ?? null,
            };
        }),
    };
}
