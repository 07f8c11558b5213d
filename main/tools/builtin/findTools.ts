import {defineTool} from "../defineTool.js";
import {FIND_TOOLS} from "../selection.js";

/** The most tools one search returns: their definitions join the next step's. */
const MOST_FOUND = 5;

/**
 * find_tools: searches the tools this conversation may use but were left out of the prompt (too many to
 * offer at once) by words; what it finds is offered from the next step on. Offered only when tools were
 * left out (see selectTools).
 */
export const findTools = defineTool({
    name: FIND_TOOLS,
    description:
        "Search for more tools by what they do, when none of the tools offered fits the request. The tools found can be called from the next step.",
    sideEffect: "none",
    timeoutMs: 5_000,
    params: {
        type: "object",
        properties: {query: {type: "string", description: "What the tool should do, in a few words"}},
        required: ["query"],
        additionalProperties: false,
    },
    async run({query}, ctx) {
        if (!ctx.findTools) return {text: "", error: "tool search is not available here"};
        const found = await ctx.findTools(query, MOST_FOUND);
        if (found.length === 0)
            return {text: `No tool matches "${query}". Try other words, or answer without a tool.`};
        const lines = found.map((t) => `- ${t.name}: ${t.description}`);
        return {
            text: `Found ${found.length} tools; they can be called now:\n${lines.join("\n")}`,
            data: {tools: found.map((t) => t.name)},
        };
    },
});
