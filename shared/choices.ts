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
