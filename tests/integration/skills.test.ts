import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {strToU8, zipSync} from "fflate";
import {SkillLibrary, skillRoots} from "../../main/skills/skills.js";
import {ASSISTANT_DEFAULTS} from "../../shared/assistants.js";
import {scratchFolder} from "../../main/sandbox/scratch.js";
import {runCli} from "../helpers/cli.js";
import {openTestCore} from "../helpers/core.js";
import {runAllowed} from "../helpers/mcp.js";
import {tempDir} from "../helpers/paths.js";

// Agent Skills (issue 71, part 1): real skill folders in the three places (a home folder made here stands for
// ~, a workspace for the workspace), read by the library, listed and loaded through the CLI and the tools, a
// skill's script run in the sandbox; and the hostile ones: no front matter, 5 MB, one name twice, a link out of
// the folder, a zip that climbs out.

function skill(
    root: string,
    folder: string,
    front: string,
    body = "Do it well.",
    files: Record<string, string> = {},
) {
    const dir = path.join(root, folder);
    fs.mkdirSync(dir, {recursive: true});
    fs.writeFileSync(path.join(dir, "SKILL.md"), `---\n${front}\n---\n${body}\n`);
    for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), {recursive: true});
        fs.writeFileSync(path.join(dir, name), text);
    }
    return dir;
}

/** A data folder, a workspace and a home, with a skill in each place; the workspace is Settings' own. */
function places() {
    const data = tempDir();
    const home = tempDir();
    const workspace = tempDir();
    const shared = path.join(home, ".agents", "skills");
    skill(
        shared,
        "csv-report",
        "name: csv-report\ndescription: Summarise a CSV file as a short report.\nlicense: MIT",
        "Read the CSV, then run scripts/summary.py FILE.",
        {
            "scripts/summary.py":
                "import sys, csv\nrows = list(csv.reader(open(sys.argv[1])))\nprint(f'{len(rows) - 1} rows, columns: {\", \".join(rows[0])}')\n",
            "reference/style.md": "Short sentences.",
        },
    );
    skill(path.join(data, "skills"), "haiku", "name: haiku\ndescription: Write a haiku about the topic.");
    skill(
        path.join(workspace, ".agents", "skills"),
        "release-notes",
        "name: release-notes\ndescription: Draft release notes from the changelog.",
    );
    return {data, home, workspace, shared};
}

function library(p: ReturnType<typeof places>, off: string[] = []) {
    const home = process.env.HOME;
    process.env.HOME = p.home;
    try {
        const roots = skillRoots(p.data, p.workspace);
        return new SkillLibrary({roots: () => roots, off: () => off});
    } finally {
        process.env.HOME = home;
    }
}

test("a skill from each place is listed with its source; the prompt lists names and descriptions only", () => {
    const p = places();
    const skills = library(p, ["haiku"]);
    assert.deepEqual(
        skills.list().map((s) => [s.name, s.source, s.enabled, s.problem ?? null]),
        [
            ["release-notes", "workspace", true, null],
            ["haiku", "cairn", false, null],
            ["csv-report", "shared", true, null],
        ],
    );
    const prompt = skills.promptText();
    assert.match(
        prompt,
        /- release-notes: Draft release notes from the changelog\.\n- csv-report: Summarise a CSV/,
    );
    assert.doesNotMatch(prompt, /haiku/, "a skill switched off is not listed");
    assert.doesNotMatch(prompt, /Read the CSV/, "bodies stay out of the prompt");
    const tight = skills.promptText([], 220);
    assert.ok(tight.length <= 220 + 80, "the list keeps to its budget");
    assert.match(tight, /… and \d+ more: use_skill with no name lists them all$/);
    assert.equal(skills.get("csv-report")?.fields.license, "MIT", "the front matter's other fields are kept");
});

