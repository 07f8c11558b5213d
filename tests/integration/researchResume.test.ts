import assert from "node:assert/strict";
import {spawn} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import Database from "better-sqlite3";
import {ingestInto, openTestCore, unwrap} from "../helpers/core.js";
import {runCli} from "../helpers/cli.js";
import {CLI, TEST_MODEL, tempDir} from "../helpers/paths.js";

// `cairn research` killed (SIGKILL: nothing of it runs after) in each phase of its run, then `--resume ID`:
// every step saved before the kill stays, none is done again, and the report comes out whole.

const QUESTIONS = ["How high are the tides at Saint-Malo?", "What causes tides?"];

async function library(): Promise<string> {
    const dataDir = tempDir();
    const t = await openTestCore({dataDir});
    try {
        unwrap(
            await t.api.invoke("settings.set", {generation: {maxTokens: 24}, embeddingModelPath: TEST_MODEL}),
        );
        const docs = tempDir();
        const files = [
            [
                "tides.md",
                "# Tides\n\nThe tides at Saint-Malo rise up to thirteen metres, among the highest in Europe.",
            ],
            [
                "moon.md",
                "# Moon\n\nTides are caused by the gravity of the moon and the sun pulling on the oceans.",
            ],
            ["bread.md", "# Bread\n\nSourdough bread needs a starter, flour, water and a long rise."],
        ].map(([name, text]) => {
            fs.writeFileSync(path.join(docs, name!), text!);
            return path.join(docs, name!);
        });
        assert.equal((await ingestInto(t, files, "Documents")).state, "done");
    } finally {
        await t.core.dispose();
    }
    return dataDir;
}

const ARGS = (dataDir: string) => ["research", "--data", dataDir, "--model", TEST_MODEL, "--offline"];

/** Runs `cairn research` until stderr shows the phase, then kills it; resolves with the run's id. */
function killIn(dataDir: string, phase: string): Promise<string> {
    const questions = QUESTIONS.flatMap((q) => ["--question", q]);
    const child = spawn(process.execPath, [CLI, ...ARGS(dataDir), ...questions, "Tides at Saint-Malo"], {
        env: {...process.env, CAIRN_MODEL: ""},
    });
    let stderr = "";
    return new Promise((resolve, reject) => {
        child.stderr.on("data", (chunk: Buffer) => {
            stderr += chunk.toString();
            const id = /cairn: research (\S+)/.exec(stderr)?.[1];
            if (id && stderr.includes(`[${phase}]`) && child.kill("SIGKILL")) resolve(id);
        });
        child.on("exit", (code, signal) => {
            if (signal !== "SIGKILL") reject(new Error(`ended (${code}) before ${phase}:\n${stderr}`));
        });
    });
}

function savedSteps(dataDir: string, messageId: string): string[] {
    const db = new Database(path.join(dataDir, "cairn.sqlite"), {readonly: true});
    try {
        const rows = db
            .prepare<[string], {data: string}>(
                "SELECT data FROM research_steps WHERE message_id = ? ORDER BY seq",
            )
            .all(messageId);
        return rows.map(({data}) => {
            const step = JSON.parse(data) as {
                kind: string;
                question?: number;
                section?: number;
                key?: string;
            };
            return [step.kind, step.question ?? step.section, step.key ?? ""].join(" ");
        });
    } finally {
        db.close();
    }
}

test("cairn research killed in each phase resumes from its last saved step", async () => {
    const dataDir = await library();
    for (const phase of ["searching", "reading", "following", "writing"]) {
        const id = await killIn(dataDir, phase);
        const before = savedSteps(dataDir, id);
        const resumed = await runCli([...ARGS(dataDir), "--resume", id, "--json"]);
        assert.equal(resumed.code, 0, `${phase}: ${resumed.stderr}`);
        const out = JSON.parse(resumed.stdout) as {run: {state: string; questions: string[]}; report: string};
        assert.equal(out.run.state, "done", phase);
        assert.deepEqual(out.run.questions, QUESTIONS);
        const after = savedSteps(dataDir, id);
        assert.deepEqual(
            after.slice(0, before.length),
            before,
            `${phase}: the steps saved before the kill stay`,
        );
        assert.equal(new Set(after).size, after.length, `${phase}: none done twice: ${after.join(", ")}`);
        assert.match(out.report, /thirteen metres[^"]*" \[1\]/, phase);
        assert.match(out.report, /gravity of the moon[^"]*" \[2\]/, phase);
    }
    const again = await runCli([...ARGS(dataDir), "--resume", "no-such-id"]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /no research run with the id no-such-id/);
});
