import type {Page} from "@playwright/test";

/**
 * A client asking for calls before generation, over the page's own authenticated WebSocket (as another
 * program would): the turn then shows in the page like any other.
 */
export async function sendWithPreflight(
    page: Page,
    conversationId: string,
    preflight: {name: string; args: object}[],
    extra: {toolChoice?: string} = {},
) {
    return page.evaluate(
        ([conversationId, preflight, extra]) =>
            new Promise<unknown>((resolve) => {
                const token = new URLSearchParams(location.search).get("token");
                const ws = new WebSocket(`ws://${location.host}/ws?token=${token}`);
                ws.onopen = () =>
                    ws.send(
                        JSON.stringify({
                            id: 1,
                            name: "chat.send",
                            req: {
                                conversationId,
                                text: "save it",
                                ...(preflight.length ? {preflight} : {}),
                                ...extra,
                            },
                        }),
                    );
                ws.onmessage = (m) => {
                    const frame = JSON.parse(String(m.data));
                    if (frame.id === 1) resolve(frame.res);
                };
            }),
        [conversationId, preflight, extra] as const,
    );
}
