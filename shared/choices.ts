// Lists of values that the contract's schemas allow and that the window and the CLI offer as choices: written
// once here (plain values, importable by the window, which takes the contract's schemas only as types).

/** llama.cpp's flash attention settings (contract: FlashAttention). */
export const FLASH_ATTENTION_MODES = ["auto", "on", "off"] as const;

/** What a request off this computer can be for (contract: EgressEntry.purpose; Settings → Network filters). */
export const EGRESS_PURPOSES = [
    "provider",
    "web search",
    "web fetch",
    "model download",
    "model search",
    "MCP server",
    "image generation",
    "update check",
] as const;

/**
 * How the embedded model is asked for tool calls (contract: CallStrategy). native: its chat template's own
 * function calling; grammar: a JSON grammar that allows calls or an answer, nothing else; text: the tools in
 * words, and the JSON calls found in what it writes, repaired where nearly right.
 */
export const CALL_STRATEGIES = ["native", "grammar", "text"] as const;

/** The setting over them: "auto" uses each model's best in its tool-use test (native when untested). */
export const TOOL_CALL_SETTINGS = ["auto", ...CALL_STRATEGIES] as const;

/** The tool-use test's categories (contract: ToolUseScore), BFCL's and Cairn's own tools. */
export const PROBE_CATEGORIES = [
    "simple",
    "multiple",
    "parallel",
    "irrelevance",
    "missing",
    "types",
    "multiTurn",
    "cairn",
] as const;
