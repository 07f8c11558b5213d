import type {Core} from "../core.js";
import {terminalClient} from "./language.js";
import type {CliArgs} from "./args.js";

type Out = {json: boolean; write: (text: string) => void; fail: (message: string) => number};

/** `cairn projects list|add|remove`: conversations grouped, with instructions, files and memories of their own. */
export async function projectsCommand(
    core: Pick<Core, "dispatcher" | "bus" | "projects">,
    args: CliArgs,
    out: Out,
): Promise<number> {
    const [action, ...rest] = args.positionals;
    const api = terminalClient(core);
    const name = rest.join(" ").trim();
    switch (action ?? "list") {
        case "list": {
            const listed = await api.invoke("projects.list", {});
            if (!listed.ok) return out.fail(listed.error.message);
            if (out.json) out.write(`${JSON.stringify(listed.value, null, 2)}\n`);
            else if (listed.value.length === 0) out.write("no projects (add one: cairn projects add NAME)\n");
            else
                for (const p of listed.value)
                    out.write(
                        `${p.name}${p.archived ? " (archived)" : ""}: ${p.conversationCount} conversations, files in "${p.collection}"\n`,
                    );
            return 0;
        }
        case "add": {
            if (!name) return out.fail("usage: cairn projects add NAME [--instructions TEXT]");
            const saved = await api.invoke("projects.save", {
                name,
                ...(args.instructions ? {instructions: args.instructions} : {}),
            });
            if (!saved.ok) return out.fail(saved.error.message);
            out.write(
                out.json
                    ? `${JSON.stringify(saved.value)}\n`
                    : `added ${saved.value.name}: add its files with cairn ingest --collection "${saved.value.collection}" PATH…\n`,
            );
            return 0;
        }
        case "remove": {
            const project = name ? core.projects.store.find(name) : null;
            if (!project)
                return out.fail(
                    name
                        ? `no project named ${name}; cairn projects list shows them`
                        : "usage: cairn projects remove NAME",
                );
            const removed = await api.invoke("projects.delete", {id: project.id});
            if (!removed.ok) return out.fail(removed.error.message);
            out.write(
                `removed ${project.name} and its files (its conversations stay, outside any project)\n`,
            );
            return 0;
        }
        default:
            return out.fail(`unknown projects action "${action}": list, add or remove`);
    }
}
