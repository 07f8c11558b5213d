/**
 * A ChatGPT export of one conversation whose answer, in `versions` versions, follows a chain of `nodes`
 * hidden tool nodes (the hostile-inputs issue's case: each version walked the chain again).
 */
export function chatgptChain(nodes: number, versions: number): unknown[] {
    const text = (parts: string[]) => ({content_type: "text", parts});
    const mapping: Record<string, unknown> = {
        root: {id: "root", parent: null, message: null},
        q: {
            id: "q",
            parent: "root",
            message: {author: {role: "user"}, recipient: "all", content: text(["go"])},
        },
    };
    let last = "q";
    for (let i = 0; i < nodes; i++) {
        mapping[`t${i}`] = {
            id: `t${i}`,
            parent: last,
            message: {
                author: {role: "tool", name: "browser"},
                recipient: "all",
                content: text([`result ${i}`]),
            },
        };
        last = `t${i}`;
    }
    for (let v = 0; v < versions; v++)
        mapping[`v${v}`] = {
            id: `v${v}`,
            parent: last,
            message: {author: {role: "assistant"}, recipient: "all", content: text([`version ${v}`])},
        };
    return [{conversation_id: `chain-${versions}`, title: "Chain", current_node: "v0", mapping}];
}
