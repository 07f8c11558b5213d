import {fail, ok} from "../../shared/result.js";
import type {HandlerSlice} from "../contract/dispatcher.js";
import {addSkill, removeSkill, whyNotRemoved} from "../skills/install.js";
import type {SkillLibrary} from "../skills/skills.js";
import type {SettingsStore} from "../store/settings.js";

/** Settings → Skills: the skills found, each switched on or off; Cairn's own added and removed. */
export function skillsHandlers(deps: {
    skills: SkillLibrary;
    settings: SettingsStore;
    dataDir: string;
}): HandlerSlice<"skills."> {
    const {skills, settings, dataDir} = deps;
    return {
        "skills.list": () => ok(skills.list()),
        "skills.setEnabled": ({name, enabled}) => {
            const off = new Set(settings.get("skillsOff") ?? []);
            if (enabled) off.delete(name);
            else off.add(name);
            settings.set("skillsOff", [...off].sort());
            return ok(skills.list());
        },
        "skills.add": async ({path}) => {
            const added = await addSkill(path, dataDir);
            return typeof added === "string" ? fail("VALIDATION", added) : ok(skills.list());
        },
        "skills.remove": ({name}) => {
            if (removeSkill(name, dataDir)) return ok(skills.list());
            return fail("NOT_FOUND", whyNotRemoved(name, skills.list()));
        },
    };
}
