// What a server asks of Cairn as its client (roots, forms, sampling, pages to open), answered through the
// ClientSide that the app gives (clientSide.ts), with whether a person waits on the server's work.
import type {Client} from "@modelcontextprotocol/sdk/client/index.js";
import type {
    CreateMessageRequest,
    CreateMessageResult,
    ElicitRequest,
    ElicitResult,
    UrlElicitationRequiredError,
} from "@modelcontextprotocol/sdk/types.js";
import type {ClientSdk} from "./sdk.js";

/**
 * What Cairn does for a server, as an MCP client: the folders it may know of (roots), a form it asks the
 * person to fill in (elicitation), a reply it asks the model to write (sampling). `interactive`: whether a
 * person started what the server is working on (a call made over the local API or the CLI is not).
 */
export type ClientSide = {
    roots(): {uri: string; name: string}[];
    elicit(
        server: string,
        params: ElicitRequest["params"],
        signal: AbortSignal,
        interactive: boolean,
    ): Promise<ElicitResult>;
    sample(
        server: string,
        params: CreateMessageRequest["params"],
        signal: AbortSignal,
        interactive: boolean,
    ): Promise<CreateMessageResult>;
};

/** Answers the server's own requests: roots, elicitation, sampling. `personWaiting`: whether one can be asked. */
export function answerServer(
    client: Client,
    sdk: ClientSdk,
    side: ClientSide,
    server: string,
    personWaiting: () => boolean,
): void {
    client.setRequestHandler(sdk.ListRootsRequestSchema, () => ({roots: side.roots()}));
    client.setRequestHandler(sdk.ElicitRequestSchema, (request, extra) =>
        side.elicit(server, request.params, extra.signal, personWaiting()),
    );
    client.setRequestHandler(sdk.CreateMessageRequestSchema, (request, extra) =>
        side.sample(server, request.params, extra.signal, personWaiting()),
    );
}

/**
 * A call the server refused until the person opens some pages (URL elicitation by error, -32042): each is put
 * to the person as a URL elicitation would be. Returns why the call failed, to be made again.
 */
export async function pagesFirst(
    side: ClientSide | null,
    server: string,
    error: UrlElicitationRequiredError,
    {signal, interactive}: {signal: AbortSignal; interactive: boolean},
): Promise<string> {
    const pages = error.elicitations.filter((e) => e.mode === "url");
    const opened: string[] = [];
    for (const page of pages) {
        const answer = await side?.elicit(server, page, signal, interactive);
        if (answer?.action === "accept") opened.push(page.url);
    }
    const urls = pages.map((p) => p.url).join(", ");
    return opened.length === pages.length && pages.length > 0
        ? `${server} needed a page opened first (${urls}); it was opened: call the tool again once it is done there`
        : `${server} needs a page opened first (${urls || "none given"}), which was not done`;
}
