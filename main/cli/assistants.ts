import fs from "node:fs";
import type {Assistant, CairnApi} from "../../shared/contract.js";
import {ASSISTANT_DEFAULTS} from "../../shared/assistants.js";
import type {Core} from "../core.js";
import {terminalClient} from "./language.js";
import type {CliArgs} from "./args.js";
import {messageOf} from "../../shared/format.js";

type Out = {json: boolean; write: (text: string) => void; fail: (message: string) => number};

/** `cairn assistants list|add|remove|export|import`: saved instructions and settings, by name. */
export async function assistantsCommand(
    core: Pick<Core, "dispatcher" | "bus" | "assistants">,
    args: CliArgs,
    out: Out,
): Promise<number> {
    const [action, ...rest] = args.positionals;
    const api = terminalClient(core);
    /** The assistant the rest of the line names, or the exit code of saying there is none. */
    const named = (what: string): Assistant | number => {
        const name = rest.join(" ").trim();
        if (!name) return out.fail(`usage: cairn assistants ${what} NAME (cairn assistants list shows them)`);
        return (
            core.assistants.find(name) ??
            out.fail(`no assistant named ${name}; cairn assistants list shows them`)
        );
    };
    switch (action ?? "list") {
        case "list": {
            const listed = await api.invoke("assistants.list", {});
            if (!listed.ok) return out.fail(listed.error.message);
            if (out.json) out.write(`${JSON.stringify(listed.value, null, 2)}\n`);
            else if (listed.value.length === 0)
                out.write("no assistants (add one: cairn assistants add NAME)\n");
            else for (const a of listed.value) out.write(line(a));
            return 0;
        }
        case "add": {
            const name = rest.join(" ").trim();
            if (!name)
                return out.fail(
                    "usage: cairn assistants add NAME [--instructions TEXT] [--icon 🧭] [--default] [--local-model FILE.gguf]",
                );
            if (args.localModel && /[\\/]/.test(args.localModel))
                return out.fail(
                    `--local-model takes an installed model's file name, not a path: ${args.localModel.split(/[\\/]/).pop()}`,
                );
            const saved = await api.invoke("assistants.save", {
                assistant: {
                    ...ASSISTANT_DEFAULTS,
                    name,
                    icon: args.icon ?? "",
                    instructions: args.instructions ?? "",
                    isDefault: args.makeDefault,
                    localModel: args.localModel ?? null,
                },
            });
            if (!saved.ok) return out.fail(saved.error.message);
            out.write(out.json ? `${JSON.stringify(saved.value)}\n` : `added ${line(saved.value)}`);
            return 0;
        }
        case "remove": {
            const found = named("remove");
            if (typeof found === "number") return found;
            const removed = await api.invoke("assistants.delete", {id: found.id});
            if (!removed.ok) return out.fail(removed.error.message);
            out.write(`removed ${found.name} (its conversations stay, without an assistant)\n`);
            return 0;
        }
        case "export": {
            const found = named("export");
            if (typeof found === "number") return found;
            const file = await api.invoke("assistants.export", {id: found.id});
            if (!file.ok) return out.fail(file.error.message);
            if (args.out) fs.writeFileSync(args.out, file.value.content);
            else out.write(file.value.content);
            return 0;
        }
        case "import": {
            if (rest.length === 0) return out.fail("usage: cairn assistants import FILE…");
            let failed = 0;
            for (const file of rest) {
                const imported = await importOne(api, file);
                if (typeof imported === "string") {
                    failed++;
                    process.stderr.write(`cairn: ${file}: ${imported}\n`);
                } else out.write(out.json ? `${JSON.stringify(imported)}\n` : `imported ${line(imported)}`);
            }
            return failed ? 1 : 0;
        }
        default:
            return out.fail(`unknown assistants action "${action}": list, add, remove, export or import`);
    }
}

async function importOne(api: CairnApi, file: string): Promise<Assistant | string> {
    let content: string;
    try {
        content = fs.readFileSync(file, "utf8");
    } catch (error) {
        return `cannot read it: ${messageOf(error)}`;
    }
    const imported = await api.invoke("assistants.import", {content});
    return imported.ok ? imported.value : imported.error.message;
}

/** "🧭 Navigator (default): 120 characters of instructions; not here: tool x" */
function line(a: Assistant): string {
    const parts = [
        `${a.icon ? `${a.icon} ` : ""}${a.name}${a.isDefault ? " (default)" : ""}`,
        `${a.instructions.length} characters of instructions`,
        ...(a.collections.length ? [`collections ${a.collections.join(", ")}`] : []),
        ...(a.provider
            ? [`answers with ${a.provider}`]
            : a.localModel
              ? [`answers with ${a.localModel}`]
              : []),
        ...(a.memoryScope === "assistant" ? ["memories of its own"] : []),
    ];
    const missing = a.missing.length ? `; not here: ${a.missing.join(", ")}` : "";
    return `${parts.join(", ")}${missing}\n`;
}
