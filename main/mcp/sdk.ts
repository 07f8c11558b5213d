/**
 * The MCP SDK's client side, loaded on the first connection: the SDK and zod take about 0.3 s to load, which
 * every start of Cairn (and every CLI command) paid before, with or without an MCP server.
 */
async function load() {
    const [client, sse, stdio, streamableHttp, auth, types] = await Promise.all([
        import("@modelcontextprotocol/sdk/client/index.js"),
        import("@modelcontextprotocol/sdk/client/sse.js"),
        import("@modelcontextprotocol/sdk/client/stdio.js"),
        import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
        import("@modelcontextprotocol/sdk/client/auth.js"),
        import("@modelcontextprotocol/sdk/types.js"),
    ]);
    return {
        Client: client.Client,
        SSEClientTransport: sse.SSEClientTransport,
        StdioClientTransport: stdio.StdioClientTransport,
        StreamableHTTPClientTransport: streamableHttp.StreamableHTTPClientTransport,
        UnauthorizedError: auth.UnauthorizedError,
        auth: auth.auth,
        extractWWWAuthenticateParams: auth.extractWWWAuthenticateParams,
        UrlElicitationRequiredError: types.UrlElicitationRequiredError,
        CreateMessageRequestSchema: types.CreateMessageRequestSchema,
        ElicitRequestSchema: types.ElicitRequestSchema,
        ListRootsRequestSchema: types.ListRootsRequestSchema,
        McpError: types.McpError,
        ErrorCode: types.ErrorCode,
        // A tool's result with its content items unchecked: Cairn checks each (results.ts), so that one bad
        // item is left out with a reason instead of the SDK's whole validation report failing the call.
        // Typed as the SDK's own for Client.callTool, which only passes it on to its request's parser.
        LooseCallToolResultSchema: types.CallToolResultSchema.omit({
            content: true,
        }).passthrough() as unknown as typeof types.CallToolResultSchema,
        contentSchemas: {
            text: types.TextContentSchema,
            image: types.ImageContentSchema,
            audio: types.AudioContentSchema,
            resource_link: types.ResourceLinkSchema,
            resource: types.EmbeddedResourceSchema,
        },
    };
}

export type ClientSdk = Awaited<ReturnType<typeof load>>;

let loading: Promise<ClientSdk> | null = null;
let loaded: ClientSdk | null = null;

export async function clientSdk(): Promise<ClientSdk> {
    loading ??= load().then((sdk) => (loaded = sdk));
    return loading;
}

/** An error to answer a server's request with (its handlers run only once the SDK is loaded). */
export function mcpError(code: "InvalidRequest" | "InternalError", message: string): Error {
    if (!loaded) return new Error(message);
    return new loaded.McpError(loaded.ErrorCode[code], message);
}

/** Whether `error` is one of the SDK's errors of that class (none can be before the SDK is loaded). */
export function isSdkError(
    error: unknown,
    name: "UnauthorizedError" | "UrlElicitationRequiredError",
): boolean {
    return loaded !== null && error instanceof loaded[name];
}