test("hostile skills: no front matter, 5 MB, one name twice, a link out of the folder", () => {
    const p = places();
    const cairn = path.join(p.data, "skills");
    fs.mkdirSync(path.join(cairn, "bare"), {recursive: true});
    fs.writeFileSync(path.join(cairn, "bare", "SKILL.md"), "# Just a heading\nNo front matter.");
    skill(cairn, "huge", "name: huge\ndescription: big", "x".repeat(5 * 1024 * 1024));
    skill(cairn, "release-notes-copy", "name: release-notes\ndescription: The same name again.");
    const linked = skill(cairn, "linker", "name: linker\ndescription: Links out.");
    fs.symlinkSync("/etc/passwd", path.join(linked, "passwd.txt"));
    const skills = library(p);
    const problem = (folder: string) => skills.list().find((s) => s.folder.endsWith(folder))?.problem ?? "";
    assert.match(problem("bare"), /no front matter: it must start with a --- line/);
    assert.match(problem("huge"), /SKILL\.md is 5\.0 MiB; a skill's SKILL\.md may be 256 KiB at most/);
    assert.match(
        problem("release-notes-copy"),
        /hidden by the skill of the same name in .*release-notes \(workspace\)/,
    );
    assert.equal(skills.get("release-notes")?.source, "workspace", "the first place wins");
    assert.equal(problem("linker"), "");
    assert.doesNotMatch(skills.promptText(), /huge|bare|The same name again/);
});

test("use_skill loads a body and its files, refuses a path out of the skill; run_skill_script runs in the sandbox", async () => {
    const p = places();
    fs.symlinkSync("/etc/passwd", path.join(p.shared, "csv-report", "passwd.txt"));
    const home = process.env.HOME;
    process.env.HOME = p.home;
    const t = await openTestCore({dataDir: p.data});
    try {
        unwrapSet(await t.api.invoke("settings.set", {workspaceRoot: p.workspace}));
        const listed = await runAllowed(t.core, "use_skill", {});
        assert.match(listed.modelText, /csv-report \(shared\): Summarise a CSV file/);
        const loaded = await runAllowed(t.core, "use_skill", {name: "csv-report"});
        assert.match(
            loaded.modelText,
            /^# Skill: csv-report\n\nRead the CSV, then run scripts\/summary\.py FILE\./,
        );
        assert.match(loaded.modelText, /- reference\/style\.md\n- scripts\/summary\.py/);
        assert.doesNotMatch(loaded.modelText, /passwd/, "a link is not listed");
        const read = await runAllowed(t.core, "use_skill", {name: "csv-report", file: "reference/style.md"});
        assert.equal(read.modelText, "Short sentences.");
        const out = await runAllowed(t.core, "use_skill", {name: "csv-report", file: "passwd.txt"});
        assert.equal(out.record.status, "error");
        assert.match(out.modelText, /it leads out of the skill's folder \(a link\)/);
        const up = await runAllowed(t.core, "use_skill", {name: "csv-report", file: "../../x"});
        assert.match(up.modelText, /not a path inside the skill csv-report/);
        fs.mkdirSync(scratchFolder(p.data, ""), {recursive: true});
        fs.writeFileSync(
            path.join(scratchFolder(p.data, ""), "sales.csv"),
            "region,total\nnorth,3\nsouth,4\n",
        );
        const ran = await runAllowed(t.core, "run_skill_script", {
            skill: "csv-report",
            script: "scripts/summary.py",
            args: ["sales.csv"],
        });
        assert.equal(ran.record.status, "ok", ran.modelText);
        assert.match(ran.modelText, /stdout:\n2 rows, columns: region, total/);
        const shell = await runAllowed(t.core, "run_skill_script", {
            skill: "csv-report",
            script: "reference/style.md",
        });
        assert.match(
            shell.modelText,
            /only Python \(\.py\) and JavaScript \(\.js\) scripts run in the sandbox/,
        );
    } finally {
        await t.core.dispose();
        process.env.HOME = home;
    }
});

test("an assistant or a conversation switches a skill off: it leaves the prompt's list and use_skill refuses it", async () => {
    const p = places();
    const home = process.env.HOME;
    process.env.HOME = p.home;
    const t = await openTestCore({dataDir: p.data});
    try {
        const saved = await t.api.invoke("assistants.save", {
            assistant: {...ASSISTANT_DEFAULTS, name: "Plain", toolsOff: ["skill:csv-report"]},
        });
        assert.ok(saved.ok, JSON.stringify(saved));
        assert.deepEqual(saved.value.missing, [], "a skill's switch is not a missing tool");
        const made = await t.api.invoke("conversations.create", {assistantId: saved.value.id});
        assert.ok(made.ok);
        assert.deepEqual(made.value.toolsOff, ["skill:csv-report"]);
        assert.doesNotMatch(t.core.skills.promptText(made.value.toolsOff), /csv-report/);
        assert.match(t.core.skills.promptText(), /csv-report/);
        const listed = await runAllowed(t.core, "use_skill", {}, false, made.value.id);
        assert.doesNotMatch(listed.modelText, /csv-report/);
        const refused = await runAllowed(t.core, "use_skill", {name: "csv-report"}, false, made.value.id);
        assert.equal(refused.record.status, "error");
        assert.match(refused.modelText, /^no skill named csv-report; the skills are: haiku/);
    } finally {
        await t.core.dispose();
        process.env.HOME = home;
    }
});

function unwrapSet(res: {ok: boolean}) {
    assert.ok(res.ok, JSON.stringify(res));
}

test("cairn skills: list from the three places, show, add a folder and a zip, refuse a zip that climbs out, remove", async () => {
    const p = places();
    const env = {HOME: p.home};
    const listed = await runCli(["skills", "list", "--data", p.data, "--json"], env);
    assert.equal(listed.code, 0, listed.stderr);
    const names = (JSON.parse(listed.stdout) as {name: string; source: string}[]).map(
        (s) => `${s.name}/${s.source}`,
    );
    assert.ok(names.includes("haiku/cairn") && names.includes("csv-report/shared"), names.join());
    const shown = await runCli(["skills", "show", "csv-report", "--data", p.data], env);
    assert.match(
        shown.stdout,
        /^csv-report \(shared, .*\)\nSummarise a CSV file as a short report\.\n\nRead the CSV/,
    );
    assert.match(shown.stdout, /files:\n {2}reference\/style\.md \(16 bytes\)\n {2}scripts\/summary\.py/);

    const folder = skill(tempDir(), "limerick", "name: limerick\ndescription: Write a limerick.");
    const added = await runCli(["skills", "add", folder, "--data", p.data], env);
    assert.match(added.stdout, /^added the skill limerick \(/);
    const zip = path.join(tempDir(), "sonnet.zip");
    fs.writeFileSync(
        zip,
        zipSync({
            "sonnet/SKILL.md": strToU8(
                "---\nname: sonnet\ndescription: Write a sonnet.\n---\nFourteen lines.",
            ),
        }),
    );
    assert.equal((await runCli(["skills", "add", zip, "--data", p.data], env)).code, 0);
    assert.equal(
        fs
            .readFileSync(path.join(p.data, "skills", "sonnet", "SKILL.md"), "utf8")
            .endsWith("Fourteen lines."),
        true,
    );

    const evil = path.join(tempDir(), "evil.zip");
    fs.writeFileSync(
        evil,
        zipSync({
            "SKILL.md": strToU8("---\nname: evil\ndescription: x\n---\n"),
            "../escaped.txt": strToU8("x"),
        }),
    );
    const refused = await runCli(["skills", "add", evil, "--data", p.data], env);
    assert.equal(refused.code, 1);
    assert.match(
        refused.stderr,
        /evil\.zip: "\.\.\/escaped\.txt": a path that leaves the skill's folder \(\.\.\)/,
    );
    assert.equal(fs.existsSync(path.join(p.data, "escaped.txt")), false);
    assert.deepEqual(
        fs.readdirSync(path.join(p.data, "skills")).sort(),
        ["haiku", "limerick", "sonnet"],
        "nothing kept of it",
    );

    assert.match(
        (await runCli(["skills", "remove", "sonnet", "--data", p.data], env)).stdout,
        /^removed the skill sonnet/,
    );
    const notOurs = await runCli(["skills", "remove", "csv-report", "--data", p.data], env);
    assert.match(
        notOurs.stderr,
        /the skill csv-report is not Cairn's: it is in .* \(shared\); remove that folder yourself/,
    );
});
