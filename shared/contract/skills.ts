// Agent Skills: folders with a SKILL.md found in the workspace, Cairn's data folder and ~/.agents/skills.
import {Type, type Static} from "@sinclair/typebox";
import {Empty, FilePath, call, closed, oneOf, req} from "./base.js";

export const SkillSource = oneOf(["workspace", "cairn", "shared"]);

/** A skill as listed: usable, switched off, or with the problem that keeps it out of use. */
export const SkillInfo = Type.Object(
    {
        name: Type.String(),
        description: Type.String(),
        source: SkillSource,
        folder: Type.String(),
        enabled: Type.Boolean(),
        problem: Type.Optional(Type.String()),
    },
    closed,
);

export type SkillInfo = Static<typeof SkillInfo>;

const SkillName = Type.String({minLength: 1, maxLength: 64});
const Skills = Type.Array(SkillInfo);

export const skillsCalls = {
    "skills.list": call(Empty, Skills),
    /** Switches a skill on or off everywhere (Settings → Skills). */
    "skills.setEnabled": call(req({name: SkillName, enabled: Type.Boolean()}), Skills),
    /** Copies a skill folder or a .zip of one into Cairn's skills folder. */
    "skills.add": call(req({path: FilePath}), Skills),
    /** Removes one of the skills Cairn added (the others are the user's folders). */
    "skills.remove": call(req({name: SkillName}), Skills),
};
