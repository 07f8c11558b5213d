import {defineTool, type ToolDefinition} from "../../main/tools/defineTool.js";

/** Real tools for tests: they run through the same registry, validation, approval and persistence. */
export function testTools() {
    const state = {
        writes: [] as string[],
        inFlight: 0,
        maxInFlight: 0,
        slowAborted: 0,
        onSlowStart: () => {},
    };
    const noteWrite = defineTool({
        name: "note_write",
        description: "Save a note.",
        sideEffect: "write",
        params: {
            type: "object",
            additionalProperties: false,
            properties: {text: {type: "string", minLength: 1}},
            required: ["text"],
        },
        run: async ({text}) => {
            state.writes.push(text);
            return {text: `saved: ${text}`};
        },
    });
    const slow = defineTool({
        name: "slow",
        description: "Wait.",
        sideEffect: "none",
        params: {type: "object", additionalProperties: false, properties: {ms: {type: "integer"}}},
        run: ({ms = 60_000}, ctx) =>
            new Promise((resolve) => {
                state.inFlight++;
                state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
                const done = () => {
                    state.inFlight--;
                    resolve({text: `waited ${ms} ms`});
                };
                const timer = setTimeout(done, ms);
                ctx.signal.addEventListener("abort", () => {
                    clearTimeout(timer);
                    state.slowAborted++;
                    done();
                });
                state.onSlowStart();
            }),
    });
    const boom = defineTool({
        name: "boom",
        description: "Fail.",
        sideEffect: "none",
        params: {type: "object", properties: {}},
        run: async () => {
            throw new Error("the tool broke");
        },
    });
    const big = defineTool({
        name: "big",
        description: "Return many words.",
        sideEffect: "none",
        params: {
            type: "object",
            additionalProperties: false,
            properties: {words: {type: "integer"}},
            required: ["words"],
        },
        run: async ({words}) => ({
            text: Array.from({length: words}, (_, i) => `word${i}`).join(" "),
        }),
    });
    const tools: ToolDefinition[] = [noteWrite, slow, boom, big];
    return {tools, state};
}
