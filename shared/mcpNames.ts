// The names mcp.json gives its servers: letters, digits, "_", "-" and ".", starting with a letter or digit, at
// most MCP_NAME_MAX characters (they name files too: main/mcp/config.ts checks them).

export const MCP_NAME_MAX = 64;

/** `name`, or the first of name-2, name-3, … that no server has, within MCP_NAME_MAX characters. */
export function freeName(name: string, taken: string[]): string {
    for (let n = 1; ; n++) {
        const suffix = n === 1 ? "" : `-${n}`;
        const candidate = name.slice(0, MCP_NAME_MAX - suffix.length) + suffix;
        if (!taken.includes(candidate)) return candidate;
    }
}
