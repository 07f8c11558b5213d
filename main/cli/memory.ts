import fs from "node:fs";
import type {MemoryStore} from "../store/memories.js";
import type {CliArgs} from "./args.js";
import {messageOf} from "../../shared/format.js";

type Out = {json: boolean; write(text: string): void; fail(message: string): number};

/** `cairn memory list|add|remove|export`: what Cairn remembers, without starting a model. */
export function memoryCommand(store: MemoryStore, args: CliArgs, out: Out): number {
    const [action, ...rest] = args.positionals;
    try {
        switch (action) {
            case "list":
            case undefined: {
                const memories = store.list();
                if (out.json) out.write(`${JSON.stringify(memories, null, 2)}\n`);
                else if (memories.length === 0) out.write("no memories\n");
                else
                    for (const m of memories) {
                        const from =
                            m.origin === "user"
                                ? "added by you"
                                : `from conversation ${m.sourceConversationId}`;
                        out.write(
                            `${m.id}  ${m.enabled ? "" : "(off) "}${m.text}  — ${from}, ${new Date(m.updatedAt).toISOString().slice(0, 16).replace("T", " ")}\n`,
                        );
                    }
                return 0;
            }
            case "add": {
                const text = rest.join(" ");
                if (!text.trim()) return out.fail('usage: cairn memory add "what to remember"');
                const {memory, updated} = store.add({text, origin: "user"});
                out.write(`${updated ? "updated" : "remembered"} ${memory.id}: ${memory.text}\n`);
                return 0;
            }
            case "remove": {
                const id = rest[0];
                if (!id) return out.fail("usage: cairn memory remove ID (cairn memory list shows the ids)");
                if (!store.delete(id)) return out.fail(`no memory ${id}`);
                out.write(`removed ${id}\n`);
                return 0;
            }
            case "export": {
                const json = `${JSON.stringify({format: "cairn.memories", version: 1, memories: store.list()}, null, 2)}\n`;
                if (args.out) fs.writeFileSync(args.out, json);
                else out.write(json);
                return 0;
            }
            default:
                return out.fail(`unknown memory action "${action}": list, add, remove or export`);
        }
    } catch (error) {
        return out.fail(messageOf(error));
    }
}
