import fs from "node:fs";
import path from "node:path";
import {expect, test} from "@playwright/test";
import {axeOn} from "../helpers/axe.js";
import {tempDir} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";

// Settings → Skills on the real `cairn serve`: a skill shared with other agents (a home folder made here stands
// for ~), one of Cairn's own and a broken one, each with where it came from; switched off and on again (kept
// across a reload); one added from a folder path, then removed; an assistant leaving one out.

function skill(root: string, name: string, description: string) {
    fs.mkdirSync(path.join(root, name), {recursive: true});
    fs.writeFileSync(
        path.join(root, name, "SKILL.md"),
        `---\nname: ${name}\ndescription: ${description}\n---\nSteps.\n`,
    );
    return path.join(root, name);
}

let served: Served;
let addable: string;
test.beforeEach(async () => {
    const dataDir = tempDir();
    const home = tempDir();
    skill(path.join(home, ".agents", "skills"), "csv-report", "Summarise a CSV file as a short report.");
    skill(path.join(dataDir, "skills"), "haiku", "Write a haiku about the topic.");
    fs.mkdirSync(path.join(dataDir, "skills", "broken"), {recursive: true});
    fs.writeFileSync(path.join(dataDir, "skills", "broken", "SKILL.md"), "No front matter here.");
    addable = skill(tempDir(), "limerick", "Write a limerick.");
    served = await startServe({dataDir, env: {HOME: home}});
});
test.afterEach(async () => served.stop());

test("Settings → Skills lists each skill with its source, switches one off, adds one from a folder and removes it", async ({
    page,
}, testInfo) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "Settings"}).click();
    const settings = page.getByRole("dialog", {name: "Settings"});
    await settings
        .getByRole("navigation", {name: "Settings sections"})
        .getByRole("link", {name: "Skills"})
        .click();
    const skills = settings.getByRole("region", {name: "Skills"});
    const row = (name: string) => skills.locator(`tr[data-skill="${name}"]`);
    await expect(row("haiku")).toContainText("Cairn");
    await expect(row("csv-report")).toContainText("Shared (~/.agents/skills)");
    await expect(row("broken")).toContainText("Not used: its SKILL.md has no front matter");
    await expect(row("broken").getByRole("switch")).toBeDisabled();

    const haiku = skills.getByRole("switch", {name: "Use the skill haiku"});
    await expect(haiku).toBeChecked();
    await haiku.click();
    await expect(haiku).not.toBeChecked();
    await page.reload();
    await page.getByRole("button", {name: "Settings"}).click();
    await settings
        .getByRole("navigation", {name: "Settings sections"})
        .getByRole("link", {name: "Skills"})
        .click();
    await expect(skills.getByRole("switch", {name: "Use the skill haiku"})).not.toBeChecked();

    await skills
        .getByRole("textbox", {name: "Add a skill from a folder or a .zip on this computer"})
        .fill(addable);
    await skills.getByRole("button", {name: "Add", exact: true}).click();
    await expect(row("limerick")).toContainText("Write a limerick.");
    await skills.scrollIntoViewIfNeeded();
    expect((await axeOn(page).include("dialog").analyze()).violations).toEqual([]);
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`skills-settings-${colorScheme}.png`)});
    }
    await skills.getByRole("button", {name: "Remove the skill limerick"}).click();
    await expect(row("limerick")).toHaveCount(0);
    await expect(row("csv-report").getByRole("button", {name: /Remove/})).toHaveCount(0);

    // An assistant may leave a skill out: its editor lists the skills in use (haiku is off everywhere).
    const assistants = settings.getByRole("region", {name: "Assistants"});
    await assistants.scrollIntoViewIfNeeded();
    await assistants.getByRole("button", {name: "New assistant"}).click();
    const editor = assistants.getByRole("form", {name: "New assistant"});
    await editor.getByRole("textbox", {name: "Name"}).fill("Plain");
    const csv = editor.getByRole("checkbox", {name: "Use the skill csv-report"});
    await expect(csv).toBeChecked();
    await expect(editor.getByRole("checkbox", {name: "Use the skill haiku"})).toHaveCount(0);
    await csv.uncheck();
    expect((await axeOn(page).include("dialog").analyze()).violations).toEqual([]);
    await editor.getByRole("group", {name: "Skills"}).scrollIntoViewIfNeeded();
    await page.emulateMedia({colorScheme: "light"});
    await page.screenshot({path: testInfo.outputPath("assistant-skills-light.png")});
    await editor.getByRole("button", {name: "Add assistant"}).click();
    await expect(assistants.getByRole("list", {name: "Assistants"}).getByRole("listitem")).toHaveCount(1);
});
