import type {Core} from "../core.js";
import {addSkill, removeSkill, whyNotRemoved} from "../skills/install.js";
import {skillFiles, type SkillInfo} from "../skills/skills.js";
import type {CliArgs} from "./args.js";

type Out = {write(text: string): void; fail(message: string): number; json: boolean};

/** `cairn skills list|show NAME|add PATH|remove NAME [--json]`: the Agent Skills Cairn finds, and Cairn's own. */
export async function skillsCommand(
    core: Pick<Core, "skills" | "dataDir">,
    args: CliArgs,
    out: Out,
): Promise<number> {
    const [action, target] = args.positionals;
    if (action === "list") return list(core.skills.list(), out);
    if (action === "show" && target) return show(core, target, out);
    if (action === "add" && target) {
        const added = await addSkill(target, core.dataDir);
        if (typeof added === "string") return out.fail(added);
        out.write(
            out.json ? `${JSON.stringify(added)}\n` : `added the skill ${added.name} (${added.folder})\n`,
        );
        return 0;
    }
    if (action === "remove" && target) {
        if (removeSkill(target, core.dataDir)) {
            out.write(out.json ? `${JSON.stringify({removed: target})}\n` : `removed the skill ${target}\n`);
            return 0;
        }
        return out.fail(whyNotRemoved(target, core.skills.list()));
    }
    return out.fail("usage: cairn skills list | show NAME | add FOLDER|FILE.zip | remove NAME   [--json]");
}

function list(skills: SkillInfo[], out: Out): number {
    if (out.json) out.write(`${JSON.stringify(skills)}\n`);
    else if (skills.length === 0) out.write("no skills: add one with cairn skills add FOLDER|FILE.zip\n");
    else out.write(skills.map(line).join(""));
    return 0;
}

function line(s: SkillInfo): string {
    const state = s.problem ? `not used: ${s.problem}` : s.enabled ? "on" : "off";
    return `${s.name}\t${s.source}\t${state}\t${s.folder}\n${s.description ? `    ${s.description}\n` : ""}`;
}

function show(core: Pick<Core, "skills">, name: string, out: Out): number {
    const skill = core.skills.get(name);
    if (!skill) {
        const listed = core.skills.list().find((s) => s.name === name);
        return out.fail(listed?.problem ? `${name}: ${listed.problem}` : `no skill named ${name}`);
    }
    const files = skillFiles(skill);
    if (out.json) out.write(`${JSON.stringify({...skill, files})}\n`);
    else {
        const listed = files.map((f) => `  ${f.name} (${f.bytes} bytes)\n`).join("");
        out.write(
            `${skill.name} (${skill.source}, ${skill.folder})\n${skill.description}\n\n${skill.body}\n${listed ? `\nfiles:\n${listed}` : ""}`,
        );
    }
    return 0;
}
