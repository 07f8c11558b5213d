// A wider sign-in that a call needs (the MCP spec's step-up authorization): the server refused the call with
// 403 insufficient_scope and the scope it wants. While a person waits on the call, the server's sign-in page
// opens for that scope, as Sign in opens it, and the call is made once more with the new tokens.
import {openLoopback} from "./loopback.js";
import type {McpAccount, ScopeChallenge} from "./oauth.js";
import {clientSdk} from "./sdk.js";

/**
 * Authorizes anew for the challenge's scope: the page opened through `open`, the browser's code awaited on a
 * loopback listener (until `signal` ends), exchanged for tokens that the account keeps.
 */
export async function signInForScope(
    account: McpAccount,
    serverUrl: URL,
    challenge: ScopeChallenge,
    open: (url: URL) => void,
    signal: AbortSignal,
): Promise<void> {
    const sdk = await clientSdk();
    const loopback = await openLoopback(account.lastPort());
    account.begin(loopback.url, open, true);
    const asked = {
        serverUrl,
        ...(challenge.scope ? {scope: challenge.scope} : {}),
        ...(challenge.resourceMetadataUrl ? {resourceMetadataUrl: challenge.resourceMetadataUrl} : {}),
        fetchFn: account.fetch,
    };
    try {
        if ((await sdk.auth(account, asked)) === "AUTHORIZED") return;
        const code = await loopback.code(account.expected(), signal);
        await sdk.auth(account, {...asked, authorizationCode: code});
    } finally {
        account.end();
        loopback.close();
    }
}
