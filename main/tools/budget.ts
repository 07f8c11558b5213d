import type {Conversation, ToolBudget} from "../../shared/contract.js";
import {formatCount} from "../../shared/format.js";
import type {Engine} from "../llm/engine/engine.js";
import {modelFunction} from "./defineTool.js";
import {decide, isOff} from "./policy.js";
import type {ToolRegistry} from "./registry.js";
import {FIND_TOOLS, type ToolChooser} from "./selection.js";

/**
 * Every enabled tool with whether it is on in this conversation, pinned, why it cannot be offered now if so,
 * and what its definition costs in the loaded model's tokens; the total of those that may be offered and the
 * budget for them (the share of the context in Settings). When they do not fit, the warning says that each
 * question gets Cairn's tools, the pinned ones and the most relevant, and find_tools for the rest.
 */
export function toolBudget(
    registry: ToolRegistry,
    engine: Engine,
    conversation: Conversation,
    chooser: ToolChooser,
): ToolBudget {
    const {mode, webAccess, toolsOff} = conversation;
    const all = registry.enabled();
    const offered = registry
        .offered(mode, {webAccess, off: toolsOff, conversationId: conversation.id})
        .filter((t) => t.name !== FIND_TOOLS);
    const measured = engine.functionTokens(all.map(modelFunction));
    // Only their sum: what each costs is measured above.
    const total = engine.functionTokens(offered.map(modelFunction), {each: false});
    const contextSize = measured?.contextSize ?? null;
    const offeredTokens = total?.total ?? null;
    const budgetTokens = contextSize === null ? null : chooser.budget(engine);
    const pinned = registry.pinned();
    return {
        contextSize,
        offeredTokens,
        budgetTokens,
        warning:
            offeredTokens !== null && budgetTokens !== null && offeredTokens > budgetTokens
                ? `the ${formatCount(offered.length)} tools on here take ${formatCount(offeredTokens)} tokens, over the tools' budget of ${formatCount(budgetTokens)} (of the context's ${formatCount(contextSize!)}): each question is offered Cairn's own tools, the pinned ones and the most relevant, and the model can find the others with find_tools`
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
                pinned: pinned.has(t.name),
            };
        }),
    };
}
